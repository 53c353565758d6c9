/* fit_cmds.h — the subcommands of "bwmpki fit", one file each. */
#ifndef BWM_FIT_CMDS_H
#define BWM_FIT_CMDS_H

int bwm_cmd_fit_import(int argc, char **argv);
int bwm_cmd_fit_perf(int argc, char **argv);
int bwm_cmd_fit_policy(int argc, char **argv);

#endif
