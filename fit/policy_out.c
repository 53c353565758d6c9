/* policy_out.c — tables and output of "bwmpki fit policy" (see
 * policy_out.h). */
#include "fit/policy_out.h"

#include <stdio.h>
#include <string.h>

#include "fit/sched_policy.h"
#include "io/json.h"

const char *bwm_pfit_table_key(int table)
{
    static const char *const keys[BWM_PT_COUNT] = {"apps", "scheds", "workloads", "classes", "alone", "run"};
    return keys[table];
}

static void head(bwm_table *t, const bwm_workload *w, const char *sched)
{
    bwm_table_str(t, w->id);
    bwm_table_str(t, w->name);
    if (sched)
        bwm_table_str(t, sched);
}

/* A report and, with both models, the queueing model's results beside it. */
typedef struct view {
    const bwm_pfit_report *r;
    const bwm_pfit_result *res_q;       /* NULL: one model */
    const bwm_pfit_summary *sum_q;
} view;

/* The models a view holds: 1, or 2 with res_q. */
static int engines(const view *v)
{
    return v->res_q ? 2 : 1;
}

/* Workload w's result by engine e (0: res, 1: res_q). */
static const bwm_pfit_result *result_of(const view *v, int e, size_t w)
{
    return e ? &v->res_q[w] : &v->r->res[w];
}

/* The engine cell, with both models only. */
static void engine_cell(bwm_table *t, const view *v, int e)
{
    if (v->res_q)
        bwm_table_str(t, e ? "queueing" : "paper");
}

static void app_rows(const view *v, bwm_table *t)
{
    const bwm_pfit_report *r = v->r;
    for (size_t w = 0; w < r->n; w++) {
        const bwm_pfit_result *x = &r->res[w];
        for (size_t k = 0; k < x->nsched; k++) {
            for (size_t i = 0; i < x->n; i++) {
                for (int e = 0; e < engines(v); e++) {
                    const bwm_pfit_sched *s = &result_of(v, e, w)->s[k];
                    head(t, &r->w[w], s->sched);
                    bwm_table_str(t, r->w[w].apps[i]->abbr);
                    engine_cell(t, v, e);
                    const double v[] = {s->bw_sim[i], s->bw_model[i], s->bw_err[i],
                                        s->ipc_sim[i], s->ipc_model[i], s->ipc_err[i]};
                    for (size_t c = 0; c < sizeof v / sizeof v[0]; c++)
                        bwm_table_num(t, v[c]);
                }
            }
        }
    }
}

static void sched_rows(const view *v, bwm_table *t)
{
    const bwm_pfit_report *r = v->r;
    for (size_t w = 0; w < r->n; w++) {
        for (size_t k = 0; k < r->res[w].nsched; k++) {
            for (int e = 0; e < engines(v); e++) {
                const bwm_pfit_sched *s = &result_of(v, e, w)->s[k];
                head(t, &r->w[w], s->sched);
                engine_cell(t, v, e);
                bwm_table_str(t, s->form);
                for (int m = 0; m < BWM_PM_COUNT; m++) {
                    bwm_table_num(t, s->sim[m]);
                    bwm_table_num(t, s->model[m]);
                    bwm_table_num(t, s->err[m]);
                }
            }
        }
    }
}

/* The favoured application's abbreviation, or an empty cell for 0. */
static void favour(bwm_table *t, const bwm_workload *w, int app)
{
    if (app > 0)
        bwm_table_str(t, w->apps[app - 1]->abbr);
    else
        bwm_table_null(t);
}

/* The MAREs of a summary row: bw, ipc, it, ws, hs. */
static void mare_cells(bwm_table *t, const bwm_pfit_summary *s)
{
    bwm_table_num(t, s->mare_bw);
    bwm_table_num(t, s->mare_ipc);
    for (int m = 0; m < BWM_PM_COUNT; m++)
        bwm_table_num(t, s->mare[m]);
}

static void workload_rows(const view *v, bwm_table *t)
{
    const bwm_pfit_report *r = v->r;
    for (size_t w = 0; w < r->n; w++) {
        for (int e = 0; e < engines(v); e++) {
            const bwm_pfit_result *x = result_of(v, e, w);
            char cm[16], cb[16];
            snprintf(cm, sizeof cm, "%s-MPKI", bwm_class_letter(x->classes.mpki));
            snprintf(cb, sizeof cb, "%s-BW", bwm_class_letter(x->classes.bw));
            head(t, &r->w[w], NULL);
            engine_cell(t, v, e);
            bwm_table_str(t, cm);
            bwm_table_str(t, cb);
            bwm_table_num(t, x->classes.d_mpki);
            bwm_table_num(t, x->classes.d_bw_frac);
            bwm_table_bool(t, x->bandwidth_bound);
            for (int m = 0; m < BWM_PM_COUNT; m++) {
                favour(t, &r->w[w], x->favour_model[m]);
                favour(t, &r->w[w], x->favour_sim[m]);
                if (x->agree[m] < 0)
                    bwm_table_null(t);
                else
                    bwm_table_bool(t, x->agree[m]);
            }
            for (int m = 0; m < BWM_PM_COUNT; m++)
                bwm_table_num(t, x->rho[m]);
            for (int m = 0; m < BWM_PM_COUNT; m++)
                bwm_table_num(t, x->margin_sim[m]);
            if (v->res_q) {
                bwm_pfit_summary own;
                bwm_pfit_summarise_napps(x, 1, 0, "", &own);
                mare_cells(t, &own);
            }
        }
    }
}

