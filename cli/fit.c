/* fit.c — the "bwmpki fit" area: its verbs. */
#include "cli/area.h"
#include "cli/fit_cmds.h"

static const bwm_verb verbs[] = {
    {"import", "GPGPU-Sim logs or (name,ipc,mpki,bw) CSV: measured ipc beside the model's, with errors", bwm_cmd_fit_import},
    {"perf", "the performance model against alone runs: errors, least-squares bytes per miss, extended model fit", bwm_cmd_fit_perf},
    {"policy", "workloads under memory schedulers, simulated beside the closed-form model: errors, favour, rank agreement", bwm_cmd_fit_policy},
};

int bwm_area_fit(int argc, char **argv)
{
    return bwm_area_dispatch("fit", verbs, sizeof verbs / sizeof verbs[0], argc, argv);
}
