/* study_quick_test.c — "bwmpki study --quick" end to end: every expected
 * file is there, the figures are real images, the report has every section
 * and embeds every figure; the same study gives the same bytes (here with
 * another number of workers); running it again simulates nothing. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots/figure.h"
#include "tests/support/cli_expect.h"
#include "tests/support/study_dir.h"

static void expect_file(const char *dir, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    cr_assert(bwm_exists(path), "no %s", path);
}

/* Asserts that DIR/name holds each of the n texts. */
static void expect_in_file(const char *dir, const char *name, const char *const *texts, size_t n)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    char *text = bwm_slurp(path);
    cr_assert(text, "no %s", path);
    for (size_t k = 0; k < n; k++)
        bwm_expect_contains(text, texts[k]);
    free(text);
}

static void expect_files(const char *dir)
{
    static const char *const files[] = {
        "REPORT.md", "manifest.json", "results.csv", "metrics.csv", "results.json", "fit_perf.csv",
        "fit_perf_params.csv", "fit_policy_apps.csv", "fit_policy_scheds.csv", "fit_policy_workloads.csv",
        "fit_policy_classes.csv", "plan/setup.csv", "plan/apps.csv", "plan/runs.csv", "variation.csv",
        "variation_runs.csv", "variation_summary.csv", "variation.json", "variation_summary.txt", "translation.csv",
        "translation.json", "translation_summary.csv", "translation_summary.txt", "batching.csv",
        "batching.json", "batching.txt", "batching_summary.csv", "batching_summary.json", "batching_summary.txt",
        "fit_policy_queue.csv", "fit_policy_queue.json", "fit_policy_queue.txt"};
    for (size_t k = 0; k < sizeof files / sizeof files[0]; k++)
        expect_file(dir, files[k]);
    char *report = NULL, path[512];
    snprintf(path, sizeof path, "%s/REPORT.md", dir);
    report = bwm_slurp(path);
    cr_assert(report);
    static const char *const sections[] = {
        "# bwmpki study", "## What ran", "## Headline numbers", "## Figures", "## Fig. 6: the illustrative example",
        "## The model against the simulation", "## ITS and WEIS window", "## Every scheduler against FR-FCFS",
        "## Where the slowdown comes from", "## Isolation by partitioning (paper 003)",
        "## Address translation (thesis 001, Ch. 6)", "## Thread batching (paper 002)",
        "## Traced applications (Accel-Sim traces)", "## Files",
        "## How this study differs from the paper"};
    for (size_t k = 0; k < sizeof sections / sizeof sections[0]; k++)
        bwm_expect_contains(report, sections[k]);
    for (size_t k = 0; k < bwm_figure_count(); k++) {
        const char *name = bwm_figure_at(k)->name;
        static const char *const ext[] = {"png", "svg", "dat", "gp"};
        for (int e = 0; e < 4; e++) {
            char file[64];
            snprintf(file, sizeof file, "figures/%s.%s", name, ext[e]);
            expect_file(dir, file);
        }
        snprintf(path, sizeof path, "%s/figures/%s.png", dir, name);
        bwm_expect_png(path, 10000);
        snprintf(path, sizeof path, "%s/figures/%s.svg", dir, name);
        char *svg = bwm_slurp(path);
        bwm_expect_contains(svg, "<svg");
        free(svg);
        char embed[64];
        snprintf(embed, sizeof embed, "](figures/%s.png)", name);
        bwm_expect_contains(report, embed);
    }
    /* translation.png: both panels on one y range that holds Ideal's line,
       named; batching.png: an x label under its last panel */
    snprintf(path, sizeof path, "%s/figures/translation.gp", dir);
    char *gp = bwm_slurp(path), *range = gp ? strstr(gp, "  set yrange [") : NULL;
    cr_assert(range, "%s", gp);
    double lo, hi;
    cr_assert_eq(sscanf(range, "  set yrange [%lf:%lf]", &lo, &hi), 2, "%.40s", range);
    cr_expect(lo == 0 && hi > 100, "%.40s", range);
    char first[64];
    snprintf(first, sizeof first, "%.*s", (int)strcspn(range, "\n"), range);
    cr_expect(strstr(range + 1, first), "the second panel's range differs from %s: %s", first, gp);
    bwm_expect_contains(gp, "set label \"Ideal\" at graph 0.99, first 100 ");
    free(gp);
    snprintf(path, sizeof path, "%s/figures/batching.gp", dir);
    gp = bwm_slurp(path);
    bwm_expect_contains(gp, "set xlabel \"application (each alone on the GPU), then the GM of each set of applications\"");
    free(gp);
    bwm_expect_contains(report, "| IT of ITS over FR-FCFS, IT subset ");
    bwm_expect_contains(report, "| +34 % ");
    bwm_expect_contains(report, "pairs interfere (WS below 1.9 under FR-FCFS)");
    bwm_expect_contains(report, "| BLK_GUPS  | BLK  | ");
    bwm_expect_contains(report, "| paper 003 GTX 1080 mean |");
    bwm_expect_contains(report, "| 130.4 %  ");
    bwm_expect_contains(report, "- CP varies far more than CMP (mean ");
    bwm_expect_contains(report, "| mask/shared_tlb | ");
    bwm_expect_contains(report, "(47.1 %, 1) ");
    bwm_expect_contains(report, "- Ideal > SharedTLB (M2): SharedTLB below Ideal on ");
    bwm_expect_contains(report, "- MASK >= SharedTLB on every pair (M6): on ");
    bwm_expect_contains(report, "| TEMP+TBAS's speedup, GM of every application ");
    bwm_expect_contains(report, "- T1, local access at least 0.9 under TEMP: local_access (BST ");
    bwm_expect_contains(report, "- T4, GUPS and MUM gain at most 2 % under every design: GUPS under temp ");
    free(report);
    snprintf(path, sizeof path, "%s/results.csv", dir);
    char *csv = bwm_slurp(path);
    static const char header[] = "experiment,workload_id,workload,sched,split,window,alpha,partition,design,app,app_index,"
                                 "app_name,"
                                 "sms,insts,cycles,ipc,mpki,bw,bw_frac,row_hit_rate,avg_mem_latency,"
                                 "mem_round_trip,lat_inject,lat_req_xbar,lat_l2_queue,lat_l2_blocked,lat_l2_mshr,"
                                 "lat_dram_queue,lat_mc_queue,lat_dram,lat_fill,lat_reply_queue,lat_reply_xbar,"
                                 "mem_stall_frac,ipc_alone,mpki_alone,bw_alone,sd\n";
    cr_assert(strncmp(csv, header, strlen(header)) == 0, "results.csv header: %.200s", csv);
    bwm_expect_contains(csv, "\nmain,1,BLK_GUPS,its,15/15,1024,,,,BLK,1,BlackScholes,15,");
    bwm_expect_contains(csv, "\nvariation,,FWT_VA,frfcfs,10/10,1024,,cmp,,FWT,1,Fast Walsh Transform,10,1000000,");
    bwm_expect_contains(csv, "\nvariation,,VA,frfcfs,20,1024,,whole,,VA,1,Vector Addition,20,1000000,");
    /* the translation: the pair and the application under ideal, shared_tlb
     * and mask, with alone runs under shared_tlb on the translation GPU */
    bwm_expect_contains(csv, "\ntranslation,,SCAN_SRAD,mask,15/15,1024,,,mask/mask,SRAD,2,");
    bwm_expect_contains(csv, "\ntranslation,,SCAN,frfcfs,30,1024,,,mask/ideal,SCAN,1,");
    bwm_expect_contains(csv, "\nalone,,SRAD,frfcfs,15,1024,,,mask/shared_tlb,SRAD,1,");
    /* the thread batching: BST and GUPS alone on cal12's 8 SMs under each design */
    bwm_expect_contains(csv, "\nbatch,,BST,frfcfs,8,1024,,,baseline,BST,1,Batch Stream,8,");
    bwm_expect_contains(csv, "\nbatch,,GUPS,frfcfs,8,1024,,,temp_tbas,GUPS,1,Random Access,8,");
    /* the queueing model's latency probe: an application alone on its share */
    bwm_expect_contains(csv, "\nqueue_probe,,BLK,frfcfs,15,1024,,,,BLK,1,BlackScholes,15,");
    free(csv);
    static const char *const batching[] = {
        "design,app,pattern,sms,ipc,speedup,bw_frac,row_hit_rate,blp,act_per_access,local_access,dram_delay,"
        "dram_energy,dram_energy_per_access,ctas\nbaseline,BST,cta,8,", "\nbaseline,GUPS,random,8,", "\ntemp,BST,cta,8,",
        "\ntemp_tbas,GUPS,random,8,"};
    expect_in_file(dir, "batching.csv", batching, 4);
    static const char *const batch_summary[] = {"\nbaseline,all,2,1,1,1,1,1,1,", "\ntemp,batch-friendly,1,",
                                                ",1.057,,,,,0.888\n"};
    expect_in_file(dir, "batching_summary.csv", batch_summary, 3);
    static const char *const summary[] = {
        "group,design,n_apps,workloads,rel_ideal,thesis_rel_ideal\nmask,ideal,1,1,1,\n", "\nmask,shared_tlb,2,1,",
        ",0.487\n"};
    expect_in_file(dir, "translation_summary.csv", summary, 3);
    static const char *const per_run[] = {
        ",walk_l2_hit_1,walk_l2_hit_2,walk_l2_hit_3,walk_l2_hit_4,walk_bw_frac,",
        "\nmask/shared_tlb,SCAN_SRAD,2,SCAN,15,", "\nmosaic/mosaic,PR1M_PR1M,2,PR1M,15,"};
    expect_in_file(dir, "translation.csv", per_run, 3);
    /* the variation: every application under cp and cmp, and the report's
     * comparison with Table III */
    snprintf(path, sizeof path, "%s/variation.csv", dir);
    csv = bwm_slurp(path);
    bwm_expect_contains(csv, "partitioning,parts,app,t_whole,t_alone,alone_vs_whole,alone_vs_cp,worst,t_worst,"
                             "variation_pct\ncp,2,MM,");
    bwm_expect_contains(csv, "\ncmp,2,VA,");
    free(csv);
}

