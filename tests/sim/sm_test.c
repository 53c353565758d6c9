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

static void send(void *ctx, int sm, int warp, int app, uint64_t line, unsigned sectors, unsigned partial,
                 int is_write, int entry, int64_t now, int64_t tried)
{
    (void)sm;
    (void)partial;
    cr_assert_eq(tried, now, "a line the link takes at its first try was tried then");
    cr_assert_eq(sectors, BWM_SECTORS_ALL, "a line L1D fetches whole lines");
    (void)warp;
    (void)app;
    cr_assert_not(is_write);
    cr_assert_eq(entry, -1, "an L1D miss names no scoreboard entry");
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

static void gate_send(void *ctx, int sm, int warp, int app, uint64_t line, unsigned sectors, unsigned partial,
                      int is_write, int entry, int64_t now, int64_t tried)
{
    (void)sm;
    (void)partial;
    (void)warp;
    (void)app;
    (void)line;
    (void)sectors;
    (void)is_write;
    (void)entry;
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

/* ---- an atomic, from a warp source (as traces give them) ----
 * One warp of three instructions: a global atomic writing R5 whose three
 * accesses (two lanes on one word, apart, and another line's sector) go
 * past the L1D, then two one-cycle instructions that read no register.
 * The memory answers each access T cycles after it leaves. */

typedef struct script {
    int taken;     /* the one block was taken */
    uint64_t line[3];
    uint8_t sectors[3];
    int load;      /* the first instruction is a load past the L1D (not an atomic), and the third
                      reads its R5 */
} script;

static void script_next(void *state, bwm_sm *sm, int w)
{
    const script *s = state;
    bwm_warp_op *op = &sm->warps[w].op;
    memset(op, 0, sizeof *op);
    uint64_t k = sm->warps[w].issued;
    op->kind = k > 0 ? BWM_WOP_COMPUTE : s->load ? BWM_WOP_LOAD : BWM_WOP_ATOMIC;
    op->past_l1d = (uint8_t)(k == 0 && s->load);
    op->lanes = 32;
    op->stall = op->latency = op->initiation = 1;
    if (k == 0) {
        op->n_wait = op->n_dst = 1;
        op->wait[0] = op->dst[0] = 5;
    } else if (k == 2 && s->load) {
        op->n_wait = 1;
        op->wait[0] = 5;
    }
}

static int script_accesses(void *state, bwm_sm *sm, int w, uint64_t *line, uint8_t *sectors, uint8_t *partial)
{
    (void)sm;
    (void)w;
    script *s = state;
    memcpy(line, s->line, sizeof s->line);
    memcpy(sectors, s->sectors, sizeof s->sectors);
    memset(partial, 0, 3);
    return 3;
}

static int script_take_cta(void *state, bwm_sm *sm, int slot, int64_t now)
{
    (void)now;
    script *s = state;
    if (s->taken)
        return 0;
    s->taken = 1;
    sm->ctas.live[slot] = 1;
    return 1;
}

static void script_start_warp(void *state, bwm_sm *sm, int slot, int i, int w)
{
    (void)state;
    (void)slot;
    (void)i;
    sm->warps[w].left = 3;
}

static const bwm_warp_source_ops script_source = {"script", script_next, script_accesses, script_take_cta,
                                                  script_start_warp, NULL};

typedef struct atomic_memory {
    int n, sent_access[8], sent_entry[8];
    uint64_t line[8];
    unsigned sectors[8];
    int64_t sent_at[8];
} atomic_memory;

static int atomic_can_send(void *ctx, int sm, int access, unsigned sectors)
{
    (void)ctx;
    (void)sm;
    (void)access;
    (void)sectors;
    return 1;
}

static void atomic_send(void *ctx, int sm, int warp, int app, uint64_t line, unsigned sectors, unsigned partial,
                        int access, int entry, int64_t now, int64_t tried)
{
    (void)sm;
    (void)partial;
    (void)warp;
    (void)app;
    (void)tried;
    atomic_memory *m = ctx;
    cr_assert_lt(m->n, 8);
    m->line[m->n] = line;
    m->sectors[m->n] = sectors;
    m->sent_access[m->n] = access;
    m->sent_entry[m->n] = entry;
    m->sent_at[m->n++] = now;
}

/* Runs script s's warp on one SM for 200 cycles, the memory answering
 * each access T cycles after it leaves (to the atomic, or to the load's
 * entry).  Checks that three accesses left, one a cycle from 1, each as
 * the script gave it and of kind `access` (a load's naming its first
 * scoreboard entry, an atomic's none), that the L1D saw nothing, that the
 * instructions issued at 0, second and third, and that the warp exited. */
static void run_script(script *s, int64_t T, int access, int64_t second, int64_t third)
{
    atomic_memory m = {0}, *mem = &m;
    int64_t issued_at[3];
    bwm_gpu_config cfg;
    bwm_err err;
    cr_assert_eq(bwm_gpu_config_load_with(MEMSYS15, "-gpgpu_n_clusters 1 -gpgpu_num_sched_per_core 1", "test",
                                          &cfg, NULL, &err), BWM_OK, "%s", err.msg);
    bwm_sm_params p = {0, 0, NULL, 1, 0, 1, 1, NULL, NULL, NULL, NULL, NULL, 0, &script_source, s, 0};
    bwm_sm sm;
    cr_assert_eq(bwm_sm_init(&sm, &cfg, &p, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_sm_set_ctas(&sm, 1, 1, &err), BWM_OK, "%s", err.msg);
    bwm_sm_start_cta(&sm, 0, 0);
    bwm_sm_link link = {atomic_can_send, atomic_send, NULL, mem};
    for (int i = 0; i < 3; i++)
        issued_at[i] = -1;
    int answered = 0;
    for (int64_t c = 0; c < 200; c++) {
        while (answered < mem->n && mem->sent_at[answered] + T == c) {
            if (s->load)
                bwm_sm_load_done(&sm, 0, mem->sent_entry[answered], c);
            else
                bwm_sm_atomic_done(&sm, 0, c);
            answered++;
        }
        uint64_t before = sm.stats.warp_insts;
        bwm_sm_cycle(&sm, c, &link);
        if (sm.stats.warp_insts > before)
            issued_at[before] = c;
    }
    cr_expect_eq(issued_at[0], 0);
    cr_expect_eq(issued_at[1], second, "the second instruction issued at %lld", (long long)issued_at[1]);
    cr_expect_eq(issued_at[2], third, "the third instruction issued at %lld", (long long)issued_at[2]);
    cr_assert_eq(mem->n, 3);
    for (int i = 0; i < 3; i++) {
        cr_expect_eq(mem->sent_at[i], i + 1, "access %d left at %lld", i, (long long)mem->sent_at[i]);
        cr_expect_eq(mem->sent_access[i], access);
        cr_expect_eq(mem->sent_entry[i], access == BWM_SM_LOAD_L2 ? 0 : -1, "access %d names entry %d", i,
                     mem->sent_entry[i]);
        cr_expect_eq(mem->line[i], s->line[i]);
        cr_expect_eq(mem->sectors[i], s->sectors[i]);
    }
    cr_expect_eq(sm.stats.loads, 1u, "one load (an atomic counts as one)");
    const bwm_cache_stats *l1 = bwm_cache_app_stats(&sm.l1, 0);
    cr_expect_eq(l1->accesses + l1->res_fails, 0u, "the L1D saw nothing");
    cr_expect_eq(sm.stats.ctas, 1u, "the warp exited");
    cr_expect_eq(sm.live, 0u);
    bwm_sm_free(&sm);
}

/* The atomic issues at 0; its accesses leave one a cycle, at 1, 2 and 3,
 * each as it is (the two on one word are not merged, nothing is looked up
 * in the L1D); the answers come at T + 1, T + 2 and T + 3 (T = 50), and the warp,
 * which issues nothing while the atomic is out though its next
 * instruction needs no register, issues again at T + 4 and T + 5. */
Test(sm, an_atomic_skips_the_l1d_and_holds_its_warp_until_every_answer)
{
    script s = {0, {0x1000, 0x1000, 0x2000}, {0x1, 0x1, 0x4}, 0};
    run_script(&s, 50, BWM_SM_ATOMIC, 50 + 4, 50 + 5);
}

/* A load whose cache operator skips the L1D (traces: LDG.E.STRONG.GPU),
 * from a warp source: one warp of three instructions, the load writing R5
 * (the atomic test's three accesses, but for the first's sector), an
 * instruction that reads no register, and one that reads R5.  The load
 * issues at 0 and takes scoreboard entry 0; its accesses leave one a
 * cycle, at 1, 2 and 3, as BWM_SM_LOAD_L2 naming that entry, nothing
 * looked up in the L1D (the two on one line are not merged).  Unlike an
 * atomic it does not hold its warp: the second instruction issues at 1.
 * The answers come at T + 1, T + 2 and T + 3 (T = 50); R5 is ready the cycle after
 * the last, so the third issues at T + 4. */
Test(sm, a_load_past_the_l1d_goes_to_the_l2_and_its_warp_issues_meanwhile)
{
    script s = {0, {0x1000, 0x1000, 0x2000}, {0x2, 0x1, 0x4}, 1};
    run_script(&s, 50, BWM_SM_LOAD_L2, 1, 50 + 4);
}
