/* model.c — the "bwmpki model" area: its verbs. */
#include "cli/area.h"
#include "cli/model_cmds.h"

static const bwm_verb verbs[] = {
    {"perf", "performance of one application from bandwidth and MPKI (Eq. 1-3), and the inverse", bwm_cmd_model_perf},
};

int bwm_area_model(int argc, char **argv)
{
    return bwm_area_dispatch("model", verbs, sizeof verbs / sizeof verbs[0], argc, argv);
}
