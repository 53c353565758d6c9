/* warp_throttle_test.c — the warp schedulers that hold warps back: CCWS's
 * victim tags, scores and load list (hand-derived), CCWS throttling a
 * crafted thrashing stream and winning back its L1D hits, TBAS's demotion
 * and oldest-first promotion (hand-derived) and TBAS keeping one batch
 * running on an SM, the L1D's owners and replacements, the options and
 * their errors, and determinism. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "sim/cache/cache.h"
#include "sim/core/warp/ccws.h"
#include "sim/core/warp/tbas.h"
#include "tests/support/gpu_harness.h"

/* The running batch of an SM under tbas (its warp scheduler's state). */
#define TB(sm) ((const bwm_tbas *)(sm)->wsched_state)

#define CAL12 BWM_SOURCE_DIR "/data/configs/cal12.config"

Test(warp_throttle, ccws_scores_rise_on_victim_tag_hits_and_decay)
{
    bwm_ccws c;
    bwm_err err;
    cr_assert_eq(bwm_ccws_init(&c, 4, 100, 8, &err), BWM_OK, "%s", err.msg);
    uint64_t live = 0xF; /* cutoff 4 × 100 = 400 */
    cr_assert_eq(bwm_ccws_may_load(&c, live, 0), live, "every score at base: everyone loads");
    for (int i = 0; i < 8; i++)
        bwm_ccws_issued(&c);
    /* a miss on a line warp 1 never lost: nothing */
    cr_assert_eq(bwm_ccws_missed(&c, 1, 0x1000, live, 10), 0);
    /* warp 1 loses 0x1000, then misses on it: hit 1 of 8 instructions,
       inc = 8 × 1/8 × 400 = 400, capped at max(400, 100): score 400 */
    bwm_ccws_evicted(&c, 1, 0x1000);
    cr_assert_eq(bwm_ccws_missed(&c, 1, 0x1000, live, 10), 1);
    cr_assert_eq(bwm_ccws_score(&c, 1, 10), 400);
    cr_assert_eq(bwm_ccws_missed(&c, 1, 0x1000, live, 10), 0, "the tag left the VTA with its hit");
    /* the list: warp 1 (400) alone reaches the cutoff */
    cr_assert_eq(bwm_ccws_may_load(&c, live, 10), 0x2);
    /* 150 cycles on: 250, then warps 0 (100) and 2 (100) bring it to 450 */
    cr_assert_eq(bwm_ccws_score(&c, 1, 160), 250);
    cr_assert_eq(bwm_ccws_may_load(&c, live, 160), 0x7);
    /* back at base after 300 cycles */
    cr_assert_eq(bwm_ccws_score(&c, 1, 310), 100);
    cr_assert_eq(bwm_ccws_may_load(&c, live, 310), live);
    /* FIFO: a set holds 8 tags; a ninth replaces the first (lines of one
       set: line numbers of equal parity) */
    for (uint64_t i = 0; i < 9; i++)
        bwm_ccws_evicted(&c, 2, (i * 2) << 7);
    cr_assert_eq(bwm_ccws_missed(&c, 2, 0, live, 400), 0, "the first tag was replaced");
    cr_assert_eq(bwm_ccws_missed(&c, 2, 16 << 7, live, 400), 1, "the ninth is there");
    /* 2 hits in 8 instructions: inc = 8 × 2/8 × 400 = 800 */
    cr_assert_eq(bwm_ccws_score(&c, 2, 400), 800);
    bwm_ccws_reset_warp(&c, 2, 400);
    cr_assert_eq(bwm_ccws_score(&c, 2, 400), 100, "a new warp in the slot starts at base");
    bwm_ccws_free(&c);
}

