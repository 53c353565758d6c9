/* sim.c — the "bwmpki sim" area: its verbs. */
#include "cli/area.h"
#include "cli/sim_cmds.h"

static const bwm_verb verbs[] = {
    {"config", "the GPU configuration as understood: SMs, caches, crossbar, memory system, peak bandwidth", bwm_cmd_sim_config},
    {"run", "N applications on the whole simulated GPU under a memory scheduler: ipc, mpki, bw, slowdowns, it/ws/hs", bwm_cmd_sim_run},
    {"variation", "paper 003's variation: an application on one partition beside interferers, compute (cp) or "
     "compute-and-memory (cmp) partitioning", bwm_cmd_sim_variation},
    {"dram", "DRAM trace simulation: bandwidth, row hits, read latency (fcfs, frfcfs)", bwm_cmd_sim_dram},
    {"trace-info", "what an Accel-Sim SASS trace holds: per kernel its header, blocks, warps, instructions, memory "
     "spaces, opcodes", bwm_cmd_sim_trace_info},
};

int bwm_area_sim(int argc, char **argv)
{
    return bwm_area_dispatch("sim", verbs, sizeof verbs / sizeof verbs[0], argc, argv);
}
