/* report_traces.c — the traced experiment's tables and report section (see
 * report_traces.h). */
#include "study/report_traces.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fit/policy_fit.h"
#include "fit/sched_policy.h"

extern const bwm_study_experiment bwm_exp_traces;

/* One traced run, its stand-in twin and the model's prediction. */
typedef struct traced_row {
    size_t run, twin;                   /* plan indices; twin = run when the stand-in run is missing */
    int have_twin, have_model;
    double sd_model[2], it_model, ws_model; /* the model's slowdowns and metrics (un-normalised) */
} traced_row;

typedef struct traced {
    traced_row *row;
    size_t n;
} traced;

static int is_traced(const bwm_study_files *f, const bwm_study_outcome *o, size_t k, char kind)
{
    const bwm_study_run *r = &f->plan.r[k];
    return r->exp == bwm_study_exp_id(&bwm_exp_traces) && r->workload_id[0] == kind && !o->o[k].rec.error[0] &&
           o->o[k].have_metrics;
}

/* The run of the stand-in pair of traced run k under the same scheduler. */
static long twin_of(const bwm_study_files *f, const bwm_study_outcome *o, size_t k)
{
    const bwm_study_run *r = &f->plan.r[k];
    for (size_t j = 0; j < f->plan.n; j++)
        if (is_traced(f, o, j, 's') && strcmp(f->plan.r[j].workload_id + 1, r->workload_id + 1) == 0 &&
            strcmp(f->plan.r[j].sched, r->sched) == 0)
            return (long)j;
    return -1;
}

/* The model on the traced pair of run k: every run of that pair with a
 * closed form, from the alone profiles the runs carry. */
static void model_of(const bwm_study_files *f, const bwm_study_outcome *o, traced *t, size_t first)
{
    const bwm_study_run *r = &f->plan.r[t->row[first].run];
    bwm_pfit_input in;
    memset(&in, 0, sizeof in);
    in.n = 2;
    in.peak = f->info.traces_peak_gbs;
    size_t which[BWM_PFIT_MAX_SCHEDS];
    for (size_t i = 0; i < 2; i++) {
        const bwm_alone_profile *a = &o->o[t->row[first].run].rec.alone[i];
        in.alone[i] = (bwm_pfit_alone){a->ipc, a->mpki, a->bw, 0};
    }
    for (size_t q = first; q < t->n && in.nsched < BWM_PFIT_MAX_SCHEDS; q++) {
        const bwm_study_run *s = &f->plan.r[t->row[q].run];
        bwm_policy p;
        bwm_err ignore;
        if (strcmp(s->workload_id, r->workload_id) != 0 || strcmp(s->sched, "rr") == 0 ||
            bwm_sched_policy(s->sched, 2, &p, &ignore) != BWM_OK)
            continue;
        bwm_pfit_sim *x = &in.sim[in.nsched];
        snprintf(x->sched, sizeof x->sched, "%s", s->sched);
        for (size_t i = 0; i < 2; i++) {
            x->bw[i] = o->o[t->row[q].run].rec.app[i].bw;
            x->ipc[i] = o->o[t->row[q].run].rec.app[i].ipc;
        }
        which[in.nsched++] = q;
    }
    bwm_pfit_result res;
    bwm_err ignore;
    if (in.nsched == 0 || bwm_policy_fit(&in, &res, &ignore) != BWM_OK)
        return;
    for (size_t k = 0; k < res.nsched; k++) {
        traced_row *row = &t->row[which[k]];
        row->have_model = 1;
        for (size_t i = 0; i < 2; i++)
            row->sd_model[i] = res.s[k].ipc_model[i] > 0 ? in.alone[i].ipc / res.s[k].ipc_model[i] : NAN;
        row->it_model = res.s[k].model[BWM_PM_IT];
        row->ws_model = res.s[k].model[BWM_PM_WS];
    }
}

