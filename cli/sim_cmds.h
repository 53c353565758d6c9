/* sim_cmds.h — the subcommands of "bwmpki sim", one file each (what they
 * share: sim_load.h, sim_opts.h). */
#ifndef BWM_SIM_CMDS_H
#define BWM_SIM_CMDS_H

int bwm_cmd_sim_config(int argc, char **argv);
int bwm_cmd_sim_dram(int argc, char **argv);
int bwm_cmd_sim_run(int argc, char **argv);
int bwm_cmd_sim_trace_info(int argc, char **argv);
int bwm_cmd_sim_variation(int argc, char **argv);

#endif
