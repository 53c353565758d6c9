/* atlas.c — ATLAS, Adaptive per-Thread Least-Attained-Service scheduling
 * (Kim et al., HPCA 2010; seed 001 Ch. 3 and Sec. 5.4.3): time is cut into
 * long quanta; during a quantum the controller adds up each source's
 * attained service (the bank time of the requests it picks, service.h); at
 * the end of the quantum each source's total becomes
 *     TotalAS = alpha * TotalAS + (1 - alpha) * AS_of_the_quantum
 * and sources are ranked by ascending TotalAS (least attained first; ties:
 * lower index).  Requests are served: those that waited longer than the
 * starvation threshold first (the oldest of them), then by rank, then row
 * hits, then oldest.
 * Until the first quantum ends every rank is equal: FR-FCFS with the
 * starvation rule.
 *
 * Knobs (paper defaults): quantum 10,000,000 cycles, history weight alpha
 * 0.875, starvation threshold 100,000 cycles, source app.  Choices:
 *   - each controller ranks by the service it gave itself (ATLAS's
 *     meta-controller sums every controller's service); with addresses
 *     interleaved over the channels the ranking is the same up to noise;
 *   - quanta and the threshold are in core cycles (converted to DRAM
 *     cycles); a run shorter than one quantum never ranks (the default
 *     quantum is far longer than this simulator's default runs: set
 *     quantum for short runs);
 *   - a quantum that passes without a pick still decays the totals.
 *
 * In closed form (model/), least-attained-service converges to the max-min
 * fair share of bandwidth, WEIS's water-filling (fit/sched_policy.c). */
#include <math.h>
#include <stdlib.h>

#include "sim/mc/sched/key_pick.h"
#include "sim/mc/sched/rank_pick.h"
#include "sim/mc/sched/sched_ctx.h"
#include "sim/mc/sched/service.h"
#include "sim/mc/sched/source.h"

enum { K_QUANTUM, K_ALPHA, K_STARVATION, K_SOURCE, K_COUNT };

static const bwm_sched_knob atlas_knobs[K_COUNT] = {
    {"quantum", BWM_KNOB_CYCLES, 10000000, 1, 1e15, NULL, "ranking quantum (ATLAS: 10M cycles)"},
    {"alpha", BWM_KNOB_WEIGHT, 0.875, 0, 1, NULL,
     "weight of the past in the attained service, in [0, 1) (ATLAS: 0.875)"},
    {"starvation", BWM_KNOB_CYCLES, 100000, 1, 1e15, NULL,
     "a request waiting longer is served first (ATLAS: 100K cycles)"},
    BWM_SOURCE_KNOB,
};

typedef struct atlas_state {
    bwm_sched_source src;
    int64_t quantum, next_quantum, starvation;
    double alpha;
    double *now_as, *total_as; /* per source: this quantum's service, the decayed total */
    int *rank;
} atlas_state;

static void atlas_free(void *state)
{
    atlas_state *s = state;
    if (!s)
        return;
    free(s->now_as);
    free(s->total_as);
    free(s->rank);
    free(s);
}

static int atlas_init(const bwm_mc *mc, void **state, bwm_err *err)
{
    double v[K_COUNT];
    bwm_sched_knobs_read(mc, &bwm_sched_atlas, v);
    atlas_state *s = calloc(1, sizeof *s);
    if (!s)
        return bwm_fail(err, BWM_EFAIL, "out of memory for scheduler atlas");
    int st = bwm_sched_source_init(mc, (int)v[K_SOURCE], "atlas", &s->src, err);
    size_t n = (size_t)s->src.n;
    if (st == BWM_OK && (!(s->now_as = calloc(n, sizeof *s->now_as)) ||
                         !(s->total_as = calloc(n, sizeof *s->total_as)) || !(s->rank = calloc(n, sizeof *s->rank))))
        st = bwm_fail(err, BWM_EFAIL, "out of memory for scheduler atlas");
    if (st != BWM_OK) {
        atlas_free(s);
        return st;
    }
    s->quantum = (int64_t)v[K_QUANTUM];
    s->next_quantum = s->quantum;
    s->alpha = v[K_ALPHA];
    s->starvation = (int64_t)v[K_STARVATION];
    *state = s;
    return BWM_OK;
}

/* Ends the quanta that are over at now: the first with this quantum's
 * service, the others (no pick happened in them) with none. */
static void end_quanta(atlas_state *s, int64_t now)
{
    int64_t k = (now - s->next_quantum) / s->quantum + 1;
    double idle = pow(s->alpha, (double)(k - 1));
    for (int i = 0; i < s->src.n; i++) {
        s->total_as[i] = idle * (s->alpha * s->total_as[i] + (1 - s->alpha) * s->now_as[i]);
        s->now_as[i] = 0;
    }
    bwm_rank_keys(s->total_as, s->src.n, s->rank);
    s->next_quantum += k * s->quantum;
}

static uint64_t atlas_key(const void *state, const bwm_mc *mc, int32_t slot)
{
    const atlas_state *s = state;
    const bwm_mc_req *r = &mc->slots[slot].req;
    if (mc->now - r->arrival > s->starvation)
        return 0; /* starving: the oldest first */
    return (uint64_t)1 << 40 | (uint64_t)s->rank[bwm_source_of(&s->src, r)] << 1 | bwm_key_miss(mc, slot);
}

static int32_t atlas_pick(void *state, const bwm_mc *mc, int bank)
{
    atlas_state *s = state;
    if (mc->now >= s->next_quantum)
        end_quanta(s, mc->now);
    int32_t q = bwm_key_pick(s, mc, bank, atlas_key);
    if (q >= 0)
        s->now_as[bwm_source_of(&s->src, &mc->slots[q].req)] += (double)bwm_sched_service(mc, q);
    return q;
}

const bwm_sched_ops bwm_sched_atlas = {
    "atlas", "least attained service first, ranked every long quantum; starving requests first (ATLAS)",
    atlas_init, NULL, atlas_pick, NULL, atlas_free, atlas_knobs, K_COUNT, 0, NULL, NULL, 0,
};