static int gather(const bwm_study_files *f, const bwm_study_outcome *o, traced *t, bwm_err *err)
{
    t->n = 0;
    t->row = calloc(f->plan.n ? f->plan.n : 1, sizeof *t->row);
    if (!t->row)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    for (size_t k = 0; k < f->plan.n; k++) {
        if (!is_traced(f, o, k, 't'))
            continue;
        long twin = twin_of(f, o, k);
        t->row[t->n++] = (traced_row){k, twin >= 0 ? (size_t)twin : k, twin >= 0, 0, {NAN, NAN}, NAN, NAN};
    }
    for (size_t k = 0; k < t->n; k++)
        if (k == 0 || strcmp(f->plan.r[t->row[k].run].workload_id, f->plan.r[t->row[k - 1].run].workload_id) != 0)
            model_of(f, o, t, k);
    return BWM_OK;
}

/* The model's metric m (IT or WS) of row k over its pair's FR-FCFS. */
static double model_norm(const bwm_study_files *f, const traced *t, size_t k, int ws)
{
    const bwm_study_run *r = &f->plan.r[t->row[k].run];
    for (size_t j = 0; j < t->n; j++) {
        const bwm_study_run *b = &f->plan.r[t->row[j].run];
        if (strcmp(b->workload_id, r->workload_id) == 0 && strcmp(b->sched, "frfcfs") == 0 && t->row[j].have_model)
            return ws ? t->row[k].ws_model / t->row[j].ws_model : t->row[k].it_model / t->row[j].it_model;
    }
    return NAN;
}

static double rel(double got, double want)
{
    return (got - want) / want;
}

static void fill_tables(const bwm_study_files *f, const bwm_study_outcome *o, const traced *t, bwm_table *apps,
                        bwm_table *scheds)
{
    for (size_t k = 0; k < t->n; k++) {
        const traced_row *w = &t->row[k];
        const bwm_study_run *r = &f->plan.r[w->run];
        const bwm_run_outcome *x = &o->o[w->run], *y = &o->o[w->twin];
        for (size_t i = 0; i < 2; i++) {
            double sd_standin = w->have_twin ? y->sd[i] : NAN;
            bwm_table_str(apps, r->workload);
            bwm_table_str(apps, r->sched);
            bwm_table_int(apps, (long long)i + 1);
            bwm_table_str(apps, r->app[i]);
            bwm_table_num(apps, x->rec.alone[i].ipc);
            bwm_table_num(apps, x->rec.alone[i].mpki);
            bwm_table_num(apps, x->sd[i]);
            bwm_table_num(apps, sd_standin);
            bwm_table_num(apps, w->sd_model[i]);
            bwm_table_num(apps, rel(sd_standin, x->sd[i]));
            bwm_table_num(apps, rel(w->sd_model[i], x->sd[i]));
        }
        bwm_table_str(scheds, r->workload);
        bwm_table_str(scheds, r->sched);
        bwm_table_num(scheds, x->it_norm);
        bwm_table_num(scheds, w->have_twin ? y->it_norm : NAN);
        bwm_table_num(scheds, model_norm(f, t, k, 0));
        bwm_table_num(scheds, x->ws_norm);
        bwm_table_num(scheds, w->have_twin ? y->ws_norm : NAN);
        bwm_table_num(scheds, model_norm(f, t, k, 1));
    }
}

static const char *const app_cols[] = {"workload", "sched", "app_index", "app", "ipc_alone", "mpki_alone", "sd",
                                       "sd_standin", "sd_model", "sd_standin_err", "sd_model_err"};
static const char *const sched_cols[] = {"workload", "sched", "it_norm", "it_norm_standin", "it_norm_model",
                                         "ws_norm", "ws_norm_standin", "ws_norm_model"};

int bwm_traces_tables(const bwm_study_files *f, const bwm_study_outcome *o, bwm_exp_tables *out, bwm_err *err)
{
    traced t;
    int st = gather(f, o, &t, err);
    if (st != BWM_OK || t.n == 0) {
        free(t.row);
        return st;
    }
    out->name[0] = "traces";
    out->name[1] = "traces_scheds";
    bwm_table_init(&out->t[0], "Traced pairs beside their stand-in pairs and the model: slowdowns", app_cols,
                   sizeof app_cols / sizeof app_cols[0]);
    bwm_table_init(&out->t[1], "Traced pairs beside their stand-in pairs and the model: IT and WS over FR-FCFS",
                   sched_cols, sizeof sched_cols / sizeof sched_cols[0]);
    out->n = 2;
    fill_tables(f, o, &t, &out->t[0], &out->t[1]);
    free(t.row);
    return BWM_OK;
}

