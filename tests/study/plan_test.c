/* plan_test.c — the study's plan and its content keys: the experiments'
 * runs, one key per distinct simulation, and a key that changes with
 * exactly what the run depends on (an application's parameters change the
 * keys of its runs only). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/run/synth_catalog.h"
#include "sim/config/gpu_read.h"
#include "study/experiment.h"
#include "study/key.h"
#include "study/plan_build.h"

static bwm_gpu_config cfg, var_cfg, xlat_cfg, batch_cfgs[8], traces_cfg;
static bwm_synth_app *apps, *batch_apps, *standins;
static size_t n_apps, n_fit_apps, n_batch_apps, probe_first, n_standins;
static bwm_study_trace traces[2];
static bwm_catalog cat;
static bwm_study_list list;
static const char *const scheds[] = {"frfcfs", "rr", "its", "weis", "prior-low-mpki", "prior-low-bw"};

/* The applications of path appended to apps. */
static void append(const char *path)
{
    bwm_err err;
    bwm_synth_app *extra;
    size_t n_extra;
    cr_assert_eq(bwm_synth_load(path, &extra, &n_extra, &err), 0, "%s", err.msg);
    apps = realloc(apps, (n_apps + n_extra) * sizeof *apps);
    cr_assert(apps);
    memcpy(apps + n_apps, extra, n_extra * sizeof *extra);
    n_apps += n_extra;
    free(extra);
}

static void setup(void)
{
    bwm_err err;
    cr_assert_eq(bwm_gpu_config_load_with(BWM_SOURCE_DIR "/data/configs/memsys15.config", NULL, "--set", &cfg, NULL,
                                          &err), 0, "%s", err.msg);
    cr_assert_eq(bwm_gpu_config_load_with(BWM_SOURCE_DIR "/data/configs/gtx1080.config", NULL, NULL, &var_cfg, NULL,
                                          &err), 0, "%s", err.msg);
    cr_assert_eq(bwm_gpu_config_load_with(BWM_SOURCE_DIR "/data/configs/mask17.config", NULL, NULL, &xlat_cfg, NULL,
                                          &err), 0, "%s", err.msg);
    cr_assert_eq(bwm_synth_load(BWM_SOURCE_DIR "/data/apps_calibrated.csv", &apps, &n_apps, &err), 0, "%s", err.msg);
    n_fit_apps = n_apps;
    append(BWM_SOURCE_DIR "/data/apps_fgpu.csv");
    probe_first = n_apps;
    append(BWM_SOURCE_DIR "/data/apps_tlb_reuse.csv");
    cr_assert_eq(bwm_synth_catalog(apps, n_apps, &cat, &err), 0);
    cr_assert(bwm_batch_design_count() <= 8);
    for (size_t d = 0; d < bwm_batch_design_count(); d++)
        cr_assert_eq(bwm_gpu_config_load_with(BWM_SOURCE_DIR "/data/configs/cal12.config",
                                              bwm_batch_design_at(d)->settings, "batch", &batch_cfgs[d], NULL, &err),
                     0, "%s", err.msg);
    cr_assert_eq(bwm_synth_load(BWM_SOURCE_DIR "/data/apps_cta.csv", &batch_apps, &n_batch_apps, &err), 0, "%s",
                 err.msg);
    cr_assert_eq(bwm_study_list_load(&list, BWM_SOURCE_DIR "/data/workloads/study.csv", &cat, &err), 0, "%s",
                 err.msg);
    cr_assert_eq(bwm_gpu_config_load_with(BWM_SOURCE_DIR "/data/configs/qv100_traces.config", NULL, NULL, &traces_cfg,
                                          NULL, &err), 0, "%s", err.msg);
    cr_assert_eq(bwm_synth_load(BWM_SOURCE_DIR "/data/standins_traces.csv", &standins, &n_standins, &err), 0, "%s",
                 err.msg);
    const char *names[2] = {"vectoradd", "matrixmul"};
    for (int k = 0; k < 2; k++) {
        snprintf(traces[k].name, sizeof traces[k].name, "%s", names[k]);
        snprintf(traces[k].path, sizeof traces[k].path, BWM_SOURCE_DIR "/data/traces/%s", names[k]);
        traces[k].spec = (bwm_trace_spec){traces[k].path, traces[k].name};
        cr_assert_eq(bwm_study_trace_hash(traces[k].path, traces[k].sha, &err), 0, "%s", err.msg);
    }
}

