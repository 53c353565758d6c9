/* sim_opts.c — the shared options of simulating commands (see sim_opts.h). */
#include "cli/sim_opts.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli/sim_load.h"

int bwm_sim_apps_fit(const bwm_gpu_config *cfg, const bwm_synth_app *const *apps, size_t n, bwm_err *err)
{
    (void)apps; /* more warps than an SM holds run as many as it holds (bwm_gpu_warps_limit) */
    if (n > (size_t)cfg->n_sms)
        return bwm_fail(err, BWM_EINPUT, "%zu applications but the GPU has %d SMs", n, cfg->n_sms);
    return BWM_OK;
}

int bwm_paper_opts_apply(const bwm_paper_opts *o, bwm_run_params *run, bwm_err *err)
{
    int64_t budget = BWM_PAPER_DEFAULT_INSTS, max_cycles = BWM_PAPER_DEFAULT_MAX_CYCLES;
    int st = BWM_OK;
    if ((o->insts && (st = bwm_opt_i64("insts", o->insts, 1, INT64_MAX / 4, &budget, err)) != BWM_OK) ||
        (o->max_cycles && (st = bwm_opt_i64("max-cycles", o->max_cycles, 1, INT64_MAX / 4, &max_cycles, err)) != BWM_OK))
        return st;
    run->paper_mode = o->paper_mode;
    run->budget = (uint64_t)budget;
    run->max_cycles = max_cycles;
    return BWM_OK;
}

int bwm_sim_opts_numbers(const bwm_sim_opts *o, bwm_run_params *run, uint64_t *seed, bwm_err *err)
{
    int64_t v = 1;
    memset(run, 0, sizeof *run);
    run->cycles = BWM_SIM_DEFAULT_CYCLES;
    run->warmup = BWM_SIM_DEFAULT_WARMUP;
    int st = BWM_OK;
    if (o->cycles)
        st = bwm_opt_i64("cycles", o->cycles, 1, INT64_MAX / 4, &run->cycles, err);
    if (st == BWM_OK && o->warmup)
        st = bwm_opt_i64("warmup", o->warmup, 0, INT64_MAX / 4, &run->warmup, err);
    if (st == BWM_OK && o->seed)
        st = bwm_opt_i64("seed", o->seed, 0, INT64_MAX, &v, err);
    if (st != BWM_OK)
        return st;
    *seed = (uint64_t)v;
    return BWM_OK;
}

int bwm_sim_opts_gather(const bwm_cmd *cmd, int argc, char **argv, bwm_sim_opts *o, bwm_err *err)
{
    return bwm_sim_configs_gather(cmd, argc, argv, NULL, &o->configs, err);
}

/* The files of o: those gathered, or --config's one (or the default) when
 * the command gathered none. */
static const bwm_sim_configs *files_of(const bwm_sim_opts *o, bwm_sim_configs *one)
{
    if (o->configs.n > 0)
        return &o->configs;
    one->shipped = o->config == NULL;
    one->n = 1;
    one->path[0] = bwm_sim_config_path(o->config, one->buf, sizeof one->buf);
    return one;
}

int bwm_sim_opts_load(const bwm_cmd *cmd, const bwm_sim_opts *o, bwm_gpu_config *cfg, bwm_run_params *run,
                      uint64_t *seed, bwm_err *err)
{
    bwm_sim_configs one;
    int st = bwm_sim_opts_numbers(o, run, seed, err);
    return st == BWM_OK ? bwm_sim_load_gpu(cmd, files_of(o, &one), o->set, o->verbose, cfg, NULL, err) : st;
}

int bwm_sim_provenance(const bwm_cmd *cmd, int argc, char **argv, const bwm_sim_opts *o, const char *apps_file,
                       const bwm_run_params *run, uint64_t seed, bwm_provenance *p, bwm_err *err)
{
    bwm_provenance_init(p, cmd->path, argc, argv);
    bwm_provenance_run(p, seed, run->warmup, run->cycles);
    bwm_sim_configs one;
    const bwm_sim_configs *files = files_of(o, &one);
    return bwm_provenance_configs(p, files->path, files->n, o->set, apps_file, NULL, err);
}
