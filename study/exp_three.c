/* exp_three.c — every triple of the list under frfcfs, its and weis. */
#include "study/experiment.h"
#include "study/plan_build.h"

static const char *const three_scheds[] = {"frfcfs", "its", "weis"};

static int plan(bwm_plan_builder *b, bwm_err *err)
{
    int st = BWM_OK;
    for (size_t w = 0; st == BWM_OK && w < b->s->list->l.n; w++)
        for (size_t k = 0; st == BWM_OK && bwm_plan_in_study(b, w, 3) && k < BWM_COUNT(three_scheds); k++) {
            bwm_plan_spec x = {BWM_EXP_THREE, three_scheds[k], NULL, 0, b->s->window, 0, 0};
            st = bwm_plan_add_run(b, &x, w, err);
        }
    return st;
}

const bwm_study_experiment bwm_exp_three = {.name = "three", .plan = plan, .ran = "of three applications"};
