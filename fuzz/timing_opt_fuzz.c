/* timing_opt_fuzz.c — libFuzzer harness: DRAM timing strings
 * (sim/config/timing_opt, -gpgpu_dram_timing_opt).
 *
 * The input is one timing string, in the named or the ordered form.  A
 * string that parses must give power-of-two bank counts and timings in
 * range, and the same timings written in the ordered form must parse to
 * the same values; one that fails must point at a byte inside the string. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz_support.h"
#include "sim/config/timing_opt.h"

static int is_pow2(int x)
{
    return x > 0 && (x & (x - 1)) == 0;
}

/* The ordered form of what parsed (it holds no RTW, REFI or RFC). */
static void same_as_ordered(int nbk, int nbkgrp, const bwm_dram_timing *t)
{
    char text[256];
    snprintf(text, sizeof text, "%d:%d:%d:%d:%d:%d:%d:%d:%d:%d:%d:%d:%d:%d", nbk, t->CCD, t->RRD, t->RCD, t->RAS,
             t->RP, t->RC, t->CL, t->WL, t->CDLR, t->WR, nbkgrp, t->CCDL, t->RTPL);
    int nbk2, nbkgrp2;
    bwm_dram_timing t2;
    size_t at;
    bwm_err err;
    bwm_fuzz_require(bwm_timing_opt_parse(text, &nbk2, &nbkgrp2, &t2, &at, &err) == BWM_OK,
                     "the ordered form of parsed timings does not parse");
    t2.RTW = t->RTW;
    t2.REFI = t->REFI;
    t2.RFC = t->RFC;
    bwm_fuzz_require(nbk2 == nbk && nbkgrp2 == nbkgrp && memcmp(&t2, t, sizeof t2) == 0,
                     "the ordered form parses to other timings");
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
        same_as_ordered(nbk, nbkgrp, &t);
    } else {
        bwm_fuzz_require(at <= strlen(s), "error offset outside the string");
    }
    free(s);
    return 0;
}