static void teardown(void)
{
    bwm_study_list_free(&list);
    bwm_catalog_free(&cat);
    free(apps);
    free(batch_apps);
    free(standins);
}

static bwm_study_setup base(int quick)
{
    bwm_study_setup s;
    memset(&s, 0, sizeof s);
    s.cfg = &cfg;
    s.apps = apps;
    s.n_apps = n_apps;
    s.n_fit_apps = n_fit_apps;
    s.list = &list;
    s.scheds = scheds;
    s.nsched = 6;
    s.quick = quick;
    s.window = 1024;
    snprintf(s.binary, sizeof s.binary, "b");
    snprintf(s.config, sizeof s.config, "c");
    s.seed = 1;
    s.cycles = 100000;
    s.warmup = 10000;
    s.var_cfg = &var_cfg;
    snprintf(s.var_config, sizeof s.var_config, "v");
    s.var_insts = 1000000;
    s.var_max_cycles = 100000000;
    s.xlat_cfg = &xlat_cfg;
    snprintf(s.xlat_config, sizeof s.xlat_config, "x");
    s.batch_cfgs = batch_cfgs;
    snprintf(s.batch_config, sizeof s.batch_config, "t");
    s.batch_apps = batch_apps;
    s.n_batch_apps = n_batch_apps;
    s.xlat_cycles = s.xlat_warmup = 200000;
    s.xlat_probes = apps + probe_first;
    s.n_xlat_probes = n_apps - probe_first;
    s.traces_cfg = &traces_cfg;
    snprintf(s.traces_config, sizeof s.traces_config, "q");
    s.traces = traces;
    s.n_traces = 2;
    s.standins = standins;
    s.n_standins = n_standins;
    s.traces_insts = 2000000;
    s.traces_max_cycles = 100000000;
    return s;
}

static size_t count(const bwm_study_plan *p, int exp)
{
    size_t n = 0;
    for (size_t k = 0; k < p->n; k++)
        n += p->r[k].exp == exp;
    return n;
}

TestSuite(plan, .init = setup, .fini = teardown);

Test(plan, full_study_runs)
{
    bwm_study_setup s = base(0);
    bwm_study_plan p;
    bwm_err err;
    cr_assert_eq(bwm_study_plan_build(&s, &p, &err), 0, "%s", err.msg);
    cr_assert_eq(count(&p, BWM_EXP_MAIN), 600);                 /* 100 pairs x 6 */
    cr_assert_eq(count(&p, BWM_EXP_PRIOR), 6);                  /* Fig. 5: 3 pairs x prior-1, prior-2 */
    cr_assert_eq(count(&p, BWM_EXP_THREE), 30);                 /* 10 triples x frfcfs, its, weis */
    cr_assert_eq(count(&p, BWM_EXP_SPLIT), 4);                  /* JPEG_GUPS 10/20, 20/10 x frfcfs, its */
    cr_assert_eq(count(&p, BWM_EXP_WINDOW), 100);               /* 25 + 25 workloads x 256, 2048 */
    cr_assert_eq(count(&p, BWM_EXP_ASJF), 8 * n_fit_apps);      /* asjf, asjfw x 4 alphas */
    /* paper 003: 5 applications on the whole GPU, then under cp and cmp alone
     * and beside each of 3 interferers */
    cr_assert_eq(count(&p, BWM_EXP_VARIATION), 5 + 2 * 5 * 4);
    cr_assert(bwm_study_plan_alone(&p, "VA", 15, "") < 0, "VA is no application of paper 000's fit");
    /* every application alone on 15 (pairs), 10 (triples, 10/20 splits) and 30 SMs */
    cr_assert(bwm_study_plan_alone(&p, "NN", 15, "") >= 0 && bwm_study_plan_alone(&p, "NN", 30, "") >= 0);
    cr_assert(bwm_study_plan_alone(&p, "JPEG", 10, "") >= 0 && bwm_study_plan_alone(&p, "GUPS", 20, "") >= 0);
    for (size_t k = 0; k < p.n; k++)
        for (size_t j = 0; j < k; j++)
            if (strcmp(p.r[k].key, p.r[j].key) == 0)
                cr_assert(p.r[k].exp != p.r[j].exp || p.r[k].exp == BWM_EXP_ALONE,
                          "%s %s twice in one experiment", p.r[k].workload, p.r[k].sched);
    bwm_study_plan_free(&p);
}

