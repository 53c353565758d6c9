/* sms.c — SMS, the Staged Memory Scheduler (Ausavarungnirun et al., ISCA
 * 2012; seed 001 Ch. 5).  Three stages in front of the banks:
 *   1. batch formation: one FIFO per source; a batch is a run of requests
 *      of the source to the same row (and bank), in arrival order.  The
 *      batch at a FIFO's head is ready when a request for another row
 *      follows it, when its oldest request is older than the age threshold
 *      of the source's memory intensity (medium 50, high 200 cycles), or
 *      when the FIFO holds fifo-size requests;
 *   2. the batch scheduler: in its pick state it chooses, among the sources
 *      whose head batch is ready, with probability sjf-prob the one with the
 *      fewest requests in the three stages (shortest job first), otherwise
 *      the next one in round-robin order; in its drain state it moves that
 *      batch, one request per cycle, to the bank's FIFO of stage 3;
 *   3. the DRAM command scheduler: one FIFO of at most dcs-size requests per
 *      bank; a bank serves the head of its FIFO (pick returns -1, holding
 *      the bank, while its FIFO is empty).
 * Requests of low-intensity sources (below low-mpkc misses per thousand
 * cycles) and every request while the controller holds fewer than
 * bypass-below requests skip stages 1 and 2.
 *
 * Knobs (defaults of the thesis, Sec. 5.3): sjf-prob 0.9, fifo-size 20 (the
 * GPU's FIFO; cores had 10), dcs-size 15, age-medium 50 and age-high 200
 * cycles, low-mpkc 1 and high-mpkc 10, bypass-below 16, source app.  Choices
 * the thesis leaves open:
 *   - intensity is the requests a source sent to this controller per
 *     thousand core cycles over the last intensity-interval (10,000 core
 *     cycles; the thesis only says the counters are reset periodically);
 *     until the first interval ends every source counts as medium;
 *   - a bypassing request joins its bank's FIFO even when it is full (the
 *     cap holds drained batches back); a drain that meets a full FIFO waits;
 *   - the controller's request queue stands for the FIFOs' back-pressure:
 *     a source FIFO longer than fifo-size just makes its head batch ready;
 *   - the drain moves requests at the controller's DRAM clock; cycles of the
 *     thresholds are core cycles (converted to DRAM cycles);
 *   - the DCS issues among the banks as the controller does (column
 *     commands first, then the oldest), not round-robin;
 *   - should the request pool of an unbounded queue outgrow the memory for
 *     the FIFO links, the controller falls back to serving the oldest. */
#include <stdlib.h>

#include "sim/mc/sched/sched_ctx.h"
#include "sim/mc/sched/slot_array.h"
#include "sim/mc/sched/source.h"
#include "util/rng.h"

enum {
    K_SJF, K_FIFO, K_DCS, K_AGE_MED, K_AGE_HIGH, K_LOW, K_HIGH, K_BYPASS, K_INTERVAL, K_SOURCE, K_COUNT
};

static const bwm_sched_knob sms_knobs[K_COUNT] = {
    {"sjf-prob", BWM_KNOB_REAL, 0.9, 0, 1, NULL, "probability of shortest-job-first over round-robin (SMS: 0.9)"},
    {"fifo-size", BWM_KNOB_WHOLE, 20, 1, 1e6, NULL, "requests per source FIFO (SMS: 20 for the GPU)"},
    {"dcs-size", BWM_KNOB_WHOLE, 15, 1, 1e6, NULL, "requests per bank FIFO of the DRAM command scheduler (SMS: 15)"},
    {"age-medium", BWM_KNOB_CYCLES, 50, 1, 1e12, NULL, "batch age threshold of medium-intensity sources (SMS: 50)"},
    {"age-high", BWM_KNOB_CYCLES, 200, 1, 1e12, NULL, "batch age threshold of high-intensity sources (SMS: 200)"},
    {"low-mpkc", BWM_KNOB_REAL, 1, 0, 1e9, NULL, "below: low intensity, batching bypassed (SMS: 1 MPKC)"},
    {"high-mpkc", BWM_KNOB_REAL, 10, 0, 1e9, NULL, "above: high intensity (SMS: 10 MPKC)"},
    {"bypass-below", BWM_KNOB_WHOLE, 16, 0, 1e9, NULL,
     "every request bypasses while the controller holds fewer (SMS: 16)"},
    {"intensity-interval", BWM_KNOB_CYCLES, 10000, 1, 1e12, NULL,
     "intensity is measured over this many cycles (not given by the thesis)"},
    BWM_SOURCE_KNOB,
};

enum { LOW, MEDIUM, HIGH };