static void class_row(bwm_table *t, const view *v, int e, const bwm_pfit_summary *s)
{
    bwm_table_str(t, s->group);
    engine_cell(t, v, e);
    bwm_table_int(t, (long long)s->count);
    mare_cells(t, s);
    for (int m = 0; m < BWM_PM_COUNT; m++)
        bwm_table_num(t, s->agree[m]);
    for (int m = 0; m < BWM_PM_COUNT; m++)
        bwm_table_num(t, s->rho[m]);
    for (int m = 0; m < BWM_PM_COUNT; m++)
        bwm_table_int(t, (long long)s->decisive[m]);
    for (int m = 0; m < BWM_PM_COUNT; m++)
        bwm_table_num(t, s->agree_decisive[m]);
}

static void class_rows(const view *v, bwm_table *t)
{
    const bwm_pfit_report *r = v->r;
    for (int g = 0; g < BWM_PG_COUNT; g++)
        for (int e = 0; e < engines(v); e++)
            class_row(t, v, e, &(e ? v->sum_q : r->sum)[g]);
    if (!v->res_q)
        return;
    size_t by_size[BWM_PFIT_MAX_APPS + 1] = {0};
    for (size_t w = 0; w < r->n; w++)
        by_size[r->res[w].n]++;
    if (!by_size[2] || !by_size[3])
        return;
    for (size_t napps = 2; napps <= 3; napps++) {
        for (int e = 0; e < engines(v); e++) {
            bwm_pfit_summary s;
            bwm_pfit_summarise_napps(e ? v->res_q : r->res, r->n, napps, napps == 2 ? "pairs" : "triples", &s);
            class_row(t, v, e, &s);
        }
    }
}

static void run_rows(const view *v, bwm_table *t)
{
    const bwm_pfit_report *r = v->r;
    bwm_table_num(t, r->peak);
    bwm_table_int(t, (long long)r->cycles);
    bwm_table_int(t, (long long)r->warmup);
    bwm_table_int(t, (long long)r->seed);
    bwm_table_int(t, (long long)r->alone->n);
}

static void alone_rows(const view *v, bwm_table *t)
{
    const bwm_pfit_report *r = v->r;
    for (size_t i = 0; i < r->alone->n; i++) {
        const bwm_alone_entry *e = &r->alone->e[i];
        bwm_table_str(t, bwm_app_ref_name(&e->app));
        bwm_table_int(t, e->sms);
        bwm_table_num(t, e->r.ipc);
        bwm_table_num(t, e->r.mpki);
        bwm_table_num(t, e->r.bw);
        bwm_table_num(t, e->r.bw_frac);
        bwm_table_num(t, e->r.row_hit_rate);
        bwm_table_num(t, bwm_rbl_of_hit_rate(e->r.row_hit_rate));
    }
}

int bwm_pfit_tables(const bwm_pfit_report *r, bwm_table *t)
{
    return bwm_pfit_tables_both(r, NULL, NULL, t);
}

