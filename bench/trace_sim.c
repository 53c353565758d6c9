/* trace_sim.c — speed of the trace mode (sim/traced): a trace folder's
 * kernels simulated to their end on Accel-Sim's configuration files, launch
 * latency 0, as `sim run --apps trace:PATH` runs them.  Prints simulated
 * core cycles per second and thread instructions per second of CPU time
 * (this process's, so a loaded machine's waiting does not count), the best
 * of REPEAT runs, start-up (reading the configuration and opening the
 * trace) excluded and reported apart; asserts nothing.
 *
 * With --pair TRACE_DIR2 it also runs TRACE_DIR2 alone and the two traces
 * together (each on half the SMs, until both lists end, as `sim run --apps
 * trace:A,trace:B` groups them), and prints the pair's cycles per second
 * over each one's alone.
 *
 *   bench_trace_sim TRACE_DIR CONFIG_FILE... [--pair TRACE_DIR2] [--repeat N]
 * (no argument: the shipped vectorAdd on SM86_RTX3070's files)
 *
 * e.g. bench_trace_sim tests/fixtures/traces/vectoradd
 *      tests/fixtures/tested-cfgs/SM86_RTX3070.config
 *      tests/fixtures/accel-sim/SM86_RTX3070/trace.config */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim/config/gpu_read.h"
#include "sim/gpu/gpu.h"
#include "sim/run/run.h"

#define MAX_CONFIGS 8

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void die(const char *what, const char *msg)
{
    fprintf(stderr, "trace_sim: %s: %s\n", what, msg);
    exit(1);
}

/* What one measurement found: the best run's CPU time and its figures. */
typedef struct measured {
    double best, startup;
    int64_t cycles;
    uint64_t insts, kernels;
} measured;

/* The traces (1 or 2) together, best of repeat. */
static measured measure(const char *const *traces, int n, const char *const *configs, size_t n_configs, int repeat)
{
    measured m = {0, 0, 0, 0, 0};
    for (int k = 0; k < repeat; k++) {
        double t0 = cpu_now();
        bwm_gpu_config cfg;
        bwm_err err;
        if (bwm_gpu_config_load_files(configs, n_configs, "-gpgpu_kernel_launch_latency 0", "bench", &cfg, NULL,
                                      &err) != BWM_OK)
            die("configuration", err.msg);
        bwm_trace_app app[2];
        bwm_gpu_params gp;
        memset(&gp, 0, sizeof gp);
        gp.n_apps = n;
        for (int a = 0; a < n; a++) {
            if (bwm_trace_app_open(&app[a], traces[a], NULL, &cfg, &err) != BWM_OK)
                die("trace", err.msg);
            gp.traces[a] = &app[a];
        }
        gp.sched = "frfcfs";
        gp.window = 1024;
        gp.seed = 1;
        bwm_gpu g;
        if (bwm_gpu_init(&g, &cfg, &gp, &err) != BWM_OK)
            die("GPU", err.msg);
        double t1 = cpu_now();
        bwm_run_params run;
        memset(&run, 0, sizeof run);
        run.traced = 1;
        run.max_cycles = INT64_MAX / 4;
        bwm_run_result r;
        if (bwm_run(&g, &run, &r, &err) != BWM_OK)
            die("run", err.msg);
        double t2 = cpu_now();
        m.cycles = r.cycles;
        m.insts = 0;
        m.kernels = r.n_kernels - (size_t)n;
        for (size_t i = r.n_kernels - (size_t)n; i < r.n_kernels; i++) /* the totals */
            m.insts += r.kernels[i].insts;
        if (k == 0 || t2 - t1 < m.best) {
            m.best = t2 - t1;
            m.startup = t1 - t0;
        }
        bwm_run_result_free(&r);
        bwm_gpu_free(&g);
        for (int a = 0; a < n; a++)
            bwm_trace_app_close(&app[a]);
    }
    return m;
}

static double per_second(double v, double s)
{
    return s > 0 ? v / s : 0;
}

static void report(const char *what, const measured *m, int repeat)
{
    printf("%s: %llu kernels, %lld core cycles, %llu thread instructions\n", what, (unsigned long long)m->kernels,
           (long long)m->cycles, (unsigned long long)m->insts);
    printf("simulation, best of %d: %.3f s CPU (start-up %.3f s apart): %.3g cycles/s, %.3g thread insts/s\n", repeat,
           m->best, m->startup, per_second((double)m->cycles, m->best), per_second((double)m->insts, m->best));
}

int main(int argc, char **argv)
{
    const char *configs[MAX_CONFIGS];
    size_t n_configs = 0;
    int repeat = 3;
    const char *pair = NULL;
    static const char *defaults[] = {"bench_trace_sim", BWM_SOURCE_DIR "/tests/fixtures/traces/vectoradd",
                                     BWM_SOURCE_DIR "/tests/fixtures/tested-cfgs/SM86_RTX3070.config",
                                     BWM_SOURCE_DIR "/tests/fixtures/accel-sim/SM86_RTX3070/trace.config"};
    if (argc == 1) { /* scripts/bench.sh runs it bare: vectorAdd on RTX3070 */
        argc = 4;
        argv = (char **)defaults;
    }
    if (argc < 3) {
        fprintf(stderr, "usage: bench_trace_sim TRACE_DIR CONFIG_FILE... [--pair TRACE_DIR2] [--repeat N]\n");
        return 2;
    }
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc)
            repeat = atoi(argv[++i]);
        else if (strcmp(argv[i], "--pair") == 0 && i + 1 < argc)
            pair = argv[++i];
        else if (n_configs < MAX_CONFIGS)
            configs[n_configs++] = argv[i];
    }
    if (repeat < 1)
        repeat = 1;
    char what[4200];
    const char *one[] = {argv[1]};
    measured alone = measure(one, 1, configs, n_configs, repeat);
    snprintf(what, sizeof what, "trace %s", argv[1]);
    report(what, &alone, repeat);
    if (!pair)
        return 0;
    const char *other[] = {pair}, *both[] = {argv[1], pair};
    measured alone2 = measure(other, 1, configs, n_configs, repeat);
    snprintf(what, sizeof what, "trace %s", pair);
    report(what, &alone2, repeat);
    measured together = measure(both, 2, configs, n_configs, repeat);
    report("the pair", &together, repeat);
    double rate = per_second((double)together.cycles, together.best);
    printf("pair cycles/s over alone: %.2f (first), %.2f (second)\n",
           rate / per_second((double)alone.cycles, alone.best), rate / per_second((double)alone2.cycles, alone2.best));
    return 0;
}
