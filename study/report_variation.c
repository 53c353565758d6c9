/* report_variation.c — paper 003's variation in the report (see
 * report_variation.h). */
#include "study/report_variation.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "io/table.h"

/* Paper 003, Table III: the GTX 1080's average and max variation (%). */
typedef struct paper_row {
    const char *partitioning;
    double mean, max;
} paper_row;

static const paper_row table3[] = {{"cp", 130.4, 226.7}, {"cmp", 7.5, 24.6}};

static const bwm_pl_variation_summary *summary_of(const bwm_pl_results *r, const char *how)
{
    for (size_t k = 0; k < r->nvar_sum; k++)
        if (strcmp(r->var_sum[k].partitioning, how) == 0)
            return &r->var_sum[k];
    return NULL;
}

static const bwm_pl_variation *row_of(const bwm_pl_results *r, const char *how, const char *app)
{
    for (size_t k = 0; k < r->nvar; k++)
        if (strcmp(r->var[k].partitioning, how) == 0 && strcmp(r->var[k].app, app) == 0)
            return &r->var[k];
    return NULL;
}

static void summary_table(const bwm_pl_results *r, bwm_buf *out)
{
    static const char *const cols[] = {"partitioning", "mean variation", "max variation", "max for",
                                       "worst interferer", "paper 003 GTX 1080 mean", "paper 003 GTX 1080 max"};
    bwm_table t;
    bwm_table_init(&t, "", cols, sizeof cols / sizeof cols[0]);
    for (size_t k = 0; k < sizeof table3 / sizeof table3[0]; k++) {
        const bwm_pl_variation_summary *s = summary_of(r, table3[k].partitioning);
        char cell[3][48];
        snprintf(cell[0], sizeof cell[0], s ? "%.1f %%" : "n/a", s ? s->mean_pct : 0);
        snprintf(cell[1], sizeof cell[1], s ? "%.1f %%" : "n/a", s ? s->max_pct : 0);
        bwm_table_str(&t, strcmp(table3[k].partitioning, "cp") == 0 ? "CP" : "CMP");
        bwm_table_str(&t, cell[0]);
        bwm_table_str(&t, cell[1]);
        bwm_table_str(&t, s && s->max_app[0] ? s->max_app : "-");
        bwm_table_str(&t, s && s->worst_interferer[0] ? s->worst_interferer : "-");
        snprintf(cell[2], sizeof cell[2], "%.1f %%", table3[k].mean);
        bwm_table_str(&t, cell[2]);
        snprintf(cell[2], sizeof cell[2], "%.1f %%", table3[k].max);
        bwm_table_str(&t, cell[2]);
    }
    bwm_table_render(&t, BWM_FMT_TABLE, out);
    bwm_table_free(&t);
}

static void fmt(char *dst, size_t n, double v)
{
    if (isfinite(v))
        snprintf(dst, n, "%.2f", v);
    else
        snprintf(dst, n, "n/a");
}

/* Per application: alone on a partition over the whole GPU (cp, cmp) and
 * cmp's alone time over cp's. */
static void alone_table(const bwm_pl_results *r, bwm_buf *out)
{
    static const char *const cols[] = {"application", "CP alone / whole GPU", "CMP alone / whole GPU",
                                       "CMP alone / CP alone"};
    bwm_table t;
    bwm_table_init(&t, "", cols, sizeof cols / sizeof cols[0]);
    for (size_t k = 0; k < r->nvar; k++) {
        const bwm_pl_variation *cp = &r->var[k];
        if (strcmp(cp->partitioning, "cp") != 0)
            continue;
        const bwm_pl_variation *cmp = row_of(r, "cmp", cp->app);
        char cell[3][32];
        fmt(cell[0], sizeof cell[0], cp->alone_vs_whole);
        fmt(cell[1], sizeof cell[1], cmp ? cmp->alone_vs_whole : NAN);
        fmt(cell[2], sizeof cell[2], cmp ? cmp->alone_vs_cp : NAN);
        bwm_table_str(&t, cp->app);
        for (int c = 0; c < 3; c++)
            bwm_table_str(&t, cell[c]);
    }
    bwm_table_render(&t, BWM_FMT_TABLE, out);
    bwm_table_free(&t);
}

/* The mean over applications of T_A,B / T_A,- under partitioning how of
 * interferer b (NaN when it has no run). */
