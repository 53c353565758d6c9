/* mc_harness.c — test support: one memory controller under a policy, fed
 * crafted or random requests on the hand-derivation DRAM (see mc_harness.h). */
#include "tests/support/mc_harness.h"

#include <criterion/criterion.h>
#include <string.h>

#include "util/rng.h"

bwm_dram_config cfg;
run R;
bwm_mc M;
int M_live;
int64_t T;
bwm_sched_params P;
uint64_t insts[4];
int warps[4];
double mpki[4], bw[4];
static bwm_sched_settings knob_settings;

/* K waited in the bank of a completed request of another application if a
 * request of K that arrived no later is still outstanding: a bank serves its
 * requests one by one, so it was picked after the completed one. */
static void check_prior(run *x, const sent *done)
{
    for (int t = 0; t < x->n_sent; t++) {
        const sent *k = &x->r[t];
        if (k->app == x->watch_app && k->bank == done->bank && k->times_done == 0
            && k->arrival <= done->arrival)
            x->violations++;
    }
}

static void on_done(void *ctx, const bwm_mc_req *r, int64_t done)
{
    (void)done;
    run *x = ctx;
    cr_assert_lt(r->tag, (uint64_t)x->n_sent);
    sent *s = &x->r[r->tag];
    s->times_done++;
    x->order[x->n_done++] = (int)r->tag;
    if (x->watch_app >= 0 && r->app != x->watch_app)
        check_prior(x, s);
}

void mh_setup(void)
{
    bwm_test_dram_config(&cfg);
    memset(&R, 0, sizeof R);
    R.watch_app = -1;
    M_live = 0;
    T = 0;
    memset(insts, 0, sizeof insts);
    for (int i = 0; i < 4; i++)
        warps[i] = 8;
    memset(&knob_settings, 0, sizeof knob_settings);
    P = (bwm_sched_params){.n_apps = 2, .prior_app = 0, .alone_mpki = mpki, .alone_bw = bw,
                           .committed_insts = insts, .n_sms = 4,
                           .warps_per_sm = warps};
    for (int i = 0; i < 4; i++)
        mpki[i] = bw[i] = 1;
}

void mh_teardown(void)
{
    if (M_live)
        bwm_mc_free(&M);
}

/* A fresh controller M with policy s, freed by the suite (or by restart). */
void mh_start(const bwm_sched_ops *s, int queue, int n_apps, int64_t window)
{
    if (M_live)
        bwm_mc_free(&M);
    M_live = 0;
    int watch = R.watch_app;
    memset(&R, 0, sizeof R);
    R.watch_app = watch;
    T = 0;
    P.n_apps = n_apps;
    bwm_mc_params p = {s, queue, n_apps, window, on_done, &R, &P, 0, NULL};
    bwm_err err;
    cr_assert_eq(bwm_mc_init(&M, 0, &cfg, &p, &err), BWM_OK, "%s: %s", s->name, err.msg);
    M_live = 1;
}

/* Offers a request at cycle T; returns its tag. */
static int send_leveled(int bank, int row, int app, int sm, int warp, int is_write, uint32_t bytes, int level)
{
    int tag = R.n_sent;
    cr_assert_lt(tag, MAXREQ);
    bwm_mc_req r;
    memset(&r, 0, sizeof r);
    r.da.bank = (uint32_t)bank;
    r.da.bank_group = (uint32_t)bank / 2;
    r.da.row = (uint32_t)row;
    r.app = app;
    r.sm = sm;
    r.warp = warp;
    r.is_write = (uint8_t)is_write;
    r.bytes = bytes;
    r.tag = (uint64_t)tag;
    r.walk_level = (uint8_t)level;
    R.r[tag] = (sent){bank, app, T, 0};
    R.n_sent++;
    cr_assert_eq(bwm_mc_enqueue(&M, &r, T), BWM_MC_ACCEPTED);
    return tag;
}

int mh_send_req(int bank, int row, int app, int sm, int warp, int is_write, uint32_t bytes)
{
    return send_leveled(bank, row, app, sm, warp, is_write, bytes, 0);
}

