/* finish.c — results, figures, report and manifest of a study (see
 * finish.h). */
#include "study/finish.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fit/perf_table.h"
#include "fit/policy_out.h"
#include "fit/queue_table.h"
#include "io/json.h"
#include "io/out_dir.h"
#include "io/provenance.h"
#include "plots/figure.h"
#include "plots/gnuplot.h"
#include "plots/results.h"
#include "study/experiment.h"
#include "study/fits.h"
#include "study/report.h"
#include "study/tables.h"
#include "util/num.h"

/* The study's provenance: the fields every result's has (io/provenance.h),
 * as its plan recorded them, then the study's own. */
static void study_provenance(const void *ctx, bwm_json *j)
{
    const bwm_study_info *i = ctx;
    bwm_provenance p = {.r = i->prov}; /* no command line: the manifest lists it */
    bwm_json_key(j, "provenance");
    bwm_json_obj_begin(j);
    bwm_provenance_fields(&p, j);
    bwm_json_kv_str(j, "binary_sha256", i->binary);
    bwm_json_kv_int(j, "window", i->window);
    bwm_json_kv_bool(j, "quick", i->quick);
    bwm_json_kv_str(j, "scheds", i->scheds);
    bwm_json_kv_num(j, "peak_gbs", i->peak_gbs);
    bwm_json_obj_end(j);
}

/* The tables written before the figures, kept for them: the figures and
 * the experiments' summaries read them as their files hold them
 * (plots/results.h's bwm_pl_source), without reading the files back. */
typedef struct kept {
    bwm_table results, metrics;         /* results.csv, metrics.csv */
    bwm_table perf[BWM_PERF_NTABLES];   /* fit_perf{,_summary,_params}.csv */
    char perf_names[BWM_PERF_NTABLES][40];
    bwm_table pfit[BWM_PT_COUNT];       /* fit_policy_*.csv (with both models, an engine column) */
    char pfit_names[BWM_PT_COUNT][40];
    int have_results, have_perf, have_pfit;
    bwm_exp_tables *exp;                /* each experiment's tables (none when not planned) */
    bwm_pl_table *list;                 /* all of them by name */
    size_t n;
} kept;

static void kept_free(kept *k)
{
    if (k->have_results) {
        bwm_table_free(&k->results);
        bwm_table_free(&k->metrics);
    }
    for (int t = 0; k->have_perf && t < BWM_PERF_NTABLES; t++)
        bwm_table_free(&k->perf[t]);
    if (k->have_pfit)
        bwm_pfit_tables_free(k->pfit);
    for (int e = 0; k->exp && e < bwm_study_exp_count(); e++)
        bwm_exp_tables_free(&k->exp[e]);
    free(k->exp);
    free(k->list);
}

/* The kept tables as the figures' source. */
static int kept_list(kept *k, bwm_err *err)
{
    size_t max = 2 + BWM_PERF_NTABLES + BWM_PT_COUNT + (size_t)bwm_study_exp_count() * BWM_EXP_MAX_TABLES;
    k->list = calloc(max, sizeof *k->list);
    if (!k->list)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    k->list[k->n++] = (bwm_pl_table){"results", &k->results};
    k->list[k->n++] = (bwm_pl_table){"metrics", &k->metrics};
    for (int t = 0; t < BWM_PERF_NTABLES; t++)
        k->list[k->n++] = (bwm_pl_table){k->perf_names[t], &k->perf[t]};
    for (int t = 0; k->have_pfit && t < BWM_PT_COUNT; t++)
        if (k->pfit_names[t][0])
            k->list[k->n++] = (bwm_pl_table){k->pfit_names[t], &k->pfit[t]};
    for (int e = 0; e < bwm_study_exp_count(); e++)
        for (size_t t = 0; t < k->exp[e].n; t++)
            k->list[k->n++] = (bwm_pl_table){k->exp[e].name[t], &k->exp[e].t[t]};
    return BWM_OK;
}

