/* timing_opt.h — the text of -gpgpu_dram_timing_opt as numbers.
 *
 * Two forms, as in GPGPU-Sim: named pairs in any order separated by ':' or
 * ';' ("nbk=16:CCD=2:RRD=6:...", white space and newlines allowed), and the
 * legacy ordered form "nbk:CCD:RRD:RCD:RAS:RP:RC:CL:WL:CDLR:WR[:nbkgrp:CCDL:RTPL]".
 * Required: nbk CCD RRD RCD RAS RP RC CL WL CDLR WR, all > 0.  Optional:
 * nbkgrp (default 1), CCDL and RTPL (default 0: no bank-group constraint,
 * GPGPU-Sim's way to disable bank groups), and three bwmpki extensions: RTW
 * (read-to-write turnaround; 0 = derive it), REFI (refresh interval, 0 = no
 * refresh) and RFC (refresh cycle time, required > 0 when REFI > 0). */
#ifndef BWM_TIMING_OPT_H
#define BWM_TIMING_OPT_H

#include <stddef.h>

#include "sim/dram/dram_config.h"
#include "util/status.h"

/* Parses text into *nbk, *nbkgrp and *t.  On error (BWM_EINPUT) the message
 * names the key at fault and *at is its byte offset in text. */
int bwm_timing_opt_parse(const char *text, int *nbk, int *nbkgrp, bwm_dram_timing *t,
                         size_t *at, bwm_err *err);

#endif