Test(plan, quick_study_is_small_and_keeps_every_experiment)
{
    bwm_study_setup s = base(1);
    bwm_study_plan p;
    bwm_err err;
    cr_assert_eq(bwm_study_plan_build(&s, &p, &err), 0, "%s", err.msg);
    cr_assert(p.n <= 300, "%zu runs", p.n);
    for (int e = 0; e < bwm_study_exp_count(); e++)
        cr_assert(count(&p, e) > 0, "no %s run", bwm_study_exp_name(e));
    bwm_study_plan_free(&p);
}

/* The queueing model's latency probes: every application of the pairs and
 * triples once on its share (study.csv: 25 applications in pairs on 15 SMs,
 * 24 in triples on 10; quick: the 15 of its 14 pairs and the 6 of its 2
 * triples), keyed apart from its alone run, after every other run. */
Test(plan, queue_probes_are_every_fit_application_on_its_share)
{
    int exp = bwm_study_exp_parse("queue_probe");
    cr_assert(exp >= 0);
    for (int quick = 0; quick < 2; quick++) {
        bwm_study_setup s = base(quick);
        bwm_study_plan p;
        bwm_err err;
        cr_assert_eq(bwm_study_plan_build(&s, &p, &err), 0, "%s", err.msg);
        cr_assert_eq(count(&p, exp), quick ? 21u : 49u);
        size_t first = p.n;
        for (size_t k = 0; k < p.n; k++) {
            const bwm_study_run *r = &p.r[k];
            if (r->exp != exp) {
                cr_assert(first == p.n, "%s %s after a probe", bwm_study_exp_name(r->exp), r->workload);
                continue;
            }
            first = first < k ? first : k;
            long a = bwm_study_plan_alone(&p, r->app[0], r->split[0], "");
            cr_assert(a >= 0, "no alone run of %s on %d SMs", r->app[0], r->split[0]);
            cr_assert(strcmp(p.r[a].key, r->key) != 0, "%s's probe has its alone run's key", r->app[0]);
            cr_assert(r->split[0] == 15 || r->split[0] == 10);
            for (size_t j = first; j < k; j++)
                cr_assert(strcmp(p.r[j].key, r->key) != 0, "%s on %d SMs probed twice", r->app[0], r->split[0]);
        }
        bwm_study_plan_free(&p);
    }
}

/* Whether run r has the application app. */
static int has_app(const bwm_study_run *r, const char *app)
{
    for (size_t i = 0; i < r->napps; i++)
        if (strcmp(r->app[i], app) == 0)
            return 1;
    return 0;
}

/* The key of every run of the quick plan under s. */
static void keys(bwm_study_setup *s, char (*out)[BWM_SHA256_HEX], bwm_study_plan *p)
{
    bwm_err err;
    cr_assert_eq(bwm_study_plan_build(s, p, &err), 0, "%s", err.msg);
    for (size_t k = 0; k < p->n; k++)
        memcpy(out[k], p->r[k].key, BWM_SHA256_HEX);
}