typedef struct fifo {
    int32_t head, tail, n;
} fifo;

typedef struct sms_state {
    bwm_sched_source src;
    double sjf_prob, low_mpkc, high_mpkc, interval_core;
    int fifo_size, dcs_size, bypass_below;
    int64_t age[3], interval, next_interval, last_advance;
    int32_t *next;     /* per slot: the next request in its FIFO, -1 last */
    int32_t n_slots;
    fifo *source;      /* stage 1, per source */
    fifo *bank;        /* stage 3, per bank */
    int *held;         /* per source: requests in stages 1-3 */
    uint64_t *arrivals;/* per source, this interval */
    unsigned char *intensity; /* per source: LOW, MEDIUM or HIGH */
    int draining;      /* source whose batch moves to stage 3, -1: pick state */
    int fcfs;          /* the pool outgrew the links (out of memory): oldest first */
    int rr;            /* round-robin pointer */
    bwm_rng rng;
} sms_state;

static void sms_free(void *state)
{
    sms_state *s = state;
    if (!s)
        return;
    free(s->next);
    free(s->source);
    free(s->bank);
    free(s->held);
    free(s->arrivals);
    free(s->intensity);
    free(s);
}

static int sms_init(const bwm_mc *mc, void **state, bwm_err *err)
{
    double v[K_COUNT], raw[K_COUNT];
    bwm_sched_knobs_read(mc, &bwm_sched_sms, v);
    const bwm_sched_params *p = mc->sched_ctx;
    bwm_sched_knob_values(&bwm_sched_sms, p ? p->settings : NULL, raw);
    sms_state *s = calloc(1, sizeof *s);
    if (!s)
        return bwm_fail(err, BWM_EFAIL, "out of memory for scheduler sms");
    int st = bwm_sched_source_init(mc, (int)v[K_SOURCE], "sms", &s->src, err);
    size_t n = (size_t)s->src.n;
    void *next = NULL;
    int fit = bwm_slot_array_fit(&next, &s->n_slots, mc->cap, sizeof *s->next);
    s->next = next;
    if (st == BWM_OK &&
        (fit != 0 || !(s->source = calloc(n, sizeof *s->source)) ||
         !(s->bank = calloc((size_t)mc->n_banks, sizeof *s->bank)) || !(s->held = calloc(n, sizeof *s->held)) ||
         !(s->arrivals = calloc(n, sizeof *s->arrivals)) || !(s->intensity = malloc(n))))
        st = bwm_fail(err, BWM_EFAIL, "out of memory for scheduler sms");
    if (st != BWM_OK) {
        sms_free(s);
        return st;
    }
    for (size_t i = 0; i < n; i++) {
        s->source[i] = (fifo){-1, -1, 0};
        s->intensity[i] = MEDIUM;
    }
    for (int b = 0; b < mc->n_banks; b++)
        s->bank[b] = (fifo){-1, -1, 0};
    s->sjf_prob = v[K_SJF];
    s->fifo_size = (int)v[K_FIFO];
    s->dcs_size = (int)v[K_DCS];
    s->age[MEDIUM] = (int64_t)v[K_AGE_MED];
    s->age[HIGH] = (int64_t)v[K_AGE_HIGH];
    s->low_mpkc = v[K_LOW];
    s->high_mpkc = v[K_HIGH];
    s->bypass_below = (int)v[K_BYPASS];
    s->interval = (int64_t)v[K_INTERVAL];
    s->interval_core = raw[K_INTERVAL];
    s->next_interval = s->interval;
    s->draining = -1;
    s->last_advance = -1;
    bwm_rng_seed(&s->rng, (p ? p->seed : 0) ^ (0xd1b54a32d192ed03ULL * (uint64_t)(mc->id + 1)));
    *state = s;
    return BWM_OK;
}

static void push(sms_state *s, fifo *f, int32_t slot)
{
    s->next[slot] = -1;
    if (f->tail >= 0)
        s->next[f->tail] = slot;
    else
        f->head = slot;
    f->tail = slot;
    f->n++;
}

static int32_t pop(sms_state *s, fifo *f)
{
    int32_t q = f->head;
    f->head = s->next[q];
    if (f->head < 0)
        f->tail = -1;
    f->n--;
    return q;
}

static int same_row(const bwm_mc *mc, int32_t a, int32_t b)
{
    const bwm_mc_req *x = &mc->slots[a].req, *y = &mc->slots[b].req;
    return x->da.bank == y->da.bank && x->da.row == y->da.row;
}

