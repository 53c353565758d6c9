/* share.c — bandwidth sharing policies (see share.h). */
#include "model/share.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "util/num.h"

static const struct {
    const char *name;
    bwm_policy_kind kind;
} named[] = {
    {"prior-low-mpki", BWM_POL_PRIOR_LOW_MPKI},
    {"its", BWM_POL_PRIOR_LOW_MPKI},
    {"prior-low-bw", BWM_POL_PRIOR_LOW_BW},
    {"weis", BWM_POL_WEIS},
    {"rr", BWM_POL_RR},
    {"frfcfs", BWM_POL_FRFCFS},
    {"opt-it", BWM_POL_OPT_IT},
    {"opt-ws", BWM_POL_OPT_WS},
    {"opt-hs", BWM_POL_OPT_HS},
};

int bwm_policy_order(const size_t *order1, size_t norder, size_t n, bwm_policy *p, bwm_err *err)
{
    unsigned char seen[BWM_MODEL_MAX_APPS] = {0};
    if (norder != n)
        return bwm_fail(err, BWM_EINPUT, "priority order lists %zu applications, the workload has %zu",
                        norder, n);
    for (size_t i = 0; i < norder; i++) {
        if (order1[i] < 1 || order1[i] > n)
            return bwm_fail(err, BWM_EINPUT, "priority order: application %zu does not exist (1..%zu)",
                            order1[i], n);
        if (seen[order1[i] - 1]++)
            return bwm_fail(err, BWM_EINPUT, "priority order: application %zu appears twice", order1[i]);
        p->order[i] = order1[i] - 1;
    }
    p->kind = BWM_POL_ORDER;
    p->norder = norder;
    return BWM_OK;
}

int bwm_policy_parse(const char *name, size_t n, bwm_policy *p, bwm_err *err)
{
    p->norder = 0; /* the order array is only read for BWM_POL_ORDER */
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
        if (strcmp(name, named[i].name) == 0) {
            p->kind = named[i].kind;
            return BWM_OK;
        }
    }
    int64_t k;
    if (strncmp(name, "prior-", 6) == 0 && bwm_parse_i64(name + 6, &k) == 0) {
        if (k < 1 || (size_t)k > n)
            return bwm_fail(err, BWM_EINPUT, "policy '%s': application %lld does not exist (1..%zu)",
                            name, (long long)k, n);
        /* K first, then the rest in input order. */
        size_t order[BWM_MODEL_MAX_APPS], m = 0;
        order[m++] = (size_t)k;
        for (size_t i = 1; i <= n; i++)
            if (i != (size_t)k)
                order[m++] = i;
        return bwm_policy_order(order, m, n, p, err);
    }
    return bwm_fail(err, BWM_EINPUT,
                    "unknown policy '%s' (expected prior-K, prior-low-mpki, prior-low-bw, weis, rr, "
                    "frfcfs, opt-it, opt-ws or opt-hs)", name);
}

void bwm_policy_name(const bwm_policy *p, char *dst, size_t n)
{
    if (p->kind == BWM_POL_ORDER) {
        /* prior-K when the rest follow in input order, else order-a,b,c */
        int plain = 1;
        for (size_t i = 1, next = 0; i < p->norder; i++, next++) {
            if (next == p->order[0])
                next++;
            if (p->order[i] != next)
                plain = 0;
        }
        if (plain) {
            snprintf(dst, n, "prior-%zu", p->order[0] + 1);
            return;
        }
        size_t len = (size_t)snprintf(dst, n, "order-");
        for (size_t i = 0; i < p->norder && len < n; i++)
            len += (size_t)snprintf(dst + len, n - len, "%s%zu", i ? "," : "", p->order[i] + 1);
        return;
    }
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
        if (named[i].kind == p->kind && strcmp(named[i].name, "its") != 0) {
            snprintf(dst, n, "%s", named[i].name);
            return;
        }
    }
    snprintf(dst, n, "?");
}

void bwm_share_priority(const bwm_app *apps, size_t n, const size_t *order, double peak, double *bw)
{
    double left = peak;
    for (size_t k = 0; k < n; k++) {
        size_t i = order[k];
        double d = apps[i].bw_alone;
        bw[i] = d < left ? d : left;
        left -= bw[i];
        if (left < 0)
            left = 0;
    }
}