Test(plan, keys_change_with_what_a_run_depends_on)
{
    static char a[300][BWM_SHA256_HEX], b[300][BWM_SHA256_HEX];
    bwm_study_setup s = base(1);
    bwm_study_plan p, q;
    keys(&s, a, &p);
    cr_assert(p.n <= 300);
    /* an application's parameters: exactly the runs with NN */
    bwm_synth_app *nn = (bwm_synth_app *)bwm_synth_find(apps, n_apps, "NN");
    nn->compute_latency++;
    keys(&s, b, &q);
    nn->compute_latency--;
    for (size_t k = 0; k < p.n; k++) {
        cr_assert_eq(strcmp(a[k], b[k]) != 0, has_app(&p.r[k], "NN"), "%s %s", p.r[k].workload, p.r[k].sched);
    }
    bwm_study_plan_free(&q);
    /* a trace's content: exactly the traced runs with that trace */
    char sha[BWM_SHA256_HEX];
    memcpy(sha, traces[0].sha, sizeof sha);
    traces[0].sha[0] = traces[0].sha[0] == '0' ? '1' : '0';
    keys(&s, b, &q);
    memcpy(traces[0].sha, sha, sizeof sha);
    for (size_t k = 0; k < p.n; k++) {
        cr_assert_eq(strcmp(a[k], b[k]) != 0, has_app(&p.r[k], "vectoradd"), "%s %s", p.r[k].workload, p.r[k].sched);
    }
    bwm_study_plan_free(&q);
    /* the executable and the seed: every run; the run length: every run but
     * the variation's, which has its own GPU and instruction budget: those
     * change the variation runs only, and the translation's, which have their
     * own length; the configuration: neither the variation's nor the
     * translation's nor the batch experiment's nor the traced experiment's,
     * which have their own GPUs too (the traced one in paper mode: no run
     * length either) */
    for (int f = 0; f < 10; f++) {
        bwm_study_setup t = s;
        if (f < 2)
            snprintf(f == 0 ? t.binary : t.config, BWM_SHA256_HEX, "%s", "other");
        else if (f == 2)
            t.seed = 2;
        else if (f == 3)
            t.cycles++;
        else if (f == 4)
            snprintf(t.var_config, BWM_SHA256_HEX, "%s", "other");
        else if (f == 5)
            t.var_insts++;
        else if (f == 6)
            snprintf(t.xlat_config, BWM_SHA256_HEX, "%s", "other");
        else if (f == 8)
            t.xlat_warmup++;
        else if (f == 9)
            snprintf(t.traces_config, BWM_SHA256_HEX, "%s", "other");
        else
            snprintf(t.batch_config, BWM_SHA256_HEX, "%s", "other");
        keys(&t, b, &q);
        for (size_t k = 0; k < p.n; k++) {
            int variation = p.r[k].exp == BWM_EXP_VARIATION, batch = p.r[k].exp == BWM_EXP_BATCH;
            int translation = p.r[k].design[0] != 0 && !batch;
            int traced = strcmp(bwm_study_exp_name(p.r[k].exp), "traces") == 0;
            int changes = f == 0 || f == 2 || (f == 1 && !variation && !translation && !batch && !traced) ||
                          (f == 3 && !variation && !translation && !traced) || ((f == 4 || f == 5) && variation) ||
                          ((f == 6 || f == 8) && translation) || (f == 7 && batch) || (f == 9 && traced);
            cr_assert_eq(strcmp(a[k], b[k]) != 0, changes, "change %d: the key of %s %s %s", f,
                         bwm_study_exp_name(p.r[k].exp), p.r[k].workload, p.r[k].sched);
        }
        bwm_study_plan_free(&q);
    }
    /* the same inputs: the same keys */
    keys(&s, b, &q);
    for (size_t k = 0; k < p.n; k++)
        cr_assert_str_eq(a[k], b[k]);
    bwm_study_plan_free(&q);
    bwm_study_plan_free(&p);
}

Test(plan, unknown_scheduler_is_refused)
{
    static const char *const bad[] = {"frfcfs", "warp-drive"};
    bwm_study_setup s = base(1);
    s.scheds = bad;
    s.nsched = 2;
    bwm_study_plan p;
    bwm_err err;
    cr_assert_eq(bwm_study_plan_build(&s, &p, &err), 2);
    cr_assert(strstr(err.msg, "warp-drive"), "%s", err.msg);
}

