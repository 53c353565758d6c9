/* trace_shared_pipe_cli_test.c — "bwmpki sim run --apps trace:PATH" on the
 * trace crafted for the SM's shared-memory stage
 * (tests/fixtures/traces/shared-pipe, written by shared-pipe.sh beside it),
 * on QV100+UDP and SM86_RTX3070 with launch latency 0.
 *
 * GPGPU-Sim has one load/store unit per SM, whatever the warp schedulers:
 * its dispatch register takes one shared-memory instruction a cycle
 * (ldst_unit::cycle moves it into the shared pipeline, m_pipeline_reg
 * [smem_latency - 1], and frees the register; bank conflicts hold it
 * longer, ldst_unit::shared_cycle).  A shared load's result is written
 * -gpgpu_smem_latency (20 on QV100, 29 on RTX3070) plus the five cycles
 * of the operand-collector and writeback stages after it issued, and a
 * warp is freed only when its scoreboard holds no pending write
 * (shader_core_ctx::fetch's pendingWrites).
 *
 * The trace: kernel k (k = 1..4) is one block of k warps, each S2R, 32
 * independent LDS.32 (every lane its own bank: one cycle each), EXIT.  Its
 * warps sit on k different schedulers.  By hand:
 *   - the SM's one stage takes the k × 32 loads one a cycle, so each warp
 *     more adds 32 cycles: kernel k + 1 takes exactly 32 cycles more than
 *     kernel k (Accel-Sim: 65, 97, 129, 161 on QV100+UDP; 74, 106, 138,
 *     170 on RTX3070).  With a stage per scheduler, as before, the warps
 *     ran side by side and every kernel took about as long as the first;
 *   - kernel 1 lasts at least 31 + latency + 5 cycles: its last load
 *     issues 31 cycles after the first, its result is written latency + 5
 *     later, and the warp exits no earlier (a chain of dependent shared
 *     loads takes 25 and 34 cycles a load in Accel-Sim);
 *   - counts: 34 warp instructions of 32 lanes per warp, 10 warps: 340 and
 *     10,880; no global access, so every cache and DRAM count is 0. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "tests/support/cli_expect.h"
#include "tests/support/cli_run.h"
#include "tests/support/trace_counts.h"

static const double shared_pipe[BWM_TRACE_N_COUNTS] = {10880, 340, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};

/* The cycles of kernels 1..4 of the shared-pipe trace on config. */
static void kernel_cycles(const char *config, double *cycles)
{
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps trace:" BWM_TRACE_FIX "traces/shared-pipe %s --set "
                    "'-gpgpu_kernel_launch_latency 0' --format json", config);
    bwm_expect_ok(&r);
    for (int k = 1; k <= 4; k++) {
        char key[32];
        snprintf(key, sizeof key, "\"kernel\":%d,", k);
        const char *row = strstr(r.out, key);
        cr_assert(row, "no kernel %d: %s", k, r.out);
        cycles[k - 1] = bwm_json_number(row, "cycles");
    }
    bwm_run_free(&r);
}

static void expect_one_stage(const char *config, const char *label, int smem_latency)
{
    double c[4];
    kernel_cycles(config, c);
    for (int k = 1; k < 4; k++)
        cr_expect_eq(c[k] - c[k - 1], 32, "%s: kernel %d takes %g cycles, kernel %d %g: one more warp of 32 "
                     "loads adds 32", label, k + 1, c[k], k, c[k - 1]);
    cr_expect_geq(c[0], 31 + smem_latency + 5, "%s: kernel 1 in %g cycles, before its last load's result", label,
                  c[0]);
}

Test(trace_shared_pipe_cli, the_sm_has_one_shared_memory_stage)
{
    expect_one_stage(BWM_TRACE_QV100_UDP, "QV100+UDP", 20);
    expect_one_stage(BWM_TRACE_RTX3070, "RTX3070", 29);
}

Test(trace_shared_pipe_cli, counts_and_cycles_against_accel_sim)
{
    bwm_expect_trace_counts("shared-pipe", BWM_TRACE_QV100_UDP, shared_pipe, 452);
    bwm_expect_trace_counts("shared-pipe", BWM_TRACE_RTX3070, shared_pipe, 488);
}
