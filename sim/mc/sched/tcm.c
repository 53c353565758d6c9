/* tcm.c — TCM, Thread Cluster Memory scheduling (Kim et al., MICRO 2010;
 * seed 001 Ch. 3 and Sec. 5.4.4).  At the end of every quantum the
 * controller sorts the applications by the MPKI of the quantum (its reads
 * times 1000 over the instructions they committed, as ITS computes it) and
 * fills the latency-sensitive cluster with the lowest-MPKI ones while their
 * bandwidth usage (bank service time, service.h) stays within ClusterThresh
 * of all applications' usage; the others form the bandwidth-sensitive
 * cluster.  The latency cluster always goes first, ranked by MPKI (lowest
 * first).  The bandwidth cluster is ranked by niceness = b - r, where b is an
 * application's rank by bank-level parallelism (more is nicer) and r its rank
 * by row-buffer locality (more is less nice), nicest first, and its order is
 * shuffled every ShuffleInterval.  Requests are served by rank, then row
 * hits, then oldest.  Until the first quantum ends every rank is equal:
 * FR-FCFS.
 *
 * Knobs (paper defaults): quantum 1,000,000 cycles, shuffle-interval 800
 * cycles, cluster-thresh 4/24, shuffle-algo-thresh 0.1.  Choices the thesis
 * leaves open:
 *   - sources are applications (the instruction counts that MPKI needs
 *     exist per application); each controller clusters by what it sees;
 *   - bank-level parallelism is the time average over the quantum of the
 *     number of banks holding a waiting request of the application; row-
 *     buffer locality is the hit rate of a shadow row buffer per application
 *     and bank (the row its last picked request opened), over its picks;
 *   - shuffling: when the bandwidth cluster's spread of parallelism (in
 *     banks, over the bank count) and of locality both exceed
 *     shuffle-algo-thresh, the insertion shuffle: in a cycle of 2N steps,
 *     step s < N moves the application at position s of the niceness order
 *     to the front, step s >= N moves the front one to position 2N - 1 - s,
 *     so that nicer applications spend longer on top; otherwise a random
 *     shuffle of the cluster (the project's seeded generator, one stream per
 *     controller);
 *   - an application with misses but no committed instruction has an
 *     infinite MPKI; times are in core cycles (converted to DRAM cycles). */
#include <math.h>
#include <stdlib.h>

#include "sim/mc/sched/key_pick.h"
#include "sim/mc/sched/rank_pick.h"
#include "sim/mc/sched/sched_ctx.h"
#include "sim/mc/sched/service.h"
#include "util/rng.h"

enum { K_QUANTUM, K_SHUFFLE, K_CLUSTER, K_ALGO, K_COUNT };

#define TCM_MAX_APPS 64

static const bwm_sched_knob tcm_knobs[K_COUNT] = {
    {"quantum", BWM_KNOB_CYCLES, 1000000, 1, 1e15, NULL, "clustering quantum (TCM: 1M cycles)"},
    {"shuffle-interval", BWM_KNOB_CYCLES, 800, 1, 1e15, NULL,
     "the bandwidth cluster is reordered this often (TCM: 800 cycles)"},
    {"cluster-thresh", BWM_KNOB_REAL, 4.0 / 24.0, 0, 1, NULL,
     "share of the bandwidth usage the latency cluster may take (TCM: 4/24)"},
    {"shuffle-algo-thresh", BWM_KNOB_REAL, 0.1, 0, 1, NULL,
     "spread of parallelism and locality above which the insertion shuffle is used (TCM: 0.1)"},
};

typedef struct tcm_app {
    uint64_t reads, insts_prev, picks, shadow_hits;
    double service;          /* bank cycles picked this quantum */
    double blp_area;         /* integral of busy banks over time */
    int busy_banks;          /* banks with a waiting request of the application */
    int64_t blp_since;       /* time busy_banks last changed (or the quantum began) */
    double mpki, blp, rbl, nice;
} tcm_app;

