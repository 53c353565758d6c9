/* batch.c — the thread-batching experiment's tables (see batch.h). */
#include "study/batch.h"

#include <math.h>
#include <string.h>

const char *const bwm_study_batch_files[2] = {"batching", "batching_summary"};

/* Paper 002, Sec. 6.1 (ratios to CCWS): TEMP +5.7 % and TEMP+TBAS +10.3 %
 * GM over its GPU applications, DRAM energy -11.2 % and -20.7 % (Sec.
 * 6.1.2; its abstract says -11.3 % for TEMP+TBAS); C1 under TEMP: +11.1 %,
 * BLP +58.3 %, RBHR +17.8 %, DRAM delay -17.3 %, local access 99 %; under
 * TEMP+TBAS: BLP 9.1 % below TEMP's, RBHR +33.1 %, delay -29.9 %. */
typedef struct paper_row {
    const char *design;
    int set;
    double v[BWM_BP_COUNT];
} paper_row;

static const paper_row paper[] = {
    {"temp", BWM_PL_BATCH_ALL, {1.057, NAN, NAN, NAN, NAN, 0.888}},
    {"temp_tbas", BWM_PL_BATCH_ALL, {1.103, NAN, NAN, NAN, NAN, 0.793}},
    {"temp", BWM_PL_BATCH_FRIENDLY, {1.111, 1.178, 1.583, 0.827, 0.99, NAN}},
    {"temp_tbas", BWM_PL_BATCH_FRIENDLY, {NAN, 1.331, 1.583 * (1 - 0.091), 0.701, NAN, NAN}},
};

double bwm_batch_paper(const char *design, int set, int measure)
{
    for (size_t k = 0; k < sizeof paper / sizeof paper[0]; k++)
        if (paper[k].set == set && strcmp(paper[k].design, design) == 0 && measure >= 0 && measure < BWM_BP_COUNT)
            return paper[k].v[measure];
    return NAN;
}

int bwm_study_has_batch(const bwm_study_files *f)
{
    for (size_t k = 0; k < f->plan.n; k++)
        if (f->plan.r[k].exp == BWM_EXP_BATCH)
            return 1;
    return 0;
}

void bwm_study_batch_runs(const bwm_study_files *f, const bwm_study_outcome *o, bwm_table *t)
{
    bwm_table_init(t, "Thread batching: one row per design and application (paper 002)", bwm_pl_batch_cols,
                   BWM_PL_BATCH_NCOLS);
    for (size_t k = 0; k < f->plan.n; k++) {
        const bwm_study_run *r = &f->plan.r[k];
        if (r->exp != BWM_EXP_BATCH)
            continue;
        const bwm_run_outcome *x = &o->o[k];
        const bwm_app_result *a = &x->rec.app[0];
        long app = bwm_plan_app(f, r->app[0]);
        bwm_table_str(t, r->design);
        bwm_table_str(t, r->app[0]);
        bwm_table_str(t, app >= 0 ? f->apps[app].pattern : "");
        bwm_table_int(t, r->split[0]);
        int ok = !x->rec.error[0];
        const double v[BWM_BM_COUNT] = {
            [BWM_BM_IPC] = a->ipc,
            [BWM_BM_SPEEDUP] = x->it_norm,
            [BWM_BM_BW_FRAC] = a->bw_frac,
            [BWM_BM_ROW_HIT_RATE] = a->row_hit_rate,
            [BWM_BM_BLP] = ok ? a->blp : NAN,
            [BWM_BM_ACT_PER_ACCESS] = ok ? a->act_per_access : NAN,
            [BWM_BM_LOCAL_ACCESS] = ok ? a->local_access : NAN,
            [BWM_BM_DRAM_DELAY] = ok ? a->dram_delay : NAN,
            [BWM_BM_DRAM_ENERGY] = ok ? bwm_energy_total(&a->dram_energy) : NAN,
            [BWM_BM_ENERGY_PER_ACCESS] = ok ? bwm_energy_per_access(&a->dram_energy) : NAN,
        };
        for (int m = 0; m < BWM_BM_COUNT; m++)
            bwm_table_num(t, v[m]);
        if (ok)
            bwm_table_int(t, (long long)a->ctas);
        else
            bwm_table_null(t);
    }
}

void bwm_study_batch_summary(const bwm_pl_results *r, bwm_table *t)
{
    static const char *const cols[] = {
        "design", "group", "n", "speedup", "row_hit_rate_ratio", "blp_ratio", "act_per_access_ratio",
        "dram_delay_ratio", "energy_per_access_ratio", "local_access", "paper_speedup", "paper_row_hit_rate_ratio",
        "paper_blp_ratio", "paper_dram_delay_ratio", "paper_local_access", "paper_energy_ratio"};
    bwm_table_init(t, "Thread batching over the baseline: GMs per design and set of applications (paper 002, "
                   "Sec. 6.1)", cols, sizeof cols / sizeof cols[0]);
    bwm_pl_batch_point p[BWM_PL_BATCH_MAX_POINTS];
    size_t n = bwm_pl_batch_points(r, p, BWM_PL_BATCH_MAX_POINTS);
    for (size_t k = 0; k < n; k++) {
        bwm_table_str(t, p[k].design);
        bwm_table_str(t, bwm_pl_batch_set_name(p[k].set));
        bwm_table_int(t, (long long)p[k].n);
        static const bwm_pl_bm ratios[] = {BWM_BM_IPC, BWM_BM_ROW_HIT_RATE, BWM_BM_BLP, BWM_BM_ACT_PER_ACCESS,
                                           BWM_BM_DRAM_DELAY, BWM_BM_ENERGY_PER_ACCESS};
        for (size_t m = 0; m < sizeof ratios / sizeof ratios[0]; m++)
            bwm_table_num(t, p[k].gm_ratio[ratios[m]]);
        bwm_table_num(t, p[k].mean[BWM_BM_LOCAL_ACCESS]);
        for (int m = 0; m < BWM_BP_COUNT; m++)
            bwm_table_num(t, bwm_batch_paper(p[k].design, p[k].set, m));
    }
}
