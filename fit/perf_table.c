/* perf_table.c — a performance-model fit as tables (see perf_table.h). */
#include "fit/perf_table.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "io/json.h"

static const char *const error_cols[] = {
    "app", "ipc", "mpki", "bw", "f_smem", "ipc_model", "ipc_model_err", "ipc_lsq", "ipc_lsq_err", "ipc_ext",
    "ipc_ext_err", "note",
};
static const char *const summary_cols[] = {"group", "n", "mare_model", "mare_lsq", "mare_ext", "note"};
static const char *const param_cols[] = {"parameter", "value", "stderr", "theory", "note"};

const char *bwm_perf_table_key(int k)
{
    static const char *const keys[BWM_PERF_NTABLES] = {"errors", "summary", "params"};
    return keys[k];
}

static void sample_row(bwm_table *t, const bwm_perf_sample *s, const bwm_perf_row *r)
{
    bwm_table_str(t, s->name);
    bwm_table_num(t, s->ipc);
    bwm_table_num(t, s->mpki);
    bwm_table_num(t, s->bw);
    bwm_table_num(t, s->f_smem);
    const double v[] = {r->ipc_model, r->err_model, r->ipc_lsq, r->err_lsq, r->ipc_ext, r->err_ext};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        bwm_table_num(t, v[i]);
    char note[64];
    if (r->excluded)
        snprintf(note, sizeof note, "excluded: %s", r->excluded);
    else
        snprintf(note, sizeof note, "%s", r->heavy ? "heavy smem" : "");
    bwm_table_str(t, note);
}

/* One MARE row: group g is 0 all, 1 light, 2 heavy. */
static void mare_row(bwm_table *t, const bwm_perf_fit *f, int g)
{
    static const char *const names[] = {"all", "light", "heavy"};
    const bwm_perf_mare *m[] = {&f->mare_model, &f->mare_lsq, &f->mare_ext};
    size_t count[] = {f->n_used, f->n_light, f->n_heavy};
    bwm_table_str(t, names[g]);
    bwm_table_int(t, (long long)count[g]);
    for (int k = 0; k < 3; k++)
        bwm_table_num(t, g == 0 ? m[k]->all : g == 1 ? m[k]->light : m[k]->heavy);
    char note[96] = "";
    if (g > 0)
        snprintf(note, sizeof note, "f_smem %s %g", g == 1 ? "<" : ">=", f->opts.heavy_smem);
    bwm_table_str(t, note);
}

/* One parameters row; value, se or theory NaN print as empty. */
static void param_row(bwm_table *t, const char *name, double value, double se, double theory, const char *note)
{
    bwm_table_str(t, name);
    bwm_table_num(t, value);
    bwm_table_num(t, se);
    bwm_table_num(t, theory);
    bwm_table_str(t, note);
}

/* "NAME (why), ..." of the excluded samples, or of the heavy ones. */
static void name_list(const bwm_perf_fit *f, const bwm_perf_sample *s, int heavy, bwm_buf *b)
{
    size_t k = 0;
    for (size_t i = 0; i < f->n; i++) {
        const bwm_perf_row *r = &f->rows[i];
        int pick = heavy ? !r->excluded && r->heavy : r->excluded != NULL;
        if (!pick)
            continue;
        bwm_buf_printf(b, "%s%s", k++ ? ", " : "", s[i].name);
        if (!heavy)
            bwm_buf_printf(b, " (%s)", r->excluded);
    }
    if (k == 0)
        bwm_buf_puts(b, "none");
}

static void count_rows(bwm_table *t, const bwm_perf_fit *f, const bwm_perf_sample *s)
{
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_buf_printf(&b, "used of %zu; excluded: ", f->n);
    name_list(f, s, 0, &b);
    param_row(t, "samples", (double)f->n_used, NAN, NAN, bwm_buf_str(&b));
    bwm_buf_clear(&b);
    bwm_buf_printf(&b, "f_smem >= %g: ", f->opts.heavy_smem);
    name_list(f, s, 1, &b);
    param_row(t, "heavy_smem", (double)f->n_heavy, NAN, NAN, bwm_buf_str(&b));
    if (!bwm_buf_ok(&b))
        t->failed = 1;
    bwm_buf_free(&b);
}

