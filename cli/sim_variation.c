/* sim_variation.c — "bwmpki sim variation": paper 003's variation of an
 * application's run time under compute (cp) and compute-and-memory (cmp)
 * partitioning beside interferers (sim/run/variation.h): per application,
 * per run and per partitioning. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/data_path.h"
#include "cli/extra_apps.h"
#include "cli/progress.h"
#include "cli/result_out.h"
#include "cli/sim_cmds.h"
#include "cli/sim_load.h"
#include "cli/sim_opts.h"
#include "sim/run/variation_table.h"
#include "util/num.h"

#define FGPU_APPS "apps_fgpu.csv"

typedef struct variation_opts {
    const char *config, *set, *seed, *apps, *interferers, *partition, *parts, *insts, *max_cycles, *apps_file,
        *extra_apps, *table;
    int verbose, progress, no_progress, provenance;
} variation_opts;

/* The applications of --apps-file followed by those of --extra-apps
 * (cli/extra_apps.h: an abbreviation in both is refused as they load). */
typedef struct catalogue {
    bwm_synth_app *apps;
    size_t n;
    const char *main_path, *extra_path;
} catalogue;

static int find_app(const catalogue *c, const char *opt, const char *abbr, const bwm_synth_app **out, bwm_err *err)
{
    if (!(*out = bwm_synth_find(c->apps, c->n, abbr)))
        return bwm_fail(err, BWM_EINPUT, "option --%s: unknown application '%s' (see %s and %s)", opt, abbr,
                        c->main_path, c->extra_path);
    return BWM_OK;
}

/* A comma list of 1..max abbreviations into apps, each application once
 * (its name or abbreviation, in any case). */
static int app_list(const catalogue *c, const char *opt, const char *text, const bwm_synth_app **apps, int max,
                    int *n, bwm_err *err)
{
    char buf[1024];
    char *names[BWM_VARIATION_MAX_APPS + 1];
    int k = bwm_split(text, ',', buf, sizeof buf, names, BWM_VARIATION_MAX_APPS + 1);
    if (k < 1 || k > max)
        return bwm_fail(err, BWM_EINPUT, "option --%s: give 1 to %d application names", opt, max);
    for (int i = 0; i < k; i++) {
        int st = find_app(c, opt, names[i], &apps[i], err);
        if (st != BWM_OK)
            return st;
        for (int j = 0; j < i; j++)
            if (apps[j] == apps[i])
                return bwm_fail(err, BWM_EINPUT, "option --%s: %s given twice (as '%s' and '%s')", opt,
                                apps[i]->abbr, names[j], names[i]);
    }
    *n = k;
    return BWM_OK;
}

static int partition_list(const char *text, bwm_variation_spec *s, bwm_err *err)
{
    char buf[64];
    char *names[3];
    int k = bwm_split(text, ',', buf, sizeof buf, names, 3);
    if (k < 1 || k > 2)
        return bwm_fail(err, BWM_EINPUT, "option --partition: give cp, cmp or cp,cmp");
    for (int i = 0; i < k; i++) {
        if (bwm_partitioning_parse(names[i], &s->partitionings[i]) != 0)
            return bwm_fail(err, BWM_EINPUT, "option --partition: '%s' is neither cp nor cmp", names[i]);
        if (i == 1 && s->partitionings[1] == s->partitionings[0])
            return bwm_fail(err, BWM_EINPUT, "option --partition: %s given twice", names[i]);
    }
    s->n_partitionings = k;
    return BWM_OK;
}

static int parse_numbers(const variation_opts *o, bwm_variation_spec *s, bwm_err *err)
{
    int64_t parts = 0, insts = 0, seed = 1;
    int st = bwm_opt_i64("parts", o->parts, 2, 4, &parts, err);
    if (st == BWM_OK)
        st = bwm_opt_i64("insts", o->insts, 1, INT64_MAX / 4, &insts, err);
    if (st == BWM_OK)
        st = bwm_opt_i64("max-cycles", o->max_cycles, 1, INT64_MAX / 4, &s->max_cycles, err);
    if (st == BWM_OK && o->seed)
        st = bwm_opt_i64("seed", o->seed, 0, INT64_MAX, &seed, err);
    s->parts = (int)parts;
    s->budget = (uint64_t)insts;
    s->seed = (uint64_t)seed;
    return st;
}