/* results.csv, metrics.csv, results.json. */
static int write_results(const char *dir, const bwm_study_files *f, const bwm_study_outcome *o, kept *k,
                         bwm_err *err)
{
    bwm_study_tables(f, o, &k->results, &k->metrics);
    k->have_results = 1;
    bwm_buf b[3];
    for (int i = 0; i < 3; i++)
        bwm_buf_init(&b[i]);
    bwm_table_render(&k->results, BWM_FMT_CSV, &b[0]);
    bwm_table_render(&k->metrics, BWM_FMT_CSV, &b[1]);
    bwm_study_json(study_provenance, &f->info, &k->results, &k->metrics, &b[2]);
    const char *names[] = {"results.csv", "metrics.csv", "results.json"};
    int st = k->results.failed || k->metrics.failed ? bwm_fail(err, BWM_EFAIL, "out of memory for the results")
                                                    : bwm_out_dir_files(dir, names, b, 3, err);
    for (int i = 0; i < 3; i++)
        bwm_buf_free(&b[i]);
    return st;
}

/* fit_perf{,_params}.*, fit_policy_{apps,scheds,workloads,classes}.* (both
 * models when the queueing one was fitted) and fit_policy_queue.* (its
 * alone side), kept for the figures. */
static int write_fits(const char *dir, const bwm_study_files *f, const bwm_study_fits *x, kept *kp, bwm_err *err)
{
    bwm_table *perf = kp->perf, *pt = kp->pfit, qt = {0};
    bwm_alone_cache none;
    memset(&none, 0, sizeof none);
    bwm_pfit_report rep = {x->w, x->res, x->nw, x->sum, &none, f->info.peak_gbs, f->info.prov.cycles,
                           f->info.prov.warmup, f->info.prov.seed, NULL, 0}; /* tables only: the study's provenance is its own */
    int st = BWM_OK;
    size_t n = 0;
    bwm_out_table files[BWM_PERF_NTABLES + BWM_PT_COUNT + 1];
    if (x->have_perf) {
        st = bwm_perf_tables(&x->perf, x->samples, perf, err);
    } else {
        static const char *const cols[] = {"app", "ipc", "mpki", "bw", "f_smem", "ipc_model", "ipc_model_err", "note"};
        static const char *const sum[] = {"group", "n", "mare_model"};
        bwm_table_init(&perf[BWM_PERF_ERRORS], "no alone run on the two-way SM share", cols, sizeof cols / sizeof cols[0]);
        bwm_table_init(&perf[BWM_PERF_SUMMARY], "", sum, sizeof sum / sizeof sum[0]);
        bwm_table_init(&perf[BWM_PERF_PARAMS], "", cols, 1);
    }
    if (st != BWM_OK)
        return st;
    kp->have_perf = 1;
    for (int k = 0; k < BWM_PERF_NTABLES; k++) {
        snprintf(kp->perf_names[k], sizeof kp->perf_names[k], k == BWM_PERF_ERRORS ? "fit_perf" : "fit_perf_%s",
                 bwm_perf_table_key(k));
        files[n++] = (bwm_out_table){kp->perf_names[k], &perf[k]};
    }
    int bad = bwm_pfit_tables_both(&rep, x->have_queue ? x->res_q : NULL, x->sum_q, pt) != 0;
    kp->have_pfit = 1;
    for (int k = 0; !bad && k < BWM_PT_COUNT; k++) {
        if (k == BWM_PT_ALONE || k == BWM_PT_RUN) /* in results.csv and the study's provenance */
            continue;
        snprintf(kp->pfit_names[k], sizeof kp->pfit_names[k], "fit_policy_%s", bwm_pfit_table_key(k));
        files[n++] = (bwm_out_table){kp->pfit_names[k], &pt[k]};
    }
    if (!bad && x->have_queue) {
        bad = bwm_qcal_table(x->qrows, x->nq, &x->qfit, f->info.peak_gbs, &qt) != 0;
        files[n++] = (bwm_out_table){"fit_policy_queue", &qt};
    }
    st = bad ? bwm_fail(err, BWM_EFAIL, "out of memory for the tables") : bwm_out_dir_tables(dir, files, n, err);
    bwm_table_free(&qt);
    return st;
}

/* Whether f's plan has a run of experiment e. */
static int planned(const bwm_study_files *f, int e)
{
    for (size_t k = 0; k < f->plan.n; k++)
        if (f->plan.r[k].exp == e)
            return 1;
    return 0;
}

