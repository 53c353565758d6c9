/* variation_test.c — paper 003's variation (sim/run/variation.h) and the
 * runs it rests on: the metric by hand; a run timed to its first
 * application ends when that one finishes; on the GTX 1080 configuration a
 * memory-bound application beside a memory-bound interferer varies under
 * cp and not under cmp, where neither touches a controller or L2 slice of
 * the other's colour, and pays alone for the colour it lost; the requests
 * of every run are conserved; bad specs are refused before anything runs. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/config/gpu_read.h"
#include "sim/run/run.h"
#include "sim/run/variation.h"
#include "tests/support/gpu_harness.h"

#define GTX1080 BWM_SOURCE_DIR "/data/configs/gtx1080.config"

static bwm_gpu_config gtx1080(void)
{
    bwm_gpu_config c;
    bwm_err err;
    cr_assert_eq(bwm_gpu_config_load_with(GTX1080, NULL, NULL, &c, NULL, &err), BWM_OK, "%s", err.msg);
    return c;
}

Test(variation, by_hand)
{
    int64_t with[] = {110, 150, 130, 150};
    int worst;
    cr_expect_float_eq(bwm_variation_of(with, 4, 100, &worst), 0.5, 1e-12);
    cr_expect_eq(worst, 1, "the first of the longest");
    int64_t faster[] = {90, 95};
    cr_expect_float_eq(bwm_variation_of(faster, 2, 100, &worst), -0.05, 1e-12);
    cr_expect_eq(worst, 1);
    bwm_partitioning p;
    cr_expect_eq(bwm_partitioning_parse("cmp", &p), 0);
    cr_expect_eq(p, BWM_PARTITION_CMP);
    cr_expect_eq(bwm_partitioning_parse("mps", &p), -1);
    cr_expect_str_eq(bwm_partitioning_name(BWM_PARTITION_CP), "cp");
}

Test(variation, a_timed_run_ends_when_its_first_application_finishes)
{
    bwm_gpu_config cfg = gh_config("-gpgpu_n_clusters 4");
    bwm_synth_app apps[2] = {gh_app("FAST", 8, 0.05, 0, 1, BWM_PATTERN_STREAM, 16, 1, 2),
                             gh_app("SLOW", 8, 0.4, 0.2, 8, BWM_PATTERN_RANDOM, 64, 4, 2)};
    bwm_gpu_params p = gh_params(2, apps, "frfcfs");
    bwm_gpu g;
    bwm_err err;
    cr_assert_eq(bwm_gpu_init(&g, &cfg, &p, &err), BWM_OK, "%s", err.msg);
    bwm_run_params rp = {1, 0, 0, 100000, 10000000, 0, 1, 0};
    bwm_run_result r;
    cr_assert_eq(bwm_run(&g, &rp, &r, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(r.apps[0].insts, 100000);
    cr_expect_eq(r.cycles, r.apps[0].cycles, "the run ends with the timed application");
    cr_expect_lt(r.apps[1].insts, 100000, "the interferer, slower, is stopped short of the budget");
    cr_expect_gt(r.apps[1].insts, 0);
    bwm_run_result_free(&r);
    bwm_gpu_free(&g);
}

/* A memory-bound streaming application (vector-add-like). */
static bwm_synth_app streamer(const char *abbr)
{
    return gh_app(abbr, 32, 0.375, 0.333, 1, BWM_PATTERN_STREAM, 64, 4, 2);
}

