/* sm_test.c — sim/core/sm: the scoreboard against a memory that answers
 * every line exactly T cycles after it is sent.  One warp of loads only,
 * each needed dep_distance instructions later: the issue times follow from
 * the pipeline by hand.  A load's line leaves the load/store unit the cycle
 * after the load issues; its fill at cycle s + T makes the value usable the
 * cycle after; so instruction k·d + j issues at k·(T + 2) + j (j < d).
 * With loads_in_flight L and values used late, L lines are out at a time
 * and each entry turns over every T + 2 cycles.  A line the link refuses
 * waits, without asking again, until the link may have room. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/config/gpu_read.h"
#include "sim/core/sm.h"

#define MEMSYS15 BWM_SOURCE_DIR "/data/configs/memsys15.config"
#define QUEUE 4096

typedef struct fake_memory {
    int64_t latency;
    uint64_t line[QUEUE];
    int64_t due[QUEUE];
    int head, n;
    uint64_t sent;
} fake_memory;

static int can_send(void *ctx, int sm, int is_write, unsigned sectors)
{
    (void)sm;
    (void)is_write;
    (void)sectors;
    fake_memory *m = ctx;
    return m->n < QUEUE;
}

static void send(void *ctx, int sm, int warp, int app, uint64_t line, unsigned sectors, int is_write, int64_t now,
                 int64_t tried)
{
    (void)sm;
    cr_assert_eq(tried, now, "a line the link takes at its first try was tried then");
    cr_assert_eq(sectors, BWM_SECTORS_ALL, "a line L1D fetches whole lines");
    (void)warp;
    (void)app;
    cr_assert_not(is_write);
    fake_memory *m = ctx;
    int k = (m->head + m->n++) % QUEUE;
    m->line[k] = line;
    m->due[k] = now + m->latency;
    m->sent++;
}

/* One SM of memsys15 with one warp of loads only (*a must outlive it). */
static void one_warp_sm(bwm_sm *sm, bwm_synth_app *a, int dep, int loads)
{
    bwm_gpu_config cfg;
    bwm_err err;
    cr_assert_eq(bwm_gpu_config_load_with(MEMSYS15, "-gpgpu_n_clusters 1 -gpgpu_num_sched_per_core 1", "test",
                                          &cfg, NULL, &err), BWM_OK, "%s", err.msg);
    bwm_synth_app_init(a);
    a->mem_frac = 1;           /* every instruction a load of one new line */
    a->dep_distance = dep;
    a->loads_in_flight = loads;
    bwm_sm_params p = {0, 0, a, 1, 0, 1, 1, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL, 0};
    cr_assert_eq(bwm_sm_init(sm, &cfg, &p, &err), BWM_OK, "%s", err.msg);
}

/* Runs one warp for `cycles` cycles; fills[] records each issue cycle of
 * the first n_issue instructions.  Returns warp instructions issued. */
static uint64_t run(int dep, int loads, int64_t latency, int64_t cycles, int64_t *issue_at, int n_issue,
                    fake_memory *mem)
{
    bwm_err err;
    bwm_synth_app a;
    bwm_sm sm;
    one_warp_sm(&sm, &a, dep, loads);
    memset(mem, 0, sizeof *mem);
    mem->latency = latency;
    bwm_sm_link link = {can_send, send, NULL, mem};
    uint64_t seen = 0;
    for (int64_t c = 0; c < cycles; c++) {
        while (mem->n > 0 && mem->due[mem->head] <= c) {
            cr_assert_eq(bwm_sm_fill(&sm, mem->line[mem->head], BWM_SECTORS_ALL, c, &err), BWM_OK, "%s", err.msg);
            mem->head = (mem->head + 1) % QUEUE;
            mem->n--;
        }
        bwm_sm_cycle(&sm, c, &link);
        for (; seen < sm.stats.warp_insts; seen++)
            if ((int)seen < n_issue)
                issue_at[seen] = c;
    }
    uint64_t n = sm.stats.warp_insts;
    bwm_sm_free(&sm);
    return n;
}

