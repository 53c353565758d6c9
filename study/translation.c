/* translation.c — the translation experiment's tables (see
 * translation.h). */
#include "study/translation.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "plots/xlat_summary.h"
#include "sim/stats/stat_table.h"

const char *const bwm_study_xlat_files[BWM_XLAT_NTABLES] = {"translation", "translation_summary"};

/* Thesis 001, Table 6.3 (1 to 4 applications; the thesis's 5 is beyond
 * the simulator's 4). */
typedef struct thesis_row {
    const char *design;
    double rel[4];
} thesis_row;

static const thesis_row table63[] = {{"mask/shared_tlb", {0.471, 0.487, 0.388, 0.342}},
                                     {"mask/mask", {0.685, 0.768, 0.623, 0.550}}};

double bwm_xlat_thesis_rel(const char *design, size_t napps)
{
    for (size_t k = 0; k < sizeof table63 / sizeof table63[0]; k++)
        if (strcmp(table63[k].design, design) == 0 && napps >= 1 && napps <= 4)
            return table63[k].rel[napps - 1];
    return NAN;
}

/* Whether run r has rows in translation.csv: the translation experiment's
 * and the page-reuse probes' (not their alone runs). */
static int has_rows(const bwm_study_run *r)
{
    return r->exp == BWM_EXP_TRANSLATION || r->exp == BWM_EXP_PAGE_REUSE;
}

int bwm_xlat_levels(const bwm_study_files *f, const bwm_study_outcome *o)
{
    for (size_t k = 0; k < f->plan.n; k++)
        for (size_t i = 0; has_rows(&f->plan.r[k]) && i < o->o[k].rec.napps; i++)
            if (o->o[k].rec.app[i].translated)
                return o->o[k].rec.app[i].xlat.levels;
    return 0;
}

static void run_rows(const bwm_study_files *f, const bwm_study_outcome *o, bwm_table *t)
{
    const bwm_stat *xs[BWM_STAT_MAX];
    size_t nf = bwm_stat_list(BWM_SG_XLAT, bwm_xlat_levels(f, o), xs);
    const char *cols[8 + BWM_STAT_MAX] = {"design", "workload", "n_apps", "app", "sms", "ipc", "ipc_alone", "sd"};
    for (size_t k = 0; k < nf; k++)
        cols[8 + k] = xs[k]->name;
    bwm_table_init(t, "Translation: one row per run and application", cols, 8 + nf);
    for (size_t k = 0; k < f->plan.n; k++) {
        const bwm_study_run *r = &f->plan.r[k];
        const bwm_run_outcome *x = &o->o[k];
        for (size_t i = 0; has_rows(r) && i < x->rec.napps; i++) {
            const bwm_app_result *a = &x->rec.app[i];
            bwm_table_str(t, r->design);
            bwm_table_str(t, r->workload);
            bwm_table_int(t, (long long)r->napps);
            bwm_table_str(t, r->app[i]);
            bwm_table_int(t, r->split[i]);
            bwm_table_num(t, a->ipc);
            bwm_table_num(t, x->rec.alone[i].ipc);
            bwm_table_num(t, x->sd[i]);
            for (size_t c = 0; c < nf; c++)
                if (a->translated)
                    bwm_table_num(t, bwm_stat_get(xs[c], a));
                else
                    bwm_table_null(t);
        }
    }
}

static void summary_rows(const bwm_pl_results *r, bwm_table *t)
{
    static const char *const cols[] = {"group", "design", "n_apps", "workloads", "rel_ideal", "thesis_rel_ideal"};
    bwm_table_init(t, "Translation: performance relative to Ideal (GM over workloads; thesis 001, Table 6.3)", cols,
                   sizeof cols / sizeof cols[0]);
    bwm_pl_xlat_point p[BWM_PL_XLAT_MAX_POINTS];
    size_t n = bwm_pl_xlat_points(r, p, BWM_PL_XLAT_MAX_POINTS);
    for (size_t k = 0; k < n; k++) {
        char id[40];
        bwm_pl_xlat_id(&p[k], id, sizeof id);
        bwm_table_str(t, p[k].group);
        bwm_table_str(t, p[k].name);
        bwm_table_int(t, (long long)p[k].napps);
        bwm_table_int(t, (long long)p[k].n);
        bwm_table_num(t, p[k].rel_ideal);
        double thesis = bwm_xlat_thesis_rel(id, p[k].napps);
        if (isfinite(thesis))
            bwm_table_num(t, thesis);
        else
            bwm_table_null(t);
    }
}

void bwm_study_xlat_tables(const bwm_study_files *f, const bwm_study_outcome *o, const bwm_pl_results *r,
                           bwm_table t[BWM_XLAT_NTABLES])
{
    run_rows(f, o, &t[0]);
    summary_rows(r, &t[1]);
}