Test(warp_throttle, the_l1_remembers_who_allocated_a_line_and_reports_its_replacement)
{
    bwm_cache_config cfg;
    bwm_err err;
    cr_assert_eq(bwm_cache_config_parse(&cfg, "N:1:128:2,L:L:m:N:L,A:8:2,8", &err), BWM_OK, "%s", err.msg);
    bwm_cache c;
    cr_assert_eq(bwm_cache_init(&c, &cfg, 1, BWM_CACHE_SHARED, NULL, &err), BWM_OK, "%s", err.msg);
    bwm_cache_track_owners(&c, 10); /* token / 10 is the owner */
    bwm_cache_result r;
    uint64_t tokens[8], line;
    int n, owner;
    bwm_cache_writeback wb;
    const uint64_t lines[3] = {0, 128, 256};
    for (int i = 0; i < 3; i++) {
        cr_assert_eq(bwm_cache_access(&c, lines[i], 0, 0, (uint64_t)(10 * i + 3), &r, &err), BWM_OK);
        cr_assert_eq(r.outcome, BWM_CACHE_MISS_NEW);
        if (i < 2)
            cr_assert_eq(bwm_cache_take_evicted(&c, &line, &owner), 0, "a free way: nothing replaced");
        cr_assert_eq(bwm_cache_fill(&c, lines[i], tokens, &n, &wb, &err), BWM_OK);
    }
    /* two ways, LRU: the third line replaced line 0, allocated by owner 0 */
    cr_assert_eq(bwm_cache_take_evicted(&c, &line, &owner), 1);
    cr_assert_eq(line, 0);
    cr_assert_eq(owner, 0);
    cr_assert_eq(bwm_cache_take_evicted(&c, &line, &owner), 0, "taken once");
    cr_assert_eq(bwm_cache_access(&c, 384, 0, 0, 77, &r, &err), BWM_OK);
    cr_assert_eq(bwm_cache_take_evicted(&c, &line, &owner), 1);
    cr_assert_eq(line, 128);
    cr_assert_eq(owner, 1, "line 128 came with token 13");
    bwm_cache_free(&c);
}

/* A thrashing stream: 48 warps per SM, each sweeping a block of 8 lines
 * of its own again and again (the blocks of all warps together are 3 times
 * the 16 KB L1D; one warp's fit), loads only. */
static bwm_synth_app thrasher(void)
{
    bwm_synth_app a = gh_app("THR", 48, 0.3, 0, 1, BWM_PATTERN_BLOCK, 2 * 48 * 8 * 128 / 1048576.0, 4, 2);
    a.dep_distance = 4;
    bwm_err err;
    cr_assert_eq(bwm_synth_app_check(&a, &err), BWM_OK, "%s", err.msg);
    return a;
}

static double l1_hit_rate(const bwm_run_result *r)
{
    return (double)r->apps[0].l1_hits / (double)r->apps[0].l1_accesses;
}

Test(warp_throttle, ccws_throttles_a_thrashing_stream)
{
    bwm_synth_app a = thrasher();
    bwm_gpu g;
    bwm_run_result gto, ccws;
    const char *base = "-gpgpu_n_clusters 2 -gpgpu_n_cores_per_cluster 1"; /* memsys15's 16 KB L1D */
    char set[512];
    snprintf(set, sizeof set, "%s -gpgpu_scheduler gto", base);
    gh_run_one(&g, GH_MEMSYS15, set, &a, 20000, &gto);
    uint64_t gto_held = g.sms[0].stats.held;
    bwm_gpu_free(&g);
    bwm_run_result_free(&gto);
    snprintf(set, sizeof set, "%s -gpgpu_scheduler ccws", base);
    gh_run_one(&g, GH_MEMSYS15, set, &a, 20000, &ccws);
    const bwm_sm *sm = &g.sms[0];
    cr_log_info("L1D hit rate gto %.3f ccws %.3f; ipc %.1f %.1f; vta hits %llu, held %llu", l1_hit_rate(&gto),
                l1_hit_rate(&ccws), gto.apps[0].ipc, ccws.apps[0].ipc, (unsigned long long)sm->stats.vta_hits,
                (unsigned long long)sm->stats.held);
    cr_assert_eq(gto_held, 0, "gto holds nobody back");
    cr_assert_gt(sm->stats.vta_hits, 10, "the warps lose their lines to each other");
    cr_assert_gt(sm->stats.held, 1000, "CCWS holds loads back");
    cr_assert_gt(l1_hit_rate(&ccws), l1_hit_rate(&gto) + 0.1, "and wins back L1D hits");
    bwm_gpu_free(&g);
    bwm_run_result_free(&ccws);
}

Test(warp_throttle, tbas_demotes_a_batch_short_of_active_warps_and_promotes_the_oldest)
{
    bwm_tbas t;
    bwm_tbas_init(&t, 2);
    /* slots hold CTAs 4, 5, 2: with 2 CTAs a batch, batches 2, 2 and 1 */
    const uint64_t seq[3] = {4, 5, 2}, warps[3] = {0x3, 0xC, 0x30};
    cr_assert_eq(bwm_tbas_may_access(&t, 3, seq, warps, 2, 0x3F), 0x30, "the oldest batch first");
    cr_assert_eq(bwm_tbas_may_access(&t, 3, seq, warps, 2, 0x3F), 0x30);
    cr_assert_eq(bwm_tbas_may_access(&t, 3, seq, warps, 2, 0x1F), 0xF, "batch 1 has one active warp: batch 2");
    cr_assert_eq(bwm_tbas_may_access(&t, 3, seq, warps, 2, 0x3F), 0xF, "batch 2 keeps running while it has 2");
    cr_assert_eq(bwm_tbas_may_access(&t, 3, seq, warps, 2, 0x11), 0x30,
                 "none has 2: the oldest with any active warp");
    cr_assert_eq(bwm_tbas_may_access(&t, 3, seq, warps, 2, 0), 0x30, "no warp active: nothing changes");
    cr_assert_eq(t.promotions, 3);
    const uint64_t empty[3] = {0x3, 0, 0x30}; /* slot 1 empty: batch 2 has warps 0-1 only */
    bwm_tbas_init(&t, 2);
    cr_assert_eq(bwm_tbas_may_access(&t, 3, seq, empty, 2, 0x13), 0x3);
}