int bwm_pfit_tables_both(const bwm_pfit_report *r, const bwm_pfit_result *res_q, const bwm_pfit_summary *sum_q,
                         bwm_table *t)
{
    const view v = {r, res_q, sum_q};
    static const char *const apps[] = {"id", "workload", "sched", "app", "bw_sim", "bw_model", "bw_err",
                                       "ipc_sim", "ipc_model", "ipc_err"};
    static const char *const scheds[] = {"id", "workload", "sched", "model", "it_sim", "it_model", "it_err",
                                         "ws_sim", "ws_model", "ws_err", "hs_sim", "hs_model", "hs_err"};
    static const char *const workloads[] = {
        "id", "workload", "class_mpki", "class_bw", "d_mpki", "d_bw_frac", "bandwidth_bound",
        "favour_it_model", "favour_it_sim", "agree_it", "favour_ws_model", "favour_ws_sim", "agree_ws",
        "favour_hs_model", "favour_hs_sim", "agree_hs", "rho_it", "rho_ws", "rho_hs", "margin_it_sim",
        "margin_ws_sim", "margin_hs_sim"};
    static const char *const classes[] = {"class", "workloads", "mare_bw", "mare_ipc", "mare_it", "mare_ws",
                                          "mare_hs", "agree_it_rate", "agree_ws_rate", "agree_hs_rate",
                                          "rho_it_mean", "rho_ws_mean", "rho_hs_mean", "decisive_it", "decisive_ws",
                                          "decisive_hs", "agree_it_decisive", "agree_ws_decisive",
                                          "agree_hs_decisive"};
    static const char *const run[] = {"peak", "cycles", "warmup", "seed", "alone_runs"};
    static const char *const alone[] = {"app", "sms", "ipc", "mpki", "bw", "bw_frac", "row_hit_rate", "rbl"};
    static const char *const own_mares[] = {"mare_bw", "mare_ipc", "mare_it", "mare_ws", "mare_hs"};
    static const struct {
        const char *title;
        const char *const *cols;
        size_t ncols;
        size_t keys;                    /* key columns, before the engine column with both models */
        void (*rows)(const view *, bwm_table *);
    } spec[BWM_PT_COUNT] = {
        {"Per application: bandwidth (GB/s) and ipc, simulated and model; err = (model - sim) / sim",
         apps, sizeof apps / sizeof apps[0], 4, app_rows},
        {"Per scheduler: it, ws, hs, simulated and model (model = the closed form used)",
         scheds, sizeof scheds / sizeof scheds[0], 3, sched_rows},
        {"Per workload: classes, the application to favour (model: e-analysis; sim: best prior-K) and "
         "Spearman rho of the schedulers; margin_*_sim: the best prior-K's simulated metric over the runner-up's, "
         "less 1", workloads, sizeof workloads / sizeof workloads[0], 2, workload_rows},
        {"Per class: MARE of bw, ipc, it, ws, hs; favour agreement rate; mean Spearman rho; decisive_*: workloads "
         "whose margin_*_sim exceeds 1 %, and agree_*_decisive the agreement over them",
         classes, sizeof classes / sizeof classes[0], 1, class_rows},
        {"Alone runs (rbl = 1 / (1 - row_hit_rate), rr's weight)", alone, sizeof alone / sizeof alone[0], 0,
         alone_rows},
        {"Runs: peak bandwidth (GB/s), cycles, warm-up, seed, alone runs", run, sizeof run / sizeof run[0], 0,
         run_rows},
    };
    memset(t, 0, BWM_PT_COUNT * sizeof *t);
    int bad = 0;
    for (int k = 0; k < BWM_PT_COUNT; k++) {
        const char *cols[32];
        size_t ncols = 0;
        char title[512];
        snprintf(title, sizeof title, "%s", spec[k].title);
        for (size_t c = 0; c < spec[k].ncols; c++) {
            if (res_q && spec[k].keys && c == spec[k].keys)
                cols[ncols++] = "engine";
            cols[ncols++] = spec[k].cols[c];
        }
        if (res_q && k == BWM_PT_WORKLOADS) {
            for (size_t c = 0; c < sizeof own_mares / sizeof own_mares[0]; c++)
                cols[ncols++] = own_mares[c];
            snprintf(title, sizeof title, "%s; the workload's own MAREs", spec[k].title);
        }
        if (res_q && spec[k].keys)
            snprintf(title + strlen(title), sizeof title - strlen(title), "; engine: paper 000's model or the "
                     "queueing model, a row each on the same runs%s",
                     k == BWM_PT_CLASSES ? "; pairs and triples when the list has both" : "");
        bad |= bwm_table_init(&t[k], title, cols, ncols) != 0;
        spec[k].rows(&v, &t[k]);
        bad |= t[k].failed;
    }
    return bad ? -1 : 0;
}

void bwm_pfit_tables_free(bwm_table *t)
{
    for (int k = 0; k < BWM_PT_COUNT; k++)
        bwm_table_free(&t[k]);
}

static void render_json(const bwm_pfit_report *r, const bwm_table *t, bwm_buf *out)
{
    bwm_json j;
    bwm_json_init(&j, out);
    bwm_json_obj_begin(&j);
    bwm_table_row_members(&t[BWM_PT_RUN], 0, &j);
    for (int k = 0; k < BWM_PT_RUN; k++) {
        bwm_json_key(&j, bwm_pfit_table_key(k));
        bwm_table_json(&t[k], &j);
    }
    bwm_provenance_json(r->provenance, &j);
    bwm_json_obj_end(&j);
    bwm_buf_puts(out, "\n");
}

void bwm_pfit_render(const bwm_pfit_report *r, const bwm_table *t, bwm_format fmt, int pick, bwm_buf *out)
{
    if (fmt == BWM_FMT_JSON) {
        render_json(r, t, out);
    } else if (fmt == BWM_FMT_CSV) {
        if (r->csv_provenance)
            bwm_provenance_comments(r->provenance, out);
        bwm_table_render(&t[pick], BWM_FMT_CSV, out);
    } else {
        for (int k = 0; k < BWM_PT_COUNT; k++) {
            if (k)
                bwm_buf_puts(out, "\n");
            bwm_table_render(&t[k], BWM_FMT_TABLE, out);
        }
    }
}