Test(plan, variation_runs_are_paper_003s_cases)
{
    bwm_study_setup s = base(1);
    bwm_study_plan p;
    bwm_err err;
    cr_assert_eq(bwm_study_plan_build(&s, &p, &err), 0, "%s", err.msg);
    size_t whole = 0, alone = 0, beside = 0;
    for (size_t k = 0; k < p.n; k++) {
        const bwm_study_run *r = &p.r[k];
        if (r->exp != BWM_EXP_VARIATION)
            continue;
        if (strcmp(r->partition, "whole") == 0) {
            whole++;
            cr_expect_eq(r->split[0], 20, "the whole GTX 1080");
            cr_expect_eq(r->parts, 0);
            continue;
        }
        cr_expect(strcmp(r->partition, "cp") == 0 || strcmp(r->partition, "cmp") == 0, "%s", r->partition);
        cr_expect_eq(r->parts, 2);
        for (size_t i = 0; i < r->napps; i++)
            cr_expect_eq(r->split[i], 10, "half the SMs each");
        if (r->napps == 1)
            alone++;
        else
            beside++;
        cr_expect(r->napps == 1 || strchr(r->workload, '_'), "%s", r->workload);
    }
    cr_expect_eq(whole, 5);
    cr_expect_eq(alone, 10);
    cr_expect_eq(beside, 30);
    bwm_study_plan_free(&p);
    /* an applications file without VA and no variation file: refused, named */
    s.n_apps = n_fit_apps;
    cr_assert_eq(bwm_study_plan_build(&s, &p, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, "'VA'"), "%s", err.msg);
}

static size_t count_design(const bwm_study_plan *p, const char *design, size_t napps)
{
    size_t n = 0;
    for (size_t k = 0; k < p->n; k++)
        n += p->r[k].exp == BWM_EXP_TRANSLATION && strcmp(p->r[k].design, design) == 0 && p->r[k].napps == napps;
    return n;
}

Test(plan, translation_runs_are_the_designs_on_the_thesis_workloads)
{
    bwm_study_setup s = base(0);
    bwm_study_plan p;
    bwm_err err;
    cr_assert_eq(bwm_study_plan_build(&s, &p, &err), 0, "%s", err.msg);
    /* 8 pairs, their 10 applications alone, 3 groups of 3 and 2 of 4, under
     * each of the 8 designs of MASK's group and the 5 of Mosaic's */
    cr_assert_eq(count(&p, BWM_EXP_TRANSLATION), 13 * (8 + 10 + 3 + 2));
    static const char *const designs[] = {"mask/ideal",         "mask/shared_tlb",  "mask/mask",
                                          "mask/mask_tlb",      "mask/mask_cache",  "mask/mask_dram",
                                          "mask/shared_tlb_8k", "mask/mask_8k",     "mosaic/ideal",
                                          "mosaic/gpu_mmu",     "mosaic/mosaic",    "mosaic/large_only",
                                          "mosaic/ideal_cocoa"};
    for (size_t d = 0; d < sizeof designs / sizeof designs[0]; d++) {
        cr_assert_eq(count_design(&p, designs[d], 1), 10, "%s", designs[d]);
        cr_assert_eq(count_design(&p, designs[d], 2), 8);
        cr_assert_eq(count_design(&p, designs[d], 3), 3);
        cr_assert_eq(count_design(&p, designs[d], 4), 2);
    }
    for (size_t k = 0; k < p.n; k++) {
        const bwm_study_run *r = &p.r[k];
        if (r->exp != BWM_EXP_TRANSLATION)
            continue;
        int sms = 0;
        for (size_t i = 0; i < r->napps; i++) {
            sms += r->split[i];
            long a = bwm_study_plan_alone_of(&p, r, i);
            cr_assert(a >= 0, "no alone run of %s in %s", r->app[i], r->workload);
            cr_assert_str_eq(p.r[a].design, strncmp(r->design, "mask/", 5) == 0 ? "mask/shared_tlb" : "mosaic/gpu_mmu",
                             "alone runs under SharedTLB (MASK's group), GPU-MMU (Mosaic's)");
            cr_assert_eq(p.r[a].split[0], r->split[i]);
        }
        cr_assert_eq(sms, 30, "%s shares mask17's 30 SMs", r->workload);
    }
    cr_assert_eq(count_design(&p, "mask/mask_tlb", 4), 2);
    long scan = bwm_study_plan_alone(&p, "SCAN", 15, "mask/shared_tlb");
    cr_assert(scan >= 0 && strcmp(p.r[scan].key, p.r[bwm_study_plan_alone(&p, "SCAN", 15, "")].key) != 0,
              "the translation's alone runs are not the main GPU's");
    bwm_study_plan_free(&p);
    /* quick: one pair and one application under ideal, shared_tlb, mask, and Mosaic's ideal, gpu_mmu, mosaic */
    s = base(1);
    cr_assert_eq(bwm_study_plan_build(&s, &p, &err), 0, "%s", err.msg);
    cr_assert_eq(count(&p, BWM_EXP_TRANSLATION), 12);
    cr_assert_eq(count_design(&p, "mosaic/mosaic", 2), 1);
    cr_assert_eq(count_design(&p, "mosaic/large_only", 2), 0);
    cr_assert_eq(count_design(&p, "mask/mask", 2), 1);
    cr_assert_eq(count_design(&p, "mask/mask", 1), 1);
    cr_assert_eq(count_design(&p, "mask/mask_dram", 2), 0);
    bwm_study_plan_free(&p);
}

