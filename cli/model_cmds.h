/* model_cmds.h — the subcommands of "bwmpki model", one file each. */
#ifndef BWM_MODEL_CMDS_H
#define BWM_MODEL_CMDS_H

int bwm_cmd_model_perf(int argc, char **argv);
int bwm_cmd_model_compare(int argc, char **argv);
int bwm_cmd_model_share(int argc, char **argv);
int bwm_cmd_model_transfer(int argc, char **argv);
int bwm_cmd_model_classify(int argc, char **argv);
int bwm_cmd_model_asjf(int argc, char **argv);

#endif