/* Stable insertion sort of indices by key ascending (n is small). */
static void sort_indices(size_t *idx, const double *key, size_t n)
{
    for (size_t i = 0; i < n; i++)
        idx[i] = i;
    for (size_t i = 1; i < n; i++) {
        size_t v = idx[i];
        size_t j = i;
        while (j > 0 && key[idx[j - 1]] > key[v]) {
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = v;
    }
}

void bwm_share_waterfill(const double *demand, const double *weight, size_t n, double peak, double *bw)
{
    /* Visit applications by demand/weight: those below the current level are
     * capped at their demand, which only raises the level for the rest. */
    double ratio[BWM_MODEL_MAX_APPS] = {0};
    size_t idx[BWM_MODEL_MAX_APPS] = {0};
    double wsum = 0;
    if (n == 0 || n > BWM_MODEL_MAX_APPS)
        return;
    for (size_t i = 0; i < n; i++) {
        ratio[i] = demand[i] / weight[i];
        wsum += weight[i];
    }
    sort_indices(idx, ratio, n);
    double left = peak;
    size_t k = 0;
    for (; k < n; k++) {
        size_t i = idx[k];
        if (demand[i] * wsum > left * weight[i])
            break;
        bw[i] = demand[i];
        left -= demand[i];
        wsum -= weight[i];
    }
    double rest = 0; /* summed afresh: no rounding carried from the subtractions */
    for (size_t r = k; r < n; r++)
        rest += weight[idx[r]];
    for (; k < n; k++) {
        size_t i = idx[k];
        bw[i] = left * weight[i] / rest;
    }
}

int bwm_policy_priority_order(const bwm_policy *p, const bwm_app *apps, size_t n, size_t *order)
{
    double key[BWM_MODEL_MAX_APPS] = {0};
    switch (p->kind) {
    case BWM_POL_ORDER:
        memcpy(order, p->order, n * sizeof *order);
        return 1;
    case BWM_POL_PRIOR_LOW_MPKI:
    case BWM_POL_OPT_IT:
        for (size_t i = 0; i < n; i++)
            key[i] = apps[i].mpki;
        break;
    case BWM_POL_PRIOR_LOW_BW:
    case BWM_POL_OPT_WS:
        for (size_t i = 0; i < n; i++)
            key[i] = apps[i].bw_alone;
        break;
    default:
        return 0;
    }
    sort_indices(order, key, n);
    return 1;
}

static void share_by_key(const bwm_app *apps, size_t n, const double *key, double peak, double *bw)
{
    size_t order[BWM_MODEL_MAX_APPS] = {0};
    sort_indices(order, key, n);
    bwm_share_priority(apps, n, order, peak, bw);
}

void bwm_share(const bwm_policy *p, const bwm_app *apps, size_t n, double peak, double *bw)
{
    double demand[BWM_MODEL_MAX_APPS] = {0}, weight[BWM_MODEL_MAX_APPS] = {0}, key[BWM_MODEL_MAX_APPS] = {0};
    for (size_t i = 0; i < n; i++)
        demand[i] = apps[i].bw_alone;
    switch (p->kind) {
    case BWM_POL_ORDER:
        bwm_share_priority(apps, n, p->order, peak, bw);
        return;
    case BWM_POL_PRIOR_LOW_MPKI:
    case BWM_POL_OPT_IT:
        for (size_t i = 0; i < n; i++)
            key[i] = apps[i].mpki;
        share_by_key(apps, n, key, peak, bw);
        return;
    case BWM_POL_PRIOR_LOW_BW:
    case BWM_POL_OPT_WS:
        share_by_key(apps, n, demand, peak, bw);
        return;
    case BWM_POL_WEIS:
        for (size_t i = 0; i < n; i++)
            weight[i] = 1;
        break;
    case BWM_POL_RR: {
        int all_rbl = 1;
        for (size_t i = 0; i < n; i++)
            all_rbl &= apps[i].rbl > 0;
        for (size_t i = 0; i < n; i++)
            weight[i] = all_rbl ? apps[i].rbl : 1;
        break;
    }
    case BWM_POL_FRFCFS:
        for (size_t i = 0; i < n; i++)
            weight[i] = demand[i];
        break;
    case BWM_POL_OPT_HS:
        for (size_t i = 0; i < n; i++)
            weight[i] = sqrt(demand[i]);
        break;
    }
    bwm_share_waterfill(demand, weight, n, peak, bw);
}
