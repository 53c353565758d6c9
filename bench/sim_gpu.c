/* sim_gpu.c — speed and memory of the whole simulator on memsys15.config
 * (30 SMs, 6 channels): simulated core cycles per second on one core and the
 * peak resident memory, for a pair of bandwidth-bound applications (GUPS
 * and MUM of data/apps_calibrated.csv), a latency-bound pair that interferes
 * (BLK and QTC) and a latency- plus compute-bound pair (BLK and NN); then
 * GUPS+MUM under each scheduler of seed 001 beside FR-FCFS (target: within
 * 20 % of FR-FCFS's cycles per second), and BLK+GUPS on GPGPU-Sim's stock
 * SM7_QV100 config (80 SMs, 32 HBM channels; target >= 3e5 cycles/s), and
 * GUPS+MUM on gtx1080.config with pages placed as their addresses say
 * (-bwm_vm identity) beside one colour each (-bwm_vm color; target: within
 * 10 % of identity's cycles per second), and GUPS+MUM on memsys15 with
 * address translation (-bwm_mmu shared_tlb and pwcache) beside ideal
 * (target: shared_tlb >= 0.6 x ideal's cycles per second).
 * Each figure is the best of REPS runs (CPU time varies with what else the
 * machine does).  Arguments, if any, name the only lines to run (e.g.
 * "GUPS+MUM", "SM7_QV100"), for quick comparisons while optimising.
 * Prints; asserts nothing.  Target: >= 1e6 core cycles/s and <= 64 MB. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "sim/config/gpu_read.h"
#include "sim/gpu/gpu.h"
#include "sim/run/run.h"

#define CYCLES 200000
#define REPS 3

/* CPU time of this process: the figure does not depend on what else the
 * machine runs (scripts/bench.sh also pins it to one core). */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Simulates a+b under sched once; *cpu gets the CPU seconds. */
static int simulate(const bwm_gpu_config *cfg, const bwm_gpu_params *p, bwm_run_result *r, int64_t *simulated,
                    double *cpu)
{
    bwm_gpu g;
    bwm_err err;
    if (bwm_gpu_init(&g, cfg, p, &err) != BWM_OK) {
        fprintf(stderr, "bench: %s\n", err.msg);
        return 1;
    }
    bwm_run_params rp = {0, CYCLES, 0, 0, 0, 0, 0, 0};
    double t0 = now();
    int st = bwm_run(&g, &rp, r, &err);
    *cpu = now() - t0;
    *simulated = g.clk.cycle[BWM_CLK_CORE]; /* the run plus the final drain */
    bwm_gpu_free(&g);
    if (st != BWM_OK) {
        fprintf(stderr, "bench: %s\n", err.msg);
        return 1;
    }
    return 0;
}

/* Simulates a+b under sched (best of REPS); *rate (may be NULL) gets the
 * cycles per second. */
static int pair(const bwm_gpu_config *cfg, const bwm_synth_app *all, size_t n, const char *a, const char *b,
                const char *sched, double *rate)
{
    bwm_gpu_params p;
    memset(&p, 0, sizeof p);
    p.n_apps = 2;
    p.apps[0] = bwm_synth_find(all, n, a);
    p.apps[1] = bwm_synth_find(all, n, b);
    p.sched = sched;
    p.seed = 1;
    if (!p.apps[0] || !p.apps[1]) {
        fprintf(stderr, "bench: %s or %s not in apps_calibrated.csv\n", a, b);
        return 1;
    }
    bwm_run_result r;
    int64_t simulated = 0;
    double s = 0;
    for (int rep = 0; rep < REPS; rep++) {
        double cpu;
        if (rep > 0)
            bwm_run_result_free(&r);
        if (simulate(cfg, &p, &r, &simulated, &cpu) != 0)
            return 1;
        if (rep == 0 || cpu < s)
            s = cpu;
    }
    printf("%s+%s %s: %lld core cycles in %.3f CPU s = %.3g cycles/s; %llu requests (%.3g/s); "
           "bw %.1f + %.1f GB/s, ipc %.1f + %.1f\n",
           a, b, sched, (long long)simulated, s, (double)simulated / s, (unsigned long long)r.requests,
           (double)r.requests / s, r.apps[0].bw, r.apps[1].bw, r.apps[0].ipc, r.apps[1].ipc);
    if (rate)
        *rate = (double)simulated / s;
    bwm_run_result_free(&r);
    return 0;
}