/* Writes experiment e's tables t (filled: t->n). */
static int write_tables(const char *dir, const bwm_exp_tables *t, bwm_err *err)
{
    bwm_out_table files[BWM_EXP_MAX_TABLES];
    for (size_t k = 0; k < t->n; k++)
        files[k] = (bwm_out_table){t->name[k], &t->t[k]};
    return t->n ? bwm_out_dir_tables(dir, files, t->n, err) : BWM_OK;
}

/* Each experiment's own tables (study/experiment.h) from the outcomes, when
 * the plan has its runs, kept for the figures. */
static int write_exp_tables(const char *dir, const bwm_study_files *f, const bwm_study_outcome *o, kept *kp,
                            bwm_err *err)
{
    kp->exp = calloc((size_t)bwm_study_exp_count(), sizeof *kp->exp);
    if (!kp->exp)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    int st = BWM_OK;
    for (int e = 0; st == BWM_OK && e < bwm_study_exp_count(); e++) {
        const bwm_study_experiment *x = bwm_study_exp_at(e);
        if (x->tables && planned(f, e))
            st = x->tables(f, o, &kp->exp[e], err);
        if (st == BWM_OK)
            st = write_tables(dir, &kp->exp[e], err);
    }
    return st;
}

/* Each experiment's summaries from the figures' results r. */
static int write_exp_summaries(const char *dir, const bwm_study_files *f, const bwm_study_outcome *o,
                               const bwm_pl_results *r, bwm_err *err)
{
    int st = BWM_OK;
    for (int e = 0; st == BWM_OK && e < bwm_study_exp_count(); e++) {
        const bwm_study_experiment *x = bwm_study_exp_at(e);
        if (!x->summary || !planned(f, e))
            continue;
        bwm_exp_tables t = {0};
        st = x->summary(f, o, r, &t, err);
        if (st == BWM_OK)
            st = write_tables(dir, &t, err);
        bwm_exp_tables_free(&t);
    }
    return st;
}

/* The experiments' summaries, every figure, and REPORT.md, from the tables
 * written before (k). */
static int write_figures_and_report(const char *dir, const bwm_study_files *f, const bwm_study_outcome *o,
                                    const bwm_study_fits *x, kept *k, bwm_finish_info *fi, bwm_err *err)
{
    bwm_pl_results r;
    int st = kept_list(k, err);
    if (st == BWM_OK) {
        bwm_pl_source src = {dir, k->list, k->n};
        st = bwm_pl_load_from(&src, &r, err);
    }
    if (st != BWM_OK)
        return st;
    st = write_exp_summaries(dir, f, o, &r, err);
    if (st != BWM_OK) {
        bwm_pl_free(&r);
        return st;
    }
    char figdir[4096];
    snprintf(figdir, sizeof figdir, "%s/figures", dir);
    fi->gnuplot_found = bwm_gnuplot_find(fi->gnuplot, sizeof fi->gnuplot);
    fi->figures = bwm_figure_count();
    fi->drawn = 0;
    bwm_report_figure *figs = calloc(fi->figures, sizeof *figs);
    if (!figs)
        st = bwm_fail(err, BWM_EFAIL, "out of memory");
    for (size_t k = 0; st == BWM_OK && k < fi->figures; k++) {
        figs[k].f = bwm_figure_at(k);
        bwm_err ferr;
        int fs = bwm_figure_draw(figs[k].f, &r, figdir, fi->gnuplot_found ? fi->gnuplot : NULL, &ferr);
        if (fs == BWM_EINPUT) {
            snprintf(figs[k].note, sizeof figs[k].note, "%.500s.", ferr.msg);
        } else if (fs != BWM_OK) {
            st = bwm_fail(err, fs, "figure %s: %s", figs[k].f->name, ferr.msg);
        } else if (!fi->gnuplot_found) {
            snprintf(figs[k].note, sizeof figs[k].note,
                     "gnuplot was not found; run `gnuplot %s.gp` in `figures/` to draw it.", figs[k].f->name);
        } else {
            figs[k].drawn = 1;
            fi->drawn++;
        }
    }
    if (st == BWM_OK) {
        bwm_buf b;
        bwm_buf_init(&b);
        bwm_report_ctx c = {f, o, x, &r, figs, fi->figures};
        bwm_study_report(&c, &b);
        const char *name = "REPORT.md";
        st = bwm_out_dir_files(dir, &name, &b, 1, err);
        bwm_buf_free(&b);
    }
    free(figs);
    bwm_pl_free(&r);
    return st;
}

