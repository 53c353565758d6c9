/* dram_cfg.h — test support: a small DRAM configuration with round timing
 * values, for tests that derive latencies by hand.
 *
 * One channel, 8 banks in 4 groups (banks 0-1 group 0, 2-3 group 1, ...),
 * one 4-byte chip, burst length 8 at a data-command ratio of 4: a burst is 32
 * bytes and holds the data bus 2 cycles.  Timings: CCD 2, CCDL 3, RRD 6,
 * RCD 12, RAS 28, RP 12, RC 40, CL 12, WL 4, CDLR 5, WR 12, RTPL 2, RTW
 * derived (CL + burst + 2 - WL = 12), no refresh; queue of 16, FR-FCFS. */
#ifndef BWM_TEST_DRAM_CFG_H
#define BWM_TEST_DRAM_CFG_H

#include "sim/dram/dram_config.h"

#define TEST_BURST 2 /* data-bus cycles per burst */
#define TEST_BURST_BYTES 32

void bwm_test_dram_config(bwm_dram_config *c);

#endif
