/* fit_import_accelsim.c — "bwmpki fit import --accelsim-log LOG": Accel-Sim's
 * per-kernel statistics (fit/accelsim_log.h) beside bwmpki's on the same
 * trace, run here (--trace PATH, with --config/--set) or read from a saved
 * "sim run --apps trace:PATH --format csv" (--against FILE); the error
 * table of fit/accelsim_compare.h. */
#include "cli/fit_import_accelsim.h"

#include <stdlib.h>
#include <string.h>

#include "cli/result_out.h"
#include "cli/sim_run_trace.h"
#include "fit/accelsim_compare.h"
#include "fit/accelsim_log.h"
#include "io/csv.h"
#include "io/out_dir.h"
#include "io/provenance.h"
#include "util/grow.h"

/* bwmpki's kernels, from a run or a saved CSV (names owned). */
typedef struct ours_list {
    bwm_accelsim_ours *k;
    size_t n, cap;
} ours_list;

static void ours_free(ours_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        free((char *)l->k[i].name);
    free(l->k);
    memset(l, 0, sizeof *l);
}

static bwm_accelsim_ours *ours_add(ours_list *l, const char *name)
{
    bwm_accelsim_ours *k = bwm_grow(l->k, &l->cap, l->n, sizeof *k);
    if (!k)
        return NULL;
    l->k = k;
    k = &l->k[l->n];
    memset(k, 0, sizeof *k);
    k->name = strdup(name);
    if (!k->name)
        return NULL;
    l->n++;
    return k;
}

static int from_run(const bwm_run_result *r, ours_list *l, bwm_err *err)
{
    for (size_t i = 0; i < r->n_kernels; i++) {
        const bwm_kernel_result *kr = &r->kernels[i];
        if (kr->kernel == 0) /* the total */
            continue;
        bwm_accelsim_ours *k = ours_add(l, kr->name);
        if (!k)
            return bwm_fail(err, BWM_EFAIL, "out of memory");
        k->complete = kr->complete;
        const double v[BWM_AS_NSTAT] = {
            (double)kr->cycles, (double)kr->insts, (double)kr->warp_insts, (double)kr->l1_reads,
            (double)kr->l1_read_misses, (double)kr->l1_writes, (double)kr->l1_write_misses, (double)kr->l2_reads,
            (double)kr->l2_read_misses, (double)kr->l2_writes, (double)kr->l2_write_misses, (double)kr->dram_reads,
            (double)kr->dram_writes,
        };
        memcpy(k->v, v, sizeof v);
    }
    return BWM_OK;
}

/* A saved "sim run --apps trace:PATH --format csv": its kernel rows (the
 * total row left out), kernels 1, 2, ... of one application in order. */
static int from_csv(const char *path, ours_list *l, bwm_err *err)
{
    enum { C_APP, C_KERNEL, C_NAME, C_COMPLETE, C_STATS };
    const char *cols[C_STATS + BWM_AS_NSTAT] = {"app", "kernel", "name", "complete"};
    for (int s = 0; s < BWM_AS_NSTAT; s++)
        cols[C_STATS + s] = bwm_accelsim_stat_name(s);
    int idx[C_STATS + BWM_AS_NSTAT];
    bwm_csv c;
    int st = bwm_csv_open_with(&c, path, cols, idx, C_STATS + BWM_AS_NSTAT, err);
    if (st != BWM_OK)
        return st;
    char app[256] = "";
    int got = 1;
    while (st == BWM_OK) {
        st = bwm_csv_read(&c, &got, err);
        if (st != BWM_OK || !got)
            break;
        st = bwm_csv_check_width(&c, err);
        const char *kernel = bwm_csv_field(&c, idx[C_KERNEL]), *a = bwm_csv_field(&c, idx[C_APP]);
        if (st != BWM_OK || !strcmp(kernel, "total"))
            continue;
        if (!app[0])
            snprintf(app, sizeof app, "%s", a);
        else if (strcmp(app, a) != 0)
            st = bwm_fail(err, BWM_EINPUT, "%s:%ld: a second application '%s' (after '%s'): give the run of one "
                          "trace", path, c.line, a, app);
        double num;
        if (st == BWM_OK)
            st = bwm_csv_double(&c, idx[C_KERNEL], &num, err);
        if (st == BWM_OK && num != (double)(l->n + 1))
            st = bwm_fail(err, BWM_EINPUT, "%s:%ld: kernel '%s', expected %zu (kernels in launch order)", path,
                          c.line, kernel, l->n + 1);
        const char *complete = bwm_csv_field(&c, idx[C_COMPLETE]);
        if (st == BWM_OK && strcmp(complete, "true") != 0 && strcmp(complete, "false") != 0)
            st = bwm_fail(err, BWM_EINPUT, "%s:%ld: column 'complete': '%s' is not true or false", path, c.line,
                          complete);
        bwm_accelsim_ours *k = NULL;
        if (st == BWM_OK && !(k = ours_add(l, bwm_csv_field(&c, idx[C_NAME]))))
            st = bwm_fail(err, BWM_EFAIL, "out of memory");
        if (k)
            k->complete = !strcmp(complete, "true");
        for (int s = 0; s < BWM_AS_NSTAT && st == BWM_OK; s++) {
            st = bwm_csv_double(&c, idx[C_STATS + s], &k->v[s], err);
            if (st == BWM_OK && !(k->v[s] >= 0 && k->v[s] <= BWM_ACCELSIM_COUNT_MAX && k->v[s] == (double)(long long)k->v[s]))
                st = bwm_fail(err, BWM_EINPUT, "%s:%ld: column '%s': '%s' is not a count in 0..2^53", path, c.line,
                              cols[C_STATS + s], bwm_csv_field(&c, idx[C_STATS + s]));
        }
    }
    if (st == BWM_OK && l->n == 0)
        st = bwm_fail(err, BWM_EINPUT, "%s: no kernel rows (a saved 'sim run --apps trace:PATH --format csv'?)", path);
    bwm_csv_close(&c);
    return st;
}