static void ext_rows(bwm_table *t, const bwm_perf_fit *f)
{
    static const char *const what[] = {
        "bandwidth efficiency: bytes moved per miss = line / k",
        "scratchpad boost: memory-bound ipc x (1 + s f_smem)",
        "1 / compute ceiling",
    };
    static const double theory[] = {1, 0, 0};
    for (int p = 0; p < BWM_PERF_NPARAM; p++) {
        const bwm_perf_param *q = &f->ext[p];
        char note[256];
        if (!q->fitted)
            snprintf(note, sizeof note, "dropped (%s)", q->dropped);
        else if (p == BWM_PERF_U && q->value > 0)
            snprintf(note, sizeof note, "%s: ipc ceiling %.4g", what[p], 1 / q->value);
        else
            snprintf(note, sizeof note, "%s", what[p]);
        param_row(t, bwm_perf_param_name(p), q->value, q->se, theory[p], note);
    }
    char note[128];
    param_row(t, "R2_ext", f->r2_ext, NAN, 1, "the same for the extended model");
    snprintf(note, sizeof note, "sum of squared relative errors of the extended model (dof %g; %zu iterations)",
             f->ext_dof, f->ext_iters);
    param_row(t, "chi2_ext", f->ext_chi2, NAN, NAN, f->ext_fitted ? note : "not fitted");
}

int bwm_perf_tables(const bwm_perf_fit *f, const bwm_perf_sample *s, bwm_table t[BWM_PERF_NTABLES], bwm_err *err)
{
    char title[256];
    snprintf(title, sizeof title,
             "Performance model: measured ipc beside the plain model (ipc = bw / (%g x mpki/1000) / clock), "
             "least squares (L = %.4g bytes per miss) and the extended model",
             f->opts.line_bytes, f->line_fit);
    int a = bwm_table_init(&t[BWM_PERF_ERRORS], title, error_cols, sizeof error_cols / sizeof error_cols[0]);
    int m = bwm_table_init(&t[BWM_PERF_SUMMARY], "Mean absolute relative errors", summary_cols,
                           sizeof summary_cols / sizeof summary_cols[0]);
    int b = bwm_table_init(&t[BWM_PERF_PARAMS], "Fitted parameters", param_cols, sizeof param_cols / sizeof param_cols[0]);
    bwm_table *params = &t[BWM_PERF_PARAMS];
    if (a == 0 && b == 0 && m == 0) {
        for (size_t i = 0; i < f->n; i++)
            sample_row(&t[BWM_PERF_ERRORS], &s[i], &f->rows[i]);
        for (int g = 0; g < 3; g++)
            mare_row(&t[BWM_PERF_SUMMARY], f, g);
        count_rows(params, f, s);
        param_row(params, "L_fit", f->line_fit, f->line_fit_se, f->opts.line_bytes,
                  "least squares ipc = x / L through the origin with x = bw x 1000 / (mpki x clock GHz): bytes per miss");
        param_row(params, "R2_lsq", f->r2_lsq, NAN, 1, "1 - SS_res / SS_tot with SS_tot about the mean ipc");
        ext_rows(params, f);
    }
    int failed = a != 0 || b != 0 || m != 0;
    for (int k = 0; k < BWM_PERF_NTABLES; k++)
        failed |= t[k].failed;
    if (failed) {
        for (int k = 0; k < BWM_PERF_NTABLES; k++)
            bwm_table_free(&t[k]);
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    }
    return BWM_OK;
}

void bwm_perf_render(const bwm_table t[BWM_PERF_NTABLES], bwm_format fmt, int pick, bwm_json_members_fn extra,
                     const void *extra_ctx, bwm_buf *out)
{
    if (fmt == BWM_FMT_CSV) {
        bwm_table_render(&t[pick], fmt, out);
        return;
    }
    if (fmt == BWM_FMT_TABLE) {
        for (int k = 0; k < BWM_PERF_NTABLES; k++) {
            if (k)
                bwm_buf_puts(out, "\n");
            bwm_table_render(&t[k], fmt, out);
        }
        return;
    }
    bwm_json j;
    bwm_json_init(&j, out);
    bwm_json_obj_begin(&j);
    for (int k = 0; k < BWM_PERF_NTABLES; k++) {
        bwm_json_key(&j, bwm_perf_table_key(k));
        bwm_table_json(&t[k], &j);
    }
    if (extra)
        extra(extra_ctx, &j);
    bwm_json_obj_end(&j);
}
