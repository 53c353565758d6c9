/* stages.c — an application's time per stage against its alone run (see
 * stages.h). */
#include "plots/stages.h"

#include <math.h>
#include <string.h>

const bwm_pl_app *bwm_pl_alone_of(const bwm_pl_results *r, const char *abbr, int sms)
{
    for (size_t k = 0; k < r->nalone; k++) {
        const bwm_pl_app *a = &r->alone[k].app[0];
        if (r->alone[k].napps == 1 && a->sms == sms && strcmp(a->app, abbr) == 0)
            return a;
    }
    return NULL;
}

int bwm_pl_growth_of(const bwm_pl_results *r, const bwm_pl_app *a, bwm_pl_growth *g)
{
    memset(g, 0, sizeof *g);
    g->run = a;
    g->alone = bwm_pl_alone_of(r, a->app, a->sms);
    g->top[0] = g->top[1] = -1;
    if (!g->alone || !isfinite(a->stage[BWM_PL_ROUND_TRIP]) || !isfinite(g->alone->stage[BWM_PL_ROUND_TRIP]) ||
        !(a->stage[BWM_PL_ROUND_TRIP] > 0) || !(g->alone->stage[BWM_PL_ROUND_TRIP] > 0))
        return 0;
    for (int s = 0; s < BWM_STAGE_COUNT; s++) {
        g->grow[s] = a->stage[BWM_PL_STAGE(s)] - g->alone->stage[BWM_PL_STAGE(s)];
        if (!(g->grow[s] > 0))
            continue;
        if (g->top[0] < 0 || g->grow[s] > g->grow[g->top[0]]) {
            g->top[1] = g->top[0];
            g->top[0] = s;
        } else if (g->top[1] < 0 || g->grow[s] > g->grow[g->top[1]]) {
            g->top[1] = s;
        }
    }
    return 1;
}
