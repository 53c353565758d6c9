/* asjf.c — α-SJF potential, Eq. 5 and the k rule (see asjf.h). */
#include "model/asjf.h"

#include <math.h>

int bwm_asjf_check(const bwm_asjf_params *p, const bwm_asjf_queue *q, size_t n, bwm_err *err)
{
    if (!isfinite(p->alpha) || p->alpha <= 0 || p->alpha > 1)
        return bwm_fail(err, BWM_EINPUT, "alpha must be in (0, 1] (got %g)", p->alpha);
    if (!isfinite(p->m) || p->m < 1)
        return bwm_fail(err, BWM_EINPUT, "m must be >= 1 (got %g): a row miss cannot be served "
                        "faster than a hit", p->m);
    if (n == 0)
        return bwm_fail(err, BWM_EINPUT, "no queues given");
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(q[i].len) || q[i].len <= 0)
            return bwm_fail(err, BWM_EINPUT, "queue %zu: length must be > 0 (got %g)", i, q[i].len);
        if (p->ftol && q[i].core >= p->ncores)
            return bwm_fail(err, BWM_EINPUT, "queue %zu: core %zu has no tolerance given (%zu cores)",
                            i, q[i].core, p->ncores);
    }
    for (size_t c = 0; p->ftol && c < p->ncores; c++)
        if (!isfinite(p->ftol[c]) || p->ftol[c] <= 0)
            return bwm_fail(err, BWM_EINPUT, "core %zu: tolerance must be > 0 (got %g)", c, p->ftol[c]);
    return BWM_OK;
}

double bwm_asjf_k(double alpha, double m)
{
    if (alpha >= 1)
        return INFINITY;
    return pow(m, 1.0 / (1.0 - alpha));
}

double bwm_asjf_score(const bwm_asjf_params *p, const bwm_asjf_queue *q)
{
    double s = pow(q->len, 1.0 - p->alpha);
    return q->hit ? s : p->m * s;
}

double bwm_asjf_potential(const bwm_asjf_params *p, const bwm_asjf_queue *q, size_t n)
{
    double r = 0;
    for (size_t i = 0; i < n; i++) {
        double term = pow(q[i].len, p->alpha);
        r += p->ftol ? term / p->ftol[q[i].core] : term;
    }
    return r;
}

size_t bwm_asjf_select_core(const bwm_asjf_params *p, const bwm_asjf_queue *q, size_t n)
{
    if (!p->ftol)
        return 0;
    size_t best = q[0].core;
    for (size_t i = 1; i < n; i++) {
        size_t c = q[i].core;
        if (p->ftol[c] < p->ftol[best] || (p->ftol[c] == p->ftol[best] && c < best))
            best = c;
    }
    return best;
}

static int in_core(const bwm_asjf_params *p, const bwm_asjf_queue *q, size_t core)
{
    return !p->ftol || q->core == core;
}

size_t bwm_asjf_select_eq5(const bwm_asjf_params *p, const bwm_asjf_queue *q, size_t n)
{
    size_t core = bwm_asjf_select_core(p, q, n);
    size_t best = n;
    double best_score = INFINITY;
    for (size_t i = 0; i < n; i++) {
        if (!in_core(p, &q[i], core))
            continue;
        double s = bwm_asjf_score(p, &q[i]);
        int better = best == n || s < best_score ||
                     (s == best_score && q[i].hit && !q[best].hit);
        if (better) {
            best = i;
            best_score = s;
        }
    }
    return best;
}

size_t bwm_asjf_select_hw(const bwm_asjf_params *p, const bwm_asjf_queue *q, size_t n)
{
    size_t core = bwm_asjf_select_core(p, q, n);
    size_t h = n, mq = n; /* shortest queue with / without a row hit */
    for (size_t i = 0; i < n; i++) {
        if (!in_core(p, &q[i], core))
            continue;
        size_t *slot = q[i].hit ? &h : &mq;
        if (*slot == n || q[i].len < q[*slot].len)
            *slot = i;
    }
    if (h == n)
        return mq;
    if (mq == n)
        return h;
    return q[h].len > bwm_asjf_k(p->alpha, p->m) * q[mq].len ? mq : h;
}

void bwm_asjf_serve(const bwm_asjf_params *p, bwm_asjf_queue *q, size_t i)
{
    double step = q[i].hit ? 1.0 : 1.0 / p->m;
    q[i].len = q[i].len > step ? q[i].len - step : 0;
}