/* The tables, as --table names them. */
static const char *const table_keys[] = {"apps", "runs", "summary"};

static void progress_step(void *ctx)
{
    bwm_progress_step(ctx);
}

static int run_and_emit(const bwm_cmd *cmd, const bwm_common *common, const variation_opts *o,
                        bwm_variation_spec *s, const bwm_provenance *prov, bwm_err *err)
{
    size_t total = (size_t)s->n_apps * (1 + (size_t)s->n_partitionings * (1 + (size_t)s->n_interferers));
    bwm_progress pg = bwm_progress_start("sim variation", "simulations", total, o->progress, o->no_progress);
    s->run_done = progress_step;
    s->run_done_ctx = &pg;
    bwm_progress_show(&pg);
    bwm_variation_result *r = malloc(sizeof *r);
    int st = r ? bwm_variation_run(s, r, err) : bwm_fail(err, BWM_EFAIL, "out of memory");
    bwm_progress_end(&pg);
    if (st != BWM_OK) {
        free(r);
        return bwm_cli_report(cmd, st, err);
    }
    bwm_variation_layout l;
    bwm_variation_layout_of(s, &l);
    bwm_table t[BWM_VARIATION_NTABLES];
    bwm_variation_tables(&l, r, t);
    bwm_result_table tabs[] = {{table_keys[0], &t[0]}, {table_keys[1], &t[1]}, {table_keys[2], &t[2]}};
    bwm_result_prov rp = {prov, o->provenance};
    st = bwm_result_emit(cmd, common, tabs, 3, o->table, &rp);
    for (int i = 0; i < 3; i++)
        bwm_table_free(&t[i]);
    free(r);
    return st;
}