Test(plan, page_reuse_runs_are_one_to_four_copies_of_each_probe_under_every_design)
{
    bwm_study_setup s = base(0);
    size_t probes = n_apps - probe_first;
    cr_assert_geq(probes, 1);
    bwm_study_plan p;
    bwm_err err;
    cr_assert_eq(bwm_study_plan_build(&s, &p, &err), 0, "%s", err.msg);
    cr_assert_eq(count(&p, BWM_EXP_PAGE_REUSE), bwm_xlat_design_count() * probes * 4);
    for (size_t k = 0; k < p.n; k++) {
        const bwm_study_run *r = &p.r[k];
        if (r->exp != BWM_EXP_PAGE_REUSE)
            continue;
        int sms = 0;
        for (size_t i = 0; i < r->napps; i++) {
            cr_assert_str_eq(r->app[i], r->app[0], "copies of one probe: %s", r->workload);
            sms += r->split[i];
            long a = bwm_study_plan_alone_of(&p, r, i);
            cr_assert(a >= 0, "no alone run of %s in %s", r->app[i], r->workload);
            cr_assert(bwm_study_run_translated(&p.r[a]), "alone on the translation GPU");
        }
        cr_assert_eq(sms, 30, "%s shares mask17's 30 SMs", r->workload);
        cr_assert(bwm_study_run_translated(r));
    }
    /* the translation runs' length is in their keys, and only theirs */
    bwm_study_plan longer;
    s.xlat_cycles = 300000;
    cr_assert_eq(bwm_study_plan_build(&s, &longer, &err), 0, "%s", err.msg);
    cr_assert_eq(longer.n, p.n);
    for (size_t k = 0; k < p.n; k++)
        cr_assert_eq(strcmp(p.r[k].key, longer.r[k].key) != 0, bwm_study_run_translated(&p.r[k]), "%s %s",
                     bwm_study_exp_name(p.r[k].exp), p.r[k].workload);
    bwm_study_plan_free(&longer);
    bwm_study_plan_free(&p);
    s = base(1); /* quick: 2 copies of the first probe under the designs marked quick */
    cr_assert_eq(bwm_study_plan_build(&s, &p, &err), 0, "%s", err.msg);
    size_t quick_designs = 0;
    for (size_t d = 0; d < bwm_xlat_design_count(); d++)
        quick_designs += bwm_xlat_design_at(d)->quick != 0;
    cr_assert_eq(count(&p, BWM_EXP_PAGE_REUSE), quick_designs);
    for (size_t k = 0; k < p.n; k++)
        if (p.r[k].exp == BWM_EXP_PAGE_REUSE)
            cr_assert(p.r[k].napps == 2 && strcmp(p.r[k].app[0], apps[probe_first].abbr) == 0, "%s", p.r[k].workload);
    bwm_study_plan_free(&p);
}

static size_t count_batch(const bwm_study_plan *p, const char *design, const char *app)
{
    size_t n = 0;
    for (size_t k = 0; k < p->n; k++)
        n += p->r[k].exp == BWM_EXP_BATCH && strcmp(p->r[k].design, design) == 0 &&
             (!app || strcmp(p->r[k].app[0], app) == 0);
    return n;
}

