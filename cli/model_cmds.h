/* model_cmds.h — the subcommands of "bwmpki model", one file each. */
#ifndef BWM_MODEL_CMDS_H
#define BWM_MODEL_CMDS_H

int bwm_cmd_model_perf(int argc, char **argv);

#endif
