/* parbs.c — PAR-BS, Parallelism-Aware Batch Scheduling (Mutlu and
 * Moscibroda, ISCA 2008; seed 001 Ch. 3 and Sec. 5.4.2).  When no marked
 * request is left in the controller, a new batch is formed: in every bank,
 * up to Marking-Cap of the oldest waiting requests of each source are
 * marked.  Sources are then ranked shortest job first by the "max-total"
 * rule: fewer marked requests in their most loaded bank first, then fewer
 * marked requests in all, then lower index.  A bank serves marked requests
 * first, then row hits, then higher rank, then the oldest.  Requests that
 * arrive during a batch stay unmarked until a later batch.
 *
 * Knobs (paper defaults): marking-cap 5, source app.  Choices the thesis
 * leaves open: reads and writes are marked alike; the batch is per
 * controller (every bank of the channel); rank ties go to the lower index
 * (the paper breaks them randomly). */
#include <stdlib.h>

#include "sim/mc/sched/key_pick.h"
#include "sim/mc/sched/rank_pick.h"
#include "sim/mc/sched/sched_ctx.h"
#include "sim/mc/sched/slot_array.h"
#include "sim/mc/sched/source.h"

enum { K_CAP, K_SOURCE, K_COUNT };

static const bwm_sched_knob parbs_knobs[K_COUNT] = {
    {"marking-cap", BWM_KNOB_WHOLE, 5, 1, 1e9, NULL,
     "requests marked per source per bank when a batch forms (PAR-BS: 5)"},
    BWM_SOURCE_KNOB,
};

typedef struct parbs_state {
    bwm_sched_source src;
    int cap;
    int64_t n_marked;       /* marked requests still waiting */
    unsigned char *marked;  /* per slot of the controller */
    int32_t n_slots;
    int *in_bank;           /* per source: marked in the bank being scanned */
    int *worst;             /* per source: marked in its most loaded bank */
    double *load;           /* per source: max-total key of the batch */
    int *rank;
} parbs_state;

static void parbs_free(void *state)
{
    parbs_state *s = state;
    if (!s)
        return;
    free(s->marked);
    free(s->in_bank);
    free(s->worst);
    free(s->load);
    free(s->rank);
    free(s);
}

static int parbs_init(const bwm_mc *mc, void **state, bwm_err *err)
{
    double v[K_COUNT];
    bwm_sched_knobs_read(mc, &bwm_sched_parbs, v);
    parbs_state *s = calloc(1, sizeof *s);
    if (!s)
        return bwm_fail(err, BWM_EFAIL, "out of memory for scheduler parbs");
    int st = bwm_sched_source_init(mc, (int)v[K_SOURCE], "parbs", &s->src, err);
    size_t n = (size_t)s->src.n;
    void *marked = NULL;
    int fit = bwm_slot_array_fit(&marked, &s->n_slots, mc->cap, 1);
    s->marked = marked;
    if (st == BWM_OK && (fit != 0 || !(s->in_bank = calloc(n, sizeof *s->in_bank)) ||
                         !(s->worst = calloc(n, sizeof *s->worst)) || !(s->load = calloc(n, sizeof *s->load)) ||
                         !(s->rank = calloc(n, sizeof *s->rank))))
        st = bwm_fail(err, BWM_EFAIL, "out of memory for scheduler parbs");
    if (st != BWM_OK) {
        parbs_free(s);
        return st;
    }
    s->cap = (int)v[K_CAP];
    *state = s;
    return BWM_OK;
}

/* A new slot is unmarked.  The pool of an unbounded queue may have grown:
 * the marks follow it (should that fail, slots beyond n_slots are never
 * marked, so they wait for the batches to drain: a slower PAR-BS, no
 * fault). */
static void parbs_enqueue(void *state, const bwm_mc *mc, int32_t slot)
{
    parbs_state *s = state;
    void *marked = s->marked;
    if (bwm_slot_array_fit(&marked, &s->n_slots, mc->cap, 1) == 0)
        s->marked = marked;
    if (slot < s->n_slots)
        s->marked[slot] = 0;
}

/* Marks up to cap oldest requests per source in every bank; ranks sources. */
static void form_batch(parbs_state *s, const bwm_mc *mc)
{
    int n = s->src.n;
    int *worst = s->worst;
    for (int i = 0; i < n; i++)
        s->load[i] = 0, worst[i] = 0;
    for (int b = 0; b < mc->n_banks; b++) {
        for (int i = 0; i < n; i++)
            s->in_bank[i] = 0;
        for (int32_t q = mc->banks[b].head; q >= 0; q = mc->slots[q].next) {
            int src = bwm_source_of(&s->src, &mc->slots[q].req);
            if (s->in_bank[src] == s->cap || q >= s->n_slots)
                continue;
            s->marked[q] = 1;
            s->n_marked++;
            s->load[src] += 1;
            if (++s->in_bank[src] > worst[src])
                worst[src] = s->in_bank[src];
        }
    }
    /* max bank load first, then total: total < cap * banks <= 2^40 */
    for (int i = 0; i < n; i++)
        s->load[i] += (double)worst[i] * 1099511627776.0;
    bwm_rank_keys(s->load, n, s->rank);
}

static uint64_t parbs_key(const void *state, const bwm_mc *mc, int32_t slot)
{
    const parbs_state *s = state;
    uint64_t unmarked = slot >= s->n_slots || !s->marked[slot];
    int src = bwm_source_of(&s->src, &mc->slots[slot].req);
    return unmarked << 40 | bwm_key_miss(mc, slot) << 32 | (uint64_t)s->rank[src];
}

static int32_t parbs_pick(void *state, const bwm_mc *mc, int bank)
{
    parbs_state *s = state;
    if (s->n_marked == 0)
        form_batch(s, mc);
    int32_t q = bwm_key_pick(s, mc, bank, parbs_key);
    if (q >= 0 && q < s->n_slots && s->marked[q]) {
        s->marked[q] = 0;
        s->n_marked--;
    }
    return q;
}

const bwm_sched_ops bwm_sched_parbs = {
    "parbs", "batches of the oldest requests per source and bank first, then row hits, then shortest job (PAR-BS)",
    parbs_init, parbs_enqueue, parbs_pick, NULL, parbs_free, parbs_knobs, K_COUNT, 0, NULL, NULL, 0,
};