int bwm_study_finish(const char *dir, bwm_finish_info *fi, bwm_err *err)
{
    memset(fi, 0, sizeof *fi);
    bwm_study_files f;
    int st = bwm_plan_read(dir, &f, err);
    if (st != BWM_OK)
        return st;
    bwm_study_outcome o = {0};
    kept kt = {0};
    bwm_study_fits x;
    int have_fits = 0;
    st = bwm_outcome_load(dir, &f, &o, err);
    for (size_t k = 0; st == BWM_OK && k < o.n; k++)
        fi->refused += o.o[k].rec.error[0] != 0;
    if (st == BWM_OK)
        st = write_results(dir, &f, &o, &kt, err);
    if (st == BWM_OK)
        st = write_exp_tables(dir, &f, &o, &kt, err);
    if (st == BWM_OK && (st = bwm_study_fits_run(&f, &o, &x, err)) == BWM_OK)
        have_fits = 1;
    if (st == BWM_OK)
        st = write_fits(dir, &f, &x, &kt, err);
    if (st == BWM_OK)
        st = write_figures_and_report(dir, &f, &o, &x, &kt, fi, err);
    kept_free(&kt);
    if (have_fits)
        bwm_study_fits_free(&x);
    bwm_outcome_free(&o);
    bwm_plan_files_free(&f);
    return st;
}

int bwm_manifest_write(const char *dir, const bwm_study_info *info, const bwm_manifest *m, bwm_err *err)
{
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_json j;
    bwm_json_init(&j, &b);
    bwm_json_obj_begin(&j);
    study_provenance(info, &j);
    bwm_json_key(&j, "command_line");
    bwm_json_arr_begin(&j);
    char buf[64], *words[8];
    int nwords = bwm_split(m->command, ' ', buf, sizeof buf, words, 8);
    for (int k = 0; k < nwords; k++)
        bwm_json_str(&j, words[k]);
    for (int k = 0; k < m->argc; k++)
        bwm_json_str(&j, m->argv[k]);
    bwm_json_arr_end(&j);
    bwm_json_kv_num(&j, "wall_seconds", m->wall_seconds);
    if (m->jobs)
        bwm_json_kv_int(&j, "jobs", m->jobs);
    if (m->shard_n) {
        char shard[64];
        snprintf(shard, sizeof shard, "%d/%d", m->shard_k, m->shard_n);
        bwm_json_kv_str(&j, "shard", shard);
    }
    if (m->nshards) {
        bwm_json_key(&j, "merged_shards");
        bwm_json_arr_begin(&j);
        for (size_t k = 0; k < m->nshards; k++)
            bwm_json_str(&j, m->shards[k]);
        bwm_json_arr_end(&j);
    }
    bwm_json_key(&j, "runs");
    bwm_json_obj_begin(&j);
    bwm_json_kv_int(&j, "planned", (long long)m->planned);
    bwm_json_kv_int(&j, "distinct", (long long)m->distinct);
    bwm_json_kv_int(&j, "found_done", (long long)m->done_before);
    bwm_json_kv_int(&j, "simulated", (long long)m->run_now);
    bwm_json_obj_end(&j);
    if (m->ignored) {
        bwm_json_key(&j, "ignored_options");
        bwm_json_arr_begin(&j);
        for (size_t k = 0; k < m->ignored->n; k++)
            bwm_json_str(&j, m->ignored->v[k].name);
        bwm_json_arr_end(&j);
    }
    if (m->finish) {
        if (m->finish->gnuplot_found)
            bwm_json_kv_str(&j, "gnuplot", m->finish->gnuplot);
        else
            bwm_json_kv_str(&j, "gnuplot", "");
        bwm_json_kv_int(&j, "figures", (long long)m->finish->figures);
        bwm_json_kv_int(&j, "figures_drawn", (long long)m->finish->drawn);
        bwm_json_kv_int(&j, "runs_refused", (long long)m->finish->refused);
    }
    bwm_json_obj_end(&j);
    bwm_buf_puts(&b, "\n");
    const char *name = "manifest.json";
    int st = bwm_out_dir_files(dir, &name, &b, 1, err);
    bwm_buf_free(&b);
    return st;
}
