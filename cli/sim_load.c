/* sim_load.c — loading the configuration of a sim command and naming the
 * options it ignores (see sim_load.h). */
#include "cli/sim_load.h"

#include <stdio.h>
#include <stdlib.h>

#include "cli/data_path.h"
#include "io/provenance.h"
#include "sim/config/gpgpusim_names.h"
#include "sim/config/gpu_read.h"
#include "sim/config/inert_opts.h"
#include "sim/config/memsys_config.h"

const char *bwm_sim_config_path(const char *path, char *buf, size_t size)
{
    if (path)
        return path;
    bwm_data_path("configs/memsys15.config", buf, size);
    return buf;
}

static int gather_one(void *ctx, const char *value, bwm_err *err)
{
    bwm_sim_configs *c = ctx;
    if (c->n == BWM_SIM_MAX_CONFIGS)
        return bwm_fail(err, BWM_EINPUT, "option --config: more than %d files", BWM_SIM_MAX_CONFIGS);
    c->path[c->n++] = value;
    return BWM_OK;
}

int bwm_sim_configs_gather(const bwm_cmd *cmd, int argc, char **argv, const char *def, bwm_sim_configs *c,
                           bwm_err *err)
{
    c->n = 0;
    c->shipped = 0;
    int st = bwm_opts_each(cmd, argc, argv, "config", gather_one, c, err);
    if (st == BWM_OK && c->n == 0) {
        c->shipped = def == NULL;
        c->path[c->n++] = bwm_sim_config_path(def, c->buf, sizeof c->buf);
    }
    return st;
}

void bwm_sim_configs_label(const bwm_sim_configs *c, bwm_buf *out)
{
    if (c->shipped) {
        bwm_buf_puts(out, "memsys15.config (shipped)");
        return;
    }
    for (size_t i = 0; i < c->n; i++)
        bwm_buf_printf(out, "%s%s", i ? BWM_PROV_CONFIG_SEP : "", c->path[i]);
}

/* The ignored options report_ignored names on one line of stderr. */
typedef enum ignored_kind {
    IGNORED_ANY,       /* --verbose: every one */
    IGNORED_UNMODELLED, /* GPGPU-Sim's, outside the inert parts */
    IGNORED_UNKNOWN     /* no GPGPU-Sim option (nor a misspelling of one the simulator reads) */
} ignored_kind;

static int of_kind(const char *name, ignored_kind kind)
{
    if (kind == IGNORED_ANY)
        return 1;
    if (!bwm_gpgpusim_option(name))
        return kind == IGNORED_UNKNOWN;
    return kind == IGNORED_UNMODELLED && !bwm_option_inert(name);
}

/* Names on stderr, after the command and what, the options of ign of the kind. */
static void name_ignored(const bwm_cmd *c, const bwm_optlist *ign, ignored_kind kind, const char *what)
{
    size_t shown = 0;
    for (size_t i = 0; i < ign->n; i++) {
        if (!of_kind(ign->v[i].name, kind))
            continue;
        if (shown++ == 0)
            fprintf(stderr, "%s: %s:", c->path, what);
        fprintf(stderr, " %s", ign->v[i].name);
    }
    if (shown)
        fputc('\n', stderr);
}

/* After a load with status st: names on stderr the ignored options of *ign
 * that might change results and those no GPGPU-Sim knows (all of them when
 * verbose), then hands *ign to ign_out (may be NULL) or frees it. */
static int report_ignored(const bwm_cmd *c, int st, bwm_optlist *ign, bwm_optlist *ign_out, int verbose)
{
    if (st == BWM_OK && verbose) {
        name_ignored(c, ign, IGNORED_ANY, "ignored");
    } else if (st == BWM_OK) {
        name_ignored(c, ign, IGNORED_UNMODELLED, "ignored, not modelled (may change results)");
        name_ignored(c, ign, IGNORED_UNKNOWN, "ignored, not GPGPU-Sim options");
    }
    if (st == BWM_OK && ign_out)
        *ign_out = *ign;
    else
        bwm_optlist_free(ign);
    return st;
}

/* Keeps in *ign only the names that *also lists (an option the whole GPU
 * takes is outside trace mode's memory system, not unmodelled). */
static void keep_common(bwm_optlist *ign, const bwm_optlist *also)
{
    size_t k = 0;
    for (size_t i = 0; i < ign->n; i++) {
        if (bwm_optlist_has(also, ign->v[i].name)) {
            ign->v[k++] = ign->v[i];
        } else {
            free(ign->v[i].name);
            free(ign->v[i].origin);
        }
    }
    ign->n = k;
}

int bwm_sim_load_memsys(const bwm_cmd *c, const bwm_sim_configs *files, const char *set, int verbose,
                        bwm_dram_config *cfg, bwm_optlist *ign_out, bwm_err *err)
{
    bwm_optlist ign;
    int st = bwm_memsys_config_load_files(files->path, files->n, set, "--set", cfg, &ign, err);
    bwm_gpu_config gpu;
    bwm_optlist gpu_ign;
    bwm_err sub;
    if (st == BWM_OK && !verbose &&
        bwm_gpu_config_load_files(files->path, files->n, set, "--set", &gpu, &gpu_ign, &sub) == BWM_OK) {
        keep_common(&ign, &gpu_ign);
        bwm_optlist_free(&gpu_ign);
    }
    return report_ignored(c, st, &ign, ign_out, verbose);
}

int bwm_sim_load_gpu(const bwm_cmd *c, const bwm_sim_configs *files, const char *set, int verbose,
                     bwm_gpu_config *cfg, bwm_optlist *ign_out, bwm_err *err)
{
    bwm_optlist ign;
    int st = bwm_gpu_config_load_files(files->path, files->n, set, "--set", cfg, &ign, err);
    return report_ignored(c, st, &ign, ign_out, verbose);
}
