/* exp_asjf.c — paper 004's alpha-SJF sweep: every single application of
 * the list on the whole GPU under asjf and asjfw for alpha 0.25, 0.5, 0.75
 * and 1.0 (m = 3); normalised to the application alone under FR-FCFS on the
 * same SMs. */
#include "study/experiment.h"
#include "study/plan_build.h"

static const double alphas[] = {0.25, 0.5, 0.75, 1.0};
static const char *const asjf_scheds[] = {"asjf", "asjfw"};
#define ASJF_M 3.0

static int plan(bwm_plan_builder *b, bwm_err *err)
{
    int st = BWM_OK;
    for (size_t w = 0; st == BWM_OK && w < b->s->list->l.n; w++)
        for (size_t k = 0; st == BWM_OK && bwm_plan_in_study(b, w, 1) && k < BWM_COUNT(asjf_scheds) * BWM_COUNT(alphas);
             k++) {
            bwm_plan_spec x = {BWM_EXP_ASJF, asjf_scheds[k / BWM_COUNT(alphas)], NULL, 1, b->s->window,
                               alphas[k % BWM_COUNT(alphas)], ASJF_M};
            st = bwm_plan_add_run(b, &x, w, err);
        }
    return st;
}

const bwm_study_experiment bwm_exp_asjf = {.name = "asjf", .plan = plan, .ran = "alpha-SJF"};
