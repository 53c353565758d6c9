/* model.c — the "bwmpki model" area: its verbs. */
#include "cli/area.h"
#include "cli/model_cmds.h"

static const bwm_verb verbs[] = {
    {"perf", "performance of one application from bandwidth and MPKI (Eq. 1-3), and the inverse", bwm_cmd_model_perf},
    {"compare", "every bandwidth-sharing policy on one workload, metrics, and the epsilon-transfer verdict", bwm_cmd_model_compare},
    {"share", "the allocation of one policy or priority order, with metrics", bwm_cmd_model_share},
    {"transfer", "which application to favour per metric: marginal value of bandwidth, rankings", bwm_cmd_model_transfer},
    {"classify", "workload classes A/B/C by MPKI and by BW/C difference (paper 000, Sec. 7)", bwm_cmd_model_classify},
    {"asjf", "alpha-SJF potential and selection: Eq. 5 and the hardware k rule (paper 004)", bwm_cmd_model_asjf},
};

int bwm_area_model(int argc, char **argv)
{
    return bwm_area_dispatch("model", verbs, sizeof verbs / sizeof verbs[0], argc, argv);
}