/* The number in column col of the first CSV row that starts with prefix. */
static double csv_value(const char *csv, const char *prefix, int col)
{
    const char *p = strstr(csv, prefix);
    cr_assert(p, "no row %s", prefix);
    for (int c = 0; c < col; c++) {
        p = strchr(p, ',');
        cr_assert(p);
        p++;
    }
    return strtod(p, NULL);
}

/* Both models in the fits and the report: every class, pairs and triples a
 * row per engine; the queue's alone side with BLK's probe, which is BLK
 * alone on 15 SMs with the DRAM latency 100 L2 cycles longer (sim run). */
static void expect_models(const char *dir)
{
    static const char *const classes[] = {"class,engine,workloads,mare_bw,", "\nall,paper,16,", "\nall,queueing,16,",
                                          "\npairs,queueing,14,", "\ntriples,paper,2,", "\ntriples,queueing,2,"};
    expect_in_file(dir, "fit_policy_classes.csv", classes, 6);
    static const char *const report[] = {"| class   | model    | workloads | slowdown (ipc) |", "| all     | paper    |",
                                         "| all     | queueing |", "| pairs   | queueing |", "| triples | paper    |",
                                         "read back from its own queue wait alone", "of the 21 alone runs (rms",
                                         "figure `model`", "| favour it > 1 % |"};
    expect_in_file(dir, "REPORT.md", report, 9);
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps BLK --sm-split 15 --cycles 50000 --warmup 5000 --set '-dram_latency 200' "
                    "--format csv");
    bwm_expect_ok(&r);
    double ipc = csv_value(r.out, "\nBLK,", 12); /* sim run's column ipc */
    char path[512];
    snprintf(path, sizeof path, "%s/fit_policy_queue.csv", dir);
    char *csv = bwm_slurp(path);
    cr_assert(csv, "no %s", path);
    bwm_expect_contains(csv, "app,sms,bw,row_hit_rate,round_trip,mc_queue,mc_queue_model,ipc_probe,");
    cr_assert_float_eq(csv_value(csv, "\nBLK,15,", 7), ipc, 1e-9 * ipc);
    /* w_app = mc_queue (1 - u) / u at u = bw / peak: bw (mc_queue + w_app) / mc_queue is memsys15's peak,
     * 88.704 GB/s (6 channels x 2 chips x 4 B x 924 MHz x 2) */
    double bw = csv_value(csv, "\nBLK,15,", 2), mcq = csv_value(csv, "\nBLK,15,", 5);
    double w_app = csv_value(csv, "\nBLK,15,", 12);
    cr_assert_float_eq(bw * (mcq + w_app) / mcq, 88.704, 1e-6);
    free(csv);
    bwm_run_free(&r);
}

