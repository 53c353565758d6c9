/* mc_harness.h — test support for the memory-scheduler tests: one
 * controller M under a policy on the hand-derivation DRAM (dram_cfg.h),
 * requests offered at the test's cycle T, every completion recorded in R in
 * the order served.  The parameters P every application-aware policy reads
 * point at insts, warps, mpki and bw, which a test may change.  State is
 * per test process (Criterion runs each test in its own): mh_setup resets
 * it, mh_teardown frees the controller. */
#ifndef BWM_TEST_MC_HARNESS_H
#define BWM_TEST_MC_HARNESS_H

#include <stdint.h>

#include "sim/mc/mc.h"
#include "sim/mc/sched_params.h"
#include "tests/support/dram_cfg.h"

#define MAXREQ 4096

typedef struct sent {
    int bank, app;
    int64_t arrival;
    int times_done;
} sent;

typedef struct run {
    sent r[MAXREQ];
    int order[MAXREQ];
    int n_sent, n_done;
    int watch_app;   /* prior-K check: K, or -1 */
    int violations;  /* completions of another application while K waited in that bank */
} run;

extern bwm_dram_config cfg;
extern run R;
extern bwm_mc M;
extern int M_live;
extern int64_t T; /* the cycle of the running test */
extern bwm_sched_params P;
extern uint64_t insts[4];
extern int warps[4];
extern double mpki[4], bw[4];

/* Suite fixtures. */
void mh_setup(void);
void mh_teardown(void);

/* A fresh controller M with policy s, freed by the suite (or by restart). */
void mh_start(const bwm_sched_ops *s, int queue, int n_apps, int64_t window);
/* Offers a request at cycle T; returns its tag. */
int mh_send_req(int bank, int row, int app, int sm, int warp, int is_write, uint32_t bytes);
/* A 32-byte page-walk read of level (1..) of app without origin. */
int mh_send_walk(int bank, int row, int app, int level);
/* A 32-byte read of app without origin. */
int mh_send(int bank, int row, int app);
/* A 32-byte request from warp (sm, warp) of application 0. */
int mh_send_warp(int bank, int row, int sm, int warp, int is_write);
/* Ticks from T until the controller is idle; T ends at the last tick. */
void mh_run_idle(void);
/* Ticks every event from T up to cycle t; T ends at t (not ticked yet). */
void mh_run_until(int64_t t);
/* Ticks at cycle t (after T), after the controller went idle. */
void mh_tick_at(int64_t t);
/* Opens row in bank with a request of app and serves it; returns how many
 * requests have been served, to index R.order from. */
int mh_warm(int bank, int row, int app);
/* Asserts that the requests were served in this order from R.order[from]. */
void mh_expect_order(int from, const int *tags, int n);
/* Random requests of n_apps applications on every bank, offered as fast as
 * accepted, until all n are served. */
void mh_random_stream(uint64_t seed, int n, int n_apps);
/* n requests of app spread over banks 1-7 (bank 0 stays for crafted queues). */
void mh_background(int app, int n, int is_write, uint32_t bytes);
/* Scheduler knobs for the next mh_start: "NAME=VALUE,..." (asserted valid
 * syntax) replacing any earlier ones, held by the harness and pointed at by
 * P.settings. */
void mh_knobs(const char *text);

#endif
