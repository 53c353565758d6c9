/* xbar_bench.c — speed of sim/icnt/xbar: 30 inputs (SMs) sending random
 * traffic to 6 outputs (memory sub-partitions) with 1-flit and 5-flit
 * packets, offered at the outputs' full bandwidth and at half of it, and the
 * reply direction (6 -> 30, 5-flit packets); the receivers pop everything
 * each cycle.  Prints packets/s and cycles/s; asserts nothing. */
#include <stdio.h>
#include <time.h>

#include "sim/icnt/xbar.h"
#include "util/rng.h"

#define FLIT 32

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Runs for about `seconds`; load: offered flits per cycle as a fraction of
 * the narrower side's ports (each moves at most one flit a cycle). */
static int bench(int n_in, int n_out, int flits, double load, double seconds)
{
    bwm_xbar_params p = {n_in, n_out, FLIT, 64, 64, 8};
    bwm_xbar *x;
    bwm_err err;
    if (bwm_xbar_new(&x, &p, &err)) {
        fprintf(stderr, "xbar_bench: %s\n", err.msg);
        return 1;
    }
    /* an input sends when a draw below 2^32 falls under this */
    int narrow = n_in < n_out ? n_in : n_out;
    uint64_t threshold = (uint64_t)(load * narrow / (n_in * (double)flits) * 4294967296.0);
    bwm_rng r;
    bwm_rng_seed(&r, 1);
    int64_t c = 0;
    uint64_t popped = 0, payload;
    double t0 = seconds_now(), t = t0;
    while (t - t0 < seconds) {
        for (int k = 0; k < 10000; k++, c++) {
            bwm_xbar_tick(x, c);
            for (int o = 0; o < n_out; o++)
                while (bwm_xbar_pop(x, o, &payload))
                    popped++;
            for (int i = 0; i < n_in; i++) {
                uint64_t v = bwm_rng_next(&r);
                if ((v & 0xffffffffu) < threshold && bwm_xbar_can_send(x, i, flits * FLIT))
                    bwm_xbar_send(x, i, (int)((v >> 32) % (uint64_t)n_out), flits * FLIT, v, c);
            }
        }
        t = seconds_now();
    }
    const bwm_xbar_stats *st = bwm_xbar_get_stats(x);
    double dt = t - t0;
    printf("%2d -> %2d, %d-flit packets, offered %3.0f%%: %6.2f M packets/s  %6.2f M cycles/s  "
           "%.2f flits/cycle  %.0f ns/cycle  (%llu refused)\n",
           n_in, n_out, flits, load * 100, (double)popped / dt / 1e6, (double)c / dt / 1e6,
           (double)st->flits / (double)c, dt / (double)c * 1e9, (unsigned long long)st->refused);
    bwm_xbar_free(x);
    return 0;
}

int main(void)
{
    int rc = 0;
    int flits[] = {1, 5};
    double loads[] = {1.0, 0.5};
    for (int f = 0; f < 2; f++)
        for (int l = 0; l < 2; l++)
            rc |= bench(30, 6, flits[f], loads[l], 1.0);
    for (int l = 0; l < 2; l++)
        rc |= bench(6, 30, 5, loads[l], 1.0);
    return rc;
}