/* The traced experiment: 2 traces, 3 pairs (each with itself), 8 schedulers, traced and stand-in: 48 runs.
   A traced pair's slowdowns are sim run's on the same GPU in paper mode. */
static void expect_traced(const char *dir)
{
    char path[512];
    snprintf(path, sizeof path, "%s/traces.csv", dir);
    char *csv = bwm_slurp(path);
    cr_assert(csv, "no %s", path);
    bwm_expect_contains(csv, "workload,sched,app_index,app,ipc_alone,mpki_alone,sd,sd_standin,sd_model,"
                             "sd_standin_err,sd_model_err\n");
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps trace:" BWM_SOURCE_DIR "/data/traces/vectoradd,trace:" BWM_SOURCE_DIR
                    "/data/traces/matrixmul --config " BWM_SOURCE_DIR "/data/configs/qv100_traces.config --paper-mode "
                    "--sched its --format csv");
    bwm_expect_ok(&r);
    const char *row2 = strstr(r.out, "\nvectoradd_matrixmul,its,paper,1,");
    cr_assert(row2, "%s", r.out);
    const char *second = strstr(row2 + 1, "\nvectoradd_matrixmul,its,paper,1,");
    cr_assert(second, "%s", r.out);
    /* sim run's column sd: the 49th (0-based 48) of its CSV */
    double sd1 = csv_value(row2 + 1, "vectoradd_matrixmul", 48), sd2 = csv_value(second + 1, "vectoradd_matrixmul", 48);
    cr_assert_float_eq(csv_value(csv, "vectoradd_matrixmul,its,1,", 6), sd1, 1e-9);
    cr_assert_float_eq(csv_value(csv, "vectoradd_matrixmul,its,2,", 6), sd2, 1e-9);
    bwm_run_free(&r);
    free(csv);
}

