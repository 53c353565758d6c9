/* translation_gpu_test.c — the GPU with address translation (-bwm_mmu;
 * sim/tlb/mmu.h, sim/gpu/translation.h): ideal is the run without
 * translation whatever the TLB geometry; shared_tlb and pwcache walk page
 * tables through the memory system (walk reads reach the controllers,
 * marked), every request is answered once, a walk's root is the level the
 * L2 serves best, translation costs instructions, and a seed gives the
 * same run twice; with large pages, Mosaic (cocoa) walks to large pages
 * and misses its TLBs less than GPU-MMU (first-touch), whose interleaved
 * applications never coalesce; applications that come back to their pages
 * thrash the shared L2 TLB once there are more of them. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/config/gpu_read.h"
#include "sim/run/run.h"
#include "sim/gpu/translation.h"
#include "tests/support/gpu_harness.h"

static void same_results(const bwm_run_result *a, const bwm_run_result *b)
{
    for (int app = 0; app < 2; app++) {
        cr_assert_eq(a->apps[app].insts, b->apps[app].insts);
        cr_assert_eq(a->apps[app].l2_misses, b->apps[app].l2_misses);
        cr_assert_eq(a->apps[app].dram_bytes_read, b->apps[app].dram_bytes_read);
        cr_assert_eq(a->apps[app].avg_mem_latency, b->apps[app].avg_mem_latency);
        cr_assert_eq(a->apps[app].mem_stall_frac, b->apps[app].mem_stall_frac);
    }
    cr_assert_eq(a->requests, b->requests);
}

Test(translation_gpu, ideal_is_the_run_without_translation, .timeout = 300)
{
    bwm_gpu a, b;
    bwm_run_result ra, rb;
    gh_run_pair(&a, NULL, &ra);
    gh_run_pair(&b, "-bwm_mmu ideal -bwm_l1_tlb 8:8:5 -bwm_l2_tlb 16:16:50:1 -bwm_ptw 1:4", &rb);
    cr_assert_not(bwm_gpu_translates(&b));
    cr_assert_null(b.sms[0].xlat.tlb.key);
    cr_assert_not(rb.apps[0].translated);
    same_results(&ra, &rb);
    bwm_run_result_free(&ra);
    bwm_run_result_free(&rb);
    bwm_gpu_free(&a);
    bwm_gpu_free(&b);
}

Test(translation_gpu, walks_read_page_tables_through_the_memory_system, .timeout = 300)
{
    const char *designs[] = {"-bwm_mmu shared_tlb", "-bwm_mmu pwcache"};
    bwm_gpu ideal;
    bwm_run_result ri;
    gh_run_pair(&ideal, NULL, &ri);
    for (size_t d = 0; d < 2; d++) {
        bwm_gpu g;
        bwm_run_result r;
        gh_run_pair(&g, designs[d], &r);
        cr_assert(bwm_gpu_translates(&g));
        for (int app = 0; app < 2; app++) {
            const bwm_xlat_result *x = &r.apps[app].xlat;
            cr_assert(r.apps[app].translated);
            cr_assert_gt(x->walks, 0, "%s: application %d walks", designs[d], app);
            cr_assert_gt(x->l1_tlb_miss_rate, 0);
            cr_assert_lt(r.apps[app].insts, ri.apps[app].insts, "%s: translation costs application %d", designs[d],
                         app);
            cr_assert_geq(x->warps_per_miss, 1);
            cr_assert_leq(x->warps_per_miss_frac, 1, "warps of one SM per miss, over the SM's warps");
            for (int k = 1; k <= 4; k++)
                cr_assert_leq(x->walk_l2_hit[k], 1);
        }
        /* the random application's walks: the root's line is read by every walk, its leaves rarely twice */
        const bwm_xlat_result *x = &r.apps[1].xlat;
        if (d == 0) {
            cr_assert_geq(x->walk_l2_hit[1], x->walk_l2_hit[4], "root %g leaf %g", x->walk_l2_hit[1],
                          x->walk_l2_hit[4]);
            cr_assert_gt(x->walk_l2_hit[1], 0.9);
            /* a walk is its four reads one after another: their latencies add up to the walk's */
            double sum = 0;
            for (int k = 1; k <= 4; k++) {
                cr_assert_gt(x->walk_read_latency[k], 0, "level %d", k);
                sum += x->walk_read_latency[k];
            }
            cr_assert_float_eq(sum, x->walk_latency, 0.05 * x->walk_latency, "levels %g, walk %g", sum,
                               x->walk_latency);
        }
        cr_assert_gt(g.req.app[1].walk_dram_reads, 0, "%s: walk reads reached DRAM", designs[d]);
        cr_assert_gt(x->walk_bw_frac, 0);
        cr_assert_lt(x->walk_bw_frac, 1);
        cr_assert(bwm_mmu_idle(&g.mmu));
        bwm_run_result_free(&r);
        bwm_gpu_free(&g);
    }
    bwm_run_result_free(&ri);
    bwm_gpu_free(&ideal);
}

