/* exp_main.c — the main experiment (paper 000): every pair of the list
 * under every main scheduler (frfcfs first), on SMs split equally. */
#include "study/experiment.h"
#include "study/plan_build.h"

static int plan(bwm_plan_builder *b, bwm_err *err)
{
    int st = BWM_OK;
    for (size_t w = 0; st == BWM_OK && w < b->s->list->l.n; w++)
        for (size_t k = 0; st == BWM_OK && bwm_plan_in_study(b, w, 2) && k < b->nsched; k++) {
            bwm_plan_spec x = {BWM_EXP_MAIN, b->scheds[k], NULL, 0, b->s->window, 0, 0};
            st = bwm_plan_add_run(b, &x, w, err);
        }
    return st;
}

const bwm_study_experiment bwm_exp_main = {.name = "main", .plan = plan, .ran = "pairs x schedulers"};
