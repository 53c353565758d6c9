/* xlat_runs.c — translation runs picked out and averaged (see
 * xlat_runs.h). */
#include "study/xlat_runs.h"

#include <string.h>

int bwm_xlat_sel_match(const bwm_study_run *r, const bwm_xlat_sel *s)
{
    int ok = r->exp == s->exp && strcmp(r->design, s->design) == 0 && (!s->napps || r->napps == s->napps) &&
             (!s->workload || strcmp(r->workload, s->workload) == 0);
    for (size_t i = 0; ok && s->app && i < r->napps; i++)
        ok = strcmp(r->app[i], s->app) == 0;
    return ok;
}

long bwm_xlat_find(const bwm_study_files *f, const bwm_xlat_sel *s)
{
    for (size_t k = 0; k < f->plan.n; k++)
        if (bwm_xlat_sel_match(&f->plan.r[k], s))
            return (long)k;
    return -1;
}

/* Whether x's walk reads reached DRAM (its walk DRAM latency means
 * something). */
static int walks_reached_dram(const bwm_xlat_result *x)
{
    return x->walk_bw_frac > 0;
}

bwm_xlat_means bwm_xlat_means_of(const bwm_study_files *f, const bwm_study_outcome *o, const bwm_xlat_sel *s)
{
    bwm_xlat_means m;
    memset(&m, 0, sizeof m);
    for (size_t k = 0; k < f->plan.n; k++) {
        if (!bwm_xlat_sel_match(&f->plan.r[k], s))
            continue;
        for (size_t i = 0; i < o->o[k].rec.napps; i++) {
            const bwm_xlat_result *x = &o->o[k].rec.app[i].xlat;
            m.l1_miss += x->l1_tlb_miss_rate;
            m.l2_miss += x->l2_tlb_miss_rate;
            m.large_pages += x->large_pages;
            m.n++;
            if (o->o[k].rec.app[i].translated && walks_reached_dram(x)) {
                m.walk_lat += x->walk_dram_latency;
                m.data_lat += x->data_dram_latency;
                m.n_walk_dram++;
            }
        }
    }
    if (m.n) {
        m.l1_miss /= m.n;
        m.l2_miss /= m.n;
    }
    if (m.n_walk_dram) {
        m.walk_lat /= m.n_walk_dram;
        m.data_lat /= m.n_walk_dram;
    }
    return m;
}

void bwm_xlat_m5_line(bwm_buf *out, const char *where, const bwm_xlat_means *m)
{
    bwm_buf_printf(out, "- Walk reads wait longer in DRAM than data reads%s (M5): ", where);
    if (m->n_walk_dram)
        bwm_buf_printf(out, "%.1f against %.1f core cycles (means over the %d application%s whose walk reads reached "
                            "DRAM): %s.\n", m->walk_lat, m->data_lat, m->n_walk_dram, m->n_walk_dram == 1 ? "" : "s",
                       bwm_xlat_holds(m->walk_lat > m->data_lat));
    else
        bwm_buf_puts(out, "n/a (no walk read reached DRAM).\n");
}

const char *bwm_xlat_holds(int ok)
{
    return ok ? "holds" : "**does not hold**";
}
