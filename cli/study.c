/* study.c — "bwmpki study": the main job, or one of its verbs (merge,
 * workloads) when the first argument names one. */
#include <stdio.h>
#include <string.h>

#include "cli/area.h"
#include "cli/study_cmds.h"

static const bwm_verb verbs[] = {
    {"merge", "combine the folders of a study run in shards (--shard K/N) into one, as one run would be",
     bwm_cmd_study_merge},
    {"workloads", "write the study's workload list (data/workloads/study.csv) from Table 1 and the paper's pairs",
     bwm_cmd_study_workloads},
};

int bwm_area_study(int argc, char **argv)
{
    for (size_t i = 0; argc >= 2 && i < sizeof verbs / sizeof verbs[0]; i++)
        if (strcmp(argv[1], verbs[i].name) == 0)
            return verbs[i].run(argc - 1, argv + 1);
    return bwm_cmd_study_run(argc, argv);
}
