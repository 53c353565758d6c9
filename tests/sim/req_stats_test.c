/* req_stats_test.c — the request observer (sim/gpu/req_stats.h): a load's
 * events by hand add its stages and round trip to its application's
 * totals; the served event counts DRAM bytes, data and walk DRAM latency
 * apart, and a write's bytes as written; stores are not timed. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/gpu/req_stats.h"

static bwm_req_pool pool;
static bwm_req_stats st;

static void setup(void)
{
    bwm_err err;
    cr_assert_eq(bwm_req_pool_init(&pool, 16, &err), BWM_OK, "%s", err.msg);
    memset(&st, 0, sizeof st);
    st.pool = &pool;
    st.core_fs = 1000;
    st.dram_fs = 500;
}

static void teardown(void)
{
    bwm_req_pool_free(&pool);
}

static int32_t request(int app, int kind)
{
    int32_t id = bwm_req_alloc(&pool);
    bwm_req_at(&pool, id)->app = app;
    bwm_req_at(&pool, id)->kind = (uint8_t)kind;
    return id;
}

Test(req_stats, a_loads_events_give_its_stages_and_round_trip, .init = setup, .fini = teardown)
{
    int32_t id = request(1, BWM_MREQ_LOAD);
    bwm_req_issued(&st, id, BWM_MREQ_LOAD, 9, 10); /* tried at 9, left at 10 */
    bwm_mc_req req = {0};
    req.app = 1;
    req.sm = -1;
    req.bytes = 64;
    req.arrival = 30;
    req.served = 40;
    bwm_req_served(&st, &req, id, 50); /* DRAM cycles: 41 .. 51 at 500 fs */
    bwm_req_delivered(&st, 1, bwm_req_life_of(&pool, id), 10, 40);
    const bwm_req_counts *c = &st.app[1];
    cr_assert_eq(c->latency_n, 1);
    cr_assert_eq(c->latency_sum, 30);
    cr_assert_eq(c->stage_fs[BWM_STAGE_INJECT], 1000);
    cr_assert_eq(c->stage_fs[BWM_STAGE_REQ_XBAR], 41 * 500 - 11 * 1000);
    cr_assert_eq(c->stage_fs[BWM_STAGE_DRAM], 10 * 500);
    cr_assert_eq(c->stage_fs[BWM_STAGE_FILL], 41 * 1000 - 51 * 500);
    cr_assert_eq(c->dram_bytes_read, 64);
    cr_assert_eq(c->data_dram_reads, 1);
    cr_assert_eq(c->data_dram_cycles, 20);
    cr_assert_eq(c->walk_dram_reads, 0);
    cr_assert_eq(st.app[0].latency_n, 0, "another application's totals are untouched");
}

Test(req_stats, walk_reads_and_writes_are_counted_apart, .init = setup, .fini = teardown)
{
    bwm_mc_req req = {0};
    req.sm = -1;
    req.bytes = 32;
    req.arrival = 5;
    int32_t walk = request(0, BWM_MREQ_WALK);
    bwm_req_issued(&st, walk, BWM_MREQ_WALK, 0, 7);
    cr_assert_eq(bwm_req_life_of(&pool, walk)->at[BWM_STAGE_INJECT], 8000, "a walk read is timed from its issue");
    bwm_req_served(&st, &req, walk, 12);
    int32_t wb = request(0, BWM_MREQ_WRITEBACK);
    req.is_write = 1;
    bwm_req_served(&st, &req, wb, 20);
    const bwm_req_counts *c = &st.app[0];
    cr_assert_eq(c->walk_dram_reads, 1);
    cr_assert_eq(c->walk_dram_cycles, 7);
    cr_assert_eq(c->walk_dram_bytes, 32);
    cr_assert_eq(c->data_dram_reads, 0);
    cr_assert_eq(c->dram_bytes_read, 32);
    cr_assert_eq(c->dram_bytes_written, 32);
    cr_assert_eq(c->sm_dram, 0, "local accesses are counted only with thread blocks");
}

Test(req_stats, a_store_is_not_timed, .init = setup, .fini = teardown)
{
    int32_t id = request(0, BWM_MREQ_STORE);
    bwm_req_life *life = bwm_req_life_of(&pool, id);
    life->at[BWM_STAGE_INJECT] = 123;
    bwm_req_issued(&st, id, BWM_MREQ_STORE, 1, 2);
    cr_assert_eq(life->at[BWM_STAGE_INJECT], 123);
}

Test(req_stats, an_interval_reduces_to_its_statistics)
{
    bwm_req_counts from = {0}, to = {0};
    from.latency_n = 2;
    from.latency_sum = 100;
    to.latency_n = 6;
    to.latency_sum = 180;
    to.stage_fs[BWM_STAGE_DRAM] = 8000;
    to.stage_fs[BWM_STAGE_FILL] = 4000;
    to.dram_bytes_read = 96;
    to.sm_dram = 4;
    to.local_dram = 1;
    to.data_dram_cycles = 30;
    to.data_dram_reads = 3;
    bwm_req_result r;
    bwm_req_result_from(&from, &to, 1000, 1400, 700, &r);
    cr_assert_float_eq(r.avg_mem_latency, 20, 1e-12);
    cr_assert_float_eq(r.lat[BWM_STAGE_DRAM], 2, 1e-12);
    cr_assert_float_eq(r.mem_round_trip, 3, 1e-12);
    cr_assert_eq(r.dram_bytes_read, 96);
    cr_assert_float_eq(r.local_access, 0.25, 1e-12);
    cr_assert_float_eq(r.dram_delay, 20, 1e-12, "10 DRAM cycles are 20 core cycles at twice the clock");
    bwm_req_result_from(&to, &to, 1000, 1400, 700, &r);
    cr_assert_eq(r.avg_mem_latency, 0, "no load answered: nothing to divide by");
}
