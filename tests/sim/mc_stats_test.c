/* mc_stats_test.c — the memory controller's statistics at a request's
 * events: the row outcome its first command fixes, its commands, its
 * counts per bank and application at completion, read latency (reads
 * only), bank-level parallelism, and the channel's sum. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/mc/mc_stats.h"

Test(mc_stats, the_first_command_fixes_the_row_outcome)
{
    static const struct {
        bwm_dram_cmd first;
        bwm_row_outcome outcome;
    } cases[] = {{BWM_CMD_RD, BWM_ROW_HIT}, {BWM_CMD_ACT, BWM_ROW_MISS}, {BWM_CMD_PRE, BWM_ROW_CONFLICT}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bwm_mc_entry e;
        memset(&e, 0, sizeof e);
        bwm_mc_stats_cmd(&e, cases[i].first);
        if (cases[i].first == BWM_CMD_PRE)
            bwm_mc_stats_cmd(&e, BWM_CMD_ACT);
        bwm_mc_stats_cmd(&e, BWM_CMD_RD);
        cr_assert_eq(e.outcome, cases[i].outcome, "case %zu", i);
        cr_assert_eq(e.n_act, cases[i].first != BWM_CMD_RD);
        cr_assert_eq(e.n_pre, cases[i].first == BWM_CMD_PRE);
    }
}

static bwm_completion done_at(int64_t arrival, int64_t served, int64_t done, int bank, int is_write)
{
    bwm_completion k;
    memset(&k, 0, sizeof k);
    k.req.arrival = arrival;
    k.req.served = served;
    k.req.is_write = (uint8_t)is_write;
    k.done = done;
    k.bank = bank;
    k.bursts = 4;
    k.outcome = is_write ? BWM_ROW_MISS : BWM_ROW_HIT;
    k.n_act = (uint8_t)is_write;
    return k;
}

Test(mc_stats, completions_are_counted_per_bank_application_and_channel)
{
    bwm_mc_tally t;
    bwm_mc_app_stats *apps;
    cr_assert_eq(bwm_mc_tally_init(&t, &apps, 4, 2, 1), 0);
    /* application 1: a read served 10..30 on bank 1 and a write 20..50 on bank 3 */
    bwm_mc_stats_arrive(&apps[1]);
    bwm_mc_stats_arrive(&apps[1]);
    bwm_mc_stats_serve(&apps[1], 10);
    bwm_mc_stats_serve(&apps[1], 20);
    bwm_completion r = done_at(5, 10, 30, 1, 0), w = done_at(8, 20, 50, 3, 1);
    bwm_mc_stats_complete(&t, &apps[1], &r, 32);
    bwm_mc_stats_complete(&t, &apps[1], &w, 32);
    const bwm_mc_app_stats *a = &apps[1];
    cr_assert_eq(a->c.requests, 2);
    cr_assert_eq(a->c.reads, 1);
    cr_assert_eq(a->c.bytes, 2 * 4 * 32);
    cr_assert_eq(a->c.row_hits + a->c.row_misses, 2);
    cr_assert_eq(a->queued, 0);
    cr_assert_eq(a->read_latency_sum, 25, "the read only, arrival to done");
    cr_assert_eq(a->service_cycles, 20 + 30);
    cr_assert_eq(a->busy_cycles, 40, "10 to 50 with one in service or more");
    cr_assert_eq(a->cmds[BWM_CMD_ACT], 1);
    cr_assert_eq(a->cmds[BWM_CMD_RD], 4);
    cr_assert_eq(a->cmds[BWM_CMD_WR], 4);
    cr_assert_eq(apps[0].c.requests, 0);
    cr_assert_eq(t.bank[1].c.reads, 1);
    cr_assert_eq(t.bank[3].c.writes, 1);
    cr_assert_eq(t.bank_latency[1].count, 1);
    cr_assert_eq(t.bank_latency[3].count, 0, "writes have no read latency");
    cr_assert_eq(t.read_latency.count, 1);
    cr_assert_eq(t.last_done, 50);

    bwm_dram_channel ch;
    memset(&ch, 0, sizeof ch);
    ch.n_cmds[BWM_CMD_REF] = 3;
    ch.data_cycles = 16;
    bwm_mc_stats s;
    bwm_mc_tally_get(&t, 4, &ch, &s);
    cr_assert_eq(s.c.requests, 2);
    cr_assert_eq(s.c.row_hits, 1);
    cr_assert_eq(s.c.row_misses, 1);
    cr_assert_eq(s.read_latency.sum, 25);
    cr_assert_eq(s.n_cmds[BWM_CMD_REF], 3);
    cr_assert_eq(s.data_cycles, 16);
    cr_assert_eq(s.last_done, 50);
    bwm_mc_tally_free(&t, &apps);
    cr_assert_null(apps);
}

Test(mc_stats, counts_add_field_by_field)
{
    bwm_mc_counts a = {1, 2, 3, 4, 5, 6, 7, 8}, b = {10, 20, 30, 40, 50, 60, 70, 80};
    bwm_mc_counts_add(&a, &b);
    bwm_mc_counts want = {11, 22, 33, 44, 55, 66, 77, 88};
    cr_assert_eq(memcmp(&a, &want, sizeof a), 0);
}
