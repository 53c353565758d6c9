/* sim_cache.c — speed of sim/cache: accesses per second of an L1D (Table 2,
 * 32 sets x 4 ways, Fermi hash) and of a 2-application way-partitioned L2
 * slice (32 sets x 16 ways), with misses left pending in the MSHRs and filled
 * some accesses later, as a memory system would.  Prints; asserts nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "sim/cache/cache.h"
#include "util/rng.h"

#define DELAY 24 /* misses in flight before the oldest is filled */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct run {
    long accesses, writebacks;
    double seconds;
    bwm_cache_stats total;
} run;

/* Fills the oldest pending line; returns the write-backs it caused. */
static int fill_oldest(bwm_cache *c, uint64_t *ring, int *head, int *n, uint64_t *tok)
{
    int nt, wbs = 0;
    bwm_cache_writeback wb;
    if (bwm_cache_fill(c, ring[*head], tok, &nt, &wb, NULL) == BWM_OK)
        wbs = wb.valid;
    *head = (*head + 1) % DELAY;
    (*n)--;
    return wbs;
}

/* Application 0 reuses a 24 KB working set, application 1 streams with 25 %
 * stores; both spread over a 1 GB range of lines. */
static run bench(const char *spec, int n_apps, bwm_cache_sharing sh, double seconds)
{
    bwm_cache_config cfg;
    bwm_cache c;
    bwm_err err;
    run out = {0};
    if (bwm_cache_config_parse(&cfg, spec, &err) || bwm_cache_init(&c, &cfg, n_apps, sh, NULL, &err)) {
        fprintf(stderr, "sim_cache: %s\n", err.msg);
        exit(1);
    }
    uint64_t *tok = malloc((size_t)bwm_cache_max_merge(&c) * sizeof *tok);
    uint64_t ring[DELAY], stream = 1u << 30;
    int head = 0, n = 0;
    bwm_rng r;
    bwm_rng_seed(&r, 1);
    double t0 = now(), t = t0;
    while (t - t0 < seconds) {
        for (int i = 0; i < 100000; i++) {
            int app = n_apps > 1 ? (int)(bwm_rng_next(&r) & 1) : 0;
            uint64_t addr = app == 0 ? bwm_rng_below(&r, 192) * 128 : (stream += 128);
            int is_write = app == 1 && (bwm_rng_next(&r) & 3) == 0;
            bwm_cache_result res;
            bwm_cache_access(&c, addr, app, is_write, (uint64_t)i, &res, NULL);
            out.writebacks += res.wb.valid;
            if (res.outcome == BWM_CACHE_RESERVATION_FAIL && n > 0)
                out.writebacks += fill_oldest(&c, ring, &head, &n, tok);
            if (res.outcome == BWM_CACHE_MISS_NEW) {
                if (n == DELAY)
                    out.writebacks += fill_oldest(&c, ring, &head, &n, tok);
                ring[(head + n++) % DELAY] = res.line_addr;
            }
            out.accesses++;
        }
        t = now();
    }
    out.seconds = t - t0;
    bwm_cache_total_stats(&c, &out.total);
    free(tok);
    bwm_cache_free(&c);
    return out;
}

static void report(const char *name, run r)
{
    printf("%-34s %6.1f M accesses/s  %5.1f ns/access  hit rate %.3f  res_fails %.3f  write-backs %ld\n", name,
           r.accesses / r.seconds * 1e-6, r.seconds / r.accesses * 1e9,
           (double)r.total.hits / (double)(r.total.accesses ? r.total.accesses : 1),
           (double)r.total.res_fails / (double)r.accesses, r.writebacks);
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    report("L1D 16KB 4-way, 1 app", bench("N:32:128:4,L:L:m:N:H,A:32:8,8", 1, BWM_CACHE_SHARED, seconds));
    report("L2 64KB 16-way, 2 apps partitioned",
           bench("S:32:128:16,L:B:m:W:L,A:256:64,16:0,32", 2, BWM_CACHE_PARTITIONED, seconds));
    report("L2 64KB 16-way, 2 apps shared",
           bench("S:32:128:16,L:B:m:W:L,A:256:64,16:0,32", 2, BWM_CACHE_SHARED, seconds));
    return 0;
}
