/* transfer.c — marginal value of bandwidth and the application to favour
 * (see transfer.h). */
#include "model/transfer.h"

#include <math.h>

const char *bwm_metric_name(bwm_metric_id m)
{
    static const char *const names[BWM_MV_COUNT] = {"it", "ws", "ws_approx", "hs"};
    return names[m];
}

/* Ranks by descending value (stable: ties keep input order). */
static void rank_desc(const double *v, size_t n, size_t *rank)
{
    for (size_t i = 0; i < n; i++)
        rank[i] = i;
    for (size_t i = 1; i < n; i++) {
        size_t x = rank[i], j = i;
        while (j > 0 && v[rank[j - 1]] < v[x]) {
            rank[j] = rank[j - 1];
            j--;
        }
        rank[j] = x;
    }
}

void bwm_transfer_eval(const bwm_app *apps, size_t n, double peak, const double *bw, bwm_transfer *t)
{
    t->n = n;
    double demand = 0;
    for (size_t i = 0; i < n; i++) {
        demand += apps[i].bw_alone;
        t->value[BWM_MV_IT][i] = 1.0 / apps[i].mpki;
        t->value[BWM_MV_WS][i] = 1.0 / apps[i].bw_alone;
        t->value[BWM_MV_WS_APPROX][i] = bw[i] > 0 ? 1.0 / bw[i] : INFINITY;
        t->value[BWM_MV_HS][i] = bw[i] > 0 ? apps[i].bw_alone / (bw[i] * bw[i]) : INFINITY;
    }
    t->bandwidth_bound = demand > peak;
    for (int m = 0; m < BWM_MV_COUNT; m++) {
        rank_desc(t->value[m], n, t->rank[m]);
        int tie = n > 1 && t->value[m][t->rank[m][0]] == t->value[m][t->rank[m][1]];
        t->favour[m] = tie ? 0 : (int)t->rank[m][0] + 1;
    }
    t->conflict = t->favour[BWM_MV_IT] && t->favour[BWM_MV_WS] &&
                  t->favour[BWM_MV_IT] != t->favour[BWM_MV_WS];
}