Test(variation, cmp_isolates_what_cp_shares, .timeout = 600)
{
    bwm_gpu_config cfg = gtx1080();
    bwm_synth_app a = streamer("STRA"), b = streamer("STRB");
    bwm_variation_spec s;
    memset(&s, 0, sizeof s);
    s.cfg = &cfg;
    s.n_apps = 1;
    s.apps[0] = &a;
    s.n_interferers = 1;
    s.interferers[0] = &b;
    s.n_partitionings = 2;
    s.partitionings[0] = BWM_PARTITION_CP;
    s.partitionings[1] = BWM_PARTITION_CMP;
    s.parts = 2;
    s.budget = 2000000;
    s.max_cycles = 10000000;
    s.seed = 1;
    bwm_variation_result r;
    bwm_err err;
    cr_assert_eq(bwm_variation_run(&s, &r, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(r.n_rows, 2);
    const bwm_variation_row *cp = &r.rows[0], *cmp = &r.rows[1];
    cr_assert_eq(cp->how, BWM_PARTITION_CP);
    for (int i = 0; i < 2; i++) {
        const bwm_variation_row *x = &r.rows[i];
        cr_expect_float_eq(x->variation, (double)x->t_with[0] / (double)x->t_alone - 1, 1e-12);
    }
    cr_expect_gt(cp->variation, 0.1, "cp: the interferer takes DRAM bandwidth (%g)", cp->variation);
    cr_expect_lt(cmp->variation, cp->variation, "cmp varies less (%g vs %g)", cmp->variation, cp->variation);
    cr_expect_gt(cmp->t_alone, cp->t_alone, "cmp alone has half the modules (%lld vs %lld)",
                 (long long)cmp->t_alone, (long long)cp->t_alone);
    cr_expect_gt(cp->t_alone, r.t_whole[0], "half the SMs are slower than all of them");

    /* each case on its own (the study's cached runs) gives the same times */
    bwm_app_result res[BWM_GPU_MAX_APPS];
    int n;
    bwm_variation_case whole = {1, BWM_PARTITION_CP, &a, NULL};
    cr_assert_eq(bwm_variation_case_run(&s, &whole, res, &n, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(n, 1);
    cr_expect_eq(res[0].cycles, r.t_whole[0]);
    cr_expect_eq(res[0].insts, s.budget);
    for (int i = 0; i < 2; i++) {
        bwm_variation_case alone = {0, r.rows[i].how, &a, NULL}, with = {0, r.rows[i].how, &a, &b};
        cr_assert_eq(bwm_variation_case_run(&s, &alone, res, &n, &err), BWM_OK, "%s", err.msg);
        cr_expect_eq(n, 1);
        cr_expect_eq(res[0].cycles, r.rows[i].t_alone, "%s alone", bwm_partitioning_name(r.rows[i].how));
        cr_assert_eq(bwm_variation_case_run(&s, &with, res, &n, &err), BWM_OK, "%s", err.msg);
        cr_expect_eq(n, 2);
        cr_expect_eq(res[0].cycles, r.rows[i].t_with[0], "%s beside the interferer",
                     bwm_partitioning_name(r.rows[i].how));
        cr_expect_str_eq(res[1].abbr, "STRB");
        cr_expect_leq(res[1].cycles, res[0].cycles, "the interferer is measured to its budget or to A's end");
        cr_expect(res[1].insts == s.budget || res[1].cycles == res[0].cycles, "%llu insts in %lld cycles",
                  (unsigned long long)res[1].insts, (long long)res[1].cycles);
    }
    bwm_variation_result again = r;
    for (int i = 0; i < again.n_rows; i++)
        again.rows[i].variation = -1, again.rows[i].worst = 7;
    again.mean[0] = again.max[1] = 0;
    bwm_variation_summarise(&again, 1, s.partitionings, 2);
    cr_expect_float_eq(again.rows[0].variation, r.rows[0].variation, 1e-12);
    cr_expect_eq(again.rows[1].worst, 0);
    cr_expect_float_eq(again.mean[0], cp->variation, 1e-12, "one application: the mean is its variation");
    cr_expect_float_eq(again.max[1], cmp->variation, 1e-12);

    s.parts = 4;
    cr_assert_eq(bwm_variation_check(&s, &err), BWM_EINPUT);
    bwm_variation_case four = {0, BWM_PARTITION_CMP, &a, &b};
    cr_expect_eq(bwm_variation_case_run(&s, &four, res, &n, &err), BWM_EINPUT, "one case is refused alike");
    cr_expect_eq(n, 0);
    cr_expect(strstr(err.msg, "2 page colours, fewer than the 4 partitions"), "%s", err.msg);
    s.partitionings[0] = BWM_PARTITION_CP;
    s.n_partitionings = 1;
    cr_expect_eq(bwm_variation_check(&s, &err), BWM_OK, "cp needs no colours: %s", err.msg);
    s.parts = 1;
    cr_expect_eq(bwm_variation_check(&s, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, "1 partitions (2..4)"), "%s", err.msg);
    s.parts = 2;
    s.n_interferers = 0;
    cr_expect_eq(bwm_variation_check(&s, &err), BWM_EINPUT);
}

Test(variation, no_access_crosses_colours_under_cmp, .timeout = 300)
{
    bwm_gpu_config cfg = gtx1080();
    cfg.vm.policy = BWM_VM_COLOR;
    bwm_synth_app apps[2] = {streamer("STRA"), gh_app("RND", 16, 0.2, 0.3, 8, BWM_PATTERN_RANDOM, 64, 4, 2)};
    bwm_gpu_params p = gh_params(2, apps, "frfcfs");
    p.colors[0] = p.colors[1] = 1;
    bwm_gpu g;
    bwm_err err;
    cr_assert_eq(bwm_gpu_init(&g, &cfg, &p, &err), BWM_OK, "%s", err.msg);
    bwm_run_params rp = {0, 20000, 2000, 0, 0, 0, 0, 0};
    bwm_run_result r;
    cr_assert_eq(bwm_run(&g, &rp, &r, &err), BWM_OK, "%s", err.msg);
    uint64_t l2[2] = {0, 0}, dram[2] = {0, 0};
    for (int i = 0; i < g.n_subparts; i++) {
        int channel = i / cfg.dram.n_sub_partitions;
        unsigned color = bwm_color_of_module(&g.vm.colors, (unsigned)channel);
        for (int a = 0; a < 2; a++) {
            uint64_t n = bwm_cache_app_stats(&g.subparts[i].l2, a)->accesses;
            l2[a] += n;
            if (color != (unsigned)a)
                cr_assert_eq(n, 0, "application %d reached L2 slice %d of colour %u", a, i, color);
        }
    }
    for (int c = 0; c < cfg.dram.n_channels; c++) {
        unsigned color = bwm_color_of_module(&g.vm.colors, (unsigned)c);
        for (int a = 0; a < 2; a++) {
            uint64_t n = g.mem.mcs[c].apps[a].c.requests;
            dram[a] += n;
            if (color != (unsigned)a)
                cr_assert_eq(n, 0, "application %d reached controller %d of colour %u", a, c, color);
        }
    }
    for (int a = 0; a < 2; a++) {
        cr_expect_gt(l2[a], 1000);
        cr_expect_gt(dram[a], 1000);
    }
    bwm_run_result_free(&r);
    bwm_gpu_free(&g);
}