Test(translation_gpu, a_seed_gives_the_same_run, .timeout = 300)
{
    const char *designs[] = {"-bwm_mmu shared_tlb -bwm_vm first-touch",
                             "-bwm_mmu shared_tlb -bwm_vm cocoa -bwm_large_page 2097152"};
    for (size_t d = 0; d < 2; d++) {
        bwm_gpu a, b;
        bwm_run_result ra, rb;
        gh_run_pair(&a, designs[d], &ra);
        gh_run_pair(&b, designs[d], &rb);
        same_results(&ra, &rb);
        for (int app = 0; app < 2; app++)
            cr_assert_eq(memcmp(&ra.apps[app].xlat, &rb.apps[app].xlat, sizeof ra.apps[app].xlat), 0);
        bwm_run_result_free(&ra);
        bwm_run_result_free(&rb);
        bwm_gpu_free(&a);
        bwm_gpu_free(&b);
    }
}

Test(translation_gpu, mosaic_walks_to_large_pages_and_gpu_mmu_never_coalesces, .timeout = 300)
{
    bwm_gpu mmu, mosaic;
    bwm_run_result rm, rs;
    gh_run_pair(&mmu, "-bwm_mmu shared_tlb -bwm_vm first-touch -bwm_large_page 2097152", &rm);
    gh_run_pair(&mosaic, "-bwm_mmu shared_tlb -bwm_vm cocoa -bwm_large_page 2097152", &rs);
    cr_assert_not_null(mosaic.sms[0].xlat.tlb_large.key, "the L1 TLBs have large-page entries");
    for (int app = 0; app < 2; app++) {
        const bwm_xlat_result *m = &rm.apps[app].xlat, *s = &rs.apps[app].xlat;
        cr_assert_eq(m->large_pages, 0, "GPU-MMU: application %d coalesced %llu", app,
                     (unsigned long long)m->large_pages);
        cr_assert_eq(m->large_walk_frac, 0);
        cr_assert_gt(s->large_pages, 0, "Mosaic: application %d", app);
        cr_assert_gt(s->large_walk_frac, 0, "application %d", app);
        cr_assert_lt(s->l1_tlb_miss_rate, m->l1_tlb_miss_rate, "application %d: %g vs %g", app,
                     s->l1_tlb_miss_rate, m->l1_tlb_miss_rate);
    }
    /* the random application touches every large page of its 64 MB (the hot set after them is in base
       pages) and thrashes 4 KB entries; large ones reach its whole footprint */
    cr_assert_eq(rs.apps[1].xlat.large_pages, 32);
    cr_assert_gt(rs.apps[1].insts, rm.apps[1].insts);
    cr_assert(bwm_mmu_idle(&mosaic.mmu));
    bwm_run_result_free(&rm);
    bwm_run_result_free(&rs);
    bwm_gpu_free(&mmu);
    bwm_gpu_free(&mosaic);
}

/* MASK-Cache (sim/tlb/mmu.h): every epoch a walk level whose L2 hit rate is
 * below the data reads' skips the L2.  The root, whose one line every walk
 * reads, is served by the L2 nearly always; the data's share is the loads'
 * alone (the L2's own count of them: the walk reads that join a pending
 * miss, which the L2 counts as neither hits nor data, once made it look
 * above 1).  So the root never skips the L2, epoch after epoch. */
