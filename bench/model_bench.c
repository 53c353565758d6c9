/* model_bench.c — speed of the closed-form engine: two-application analyses
 * (every policy + metrics + ε-transfer) per second, and 64-application opt-hs
 * allocations per second, on one core.  Prints figures; asserts nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "model/compare.h"
#include "model/share.h"
#include "util/rng.h"

#define POOL 1024

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void random_apps(bwm_rng *r, bwm_app *a, size_t n, double peak)
{
    for (size_t i = 0; i < n; i++) {
        a[i].mpki = bwm_rng_range(r, 0.1, 60);
        a[i].bw_alone = bwm_rng_range(r, 0.01, 1) * peak;
        a[i].rbl = bwm_rng_range(r, 1, 16);
    }
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 2.0;
    bwm_rng r;
    bwm_rng_seed(&r, 1);
    static bwm_app pairs[POOL][2];
    for (int i = 0; i < POOL; i++)
        random_apps(&r, pairs[i], 2, 88.8);
    bwm_comparison *c = malloc(sizeof *c);
    double checksum = 0;
    long done = 0;
    double t0 = now(), t;
    do {
        for (int i = 0; i < POOL; i++) {
            if (bwm_compare(pairs[i], 2, 88.8, c, NULL) != BWM_OK)
                return 1;
            checksum += c->r[0].m.it + c->transfer.favour[BWM_MV_WS];
        }
        done += POOL;
        t = now() - t0;
    } while (t < seconds);
    printf("two-application comparisons (%zu policies + metrics + transfer): %.3g per second "
           "(%ld in %.2f s)\n", c->npolicies, done / t, done, t);

    static bwm_app big[64];
    double bw[64];
    bwm_policy p;
    bwm_policy_parse("opt-hs", 64, &p, NULL);
    long allocs = 0;
    t0 = now();
    do {
        for (int k = 0; k < 256; k++) {
            random_apps(&r, big, 64, 88.8);
            bwm_share(&p, big, 64, 88.8, bw);
            checksum += bw[0];
        }
        allocs += 256;
        t = now() - t0;
    } while (t < seconds);
    printf("N = 64 opt-hs allocations (including generating the workload): %.3g per second "
           "(%ld in %.2f s)\n", allocs / t, allocs, t);
    printf("(checksum %g)\n", checksum);
    free(c);
    return 0;
}
