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

static void app_rows(const bwm_pfit_report *r, bwm_table *t)
{
    for (size_t w = 0; w < r->n; w++) {
        const bwm_pfit_result *x = &r->res[w];
        for (size_t k = 0; k < x->nsched; k++) {
            const bwm_pfit_sched *s = &x->s[k];
            for (size_t i = 0; i < x->n; i++) {
                head(t, &r->w[w], s->sched);
                bwm_table_str(t, r->w[w].apps[i]->abbr);
                const double v[] = {s->bw_sim[i], s->bw_model[i], s->bw_err[i],
                                    s->ipc_sim[i], s->ipc_model[i], s->ipc_err[i]};
                for (size_t c = 0; c < sizeof v / sizeof v[0]; c++)
                    bwm_table_num(t, v[c]);
            }
        }
    }
}

static void sched_rows(const bwm_pfit_report *r, bwm_table *t)
{
    for (size_t w = 0; w < r->n; w++) {
        const bwm_pfit_result *x = &r->res[w];
        for (size_t k = 0; k < x->nsched; k++) {
            const bwm_pfit_sched *s = &x->s[k];
            head(t, &r->w[w], s->sched);
            bwm_table_str(t, s->form);
            for (int m = 0; m < BWM_PM_COUNT; m++) {
                bwm_table_num(t, s->sim[m]);
                bwm_table_num(t, s->model[m]);
                bwm_table_num(t, s->err[m]);
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

static void workload_rows(const bwm_pfit_report *r, bwm_table *t)
{
    for (size_t w = 0; w < r->n; w++) {
        const bwm_pfit_result *x = &r->res[w];
        char cm[16], cb[16];
        snprintf(cm, sizeof cm, "%s-MPKI", bwm_class_letter(x->classes.mpki));
        snprintf(cb, sizeof cb, "%s-BW", bwm_class_letter(x->classes.bw));
        head(t, &r->w[w], NULL);
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
    }
}

static void class_rows(const bwm_pfit_report *r, bwm_table *t)
{
    for (int g = 0; g < BWM_PG_COUNT; g++) {
        const bwm_pfit_summary *s = &r->sum[g];
        bwm_table_str(t, s->group);
        bwm_table_int(t, (long long)s->count);
        bwm_table_num(t, s->mare_bw);
        bwm_table_num(t, s->mare_ipc);
        for (int m = 0; m < BWM_PM_COUNT; m++)
            bwm_table_num(t, s->mare[m]);
        for (int m = 0; m < BWM_PM_COUNT; m++)
            bwm_table_num(t, s->agree[m]);
        for (int m = 0; m < BWM_PM_COUNT; m++)
            bwm_table_num(t, s->rho[m]);
    }
}

static void run_rows(const bwm_pfit_report *r, bwm_table *t)
{
    bwm_table_num(t, r->peak);
    bwm_table_int(t, (long long)r->cycles);
    bwm_table_int(t, (long long)r->warmup);
    bwm_table_int(t, (long long)r->seed);
    bwm_table_int(t, (long long)r->alone->n);
}

static void alone_rows(const bwm_pfit_report *r, bwm_table *t)
{
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
    static const char *const apps[] = {"id", "workload", "sched", "app", "bw_sim", "bw_model", "bw_err",
                                       "ipc_sim", "ipc_model", "ipc_err"};
    static const char *const scheds[] = {"id", "workload", "sched", "model", "it_sim", "it_model", "it_err",
                                         "ws_sim", "ws_model", "ws_err", "hs_sim", "hs_model", "hs_err"};
    static const char *const workloads[] = {
        "id", "workload", "class_mpki", "class_bw", "d_mpki", "d_bw_frac", "bandwidth_bound",
        "favour_it_model", "favour_it_sim", "agree_it", "favour_ws_model", "favour_ws_sim", "agree_ws",
        "favour_hs_model", "favour_hs_sim", "agree_hs", "rho_it", "rho_ws", "rho_hs"};
    static const char *const classes[] = {"class", "workloads", "mare_bw", "mare_ipc", "mare_it", "mare_ws",
                                          "mare_hs", "agree_it_rate", "agree_ws_rate", "agree_hs_rate",
                                          "rho_it_mean", "rho_ws_mean", "rho_hs_mean"};
    static const char *const run[] = {"peak", "cycles", "warmup", "seed", "alone_runs"};
    static const char *const alone[] = {"app", "sms", "ipc", "mpki", "bw", "bw_frac", "row_hit_rate", "rbl"};
    static const struct {
        const char *title;
        const char *const *cols;
        size_t ncols;
        void (*rows)(const bwm_pfit_report *, bwm_table *);
    } spec[BWM_PT_COUNT] = {
        {"Per application: bandwidth (GB/s) and ipc, simulated and model; err = (model - sim) / sim",
         apps, sizeof apps / sizeof apps[0], app_rows},
        {"Per scheduler: it, ws, hs, simulated and model (model = the closed form used)",
         scheds, sizeof scheds / sizeof scheds[0], sched_rows},
        {"Per workload: classes, the application to favour (model: e-analysis; sim: best prior-K) and "
         "Spearman rho of the schedulers", workloads, sizeof workloads / sizeof workloads[0], workload_rows},
        {"Per class: MARE of bw, ipc, it, ws, hs; favour agreement rate; mean Spearman rho",
         classes, sizeof classes / sizeof classes[0], class_rows},
        {"Alone runs (rbl = 1 / (1 - row_hit_rate), rr's weight)", alone, sizeof alone / sizeof alone[0],
         alone_rows},
        {"Runs: peak bandwidth (GB/s), cycles, warm-up, seed, alone runs", run, sizeof run / sizeof run[0], run_rows},
    };
    memset(t, 0, BWM_PT_COUNT * sizeof *t);
    int bad = 0;
    for (int k = 0; k < BWM_PT_COUNT; k++) {
        bad |= bwm_table_init(&t[k], spec[k].title, spec[k].cols, spec[k].ncols) != 0;
        spec[k].rows(r, &t[k]);
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
