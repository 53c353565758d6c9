/* accelsim_log_fuzz.c — libFuzzer harness: Accel-Sim logs
 * (fit/accelsim_log, "bwmpki fit import --accelsim-log").
 *
 * The input is a log.  One that reads must hold at least one kernel, each
 * with a name, a uid and every figure a count in 0..2^53 (a difference of
 * totals that never shrink).  When its uids are 1..n, each once, the log is
 * compared with bwmpki kernels equal to its own: every row must then say a
 * difference of 0, and the tables render in every format. */
#include <math.h>
#include <stdlib.h>

#include "fit/accelsim_compare.h"
#include "fit/accelsim_log.h"
#include "fuzz/fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = bwm_fuzz_file(0, data, size);
    bwm_accelsim_log log;
    bwm_err err;
    if (bwm_accelsim_log_read(path, &log, &err) != BWM_OK) {
        bwm_accelsim_log_free(&log);
        return 0;
    }
    bwm_fuzz_require(log.n >= 1, "a kernel");
    bwm_accelsim_ours *ours = calloc(log.n, sizeof *ours);
    bwm_fuzz_require(ours != NULL, "memory");
    int permutation = 1;
    for (size_t i = 0; i < log.n; i++) {
        const bwm_accelsim_kernel *k = &log.k[i];
        bwm_fuzz_require(k->name != NULL && k->uid >= 0, "name and uid");
        for (int s = 0; s < BWM_AS_NALL; s++)
            bwm_fuzz_require(k->v[s] >= 0 && k->v[s] <= BWM_ACCELSIM_COUNT_MAX && k->v[s] == floor(k->v[s]),
                             "counts");
        if (k->uid < 1 || (size_t)k->uid > log.n || ours[k->uid - 1].name)
            permutation = 0;
        else {
            bwm_accelsim_ours *o = &ours[k->uid - 1];
            *o = (bwm_accelsim_ours){.name = k->name, .complete = 1};
            for (int s = 0; s < BWM_AS_NSTAT; s++)
                o->v[s] = k->v[s];
        }
    }
    if (permutation) {
        bwm_table t[2];
        int st = bwm_accelsim_compare(path, &log, ours, log.n, t, &err);
        /* a name bwmpki would have cut may still not match: that is the only refusal */
        if (st == BWM_OK) {
            bwm_fuzz_require(bwm_table_rows(&t[0]) == (log.n + 1) * BWM_AS_NSTAT, "rows");
            bwm_fuzz_render_table(&t[0]);
            bwm_fuzz_render_table(&t[1]);
        }
        bwm_table_free(&t[0]);
        bwm_table_free(&t[1]);
    }
    free(ours);
    bwm_accelsim_log_free(&log);
    return 0;
}