Test(translation_gpu, mask_cache_keeps_the_root_in_the_l2, .timeout = 300)
{
    bwm_err err;
    bwm_sched_settings s = {0}; /* MASK-Cache alone, epochs of 2000 cycles */
    cr_assert_eq(bwm_sched_settings_add(&s, "tokens=off,golden=off,silver=off,epoch=2000", &err), BWM_OK, "%s",
                 err.msg);
    static bwm_synth_app apps[2]; /* gh_run_pair's */
    apps[0] = gh_app("RD", 24, 0.3, 0.2, 4, BWM_PATTERN_STREAM, 64, 2, 4);
    apps[1] = gh_app("RND", 16, 0.2, 0.3, 8, BWM_PATTERN_RANDOM, 64, 4, 2);
    bwm_gpu_params p = gh_params(2, apps, "mask");
    p.sched_params.settings = &s;
    bwm_gpu_config cfg = gh_config("-bwm_mmu shared_tlb");
    bwm_gpu g;
    cr_assert_eq(bwm_gpu_init(&g, &cfg, &p, &err), BWM_OK, "%s", err.msg);
    for (int epoch = 1; epoch <= 10; epoch++) {
        cr_assert_eq(bwm_gpu_run_core_cycles(&g, 2000, &err), BWM_OK, "%s", err.msg);
        cr_assert_not(g.mmu.level_bypassed[1], "epoch %d: the root skips the L2", epoch);
    }
    cr_assert_geq(g.mmu.epochs, 5);
    uint64_t reads = 0, served = 0;
    for (int i = 0; i < g.n_subparts; i++) {
        reads += g.subparts[i].stats.data_reads;
        served += g.subparts[i].stats.data_reads_served;
    }
    cr_assert_gt(reads, 0);
    cr_assert_leq(served, reads);
    bwm_gpu_free(&g);
}

/* n copies of an application reading lines at random over 1 MB (256 base
 * pages, each read again and again) on mask17 under the design of
 * `overrides`: the mean over the copies of their IPC and of their L2 TLB
 * miss rates. */
static void copies(int n, const char *overrides, double *ipc, double *l2_miss)
{
    static bwm_synth_app apps[4];
    for (int i = 0; i < n; i++) {
        apps[i] = gh_app("TLBR", 8, 0.05, 0, 1, BWM_PATTERN_RANDOM, 1, 4, 2);
        apps[i].dep_distance = 2; /* a load's value is needed soon: the warp waits on it */
    }
    bwm_gpu_config cfg;
    bwm_err err;
    cr_assert_eq(bwm_gpu_config_load_with(BWM_SOURCE_DIR "/data/configs/mask17.config", overrides, "test", &cfg,
                                          NULL, &err), BWM_OK, "%s", err.msg);
    bwm_gpu_params p = gh_params(n, apps, "frfcfs");
    bwm_gpu g;
    cr_assert_eq(bwm_gpu_init(&g, &cfg, &p, &err), BWM_OK, "%s", err.msg);
    bwm_run_params rp = {0, 30000, 5000, 0, 0, 0, 0, 0};
    bwm_run_result r;
    cr_assert_eq(bwm_run(&g, &rp, &r, &err), BWM_OK, "%s", err.msg);
    *ipc = *l2_miss = 0;
    for (int i = 0; i < n; i++) {
        *ipc += r.apps[i].ipc / n;
        *l2_miss += r.apps[i].translated ? r.apps[i].xlat.l2_tlb_miss_rate / n : 0;
    }
    bwm_run_result_free(&r);
    bwm_gpu_free(&g);
}

/* The thesis's cause of SharedTLB falling behind with more applications
 * (Ch. 6): their pages thrash the shared L2 TLB.  Applications that come
 * back to their pages show it: two copies' pages fit the L2 TLB (512
 * entries), four copies' 1024 do not. */
Test(translation_gpu, shared_tlb_falls_behind_when_more_applications_thrash_the_l2_tlb, .timeout = 300)
{
    double ideal[2], shared[2], miss[2], unused;
    const int n[2] = {2, 4};
    for (int k = 0; k < 2; k++) {
        copies(n[k], "-bwm_mmu ideal", &ideal[k], &unused);
        copies(n[k], "-bwm_mmu shared_tlb", &shared[k], &miss[k]);
    }
    cr_log_info("L2 TLB miss rate %.3f -> %.3f; SharedTLB/Ideal %.3f -> %.3f", miss[0], miss[1],
                shared[0] / ideal[0], shared[1] / ideal[1]);
    cr_assert_lt(miss[0], 0.05, "two copies fit: %g", miss[0]);
    cr_assert_gt(miss[1], 0.2, "four thrash: %g", miss[1]);
    cr_assert_lt(shared[1] / ideal[1], shared[0] / ideal[0] - 0.1, "and lose more of Ideal's speed");
}
