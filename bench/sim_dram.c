/* sim_dram.c — speed and memory of trace mode (`bwmpki sim dram`): 2-million-
 * request traces, sequential and random, generated to files and run on the
 * paper's memory system (data/configs/memsys15.config, FR-FCFS), each in a
 * child process so that its peak RSS is its own.  A 10x shorter trace of each
 * kind shows that memory does not grow with the trace.  Prints requests per
 * second (reading and parsing the trace included) and peak RSS; asserts
 * nothing.  Usage: bench_sim_dram [REQUESTS] (default 2000000). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sim/config/memsys_config.h"
#include "sim/mc/report.h"
#include "sim/trace/trace_run.h"
#include "util/rng.h"

typedef struct result {
    int ok;
    double seconds;
    unsigned long long requests;
    double bw_frac, row_hit_rate, read_latency_avg;
    long max_rss_kb; /* the child's own peak resident set */
} result;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int generate(const char *path, long n, int random)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    bwm_rng rng;
    bwm_rng_seed(&rng, 2015);
    for (long i = 0; i < n; i++) {
        if (random)
            fprintf(f, "0x%llx %s\n",
                    (unsigned long long)(bwm_rng_below(&rng, (uint64_t)1 << 32) & ~(uint64_t)127),
                    bwm_rng_uniform(&rng) < 0.3 ? "W" : "R");
        else
            fprintf(f, "0x%llx R\n", (unsigned long long)i * 128);
    }
    return fclose(f);
}

/* In the child: the whole of trace mode, timed. */
static result simulate(const char *trace)
{
    result res = {0};
    bwm_dram_config cfg;
    bwm_err err;
    if (bwm_memsys_config_load(BWM_DATA_DIR "/configs/memsys15.config", &cfg, NULL, &err) != BWM_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return res;
    }
    bwm_memsys_params p = bwm_memsys_defaults();
    p.sched = "frfcfs";
    bwm_memsys ms;
    bwm_trace t;
    bwm_trace_summary sum;
    double t0 = now();
    if (bwm_memsys_init(&ms, &cfg, &p, &err) != BWM_OK || bwm_trace_open(&t, trace, &err) != BWM_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return res;
    }
    int st = bwm_trace_run(&ms, &t, 128, &sum, &err);
    bwm_trace_close(&t);
    res.seconds = now() - t0;
    if (st != BWM_OK) {
        fprintf(stderr, "%s\n", err.msg);
        bwm_memsys_free(&ms);
        return res;
    }
    bwm_mc_stats total;
    bwm_memsys_totals(&ms, &total);
    bwm_dram_report r;
    bwm_dram_report_make(&r, &total.c, &total.read_latency, sum.dram_cycles, bwm_dram_peak_gbs(&cfg),
                         cfg.dram_mhz);
    bwm_memsys_free(&ms);
    res.ok = 1;
    res.requests = r.requests;
    res.bw_frac = r.bw_frac;
    res.row_hit_rate = r.row_hit_rate;
    res.read_latency_avg = r.read_latency_avg;
    return res;
}

static void run(const char *label, const char *trace)
{
    int fd[2];
    if (pipe(fd) != 0)
        return;
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        result r = simulate(trace);
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        r.max_rss_kb = ru.ru_maxrss;
        ssize_t w = write(fd[1], &r, sizeof r);
        _exit(w == (ssize_t)sizeof r ? 0 : 1);
    }
    close(fd[1]);
    result r = {0};
    ssize_t got = read(fd[0], &r, sizeof r);
    close(fd[0]);
    int status;
    waitpid(pid, &status, 0);
    if (got != (ssize_t)sizeof r || !r.ok) {
        printf("%-24s failed\n", label);
        return;
    }
    printf("%-24s %9.3g requests/s  (%llu in %.2f s)  peak RSS %5.1f MB  bw_frac %.3f  row hits %.3f  "
           "read latency %.0f cycles\n",
           label, r.requests / r.seconds, r.requests, r.seconds, r.max_rss_kb / 1024.0, r.bw_frac,
           r.row_hit_rate, r.read_latency_avg);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 2000000;
    if (n < 10) {
        fprintf(stderr, "usage: bench_sim_dram [REQUESTS >= 10]\n");
        return 2;
    }
    char path[64];
    snprintf(path, sizeof path, "/tmp/bench_sim_dram_%ld.trace", (long)getpid());
    printf("trace mode on memsys15 (6 channels, 88.7 GB/s, FR-FCFS), one core\n");
    const char *kinds[] = {"sequential", "random"};
    for (int k = 0; k < 2; k++)
        for (long len = n / 10; len <= n; len *= 10) {
            if (generate(path, len, k) != 0) {
                fprintf(stderr, "cannot write %s\n", path);
                return 1;
            }
            char label[64];
            snprintf(label, sizeof label, "%s %ld", kinds[k], len);
            run(label, path);
        }
    unlink(path);
    return 0;
}