Test(study_quick, end_to_end_deterministic_and_resumable, .timeout = 900)
{
    char a[BWM_DIR_MAX], b[BWM_DIR_MAX];
    bwm_tmp_dir(a);
    bwm_tmp_dir(b);
    bwm_run r;
    bwm_run_cli(&r, "study --out %s/s --quick -j 2", a);
    bwm_expect_ok(&r);
    cr_assert_str_eq(r.err, "", "not a terminal: nothing on stderr, got %s", r.err);
    bwm_expect_contains(r.out, "(296 simulated, 0 found done), 19 of 19 figures drawn; report: ");
    bwm_run_free(&r);
    char dir[BWM_DIR_MAX + 8];
    snprintf(dir, sizeof dir, "%s/s", a);
    expect_files(dir);
    expect_traced(dir);
    expect_models(dir);

    bwm_run_cli(&r, "study --out %s/s --quick -j 1", b);
    bwm_expect_ok(&r);
    bwm_run_free(&r);
    char other[BWM_DIR_MAX + 8];
    snprintf(other, sizeof other, "%s/s", b);
    bwm_expect_same_study(dir, other);

    bwm_run_cli(&r, "study --out %s --quick", dir);
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "296 runs (0 simulated, 296 found done)");
    bwm_run_free(&r);
    bwm_expect_same_study(dir, other);
    bwm_rm_rf(a);
    bwm_rm_rf(b);
}