typedef struct tcm_state {
    const bwm_sched_params *p;
    int n, n_banks;
    double thresh, algo_thresh;
    int64_t quantum, next_quantum, shuffle, next_shuffle, quantum_start;
    tcm_app *app;
    int32_t *waiting;        /* [app * n_banks + bank]: waiting requests */
    int64_t *shadow_row;     /* [app * n_banks + bank]: row of its last pick, -1 none */
    int *pos;                /* pos[a]: priority position, 0 first */
    int *bw_order;           /* the bandwidth cluster, best first */
    int n_latency, n_bw;     /* cluster sizes */
    int insertion;           /* shuffle kind of this quantum */
    int step;                /* insertion shuffle step */
    int *nice_order;         /* the bandwidth cluster by niceness, nicest first */
    bwm_rng rng;
} tcm_state;

static void tcm_free(void *state)
{
    tcm_state *s = state;
    if (!s)
        return;
    free(s->app);
    free(s->waiting);
    free(s->shadow_row);
    free(s->pos);
    free(s->bw_order);
    free(s->nice_order);
    free(s);
}

static int tcm_init(const bwm_mc *mc, void **state, bwm_err *err)
{
    const bwm_sched_params *p;
    int st = bwm_sched_params_get(mc, "tcm", &p, err);
    if (st == BWM_OK && !p->committed_insts)
        st = bwm_fail(err, BWM_EINPUT, "scheduler tcm needs committed_insts (each application's committed "
                      "instructions, for its MPKI)");
    if (st == BWM_OK && mc->n_apps > TCM_MAX_APPS)
        st = bwm_fail(err, BWM_EINPUT, "scheduler tcm clusters at most %d applications (got %d)", TCM_MAX_APPS,
                      mc->n_apps);
    if (st != BWM_OK)
        return st;
    double v[K_COUNT];
    bwm_sched_knobs_read(mc, &bwm_sched_tcm, v);
    tcm_state *s = calloc(1, sizeof *s);
    size_t n = (size_t)mc->n_apps, cells = n * (size_t)mc->n_banks;
    if (!s || !(s->app = calloc(n, sizeof *s->app)) || !(s->waiting = calloc(cells, sizeof *s->waiting)) ||
        !(s->shadow_row = malloc(cells * sizeof *s->shadow_row)) || !(s->pos = calloc(n, sizeof *s->pos)) ||
        !(s->bw_order = calloc(n, sizeof *s->bw_order)) || !(s->nice_order = calloc(n, sizeof *s->nice_order))) {
        tcm_free(s);
        return bwm_fail(err, BWM_EFAIL, "out of memory for scheduler tcm");
    }
    for (size_t i = 0; i < cells; i++)
        s->shadow_row[i] = -1;
    s->p = p;
    s->n = mc->n_apps;
    s->n_banks = mc->n_banks;
    s->quantum = (int64_t)v[K_QUANTUM];
    s->shuffle = (int64_t)v[K_SHUFFLE];
    s->thresh = v[K_CLUSTER];
    s->algo_thresh = v[K_ALGO];
    s->next_quantum = s->quantum;
    s->next_shuffle = INT64_MAX; /* no clusters before the first quantum */
    for (int a = 0; a < s->n; a++)
        s->app[a].insts_prev = p->committed_insts[a];
    bwm_rng_seed(&s->rng, p->seed ^ (0x9e3779b97f4a7c15ULL * (uint64_t)(mc->id + 1)));
    *state = s;
    return BWM_OK;
}

/* Adds the busy-bank area up to now, then changes busy_banks by d. */
static void blp_change(tcm_app *x, int64_t now, int d)
{
    x->blp_area += (double)x->busy_banks * (double)(now - x->blp_since);
    x->blp_since = now;
    x->busy_banks += d;
}

static void advance(tcm_state *s, int64_t now);