int bwm_cmd_sim_variation(int argc, char **argv)
{
    char config_default[4096], apps_default[4096], extra_default[4096];
    bwm_data_path("configs/gtx1080.config", config_default, sizeof config_default);
    bwm_data_path(BWM_CALIBRATED_APPS, apps_default, sizeof apps_default);
    bwm_data_path(FGPU_APPS, extra_default, sizeof extra_default);
    variation_opts o = {config_default, NULL, NULL, "MM,SCP,FWT,CFD,VA", "MM,FWT,VA", "cp,cmp", "2", "10000000",
                        "100000000", apps_default, extra_default, NULL, 0, 0, 0, 0};
    const bwm_opt opts[] = {
        {"config", "FILE", BWM_CONFIG_HELP_OF("data/configs/gtx1080.config, paper 003's GTX 1080"), &o.config,
         NULL},
        {"set", "OPTIONS", "options in the file's syntax applied after it, e.g. \"-bwm_l2_sharing partitioned\"",
         &o.set, NULL},
        {"apps", "A,B,..", "applications timed, each in turn on the first partition (default MM,SCP,FWT,CFD,VA)",
         &o.apps, NULL},
        {"interferers", "A,B,..", "applications run on the other partitions, one at a time, a copy on each "
         "(default MM,FWT,VA, paper 003's)", &o.interferers, NULL},
        {"partition", "LIST", "cp (SMs split, memory shared), cmp (SMs and page colours split) or both "
         "(default cp,cmp)", &o.partition, NULL},
        {"parts", "N", "equal partitions, 2 to 4 (default 2; cmp needs as many colours; SMs left over stay idle, "
         "said in a note and in a column sms, the SMs of a partition)", &o.parts, NULL},
        {"insts", "N", "thread instructions the timed application commits in each run (default 10000000)", &o.insts,
         NULL},
        {"max-cycles", "N", "fail a run after this many core cycles (default 100000000)", &o.max_cycles, NULL},
        {"seed", "N", "seed of the instruction streams (default 1)", &o.seed, NULL},
        {"apps-file", "FILE", "synthetic applications (default: the shipped data/apps_calibrated.csv)",
         &o.apps_file, NULL},
        {"extra-apps", "FILE", "more of them, e.g. paper 003's VA (default: the shipped data/apps_fgpu.csv)",
         &o.extra_apps, NULL},
        BWM_TABLE_OPT(o.table, "CSV: the table to write, apps (default), runs or summary"),
        BWM_VERBOSE_OPT(o.verbose),
        BWM_PROGRESS_OPTS(o.progress, o.no_progress),
        BWM_PROVENANCE_OPT(o.provenance),
    };
    const bwm_cmd cmd = {
        "bwmpki sim variation",
        "Times applications on one partition of the GPU beside interferers on the others, under compute (cp) "
        "or compute-and-memory (cmp) partitioning: paper 003's variation.",
        "variation_A = max over interferers B of T_A,B / T_A,- - 1 (as a percentage), T = core cycles until A\n"
        "has committed --insts thread instructions, T_A,- with the other partitions idle under the same\n"
        "partitioning (cmp: A keeps its colours).  The SMs split equally; under cmp so do the page colours\n"
        "(-bwm_vm color; GTX 1080's hash has 2 colours on 4 KB pages, V100's 8).  Interferers keep running\n"
        "until A finishes.  t_whole: A alone on every SM; alone_vs_whole = t_alone / t_whole (1: the\n"
        "partition costs nothing, parts: it runs as many times slower); alone_vs_cp = cmp's t_alone over\n"
        "cp's (what losing the other colours costs alone).  FR-FCFS throughout.  JSON: {\"apps\":[...],\n"
        "\"runs\":[...], \"summary\":[...], \"provenance\":{...}}.\n"
        "Example: bwmpki sim variation --apps MM,VA --interferers MM,VA --format json",
        opts, sizeof opts / sizeof opts[0],
    };
    bwm_common common;
    bwm_err err;
    int st = bwm_opts_parse(&cmd, argc, argv, &common, &err);
    if (st < 0)
        return 0;
    bwm_gpu_config cfg;
    bwm_variation_spec s;
    memset(&s, 0, sizeof s);
    catalogue c = {NULL, 0, o.apps_file, o.extra_apps};
    size_t pick;
    if (st == BWM_OK) /* before the runs, as -o */
        st = bwm_result_pick(o.table, table_keys, BWM_VARIATION_NTABLES, &pick, &err);
    if (st == BWM_OK)
        st = parse_numbers(&o, &s, &err);
    if (st == BWM_OK)
        st = partition_list(o.partition, &s, &err);
    bwm_sim_configs files;
    if (st == BWM_OK)
        st = bwm_sim_configs_gather(&cmd, argc, argv, config_default, &files, &err);
    if (st == BWM_OK)
        st = bwm_sim_load_gpu(&cmd, &files, o.set, o.verbose, &cfg, NULL, &err);
    if (st == BWM_OK)
        st = bwm_synth_load(o.apps_file, &c.apps, &c.n, &err);
    if (st == BWM_OK)
        st = bwm_extra_apps_append(&c.apps, &c.n, o.apps_file, o.extra_apps, "extra-apps", &err);
    if (st == BWM_OK)
        st = app_list(&c, "apps", o.apps, s.apps, BWM_VARIATION_MAX_APPS, &s.n_apps, &err);
    if (st == BWM_OK)
        st = app_list(&c, "interferers", o.interferers, s.interferers, BWM_VARIATION_MAX_INTERFERERS,
                      &s.n_interferers, &err);
    bwm_provenance prov;
    bwm_provenance_init(&prov, cmd.path, argc, argv);
    if (st == BWM_OK) {
        s.cfg = &cfg;
        bwm_err sub;
        if ((st = bwm_variation_check(&s, &sub)) != BWM_OK)
            bwm_fail(&err, st, "options --partition and --parts: %s", sub.msg);
        else if (cfg.n_sms % s.parts != 0)
            fprintf(stderr, "bwmpki sim variation: note: %d SMs make %d partitions of %d SMs; the other %d stay "
                    "idle in every run (--parts %d)\n", cfg.n_sms, s.parts, cfg.n_sms / s.parts, cfg.n_sms % s.parts,
                    s.parts);
    }
    if (st == BWM_OK) {
        bwm_provenance_run(&prov, s.seed, 0, 0);
        st = bwm_provenance_configs(&prov, files.path, files.n, o.set, o.apps_file, NULL, &err);
        if (st == BWM_OK)
            st = bwm_provenance_extra_apps(&prov, o.extra_apps, &err);
    }
    st = st == BWM_OK ? run_and_emit(&cmd, &common, &o, &s, &prov, &err) : bwm_cli_report(&cmd, st, &err);
    free(c.apps);
    return st;
}
