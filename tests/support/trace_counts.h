/* trace_counts.h — test support: "bwmpki sim run --apps trace:PATH" on a
 * trace folder of tests/fixtures/traces, its total row's twelve counts
 * checked against numbers derived by hand and its cycles against
 * Accel-Sim's on the same files. */
#ifndef BWM_TEST_TRACE_COUNTS_H
#define BWM_TEST_TRACE_COUNTS_H

#define BWM_TRACE_FIX BWM_SOURCE_DIR "/tests/fixtures/"
/* SM7_QV100's stock files plus the two UDP lines (docs/accelsim.md) */
#define BWM_TRACE_QV100_UDP                                                                                    \
    "--config " BWM_TRACE_FIX "tested-cfgs/SM7_QV100.config --config " BWM_TRACE_FIX                           \
    "accel-sim/SM7_QV100/trace.config --config " BWM_TRACE_FIX "accel-sim/SM7_QV100_UDP.trace.config"
#define BWM_TRACE_RTX3070                                                                                      \
    "--config " BWM_TRACE_FIX "tested-cfgs/SM86_RTX3070.config --config " BWM_TRACE_FIX                        \
    "accel-sim/SM86_RTX3070/trace.config"

/* The counts, by these keys of sim run's kernel table, in this order:
 * insts, warp_insts, l1d_reads, l1d_read_misses, l1d_writes,
 * l1d_write_misses, l2_reads, l2_read_misses, l2_writes, l2_write_misses,
 * dram_reads, dram_writes. */
#define BWM_TRACE_N_COUNTS 12

/* Runs trace folder `name` (under tests/fixtures/traces) with the
 * configuration options and launch latency 0, and checks that it completes
 * without a warning, that its total row's counts are want[], and that its
 * cycles are within 15 % of accelsim_cycles. */
void bwm_expect_trace_counts(const char *name, const char *config, const double *want, double accelsim_cycles);

#endif
