/* sim_load.h — the configuration a sim command reads: the file of --config
 * (or the shipped default) with the --set text applied, loaded as the whole
 * GPU or as trace mode's memory system, and the options it ignores named on
 * stderr. */
#ifndef BWM_SIM_LOAD_H
#define BWM_SIM_LOAD_H

#include <stddef.h>

#include "cli/opts.h"
#include "sim/config/gpu_config.h"
#include "sim/config/optset.h"
#include "sim/dram/dram_config.h"
#include "util/buf.h"
#include "util/status.h"

/* path, or the shipped data/configs/memsys15.config (written into buf) when
 * path is NULL: the configuration file a sim command reads. */
const char *bwm_sim_config_path(const char *path, char *buf, size_t size);

/* The configuration files a sim command reads, in order: every --config
 * (the option may be given several times: the files are read in order, a
 * later file's options winning, as Accel-Sim reads "-config gpgpusim.config
 * -config trace.config"), or when there is none the command's default. */
#define BWM_SIM_MAX_CONFIGS 16
typedef struct bwm_sim_configs {
    const char *path[BWM_SIM_MAX_CONFIGS];
    size_t n;           /* >= 1 once gathered */
    int shipped;        /* 1: the shipped data/configs/memsys15.config (path[0] is buf) */
    char buf[4096];
} bwm_sim_configs;

/* Gathers cmd's --config values of argv (bwm_opts_each) into c; none: def,
 * or the shipped data/configs/memsys15.config when def is NULL.  More than
 * BWM_SIM_MAX_CONFIGS is refused naming the option. */
int bwm_sim_configs_gather(const bwm_cmd *cmd, int argc, char **argv, const char *def, bwm_sim_configs *c,
                           bwm_err *err);

/* c as one path: the one file, or the files separated by " + "
 * (BWM_PROV_CONFIG_SEP); the shipped default as "memsys15.config (shipped)". */
void bwm_sim_configs_label(const bwm_sim_configs *c, bwm_buf *out);

/* Loads the memory-system configuration for a sim command from files
 * (bwm_sim_configs_gather), read in order; set is option-file text applied
 * after them (NULL: none).  Of the options the simulator
 * does not model, names on stderr, once, those that might change results
 * ("CMD: ignored, not modelled (may change results): -a -b"; the inert ones
 * of sim/config/inert_opts.h are left out), or every one when verbose
 * ("CMD: ignored: ...").  Options the whole GPU takes (SMs, caches,
 * crossbar) are outside trace mode's memory system and named only when
 * verbose.  ign (may be NULL) receives the list reported; free it with
 * bwm_optlist_free. */
int bwm_sim_load_memsys(const bwm_cmd *cmd, const bwm_sim_configs *files, const char *set, int verbose,
                        bwm_dram_config *cfg, bwm_optlist *ign, bwm_err *err);

/* The same for the whole GPU (memory system included), for "sim config" and
 * "sim run": the same default file, --set text and report of ignored options. */
int bwm_sim_load_gpu(const bwm_cmd *cmd, const bwm_sim_configs *files, const char *set, int verbose,
                     bwm_gpu_config *cfg, bwm_optlist *ign, bwm_err *err);

#endif