Test(sm, a_load_used_d_instructions_later_stalls_exactly_as_computed)
{
    const int64_t T = 100;
    int deps[] = {1, 3, 8};
    for (int i = 0; i < 3; i++) {
        int d = deps[i];
        int64_t at[64];
        fake_memory mem;
        run(d, 32, T, 7000, at, 64, &mem);
        for (int n = 0; n < 64; n++)
            cr_assert_eq(at[n], (n / d) * (T + 2) + n % d, "d %d: instruction %d issued at %lld", d, n,
                         (long long)at[n]);
    }
}

Test(sm, l_loads_in_flight_keep_l_lines_per_round_trip)
{
    const int64_t T = 200, cycles = 50000;
    int ls[] = {1, 4, 16};
    for (int i = 0; i < 3; i++) {
        fake_memory mem;
        int64_t at[1];
        uint64_t n = run(4096, ls[i], T, cycles, at, 0, &mem);
        double per_cycle = (double)mem.sent / cycles;
        /* exactly L per T + 2 cycles, within 2 % of L per T */
        cr_assert_float_eq(per_cycle, ls[i] / (double)(T + 2), 0.002 * ls[i] / (double)T, "L %d: %g lines/cycle",
                           ls[i], per_cycle);
        cr_assert_float_eq(per_cycle, ls[i] / (double)T, 0.02 * ls[i] / (double)T);
        cr_assert_geq(n, mem.sent);
    }
}

/* A link that refuses until opened, counting the tries. */
typedef struct gate {
    int open, tries;
    int64_t sent_at, tried_at;
} gate;

static int gate_can_send(void *ctx, int sm, int is_write, unsigned sectors)
{
    (void)sm;
    (void)is_write;
    (void)sectors;
    gate *g = ctx;
    g->tries++;
    return g->open;
}

static void gate_send(void *ctx, int sm, int warp, int app, uint64_t line, unsigned sectors, int is_write,
                      int64_t now, int64_t tried)
{
    (void)sm;
    (void)warp;
    (void)app;
    (void)line;
    (void)sectors;
    (void)is_write;
    gate *g = ctx;
    g->sent_at = now;
    g->tried_at = tried;
}

/* The load issues at 0 and its line is refused at 1: the SM then has
 * nothing to do (its warp's next load waits for the busy load/store unit)
 * and asks the link nothing until told it may have room; the line leaves
 * that cycle, and every cycle it waited counts as a stall. */
Test(sm, a_refused_line_waits_for_the_link_then_leaves_at_once)
{
    bwm_synth_app a;
    bwm_sm sm;
    one_warp_sm(&sm, &a, 4096, 4);
    gate g = {0, 0, -1, -1};
    bwm_sm_link link = {gate_can_send, gate_send, NULL, &g};
    bwm_sm_cycle(&sm, 0, &link);
    cr_assert_eq(sm.stats.warp_insts, 1);
    bwm_sm_cycle(&sm, 1, &link);
    cr_assert_eq(g.tries, 1);
    cr_assert(bwm_sm_waits_for_link(&sm));
    cr_assert_eq(bwm_sm_next_active(&sm), INT64_MAX, "nothing to do until the link has room");
    for (int64_t c = 2; c < 50; c++)
        bwm_sm_cycle(&sm, c, &link); /* a caller that cycles it anyway: still no try */
    cr_assert_eq(g.tries, 1);
    g.open = 1;
    bwm_sm_link_ready(&sm, 50);
    cr_assert_eq(bwm_sm_next_active(&sm), 50);
    cr_assert_not(bwm_sm_waits_for_link(&sm));
    bwm_sm_cycle(&sm, 50, &link);
    cr_assert_eq(g.sent_at, 50);
    cr_assert_eq(g.tried_at, 1, "the line's first try, where its wait to leave the SM began");
    cr_assert_eq(g.tries, 2);
    cr_assert_eq(sm.stats.ldst_stall, 49, "cycles 1 to 49 (got %llu)", (unsigned long long)sm.stats.ldst_stall);
    bwm_sm_free(&sm);
}
