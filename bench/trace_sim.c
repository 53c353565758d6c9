/* trace_sim.c — speed of the trace mode (sim/traced): a trace folder's
 * kernels simulated to their end on Accel-Sim's configuration files, launch
 * latency 0, as `sim run --apps trace:PATH` runs them.  Prints simulated
 * core cycles per second and thread instructions per second of CPU time
 * (this process's, so a loaded machine's waiting does not count), the best
 * of REPEAT runs, start-up (reading the configuration and opening the
 * trace) excluded and reported apart; asserts nothing.
 *
 *   bench_trace_sim TRACE_DIR CONFIG_FILE... [--repeat N]
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

int main(int argc, char **argv)
{
    const char *configs[MAX_CONFIGS];
    size_t n_configs = 0;
    int repeat = 3;
    static const char *defaults[] = {"bench_trace_sim", BWM_SOURCE_DIR "/tests/fixtures/traces/vectoradd",
                                     BWM_SOURCE_DIR "/tests/fixtures/tested-cfgs/SM86_RTX3070.config",
                                     BWM_SOURCE_DIR "/tests/fixtures/accel-sim/SM86_RTX3070/trace.config"};
    if (argc == 1) { /* scripts/bench.sh runs it bare: vectorAdd on RTX3070 */
        argc = 4;
        argv = (char **)defaults;
    }
    if (argc < 3) {
        fprintf(stderr, "usage: bench_trace_sim TRACE_DIR CONFIG_FILE... [--repeat N]\n");
        return 2;
    }
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc)
            repeat = atoi(argv[++i]);
        else if (n_configs < MAX_CONFIGS)
            configs[n_configs++] = argv[i];
    }
    if (repeat < 1)
        repeat = 1;
    double best = 0, startup = 0;
    int64_t cycles = 0;
    uint64_t insts = 0, kernels = 0;
    for (int k = 0; k < repeat; k++) {
        double t0 = cpu_now();
        bwm_gpu_config cfg;
        bwm_err err;
        if (bwm_gpu_config_load_files(configs, n_configs, "-gpgpu_kernel_launch_latency 0", "bench", &cfg, NULL,
                                      &err) != BWM_OK)
            die("configuration", err.msg);
        bwm_trace_app app;
        if (bwm_trace_app_open(&app, argv[1], NULL, &cfg, &err) != BWM_OK)
            die("trace", err.msg);
        bwm_gpu_params gp;
        memset(&gp, 0, sizeof gp);
        gp.n_apps = 1;
        gp.traces[0] = &app;
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
        const bwm_kernel_result *total = &r.kernels[r.n_kernels - 1];
        cycles = total->cycles;
        insts = total->insts;
        kernels = r.n_kernels - 1;
        if (k == 0 || t2 - t1 < best) {
            best = t2 - t1;
            startup = t1 - t0;
        }
        bwm_run_result_free(&r);
        bwm_gpu_free(&g);
        bwm_trace_app_close(&app);
    }
    printf("trace %s: %llu kernels, %lld core cycles, %llu thread instructions\n", argv[1],
           (unsigned long long)kernels, (long long)cycles, (unsigned long long)insts);
    printf("simulation, best of %d: %.3f s CPU (start-up %.3f s apart): %.3g cycles/s, %.3g thread insts/s\n",
           repeat, best, startup, best > 0 ? (double)cycles / best : 0, best > 0 ? (double)insts / best : 0);
    return 0;
}