static void tcm_enqueue(void *state, const bwm_mc *mc, int32_t slot)
{
    tcm_state *s = state;
    advance(s, mc->now);
    const bwm_mc_req *r = &mc->slots[slot].req;
    tcm_app *x = &s->app[r->app];
    if (!r->is_write)
        x->reads++;
    if (s->waiting[r->app * s->n_banks + (int)r->da.bank]++ == 0)
        blp_change(x, mc->now, +1);
}

/* Applies the order of the bandwidth cluster to the positions. */
static void place_bw_cluster(tcm_state *s)
{
    for (int i = 0; i < s->n_bw; i++)
        s->pos[s->bw_order[i]] = s->n_latency + i;
}

/* Sorts the n applications of ids by key ascending (ties: lower index) into out. */
static void order_by(const tcm_state *s, const int *ids, int n, double (*key)(const tcm_app *), int *out)
{
    double k[TCM_MAX_APPS] = {0};
    int r[TCM_MAX_APPS] = {0};
    for (int i = 0; i < n; i++)
        k[i] = key(&s->app[ids[i]]);
    bwm_rank_keys(k, n, r);
    for (int i = 0; i < n; i++)
        out[r[i]] = ids[i];
}

static double by_mpki(const tcm_app *x) { return x->mpki; }
static double by_blp(const tcm_app *x) { return x->blp; }
static double by_rbl(const tcm_app *x) { return x->rbl; }
static double by_nice_desc(const tcm_app *x) { return -x->nice; }

/* The quantum's statistics of every application, then reset for the next. */
static void measure(tcm_state *s, int64_t now)
{
    double length = (double)(now - s->quantum_start);
    for (int a = 0; a < s->n; a++) {
        tcm_app *x = &s->app[a];
        uint64_t insts = bwm_rank_delta(&x->insts_prev, s->p->committed_insts[a]);
        x->mpki = x->reads == 0 ? 0 : insts == 0 ? INFINITY : (double)x->reads * 1000.0 / (double)insts;
        blp_change(x, now, 0);
        x->blp = length > 0 ? x->blp_area / length : 0;
        x->rbl = x->picks ? (double)x->shadow_hits / (double)x->picks : 0;
    }
}

static void reset_counts(tcm_state *s)
{
    for (int a = 0; a < s->n; a++) {
        tcm_app *x = &s->app[a];
        x->reads = x->picks = x->shadow_hits = 0;
        x->service = x->blp_area = 0;
    }
}

/* Clusters the applications and ranks both clusters (see the header). */
static void cluster(tcm_state *s)
{
    int all[TCM_MAX_APPS], by_m[TCM_MAX_APPS];
    double total = 0;
    for (int a = 0; a < s->n; a++) {
        all[a] = a;
        total += s->app[a].service;
    }
    order_by(s, all, s->n, by_mpki, by_m);
    double sum = 0;
    s->n_latency = 0;
    while (s->n_latency < s->n && sum + s->app[by_m[s->n_latency]].service <= s->thresh * total)
        sum += s->app[by_m[s->n_latency++]].service;
    for (int i = 0; i < s->n_latency; i++)
        s->pos[by_m[i]] = i;
    s->n_bw = s->n - s->n_latency;
    const int *bw = by_m + s->n_latency;
    int by_b[TCM_MAX_APPS], by_r[TCM_MAX_APPS];
    order_by(s, bw, s->n_bw, by_blp, by_b);
    order_by(s, bw, s->n_bw, by_rbl, by_r);
    for (int i = 0; i < s->n_bw; i++) {
        s->app[by_b[i]].nice += i;
        s->app[by_r[i]].nice -= i;
    }
    order_by(s, bw, s->n_bw, by_nice_desc, s->nice_order);
    for (int i = 0; i < s->n_bw; i++) {
        s->bw_order[i] = s->nice_order[i];
        s->app[bw[i]].nice = 0;
    }
    double blp_lo = INFINITY, blp_hi = -INFINITY, rbl_lo = INFINITY, rbl_hi = -INFINITY;
    for (int i = 0; i < s->n_bw; i++) {
        const tcm_app *x = &s->app[bw[i]];
        blp_lo = fmin(blp_lo, x->blp), blp_hi = fmax(blp_hi, x->blp);
        rbl_lo = fmin(rbl_lo, x->rbl), rbl_hi = fmax(rbl_hi, x->rbl);
    }
    s->insertion = s->n_bw > 1 && (blp_hi - blp_lo) / s->n_banks > s->algo_thresh && rbl_hi - rbl_lo > s->algo_thresh;
    s->step = 0;
    place_bw_cluster(s);
}

