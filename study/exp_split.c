/* exp_split.c — paper 000's Fig. 13: the pair JPEG_GUPS under frfcfs and
 * its with the SMs split 1/3-2/3 and 2/3-1/3 (the equal split is in
 * main). */
#include "study/experiment.h"
#include "study/plan_build.h"

static const char *const split_pair = "JPEG_GUPS";
static const char *const split_scheds[] = {"frfcfs", "its"};

static int plan(bwm_plan_builder *b, bwm_err *err)
{
    int st = BWM_OK;
    long w = bwm_plan_find_pair(b, split_pair);
    int third = b->s->cfg->n_sms / 3;
    int splits[2][2] = {{third, b->s->cfg->n_sms - third}, {b->s->cfg->n_sms - third, third}};
    for (size_t k = 0; w >= 0 && st == BWM_OK && k < 2 * BWM_COUNT(split_scheds); k++) {
        bwm_plan_spec x = {BWM_EXP_SPLIT, split_scheds[k % BWM_COUNT(split_scheds)], splits[k / 2], 0,
                           b->s->window, 0, 0};
        st = bwm_plan_add_run(b, &x, (size_t)w, err);
    }
    return st;
}

const bwm_study_experiment bwm_exp_split = {.name = "split", .plan = plan, .ran = "with other SM splits"};