static double mean_slowdown(const bwm_pl_results *r, const char *how, const char *b)
{
    double sum = 0;
    int count = 0;
    for (size_t j = 0; j < r->nvar_runs; j++) {
        const bwm_pl_variation_run *x = &r->var_runs[j];
        const bwm_pl_variation *v = row_of(r, how, x->app);
        if (strcmp(x->partitioning, how) == 0 && strcmp(x->interferer, b) == 0 && v && v->t_alone > 0) {
            sum += x->cycles / v->t_alone;
            count++;
        }
    }
    return count ? sum / count : NAN;
}

/* The interferers with the lowest and the highest mean_slowdown under how. */
static void interferer_extremes(const bwm_pl_results *r, const char *how, char *mildest, char *worst, size_t n)
{
    double best = INFINITY, most = -INFINITY;
    mildest[0] = worst[0] = '\0';
    for (size_t i = 0; i < r->nvar_runs; i++) {
        double mean = mean_slowdown(r, how, r->var_runs[i].interferer); /* a repeat changes nothing */
        if (!isfinite(mean))
            continue;
        if (mean < best) {
            best = mean;
            snprintf(mildest, n, "%s", r->var_runs[i].interferer);
        }
        if (mean > most) {
            most = mean;
            snprintf(worst, n, "%s", r->var_runs[i].interferer);
        }
    }
}

static const char *yes_no(int ok)
{
    return ok ? "yes" : "**no**";
}

static void directions(const bwm_pl_results *r, bwm_buf *out)
{
    const bwm_pl_variation_summary *cp = summary_of(r, "cp"), *cmp = summary_of(r, "cmp");
    char mildest[16], worst[16];
    interferer_extremes(r, "cp", mildest, worst, sizeof mildest);
    const bwm_pl_variation *va = row_of(r, "cmp", "VA");
    bwm_buf_puts(out, "The directions paper 003 reports, checked on these runs:\n\n");
    if (cp && cmp)
        bwm_buf_printf(out, "- CP varies far more than CMP (mean %.1f %% against %.1f %%): %s.\n", cp->mean_pct,
                       cmp->mean_pct, yes_no(cp->mean_pct > 2 * cmp->mean_pct + 1));
    else
        bwm_buf_puts(out, "- CP against CMP: n/a (a partitioning has no result; see the refusals above).\n");
    if (worst[0])
        bwm_buf_printf(out, "- VA or FWT is the worst interferer under CP (by the mean slowdown it causes: %s): %s.\n"
                            "- MM is the mildest (%s): %s.\n", worst,
                       yes_no(strcmp(worst, "VA") == 0 || strcmp(worst, "FWT") == 0), mildest,
                       yes_no(strcmp(mildest, "MM") == 0));
    if (va)
        bwm_buf_printf(out, "- CMP costs the memory-bound VA time alone (CMP alone / CP alone %.2f): %s.\n",
                       va->alone_vs_cp, yes_no(va->alone_vs_cp > 1));
    bwm_buf_puts(out, "\n");
}

void bwm_report_variation(const bwm_study_info *info, const bwm_pl_results *r, bwm_buf *out)
{
    if (r->nvar == 0) {
        bwm_buf_puts(out, "No variation run in this study.\n\n");
        return;
    }
    bwm_buf_printf(out,
                   "Paper 003 (Fractional GPUs, Sec. VI) asks how well partitioning isolates applications: each "
                   "application runs on one of %d partitions of GPU `%s` (sha256 %.12s), alone and beside a copy of "
                   "each interferer on the other partition, until it has committed %llu thread instructions; "
                   "variation = max over interferers of T_A,B / T_A,- - 1, T_A,- being its time with the other "
                   "partition idle under the same partitioning.  CP splits the SMs and shares the memory; CMP also "
                   "splits the page colours (each partition its own memory modules: channels and L2 slices).  "
                   "Figure `variation`; tables `variation.csv`, `variation_runs.csv`, `variation_summary.csv`.  "
                   "The paper's numbers are Table III's for the real GTX 1080 (CUDA kernels, 1000 samples each); "
                   "the magnitudes here are measured, not fitted to them.\n\n",
                   r->var[0].parts, info->var_config, info->var_config_sha, (unsigned long long)info->var_insts);
    summary_table(r, out);
    bwm_buf_puts(out, "\nTime alone on one partition (the paper's CP_none and CMP_none, over the whole GPU; 2 is "
                      "a partition exactly half as fast), and what losing the other colours costs alone:\n\n");
    alone_table(r, out);
    bwm_buf_puts(out, "\n");
    directions(r, out);
}