int mh_send_walk(int bank, int row, int app, int level)
{
    return send_leveled(bank, row, app, -1, -1, 0, TEST_BURST_BYTES, level);
}

/* A 32-byte read of app without origin. */
int mh_send(int bank, int row, int app)
{
    return mh_send_req(bank, row, app, -1, -1, 0, TEST_BURST_BYTES);
}

/* A 32-byte request from warp (sm, warp) of application 0. */
int mh_send_warp(int bank, int row, int sm, int warp, int is_write)
{
    return mh_send_req(bank, row, 0, sm, warp, is_write, TEST_BURST_BYTES);
}

/* Ticks from T until the controller is idle; T ends at the last tick. */
void mh_run_idle(void)
{
    while (!bwm_mc_idle(&M)) {
        bwm_mc_tick(&M, T);
        if (bwm_mc_idle(&M))
            break;
        int64_t next = bwm_mc_next_event(&M);
        T = next > T ? next : T + 1;
        cr_assert_lt(T, 100000000, "the controller does not finish");
    }
}

/* Ticks at cycle t (a window boundary), after the controller went idle. */
void mh_tick_at(int64_t t)
{
    cr_assert_lt(T, t, "the traffic of the window ran past its end");
    T = t;
    bwm_mc_tick(&M, T);
}

/* Opens row in bank with a request of app (no origin) and serves it; returns
 * how many requests have been served, to index R.order from. */
int mh_warm(int bank, int row, int app)
{
    mh_send(bank, row, app);
    mh_run_idle();
    return R.n_done;
}

/* Asserts that the requests were served in this order, starting at R.order[from]. */
void mh_expect_order(int from, const int *tags, int n)
{
    cr_assert_eq(R.n_done, from + n);
    for (int i = 0; i < n; i++)
        cr_assert_eq(R.order[from + i], tags[i], "%s: served #%d is request %d, expected %d",
                     M.sched->name, i, R.order[from + i], tags[i]);
}


/* Random requests of three applications on every bank, offered as fast as
 * accepted. */
void mh_random_stream(uint64_t seed, int n, int n_apps)
{
    bwm_rng rng;
    bwm_rng_seed(&rng, seed);
    int i = 0;
    while (i < n || !bwm_mc_idle(&M)) {
        while (i < n && bwm_mc_occupancy(&M) < M.cap) {
            int app = (int)bwm_rng_below(&rng, (uint64_t)n_apps);
            int sm = (int)bwm_rng_below(&rng, 5) - 1; /* -1: no origin */
            int warp = (int)bwm_rng_below(&rng, 6);
            mh_send_req((int)bwm_rng_below(&rng, 8), (int)bwm_rng_below(&rng, 4), app, sm, warp,
                     bwm_rng_uniform(&rng) < 0.3, (uint32_t)(1 + bwm_rng_below(&rng, 128)));
            i++;
        }
        bwm_mc_tick(&M, T);
        if (i == n && bwm_mc_idle(&M))
            break;
        int64_t next = bwm_mc_next_event(&M);
        T = next > T ? next : T + 1;
        cr_assert_lt(T, 100000000);
    }
}


/* n requests of app spread over banks 1-7 (bank 0 stays for the crafted queues). */
void mh_background(int app, int n, int is_write, uint32_t bytes)
{
    for (int i = 0; i < n; i++)
        mh_send_req(1 + i % 7, 100 + i, app, -1, -1, is_write, bytes);
}


void mh_knobs(const char *text)
{
    bwm_err err;
    memset(&knob_settings, 0, sizeof knob_settings);
    cr_assert_eq(bwm_sched_settings_add(&knob_settings, text, &err), BWM_OK, "%s", err.msg);
    P.settings = &knob_settings;
}

void mh_run_until(int64_t t)
{
    while (T < t) {
        bwm_mc_tick(&M, T);
        int64_t next = bwm_mc_next_event(&M);
        T = next > T ? (next < t ? next : t) : T + 1;
    }
}