/* Mean |relative distance| of the stand-ins' (model 0) or the model's
 * slowdowns from the traced ones, over the applications that have both;
 * *n gets how many. */
static double mare(const bwm_study_outcome *o, const traced *t, int model, size_t *n)
{
    double sum = 0;
    *n = 0;
    for (size_t k = 0; k < t->n; k++)
        for (size_t i = 0; i < 2; i++) {
            const traced_row *w = &t->row[k];
            double want = o->o[w->run].sd[i];
            double got = model ? w->sd_model[i] : w->have_twin ? o->o[w->twin].sd[i] : NAN;
            if (isfinite(got) && isfinite(want) && want > 0) {
                sum += fabs(rel(got, want));
                (*n)++;
            }
        }
    return *n ? sum / (double)*n : NAN;
}

static void cell(bwm_buf *out, double v)
{
    if (isfinite(v))
        bwm_buf_printf(out, " %.3f |", v);
    else
        bwm_buf_puts(out, " – |");
}

void bwm_report_traces(const bwm_report_ctx *c, bwm_buf *out)
{
    traced t;
    bwm_err err;
    if (gather(c->f, c->o, &t, &err) != BWM_OK || t.n == 0) {
        bwm_buf_puts(out, "\nNo traced pair ran.\n");
        free(t.row);
        return;
    }
    size_t ns, nm;
    double ms = mare(c->o, &t, 0, &ns), mm = mare(c->o, &t, 1, &nm);
    bwm_buf_printf(out, "Traces `%s` on `%s` (DRAM peak %.1f GB/s), each pair of them (each with itself too) under "
                   "every main scheduler and prior-1, prior-2, in paper mode: a trace counts its kernel list's first "
                   "pass. Beside each, the same pair of their synthetic stand-ins (`%s`, `bwmpki calibrate --traces`: "
                   "rows calibrated to each trace's alone mpki and BW/C) and paper 000's model fed the traces' alone "
                   "profiles (schedulers with a closed form, rr excepted).\n\n",
                   c->f->info.traces, c->f->info.traces_config, c->f->info.traces_peak_gbs,
                   c->f->info.traces_standins);
    bwm_buf_printf(out, "- Slowdowns of the stand-in pairs against the traced pairs: mean |relative distance| "
                   "%.1f %% over %zu applications.\n", 100 * ms, ns);
    bwm_buf_printf(out, "- The model's slowdowns against the traced pairs: %.1f %% over %zu.\n\n", 100 * mm, nm);
    bwm_buf_puts(out, "| pair | sched | sd (traced) | sd (stand-ins) | sd (model) | IT/FR-FCFS (traced) | "
                      "IT/FR-FCFS (stand-ins) | WS/FR-FCFS (traced) | WS/FR-FCFS (stand-ins) |\n"
                      "|---|---|---|---|---|---|---|---|---|\n");
    for (size_t k = 0; k < t.n; k++) {
        const traced_row *w = &t.row[k];
        const bwm_study_run *r = &c->f->plan.r[w->run];
        const bwm_run_outcome *x = &c->o->o[w->run], *y = &c->o->o[w->twin];
        bwm_buf_printf(out, "| %s | %s | %.3f / %.3f |", r->workload, r->sched, x->sd[0], x->sd[1]);
        if (w->have_twin)
            bwm_buf_printf(out, " %.3f / %.3f |", y->sd[0], y->sd[1]);
        else
            bwm_buf_puts(out, " – |");
        if (w->have_model)
            bwm_buf_printf(out, " %.3f / %.3f |", w->sd_model[0], w->sd_model[1]);
        else
            bwm_buf_puts(out, " – |");
        cell(out, x->it_norm);
        cell(out, w->have_twin ? y->it_norm : NAN);
        cell(out, x->ws_norm);
        cell(out, w->have_twin ? y->ws_norm : NAN);
        bwm_buf_puts(out, "\n");
    }
    free(t.row);
}