/* Moves the element at position from to position to, shifting the others. */
static void move_to(int *v, int from, int to)
{
    int x = v[from];
    for (; from > to; from--)
        v[from] = v[from - 1];
    for (; from < to; from++)
        v[from] = v[from + 1];
    v[to] = x;
}

static void shuffle_once(tcm_state *s)
{
    int n = s->n_bw;
    if (n < 2)
        return;
    if (s->insertion) {
        if (s->step == 0)
            for (int i = 0; i < n; i++)
                s->bw_order[i] = s->nice_order[i];
        if (s->step < n)
            move_to(s->bw_order, s->step, 0);
        else
            move_to(s->bw_order, 0, 2 * n - 1 - s->step);
        s->step = (s->step + 1) % (2 * n);
    } else {
        for (int i = n - 1; i > 0; i--) {
            int j = (int)bwm_rng_below(&s->rng, (uint64_t)i + 1);
            int t = s->bw_order[i];
            s->bw_order[i] = s->bw_order[j];
            s->bw_order[j] = t;
        }
    }
    place_bw_cluster(s);
}

/* Catches up with the quantum and shuffle boundaries up to now. */
static void advance(tcm_state *s, int64_t now)
{
    if (now >= s->next_quantum) {
        /* every event since the last boundary came before the first one
           passed: the quanta after it were idle and say nothing */
        int64_t k = (now - s->next_quantum) / s->quantum + 1;
        int64_t last = s->next_quantum + (k - 1) * s->quantum;
        measure(s, s->next_quantum);
        cluster(s);
        reset_counts(s);
        s->quantum_start = last;
        for (int a = 0; a < s->n; a++)
            s->app[a].blp_since = last;
        s->next_quantum = last + s->quantum;
        s->next_shuffle = last + s->shuffle;
    }
    for (int guard = 0; now >= s->next_shuffle && guard < 4 * TCM_MAX_APPS; guard++) {
        shuffle_once(s);
        s->next_shuffle += s->shuffle;
    }
    if (now >= s->next_shuffle) /* a long idle time: the order is as good as any */
        s->next_shuffle += ((now - s->next_shuffle) / s->shuffle + 1) * s->shuffle;
}

static uint64_t tcm_key(const void *state, const bwm_mc *mc, int32_t slot)
{
    const tcm_state *s = state;
    return (uint64_t)s->pos[mc->slots[slot].req.app] << 1 | bwm_key_miss(mc, slot);
}

static int32_t tcm_pick(void *state, const bwm_mc *mc, int bank)
{
    tcm_state *s = state;
    advance(s, mc->now);
    int32_t q = bwm_key_pick(s, mc, bank, tcm_key);
    if (q < 0)
        return q;
    const bwm_mc_req *r = &mc->slots[q].req;
    tcm_app *x = &s->app[r->app];
    int cell = r->app * s->n_banks + bank;
    x->service += (double)bwm_sched_service(mc, q);
    x->picks++;
    x->shadow_hits += s->shadow_row[cell] == (int64_t)r->da.row;
    s->shadow_row[cell] = (int64_t)r->da.row;
    if (--s->waiting[cell] == 0)
        blp_change(x, mc->now, -1);
    return q;
}

const bwm_sched_ops bwm_sched_tcm = {
    "tcm", "latency-sensitive cluster by MPKI first, then the bandwidth cluster by shuffled niceness (TCM)",
    tcm_init, tcm_enqueue, tcm_pick, NULL, tcm_free, tcm_knobs, K_COUNT, 0, NULL, NULL, 0,
};
