/* timing_opt_fuzz.c — libFuzzer harness: DRAM timing strings
 * (sim/config/timing_opt, -gpgpu_dram_timing_opt).
 *
 * The input is one timing string, in the named or the ordered form.  A
 * string that parses must give power-of-two bank counts and timings in
 * range; one that fails must point at a byte inside the string. */
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz_support.h"
#include "sim/config/timing_opt.h"

static int is_pow2(int x)
{
    return x > 0 && (x & (x - 1)) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = bwm_fuzz_text(data, size);
    int nbk = 0, nbkgrp = 0;
    bwm_dram_timing t;
    size_t at = 0;
    bwm_err err;
    if (bwm_timing_opt_parse(s, &nbk, &nbkgrp, &t, &at, &err) == BWM_OK) {
        bwm_fuzz_require(is_pow2(nbk) && is_pow2(nbkgrp) && nbk % nbkgrp == 0, "bank counts");
        const int required[] = {t.CCD, t.RRD, t.RCD, t.RAS, t.RP, t.RC, t.CL, t.WL, t.CDLR, t.WR};
        for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
            bwm_fuzz_require(required[i] >= 1 && required[i] <= 1000000, "required timing in range");
        bwm_fuzz_require(t.CCDL >= 0 && t.RTPL >= 0 && t.RTW >= 0 && t.REFI >= 0 && t.RFC >= 0, "optional timing");
        bwm_fuzz_require(t.REFI == 0 || t.RFC > 0, "refresh needs RFC");
    } else {
        bwm_fuzz_require(at <= strlen(s), "error offset outside the string");
    }
    free(s);
    return 0;
}