static int gather(const bwm_cmd *cmd, const bwm_fit_accelsim_args *a, ours_list *l, bwm_err *err)
{
    if (a->against)
        return from_csv(a->against, l, err);
    bwm_run_result r;
    int st = bwm_sim_trace_run(cmd, a->sim, a->trace, a->sched, &r, err);
    if (st != BWM_OK)
        return st;
    st = from_run(&r, l, err);
    bwm_run_result_free(&r);
    return st;
}

/* The tables, or the error. */
static int tables(const bwm_cmd *cmd, const bwm_fit_accelsim_args *a, bwm_table t[2], bwm_err *err)
{
    if (!a->trace == !a->against)
        return bwm_fail(err, BWM_EINPUT, "option --accelsim-log: give --trace PATH (bwmpki runs it) or --against "
                        "FILE (a saved sim run of it), one of them");
    if (a->trace && !a->sim->config)
        return bwm_fail(err, BWM_EINPUT, "option --trace: give the configuration files Accel-Sim ran with (--config "
                        "gpgpusim.config --config trace.config)");
    if (a->against && (a->sim->config || a->sim->set))
        return bwm_fail(err, BWM_EINPUT, "option --against: the saved run has its configuration; --config and "
                        "--set go with --trace");
    static const char *const keys[] = {"kernels", "summary"};
    size_t pick;
    int st = bwm_cli_check_out_dir(a->out, err);
    if (st == BWM_OK)
        st = bwm_result_pick(a->table, keys, 2, &pick, err);
    bwm_accelsim_log log;
    memset(&log, 0, sizeof log);
    if (st == BWM_OK)
        st = bwm_accelsim_log_read(a->log, &log, err);
    ours_list ours = {0};
    if (st == BWM_OK)
        st = gather(cmd, a, &ours, err);
    if (st == BWM_OK)
        st = bwm_accelsim_compare(a->log, &log, ours.k, ours.n, t, err);
    ours_free(&ours);
    bwm_accelsim_log_free(&log);
    if (st == BWM_OK && a->out)
        st = bwm_out_dir_tables(a->out, (bwm_out_table[]){{"accelsim", &t[0]}, {"accelsim_summary", &t[1]}}, 2,
                                err);
    return st;
}

int bwm_fit_import_accelsim(const bwm_cmd *cmd, const bwm_common *common, const bwm_fit_accelsim_args *a,
                            int argc, char **argv)
{
    bwm_err err;
    bwm_table t[2] = {{0}};
    int st = tables(cmd, a, t, &err);
    if (st == BWM_OK) {
        bwm_provenance prov;
        bwm_provenance_init(&prov, cmd->path, argc, argv);
        bwm_result_table tabs[] = {{"kernels", &t[0]}, {"summary", &t[1]}};
        bwm_result_prov rp = {&prov, a->provenance};
        st = bwm_result_emit(cmd, common, tabs, 2, a->table, &rp);
    } else {
        st = bwm_cli_report(cmd, st, &err);
    }
    bwm_table_free(&t[0]);
    bwm_table_free(&t[1]);
    return st;
}
