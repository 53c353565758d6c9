/* exp_prior.c — paper 000's Fig. 5: prior-1 and prior-2 (each application
 * of the pair prioritised) on the pairs it names. */
#include "study/experiment.h"
#include "study/plan_build.h"

static const char *const fig5_pairs[] = {"BLK_QTC", "BLK_NN", "HISTO_TRD"};
static const char *const prior_scheds[] = {"prior-1", "prior-2"};

static int plan(bwm_plan_builder *b, bwm_err *err)
{
    int st = BWM_OK;
    for (size_t k = 0; st == BWM_OK && k < BWM_COUNT(fig5_pairs); k++) {
        long w = bwm_plan_find_pair(b, fig5_pairs[k]);
        for (size_t s = 0; w >= 0 && st == BWM_OK && s < BWM_COUNT(prior_scheds); s++) {
            bwm_plan_spec x = {BWM_EXP_PRIOR, prior_scheds[s], NULL, 0, b->s->window, 0, 0};
            st = bwm_plan_add_run(b, &x, (size_t)w, err);
        }
    }
    return st;
}

const bwm_study_experiment bwm_exp_prior = {.name = "prior", .plan = plan, .ran = "with static priorities (Fig. 5)"};