/* The batch of the CTA warp w of sm runs. */
static int64_t batch_of(const bwm_sm *sm, int w)
{
    return (int64_t)(sm->ctas.seq[w / sm->ctas.warps] / (uint64_t)sm->prog->batch_stride);
}

Test(warp_throttle, tbas_issues_memory_instructions_only_from_the_running_batch)
{
    bwm_synth_app a = gh_cta_app(BWM_PATTERN_CTA, 32, 200);
    bwm_gpu_config cfg = gh_config("-gpgpu_n_clusters 2 -gpgpu_n_cores_per_cluster 1 -gpgpu_scheduler tbas "
                                   "-bwm_cta_dispatch serial -bwm_tbas_min_active 2");
    bwm_gpu_params p = gh_params(1, &a, "frfcfs");
    bwm_gpu g;
    bwm_err err;
    cr_assert_eq(bwm_gpu_init(&g, &cfg, &p, &err), BWM_OK, "%s", err.msg);
    const bwm_sm *sm = &g.sms[0];
    cr_assert_eq(TB(sm)->min_active, 2);
    uint64_t mem = 0;
    for (int c = 0; c < 20000; c++) {
        uint64_t before = sm->stats.loads + sm->stats.stores, ctas = sm->stats.ctas;
        cr_assert_eq(bwm_gpu_run_core_cycles(&g, 1, &err), BWM_OK, "%s", err.msg);
        if (sm->stats.loads + sm->stats.stores == before || sm->stats.ctas != ctas)
            continue; /* (a CTA that ended in the cycle may have given its slot to the next) */
        mem++;
        cr_assert_eq(batch_of(sm, sm->ldst.warp), TB(sm)->running, "cycle %d: warp %d of batch %lld issued while "
                     "batch %lld runs", c, sm->ldst.warp, (long long)batch_of(sm, sm->ldst.warp),
                     (long long)TB(sm)->running);
    }
    cr_log_info("%llu memory instructions, %llu batches promoted, %llu cycles held, %llu CTAs",
                (unsigned long long)mem, (unsigned long long)TB(sm)->promotions,
                (unsigned long long)sm->stats.held, (unsigned long long)sm->stats.ctas);
    cr_assert_gt(mem, 300);
    cr_assert_gt(sm->stats.held, 100, "other batches wait their turn");
    cr_assert_gt(TB(sm)->promotions, 5, "batches take turns");
    bwm_gpu_free(&g);
}

Test(warp_throttle, same_seed_same_run)
{
    bwm_synth_app apps[2] = {thrasher(), gh_cta_app(BWM_PATTERN_CTA, 32, 200)};
    const char *sets[2] = {"-gpgpu_n_clusters 2 -gpgpu_n_cores_per_cluster 1 -gpgpu_scheduler ccws",
                           "-gpgpu_n_clusters 2 -gpgpu_n_cores_per_cluster 1 -gpgpu_scheduler tbas"};
    for (int k = 0; k < 2; k++) {
        bwm_run_result r[2];
        uint64_t held[2];
        for (int i = 0; i < 2; i++) {
            bwm_gpu g;
            gh_run_one(&g, GH_MEMSYS15, sets[k], &apps[k], 5000, &r[i]);
            held[i] = g.sms[0].stats.held;
            bwm_gpu_free(&g);
        }
        cr_assert_eq(r[0].requests, r[1].requests, "%s", sets[k]);
        cr_assert_eq(r[0].apps[0].insts, r[1].apps[0].insts, "%s", sets[k]);
        cr_assert_eq(held[0], held[1], "%s", sets[k]);
        cr_assert_gt(held[0], 0, "%s", sets[k]);
        bwm_run_result_free(&r[0]);
        bwm_run_result_free(&r[1]);
    }
}
