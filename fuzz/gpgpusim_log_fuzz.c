/* gpgpusim_log_fuzz.c — libFuzzer harness: GPGPU-Sim output logs
 * (fit/gpgpusim_log, "bwmpki fit import --logs").
 *
 * The input is a log.  One that reads must give positive instructions,
 * cycles and clocks and defined ipc and mpki;
 * it is then imported beside the model as fit import does, and the table
 * rendered in every format. */
#include <math.h>

#include "fit/gpgpusim_log.h"
#include "fit/import.h"
#include "fuzz/fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = bwm_fuzz_file(0, data, size);
    bwm_gpgpusim_log log;
    bwm_err err;
    if (bwm_gpgpusim_log_read(path, &log, &err) != BWM_OK)
        return 0;
    bwm_fuzz_require(log.insn > 0 && log.cycles > 0 && log.core_mhz > 0 && log.dram_mhz > 0, "positive totals");
    bwm_fuzz_require(log.n_mem >= 1 && log.n_mem <= BWM_GPGPUSIM_MAX_CHANNELS && log.kernels >= 1, "channels");
    bwm_fuzz_require(!isnan(bwm_gpgpusim_ipc(&log)) && !isnan(bwm_gpgpusim_mpki(&log)), "derived figures");
    bwm_import im;
    bwm_import_init(&im);
    if (bwm_import_log(&im, path, 128, &err) == BWM_OK) {
        bwm_table t[2];
        bwm_fuzz_require(bwm_import_tables(&im, t) == BWM_OK, "import tables");
        bwm_fuzz_render_table(&t[0]);
        bwm_fuzz_render_table(&t[1]);
    }
    bwm_import_free(&im);
    return 0;
}
