/* study_cmds.h — "bwmpki study" (the main job) and its verbs, one file
 * each, and "bwmpki plot". */
#ifndef BWM_STUDY_CMDS_H
#define BWM_STUDY_CMDS_H

/* bwmpki study [--out DIR ...]: runs the study (study_run.c). */
int bwm_cmd_study_run(int argc, char **argv);
/* bwmpki study merge --out DIR SHARD_DIR...: combines shards. */
int bwm_cmd_study_merge(int argc, char **argv);
/* bwmpki study workloads: the workload list (data/workloads/study.csv). */
int bwm_cmd_study_workloads(int argc, char **argv);

#endif
