/* sim_opts.h — the options every simulating command shares: the GPU
 * (--config, --set), the run length (--cycles, --warmup) and the seed.
 * A command puts BWM_SIM_OPT_ROWS(o) in its option table and calls
 * bwm_sim_opts_load once its options are parsed. */
#ifndef BWM_SIM_OPTS_H
#define BWM_SIM_OPTS_H

#include <stdint.h>

#include "cli/opts.h"
#include "cli/sim_load.h"
#include "io/provenance.h"
#include "sim/config/gpu_config.h"
#include "sim/run/run.h"
#include "sim/workload/synth_app.h"

#define BWM_SIM_DEFAULT_CYCLES 100000
#define BWM_SIM_DEFAULT_WARMUP 10000
#define BWM_PAPER_DEFAULT_INSTS 1000000
#define BWM_PAPER_DEFAULT_MAX_CYCLES 100000000

/* NULL: not given (the default applies). */
typedef struct bwm_sim_opts {
    const char *config, *set, *cycles, *warmup, *seed; /* config: the last --config */
    int verbose;  /* --verbose: every ignored configuration option on stderr */
    bwm_sim_configs configs; /* every --config, in order (bwm_sim_opts_gather); n 0: config alone */
} bwm_sim_opts;

/* A bwm_sim_opts with nothing given. */
#define BWM_SIM_OPTS_NONE {NULL, NULL, NULL, NULL, NULL, 0, {{NULL}, 0, 0, ""}}

/* Gathers every --config of argv into o->configs (sim_load.h): the command
 * calls it once its options are parsed, before bwm_sim_opts_load. */
int bwm_sim_opts_gather(const bwm_cmd *cmd, int argc, char **argv, bwm_sim_opts *o, bwm_err *err);

/* --config's help; the option may be repeated (sim_load.h). */
#define BWM_CONFIG_HELP_OF(def)                                                                                  \
    "GPGPU-Sim option file (default: the shipped " def "); give it again to read more files in order, later "   \
    "options winning (Accel-Sim's -config gpgpusim.config -config trace.config)"
#define BWM_CONFIG_HELP BWM_CONFIG_HELP_OF("data/configs/memsys15.config")

/* --verbose of every command that loads a configuration (sim_cmds.h). */
#define BWM_VERBOSE_OPT(flag)                                                                                    \
    {"verbose", NULL, "(also -v) list every configuration option the simulator ignores, not only those that may " \
     "matter",                                                                                                   \
     NULL, &(flag)}

#define BWM_SIM_OPT_ROWS(o)                                                                                      \
    {"config", "FILE", BWM_CONFIG_HELP, &(o).config, NULL},                                                     \
    {"set", "OPTIONS", "options in the file's syntax applied after it, e.g. \"-gpgpu_scheduler lrr\"", &(o).set,  \
     NULL},                                                                                                      \
    {"cycles", "N", "measured core cycles of each run (default 100000)", &(o).cycles, NULL},                    \
    {"warmup", "N", "core cycles before measuring (default 10000)", &(o).warmup, NULL},                          \
    {"seed", "N", "seed of the instruction streams (default 1)", &(o).seed, NULL},                              \
    BWM_VERBOSE_OPT((o).verbose)

/* The provenance of a simulating command (io/provenance.h): cmd's path and
 * arguments (argv[0] is the command's name), o's configuration (or the
 * shipped default) and --set, apps_file (may be NULL), the run and the seed;
 * the files hashed. */
int bwm_sim_provenance(const bwm_cmd *cmd, int argc, char **argv, const bwm_sim_opts *o, const char *apps_file,
                       const bwm_run_params *run, uint64_t seed, bwm_provenance *p, bwm_err *err);

/* Parses --cycles, --warmup and --seed into run (cycles mode) and *seed. */
int bwm_sim_opts_numbers(const bwm_sim_opts *o, bwm_run_params *run, uint64_t *seed, bwm_err *err);

/* bwm_sim_opts_numbers, then loads the GPU of --config and --set (see
 * bwm_sim_load_gpu). */
int bwm_sim_opts_load(const bwm_cmd *cmd, const bwm_sim_opts *o, bwm_gpu_config *cfg, bwm_run_params *run,
                      uint64_t *seed, bwm_err *err);

/* Paper mode (paper 000's method: every application runs until it has
 * committed --insts thread instructions once, a traced one until its
 * kernel list has run once): the options as given, NULL/0 when not. */
typedef struct bwm_paper_opts {
    int paper_mode;
    const char *insts, *max_cycles;
} bwm_paper_opts;

#define BWM_PAPER_OPT_ROWS(o)                                                                                   \
    {"paper-mode", NULL, "run until every application has committed --insts once, a traced one until its "     \
     "kernel list has run once (paper 000's method)", NULL, &(o).paper_mode},                                   \
    {"insts", "N", "paper mode: thread instructions per synthetic application (default 1000000)", &(o).insts,   \
     NULL},                                                                                                     \
    {"max-cycles", "N", "paper mode: fail after this many core cycles (default 100000000)", &(o).max_cycles,     \
     NULL}

/* Sets run's paper mode, budget and max_cycles from o (run's defaults
 * where not given); errors name the option. */
int bwm_paper_opts_apply(const bwm_paper_opts *o, bwm_run_params *run, bwm_err *err);

/* Checks before anything is simulated that the n applications fit the GPU
 * of cfg together: an SM each at least (an application asking for more warps
 * than an SM holds runs as many as it holds: bwm_gpu_warps_limit).  The
 * message says what does not fit; the caller names the option. */
int bwm_sim_apps_fit(const bwm_gpu_config *cfg, const bwm_synth_app *const *apps, size_t n, bwm_err *err);

#endif
