/* fit_import_accelsim.h — "bwmpki fit import --accelsim-log LOG": an
 * Accel-Sim log's kernels beside bwmpki's run of the same trace
 * (fit_import_accelsim.c). */
#ifndef BWM_FIT_IMPORT_ACCELSIM_H
#define BWM_FIT_IMPORT_ACCELSIM_H

#include "cli/opts.h"
#include "cli/sim_opts.h"

/* The options fit import reads in this mode (NULL: not given). */
typedef struct bwm_fit_accelsim_args {
    const char *log;      /* --accelsim-log */
    const char *trace;    /* --trace: run it here ... */
    const char *against;  /* --against: ... or read a saved sim run CSV */
    const char *sched;    /* --sched */
    const char *out, *table;
    int provenance;
    const bwm_sim_opts *sim; /* --config (gathered), --set, --verbose */
} bwm_fit_accelsim_args;

/* Runs the mode and writes its tables; returns the exit status (errors
 * reported as cmd). */
int bwm_fit_import_accelsim(const bwm_cmd *cmd, const bwm_common *common, const bwm_fit_accelsim_args *a,
                            int argc, char **argv);

#endif
