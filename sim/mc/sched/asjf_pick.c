/* asjf_pick.c — α-SJF in a bank: request filter, core selection, k rule
 * (see asjf_pick.h). */
#include "sim/mc/sched/asjf_pick.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/asjf.h"
#include "sim/mc/sched/sched_ctx.h"

enum { K_ALPHA, K_M };

const bwm_sched_knob bwm_asjf_knobs[BWM_ASJF_NKNOBS] = {
    {"alpha", BWM_KNOB_SHARE, 0.5, 0, 1, NULL,
     "weight of queue length against row hits, k = m^(1/(1-alpha)): near 0 shortest job first, 1 FR-FCFS order "
     "(paper 004: 0.5)"},
    {"m", BWM_KNOB_REAL, 3, 1, INFINITY, NULL, "row-miss / row-hit service-time ratio, >= 1 (GDDR5: 3)"},
};

/* One queue of the current pick: a warp of the chosen SM, or an application. */
typedef struct asjf_queue {
    int32_t key;
    uint32_t stamp;      /* equals the state's stamp while in use this pick */
    int32_t len;
    int32_t oldest, oldest_hit; /* slots, -1 if none */
} asjf_queue;

typedef struct asjf_state {
    const bwm_sched_params *p;
    double k;
    int writes_equal;    /* asjfw */
    uint32_t stamp;
    int32_t cap;         /* queues the scratch can hold (>= a bank queue's length) */
    uint32_t mask;       /* table size - 1 (size: power of two >= 2 × cap) */
    asjf_queue *table;
    int32_t *order;      /* table indices in order of creation = of their oldest request */
    int32_t n_order;
} asjf_state;

static int size_for(asjf_state *s, int32_t cap)
{
    uint32_t size = 16;
    while (size < 2u * (uint32_t)cap)
        size *= 2;
    asjf_queue *t = calloc(size, sizeof *t);
    int32_t *o = malloc((size_t)cap * sizeof *o);
    if (!t || !o) {
        free(t);
        free(o);
        return -1;
    }
    free(s->table);
    free(s->order);
    s->table = t;
    s->order = o;
    s->cap = cap;
    s->mask = size - 1;
    s->stamp = 0;
    return 0;
}

void bwm_asjf_sched_free(void *state)
{
    asjf_state *s = state;
    if (!s)
        return;
    free(s->table);
    free(s->order);
    free(s);
}

int bwm_asjf_sched_init(const bwm_mc *mc, int writes_equal, const bwm_sched_ops *ops, void **state,
                        bwm_err *err)
{
    const char *policy = ops->name;
    const bwm_sched_params *p;
    int st = bwm_sched_params_get(mc, policy, &p, err);
    if (st != BWM_OK)
        return st;
    if (p->n_sms < 1 || !p->warps_per_sm)
        return bwm_fail(err, BWM_EINPUT, "scheduler %s needs warps_per_sm for n_sms >= 1 SMs "
                        "(got %d SMs%s)", policy, p->n_sms, p->warps_per_sm ? "" : ", no array");
    asjf_state *s = calloc(1, sizeof *s);
    if (!s || size_for(s, mc->cap) != 0) {
        bwm_asjf_sched_free(s);
        return bwm_fail(err, BWM_EFAIL, "out of memory for scheduler %s", policy);
    }
    double v[BWM_ASJF_NKNOBS]; /* checked with the run's settings (sched_knobs.h) */
    bwm_sched_knobs_read(mc, ops, v);
    s->p = p;
    s->k = bwm_asjf_k(v[K_ALPHA], v[K_M]);
    s->writes_equal = writes_equal;
    *state = s;
    return BWM_OK;
}

void bwm_asjf_sched_enqueue(void *state, const bwm_mc *mc, int32_t slot)
{
    (void)slot;
    asjf_state *s = state;
    if (mc->cap > s->cap)
        (void)size_for(s, mc->cap); /* on failure pick falls back to FR-FCFS */
}

static int attributed(const asjf_state *s, const bwm_mc_req *r)
{
    return r->sm >= 0 && r->warp >= 0 && r->sm < s->p->n_sms;
}

/* The queue of key in this pick, created empty on first sight. */
static asjf_queue *queue_of(asjf_state *s, int32_t key)
{
    uint32_t h = (uint32_t)key * 2654435761u;
    for (uint32_t i = (h ^ (h >> 16)) & s->mask;; i = (i + 1) & s->mask) {
        asjf_queue *q = &s->table[i];
        if (q->stamp != s->stamp) {
            *q = (asjf_queue){key, s->stamp, 0, -1, -1};
            s->order[s->n_order++] = (int32_t)i;
            return q;
        }
        if (q->key == key)
            return q;
    }
}

static void new_pick(asjf_state *s)
{
    if (++s->stamp == 0) { /* wrapped: forget every stamp once */
        memset(s->table, 0, ((size_t)s->mask + 1) * sizeof *s->table);
        s->stamp = 1;
    }
    s->n_order = 0;
}

/* The k rule among the queues built for this pick. */
static int32_t k_rule(const asjf_state *s)
{
    const asjf_queue *h = NULL, *m = NULL;
    for (int32_t i = 0; i < s->n_order; i++) {
        const asjf_queue *q = &s->table[s->order[i]];
        const asjf_queue **best = q->oldest_hit >= 0 ? &h : &m;
        if (!*best || q->len < (*best)->len)
            *best = q;
    }
    if (h && (!m || !((double)h->len > s->k * (double)m->len)))
        return h->oldest_hit;
    return m->oldest;
}

int32_t bwm_asjf_sched_pick(void *state, const bwm_mc *mc, int bank)
{
    asjf_state *s = state;
    const bwm_mc_bank *bk = &mc->banks[bank];
    if (bk->n_queued > s->cap) { /* the scratch could not grow */
        int32_t hit = bwm_mc_oldest_hit(mc, bank);
        return hit >= 0 ? hit : bwm_mc_oldest(mc, bank);
    }
    /* 1. which requests: writes only if asjf and no read waits */
    int want_write = -1;
    if (!s->writes_equal) {
        want_write = 1;
        for (int32_t q = bk->head; q >= 0 && want_write; q = mc->slots[q].next)
            want_write = mc->slots[q].req.is_write;
    }
    /* 2. the SM with the fewest warps; -1 if no considered request has an origin */
    int sm = -1, sm_warps = 0;
    for (int32_t q = bk->head; q >= 0; q = mc->slots[q].next) {
        const bwm_mc_req *r = &mc->slots[q].req;
        if ((want_write >= 0 && r->is_write != want_write) || !attributed(s, r))
            continue;
        int w = s->p->warps_per_sm[r->sm];
        if (sm < 0 || w < sm_warps) {
            sm = r->sm;
            sm_warps = w;
        }
    }
    /* 3. that SM's warps (or the applications' unattributed requests) as queues */
    new_pick(s);
    for (int32_t q = bk->head; q >= 0; q = mc->slots[q].next) {
        const bwm_mc_req *r = &mc->slots[q].req;
        if (want_write >= 0 && r->is_write != want_write)
            continue;
        if (sm >= 0 ? !attributed(s, r) || r->sm != sm : attributed(s, r))
            continue;
        asjf_queue *g = queue_of(s, sm >= 0 ? r->warp : r->app);
        g->len++;
        if (g->oldest < 0)
            g->oldest = q;
        if (g->oldest_hit < 0 && bk->n_hits > 0 && bwm_mc_is_hit(mc, q))
            g->oldest_hit = q;
    }
    return k_rule(s);
}