/* GUPS+MUM under every scheduler of seed 001, against FR-FCFS. */
static int schedulers(const bwm_gpu_config *cfg, const bwm_synth_app *all, size_t n)
{
    static const char *const scheds[] = {"parbs", "atlas", "tcm", "bliss", "sms", "medic"};
    double base, rate;
    int rc = pair(cfg, all, n, "GUPS", "MUM", "frfcfs", &base);
    for (size_t k = 0; k < sizeof scheds / sizeof scheds[0] && rc == 0; k++) {
        rc = pair(cfg, all, n, "GUPS", "MUM", scheds[k], &rate);
        if (rc == 0)
            printf("  %s: %.2f x FR-FCFS's cycles per second\n", scheds[k], rate / base);
    }
    return rc;
}

/* GUPS+MUM on the GTX 1080 configuration, identity against page colours. */
static int page_colours(const bwm_synth_app *all, size_t n)
{
    bwm_gpu_config cfg;
    bwm_err err;
    if (bwm_gpu_config_load_with(BWM_DATA_DIR "/configs/gtx1080.config", NULL, NULL, &cfg, NULL, &err) != BWM_OK) {
        fprintf(stderr, "bench: %s\n", err.msg);
        return 1;
    }
    double identity, color;
    printf("gtx1080 identity ");
    int rc = pair(&cfg, all, n, "GUPS", "MUM", "frfcfs", &identity);
    cfg.vm.policy = BWM_VM_COLOR;
    printf("gtx1080 color ");
    if (rc == 0)
        rc = pair(&cfg, all, n, "GUPS", "MUM", "frfcfs", &color);
    if (rc == 0)
        printf("  color: %.3f x identity's cycles per second\n", color / identity);
    return rc;
}

/* GUPS+MUM on memsys15, translating (shared_tlb, pwcache) against ideal. */
static int translation(const bwm_gpu_config *base, const bwm_synth_app *all, size_t n)
{
    static const bwm_mmu_design designs[] = {BWM_MMU_SHARED_TLB, BWM_MMU_PWCACHE};
    bwm_gpu_config cfg = *base;
    double ideal, rate;
    printf("translation ideal ");
    int rc = pair(&cfg, all, n, "GUPS", "MUM", "frfcfs", &ideal);
    for (size_t k = 0; k < sizeof designs / sizeof designs[0] && rc == 0; k++) {
        cfg.mmu.design = designs[k];
        printf("translation %s ", bwm_mmu_design_name(designs[k]));
        rc = pair(&cfg, all, n, "GUPS", "MUM", "frfcfs", &rate);
        if (rc == 0)
            printf("  %s: %.3f x ideal's cycles per second\n", bwm_mmu_design_name(designs[k]), rate / ideal);
    }
    return rc;
}

/* Whether the line named label runs: every line without arguments, else
 * those named. */
static int wanted(int argc, char **argv, const char *label)
{
    if (argc < 2)
        return 1;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], label) == 0)
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    bwm_gpu_config cfg;
    bwm_err err;
    bwm_synth_app *all;
    size_t n;
    if (bwm_gpu_config_load_with(BWM_DATA_DIR "/configs/memsys15.config", NULL, NULL, &cfg, NULL, &err) != BWM_OK ||
        bwm_synth_load(BWM_DATA_DIR "/apps_calibrated.csv", &all, &n, &err) != BWM_OK) {
        fprintf(stderr, "bench: %s\n", err.msg);
        return 1;
    }
    static const char *const pairs[][2] = {{"GUPS", "MUM"}, {"BLK", "QTC"}, {"BLK", "NN"}};
    int rc = 0;
    for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
        char label[32];
        snprintf(label, sizeof label, "%s+%s", pairs[k][0], pairs[k][1]);
        if (wanted(argc, argv, label))
            rc |= pair(&cfg, all, n, pairs[k][0], pairs[k][1], "frfcfs", NULL);
    }
    if (wanted(argc, argv, "schedulers"))
        rc |= schedulers(&cfg, all, n);
    if (wanted(argc, argv, "SM7_QV100")) {
        bwm_gpu_config qv100;
        if (bwm_gpu_config_load_with(BWM_SOURCE_DIR "/tests/fixtures/tested-cfgs/SM7_QV100.config", NULL, NULL,
                                     &qv100, NULL, &err) != BWM_OK) {
            fprintf(stderr, "bench: %s\n", err.msg);
            rc = 1;
        } else {
            printf("SM7_QV100 ");
            rc |= pair(&qv100, all, n, "BLK", "GUPS", "frfcfs", NULL);
        }
    }
    if (wanted(argc, argv, "gtx1080"))
        rc |= page_colours(all, n);
    if (wanted(argc, argv, "translation"))
        rc |= translation(&cfg, all, n);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("peak resident memory: %.1f MB\n", (double)ru.ru_maxrss / 1024.0);
    free(all);
    return rc;
}