/* Whether the batch at the head of source i's FIFO is ready at now. */
static int head_ready(const sms_state *s, const bwm_mc *mc, int i, int64_t now)
{
    const fifo *f = &s->source[i];
    if (f->n == 0)
        return 0;
    if (f->n >= s->fifo_size || now - mc->slots[f->head].req.arrival > s->age[s->intensity[i]])
        return 1;
    for (int32_t q = s->next[f->head]; q >= 0; q = s->next[q])
        if (!same_row(mc, q, f->head))
            return 1; /* a request for another row follows the batch */
    return 0;
}

/* Pick state: the source whose head batch drains next, or -1. */
static int choose_batch(sms_state *s, const bwm_mc *mc, int64_t now)
{
    int n = s->src.n, best = -1;
    if (bwm_rng_uniform(&s->rng) < s->sjf_prob) {
        for (int i = 0; i < n; i++)
            if (head_ready(s, mc, i, now) && (best < 0 || s->held[i] < s->held[best]))
                best = i;
        return best;
    }
    for (int k = 0; k < n; k++) {
        int i = (s->rr + k) % n;
        if (head_ready(s, mc, i, now)) {
            s->rr = (i + 1) % n;
            return i;
        }
    }
    return -1;
}

/* Moves up to budget requests of the draining batch to stage 3; returns
 * how many moved.  The batch ends at the first request of another row. */
static int64_t drain(sms_state *s, const bwm_mc *mc, int64_t budget)
{
    fifo *f = &s->source[s->draining];
    int64_t moved = 0;
    while (moved < budget) {
        int32_t q = f->head;
        fifo *b = &s->bank[mc->slots[q].req.da.bank];
        if (b->n >= s->dcs_size)
            return moved;
        push(s, b, pop(s, f));
        moved++;
        if (f->n == 0 || !same_row(mc, f->head, q)) {
            s->draining = -1;
            return moved;
        }
    }
    return moved;
}

static void end_interval(sms_state *s, int64_t now)
{
    int64_t k = (now - s->next_interval) / s->interval + 1;
    for (int i = 0; i < s->src.n; i++) {
        /* the arrivals all fell in the first interval passed */
        double mpkc = k == 1 ? (double)s->arrivals[i] * 1000.0 / s->interval_core : 0;
        s->intensity[i] = mpkc < s->low_mpkc ? LOW : mpkc > s->high_mpkc ? HIGH : MEDIUM;
        s->arrivals[i] = 0;
    }
    s->next_interval += k * s->interval;
}

/* Brings stages 1-2 up to cycle now: one drained request per cycle since
 * the last call, picking batches as the drains end. */
static void advance(sms_state *s, const bwm_mc *mc, int64_t now)
{
    if (now >= s->next_interval)
        end_interval(s, now);
    int64_t budget = now - s->last_advance;
    if (budget <= 0)
        return;
    s->last_advance = now;
    while (budget > 0) {
        if (s->draining < 0 && (s->draining = choose_batch(s, mc, now)) < 0)
            return;
        int64_t moved = drain(s, mc, budget);
        budget -= moved;
        if (moved == 0 && s->draining >= 0)
            return; /* its bank's FIFO is full */
    }
}

static void sms_enqueue(void *state, const bwm_mc *mc, int32_t slot)
{
    sms_state *s = state;
    void *next = s->next;
    if (bwm_slot_array_fit(&next, &s->n_slots, mc->cap, sizeof *s->next) == 0)
        s->next = next;
    else
        s->fcfs = 1;
    if (s->fcfs)
        return;
    const bwm_mc_req *r = &mc->slots[slot].req;
    int src = bwm_source_of(&s->src, r);
    advance(s, mc, mc->now);
    s->arrivals[src]++;
    s->held[src]++;
    if (s->intensity[src] == LOW || mc->n_used - 1 < s->bypass_below)
        push(s, &s->bank[r->da.bank], slot);
    else
        push(s, &s->source[src], slot);
}

static int32_t sms_pick(void *state, const bwm_mc *mc, int bank)
{
    sms_state *s = state;
    if (s->fcfs)
        return bwm_mc_oldest(mc, bank);
    advance(s, mc, mc->now);
    fifo *f = &s->bank[bank];
    if (f->n == 0)
        return -1;
    int32_t q = pop(s, f);
    s->held[bwm_source_of(&s->src, &mc->slots[q].req)]--;
    return q;
}

const bwm_sched_ops bwm_sched_sms = {
    "sms", "staged: per-source row batches, a batch scheduler (SJF with probability p, else round-robin), "
    "per-bank FIFOs (SMS)",
    sms_init, sms_enqueue, sms_pick, NULL, sms_free, sms_knobs, K_COUNT, 0, NULL, NULL, 0,
};
