/* trace_counts.c — a traced run's counts checked (see trace_counts.h). */
#include "tests/support/trace_counts.h"

#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "tests/support/cli_expect.h"
#include "tests/support/cli_run.h"

static const char *const keys[BWM_TRACE_N_COUNTS] = {
    "insts",    "warp_insts",     "l1d_reads", "l1d_read_misses", "l1d_writes", "l1d_write_misses",
    "l2_reads", "l2_read_misses", "l2_writes", "l2_write_misses", "dram_reads", "dram_writes"};

void bwm_expect_trace_counts(const char *name, const char *config, const double *want, double accelsim_cycles)
{
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps trace:" BWM_TRACE_FIX "traces/%s %s --set '-gpgpu_kernel_launch_latency 0' "
                    "--format json", name, config);
    bwm_expect_ok(&r);
    const char *t = strstr(r.out, "\"kernel\":\"total\"");
    cr_assert(t, "no total row: %s", r.out);
    for (int i = 0; i < BWM_TRACE_N_COUNTS; i++)
        cr_expect_eq(bwm_json_number(t, keys[i]), want[i], "%s %s: %g, by hand %g", name, keys[i],
                     bwm_json_number(t, keys[i]), want[i]);
    double cycles = bwm_json_number(t, "cycles");
    cr_expect(fabs(cycles - accelsim_cycles) <= 0.15 * accelsim_cycles, "%s: gpu_sim_cycle %g, Accel-Sim's %g",
              name, cycles, accelsim_cycles);
    bwm_expect_contains(r.out, "\"complete\":true");
    cr_expect_str_eq(r.err, "", "no warning: %s", r.err);
    bwm_run_free(&r);
}