Test(plan, batch_runs_are_every_application_under_every_design)
{
    bwm_study_setup s = base(0);
    bwm_study_plan p;
    bwm_err err;
    cr_assert_eq(bwm_study_plan_build(&s, &p, &err), 0, "%s", err.msg);
    static const char *const designs[] = {"baseline", "temp", "temp_tbas"};
    cr_assert_eq(bwm_batch_design_count(), 3, "paper 002's three designs, one row each");
    for (size_t d = 0; d < 3; d++) {
        cr_assert_str_eq(bwm_batch_design_at(d)->name, designs[d]);
        cr_assert_eq(count_batch(&p, designs[d], NULL), n_batch_apps, "%s: every application once", designs[d]);
    }
    cr_assert_eq(count(&p, BWM_EXP_BATCH), 3 * n_batch_apps);
    cr_assert(n_batch_apps >= 4 && count_batch(&p, "temp", "GUPS") == 1 && count_batch(&p, "temp", "MUM") == 1 &&
              count_batch(&p, "temp_tbas", "BST") == 1, "the batch-friendly stream and the two controls");
    for (size_t k = 0; k < p.n; k++) {
        const bwm_study_run *r = &p.r[k];
        if (r->exp != BWM_EXP_BATCH)
            continue;
        cr_assert_eq(r->napps, 1);
        cr_assert_eq(r->split[0], 8, "%s alone on paper 002's 8 SMs", r->workload);
        cr_assert_str_eq(r->sched, "frfcfs");
        cr_assert_eq(bwm_study_plan_alone_of(&p, r, 0), -1, "a batch run needs no alone profile");
        for (size_t j = 0; j < k; j++)
            cr_assert(strcmp(p.r[j].key, r->key) != 0, "%s %s shares a key with run %zu", r->workload, r->design, j);
    }
    /* the designs' GPUs: CCWS, then serial dispatch with TEMP, then TBAS */
    cr_assert_eq(batch_cfgs[0].cta_dispatch, BWM_CTA_INTERLEAVED);
    cr_assert_eq(batch_cfgs[1].cta_dispatch, BWM_CTA_SERIAL);
    cr_assert_eq(batch_cfgs[2].cta_dispatch, BWM_CTA_SERIAL);
    cr_assert(batch_cfgs[0].vm.policy != BWM_VM_TEMP && batch_cfgs[1].vm.policy == BWM_VM_TEMP &&
              batch_cfgs[2].vm.policy == BWM_VM_TEMP);
    cr_assert_eq(batch_cfgs[0].warp_sched, batch_cfgs[1].warp_sched, "TEMP keeps the baseline's warp scheduler");
    cr_assert_neq(batch_cfgs[1].warp_sched, batch_cfgs[2].warp_sched, "TEMP+TBAS replaces it");
    bwm_study_plan_free(&p);
    /* quick: BST and GUPS under every design marked quick */
    s = base(1);
    cr_assert_eq(bwm_study_plan_build(&s, &p, &err), 0, "%s", err.msg);
    cr_assert_eq(count(&p, BWM_EXP_BATCH), 6);
    for (size_t d = 0; d < 3; d++)
        cr_assert(count_batch(&p, designs[d], "BST") == 1 && count_batch(&p, designs[d], "GUPS") == 1, "%s",
                  designs[d]);
    bwm_study_plan_free(&p);
    /* quick with neither of them: the file's first application */
    s.batch_apps = batch_apps + n_batch_apps - 1;
    s.n_batch_apps = 1;
    const char *last = batch_apps[n_batch_apps - 1].abbr;
    if (strcmp(last, "BST") != 0 && strcmp(last, "GUPS") != 0) {
        cr_assert_eq(bwm_study_plan_build(&s, &p, &err), 0, "%s", err.msg);
        cr_assert_eq(count(&p, BWM_EXP_BATCH), 3);
        cr_assert_eq(count_batch(&p, "baseline", last), 1);
        bwm_study_plan_free(&p);
    }
}
