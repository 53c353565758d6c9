/* fig6.c — paper 000, Fig. 6: the illustrative example in closed form
 * (model/compare.h): C = 50, MPKI 20 and 5, alone bandwidth 30 and 40,
 * under Prior App 1, Prior App 2 and round-robin: (a) each application's
 * performance and IT, (b) WS.  Needs no simulation. */
#include <stdio.h>
#include <string.h>

#include "model/compare.h"
#include "plots/figure.h"

static const char *const policies[] = {"prior-1", "prior-2", "rr"};
static const char *const labels[] = {"Prior App 1", "Prior App 2", "Round-robin"};

static int build(const bwm_pl_results *r, bwm_chart *c, bwm_err *err)
{
    (void)r;
    bwm_app apps[2] = {{20, 30, 0}, {5, 40, 0}};
    bwm_comparison comparison;
    const bwm_comparison *cmp = &comparison;
    int st = bwm_compare(apps, 2, 50, &comparison, err);
    if (st != BWM_OK)
        return st;
    snprintf(c->title, sizeof c->title, "Fig. 6: C = 50; MPKI 20 and 5; alone bandwidth 30 and 40 (model)");
    bwm_panel *a = bwm_chart_panel(c, BWM_CHART_BARS, "(a) performance P = BW / MPKI", "scheduling strategy",
                                   "performance (model units)");
    bwm_panel *b = bwm_chart_panel(c, BWM_CHART_BARS, "(b) weighted speedup", "scheduling strategy",
                                   "WS = P1 / 1.5 + P2 / 8");
    bwm_panel_series(a, "P1");
    bwm_panel_series(a, "P2");
    bwm_panel_series(a, "IT = P1 + P2");
    bwm_panel_series(b, "WS");
    for (size_t k = 0; k < 3; k++) {
        const bwm_policy_result *p = NULL;
        for (size_t i = 0; i < cmp->npolicies; i++)
            if (strcmp(cmp->r[i].name, policies[k]) == 0)
                p = &cmp->r[i];
        if (!p)
            return bwm_fail(err, BWM_EFAIL, "the model has no policy %s", policies[k]);
        int g = bwm_panel_group(a, labels[k]);
        bwm_panel_group(b, labels[k]);
        a->y[g][0] = p->perf[0];
        a->y[g][1] = p->perf[1];
        a->y[g][2] = p->m.it;
        b->y[g][0] = p->m.ws;
    }
    b->yref = 2;
    b->ymax = 2.1;
    return BWM_OK;
}

const bwm_figure bwm_fig6 = {"fig6", "paper 000, Fig. 6",
                             "The paper's two-application example in the closed-form model: prioritising the "
                             "low-MPKI application maximises IT, the low-bandwidth one WS.",
                             build};
