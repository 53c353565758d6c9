/* report_translation.c — address translation in the report (see
 * report_translation.h). */
#include "study/report_translation.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "io/table.h"
#include "plots/summary.h"
#include "plots/xlat_summary.h"
#include "study/translation.h"
#include "study/xlat_runs.h"

/* The designs the thesis's numbers are about. */
#define IDEAL "mask/ideal"
#define SHARED "mask/shared_tlb"
#define MASK "mask/mask"
#define MOSAIC_IDEAL "mosaic/ideal"
#define GPU_MMU "mosaic/gpu_mmu"
#define MOSAIC "mosaic/mosaic"
#define LARGE_ONLY "mosaic/large_only"
#define MASK_TLB "mask/mask_tlb"
#define SHARED_8K "mask/shared_tlb_8k"
#define MASK_8K "mask/mask_8k"

/* Thesis 001: MASK's WS over SharedTLB on 35 pairs (Sec. 6.6.1), and the
 * walks' L2 hit rates root to leaf (Sec. 6.3). */
static const double thesis_mask_gain = 0.578;
static const double thesis_walk_hits[] = {0.998, 0.988, 0.687, 0.010};

static void pct(char *dst, size_t n, double v)
{
    if (isfinite(v))
        snprintf(dst, n, "%.1f %%", 100 * v);
    else
        snprintf(dst, n, "n/a");
}

static const bwm_pl_run *run_of(const bwm_pl_results *r, const char *design, const char *workload)
{
    for (size_t k = 0; k < r->nruns; k++)
        if (strcmp(r->runs[k].exp, "translation") == 0 && strcmp(r->runs[k].design, design) == 0 &&
            strcmp(r->runs[k].workload, workload) == 0)
            return &r->runs[k];
    return NULL;
}

/* Table 6.3: each design's GM relative to Ideal, ours (thesis). */
static void table63(const bwm_pl_xlat_point *p, size_t n, bwm_buf *out)
{
    static const char *const cols[] = {"design", "1 application", "2 applications", "3 applications",
                                       "4 applications"};
    bwm_table t;
    bwm_table_init(&t, "", cols, 5);
    for (size_t k = 0; k < n; k++) {
        char id[40];
        bwm_pl_xlat_id(&p[k], id, sizeof id);
        if (strcmp(p[k].name, "ideal") == 0 ||
            (k > 0 && strcmp(p[k].group, p[k - 1].group) == 0 && strcmp(p[k].name, p[k - 1].name) == 0))
            continue; /* one row per design (its points are together), Ideal being 100 % */
        bwm_table_str(&t, id);
        for (size_t a = 1; a <= 4; a++) {
            const bwm_pl_xlat_point *x = bwm_pl_xlat_find(p, n, id, a);
            char ours[32], thesis[32], cell[80];
            pct(ours, sizeof ours, x ? x->rel_ideal : NAN);
            pct(thesis, sizeof thesis, bwm_xlat_thesis_rel(id, a));
            snprintf(cell, sizeof cell, "%s (%s, %zu)", ours, thesis, x ? x->n : 0);
            bwm_table_str(&t, cell);
        }
    }
    bwm_table_render(&t, BWM_FMT_TABLE, out);
    bwm_table_free(&t);
}

/* Every pair's WS relative to Ideal under each design of MASK's group. */
static void pairs_table(const bwm_pl_results *r, bwm_buf *out)
{
    const char *designs[16], *cols[17] = {"pair"};
    size_t nd = 0, all = bwm_pl_designs(r, "translation", designs, 16);
    for (size_t d = 0; d < all; d++)
        if (strncmp(designs[d], "mask/", 5) == 0 && strcmp(designs[d], IDEAL) != 0)
            cols[1 + nd] = designs[d], designs[nd++] = designs[d];
    bwm_table t;
    bwm_table_init(&t, "", cols, 1 + nd);
    for (size_t k = 0; k < r->nruns; k++) {
        const bwm_pl_run *x = &r->runs[k];
        if (strcmp(x->exp, "translation") != 0 || strcmp(x->design, IDEAL) != 0 || x->napps != 2)
            continue;
        bwm_table_str(&t, x->workload);
        for (size_t d = 0; d < nd; d++) {
            const bwm_pl_run *y = run_of(r, designs[d], x->workload);
            bwm_table_num(&t, y ? y->ws_norm : NAN);
        }
    }
    bwm_table_render(&t, BWM_FMT_TABLE, out);
    bwm_table_free(&t);
}

/* The walks under SharedTLB on the pairs: mean over the applications that
 * walked of each level's L2 hit rate and the walks' share of DRAM bytes. */
typedef struct walk_means {
    int levels, n;
    double hit[BWM_MMU_MAX_LEVELS + 1], bw_frac;
} walk_means;

static walk_means walks(const bwm_study_files *f, const bwm_study_outcome *o)
{
    walk_means w;
    memset(&w, 0, sizeof w);
    w.levels = bwm_xlat_levels(f, o);
    for (size_t k = 0; k < f->plan.n; k++) {
        const bwm_study_run *r = &f->plan.r[k];
        for (size_t i = 0; r->exp == BWM_EXP_TRANSLATION && strcmp(r->design, SHARED) == 0 && r->napps == 2 &&
                           i < o->o[k].rec.napps; i++) {
            const bwm_xlat_result *x = &o->o[k].rec.app[i].xlat;
            if (!o->o[k].rec.app[i].translated || x->walks == 0)
                continue;
            for (int l = 1; l <= w.levels; l++)
                w.hit[l] += x->walk_l2_hit[l];
            w.bw_frac += x->walk_bw_frac;
            w.n++;
        }
    }
    for (int l = 1; w.n && l <= w.levels; l++)
        w.hit[l] /= w.n;
    if (w.n)
        w.bw_frac /= w.n;
    return w;
}

static int at_least(double a, double b)
{
    return a >= b;
}

static int within_2pct(double a, double b)
{
    return fabs(a / b - 1) <= 0.02;
}

/* On the pairs: how many of *n have keep(design a's WS, b's) (both
 * relative to Ideal). */
static size_t pairs_where(const bwm_pl_results *r, const char *a, const char *b, int (*keep)(double, double),
                          size_t *n)
{
    size_t k = 0;
    *n = 0;
    for (size_t i = 0; i < r->nruns; i++) {
        const bwm_pl_run *x = &r->runs[i];
        if (strcmp(x->exp, "translation") != 0 || strcmp(x->design, a) != 0 || x->napps != 2)
            continue;
        const bwm_pl_run *y = run_of(r, b, x->workload);
        if (!y || !(x->ws_norm > 0) || !(y->ws_norm > 0))
            continue;
        (*n)++;
        k += keep(x->ws_norm, y->ws_norm) != 0;
    }
    return k;
}

/* On the pairs: how many of *n have a mean L2 TLB miss rate under MASK-TLB
 * at most SharedTLB's (M7). */
static size_t pairs_tlb_hits_up(const bwm_study_files *f, const bwm_study_outcome *o, size_t *n)
{
    size_t k = 0;
    *n = 0;
    for (size_t i = 0; i < f->plan.n; i++) {
        const bwm_study_run *x = &f->plan.r[i];
        if (x->exp != BWM_EXP_TRANSLATION || strcmp(x->design, SHARED) != 0 || x->napps != 2)
            continue;
        bwm_xlat_sel a = {BWM_EXP_TRANSLATION, SHARED, 2, NULL, x->workload},
                     b = {BWM_EXP_TRANSLATION, MASK_TLB, 2, NULL, x->workload};
        bwm_xlat_means ma = bwm_xlat_means_of(f, o, &a), mb = bwm_xlat_means_of(f, o, &b);
        if (!ma.n || !mb.n)
            continue;
        (*n)++;
        k += mb.l2_miss <= ma.l2_miss;
    }
    return k;
}

static double rel(const bwm_pl_xlat_point *p, size_t n, const char *design, size_t napps)
{
    const bwm_pl_xlat_point *x = bwm_pl_xlat_find(p, n, design, napps);
    return x ? x->rel_ideal : NAN;
}

static void directions(const bwm_study_files *f, const bwm_study_outcome *o, const bwm_pl_results *r,
                       const bwm_pl_xlat_point *p, size_t np, const walk_means *w, bwm_buf *out)
{
    bwm_buf_puts(out, "The directions the thesis reports (and seed-mechanisms.md's checks), on these runs:\n\n");
    size_t n, all = 0, under = 0;
    for (size_t k = 0; k < r->nruns; k++) {
        const bwm_pl_run *x = &r->runs[k];
        if (strcmp(x->exp, "translation") == 0 && strcmp(x->design, SHARED) == 0 && isfinite(x->ws_norm)) {
            all++;
            under += x->ws_norm < 1;
        }
    }
    bwm_buf_printf(out, "- Ideal > SharedTLB (M2): SharedTLB below Ideal on %zu of %zu workloads: %s.\n", under, all,
                   all ? bwm_xlat_holds(under == all) : "n/a");
    if (w->n) {
        bwm_buf_puts(out, "- The walks' L2 hit rate does not rise from root to leaf (M4):");
        int ok = 1;
        for (int l = 1; l <= w->levels; l++) {
            bwm_buf_printf(out, " %.1f %%", 100 * w->hit[l]);
            ok &= l == 1 || w->hit[l] <= w->hit[l - 1];
        }
        bwm_buf_printf(out, ": %s.\n", bwm_xlat_holds(ok));
        bwm_xlat_sel pairs = {BWM_EXP_TRANSLATION, SHARED, 2, NULL, NULL};
        bwm_xlat_means m = bwm_xlat_means_of(f, o, &pairs);
        bwm_xlat_m5_line(out, "", &m);
    } else {
        bwm_buf_puts(out, "- Walks: n/a (no pair walked under SharedTLB).\n");
    }
    size_t ge = pairs_where(r, MASK, SHARED, at_least, &n), m;
    size_t le = pairs_where(r, IDEAL, MASK, at_least, &m);
    bwm_buf_printf(out, "- MASK >= SharedTLB on every pair (M6): on %zu of %zu: %s.\n", ge, n,
                   n ? bwm_xlat_holds(ge == n) : "n/a");
    bwm_buf_printf(out, "- MASK <= Ideal on every pair (M6): on %zu of %zu: %s.\n", le, m, m ? bwm_xlat_holds(le == m) : "n/a");
    size_t up = pairs_tlb_hits_up(f, o, &m);
    bwm_buf_printf(out, "- MASK-TLB's L2 TLB hit rate at least SharedTLB's (M7): on %zu of %zu pairs: %s.\n", up, m,
                   m ? bwm_xlat_holds(up == m) : "n/a");
    size_t eq = pairs_where(r, MASK_8K, SHARED_8K, within_2pct, &m);
    bwm_buf_printf(out, "- With 8192 L2 TLB entries MASK and SharedTLB within 2 %% (M10; thesis: equal): on %zu of "
                        "%zu pairs: %s.\n", eq, m, m ? bwm_xlat_holds(eq == m) : "n/a");
    double s2 = rel(p, np, SHARED, 2), s3 = rel(p, np, SHARED, 3), s4 = rel(p, np, SHARED, 4);
    if (isfinite(s2) && isfinite(s4))
        bwm_buf_printf(out, "- SharedTLB relative to Ideal does not rise from 2 to 4 applications (M9): %.1f, %.1f, "
                            "%.1f %%: %s.\n", 100 * s2, 100 * s3, 100 * s4,
                       bwm_xlat_holds(s4 <= s2 && (!isfinite(s3) || (s3 <= s2 && s4 <= s3))));
    else
        bwm_buf_puts(out, "- SharedTLB from 2 to 4 applications (M9): n/a (no run of 4 applications).\n");
    double g2 = rel(p, np, MASK, 2) / s2, g4 = rel(p, np, MASK, 4) / s4;
    if (isfinite(g2) && isfinite(g4))
        bwm_buf_printf(out, "- MASK's gain over SharedTLB is larger with 4 applications than with 2 (Table 6.3: "
                            "+57.7 %% and +60.8 %%): %+.1f %% and %+.1f %%: %s.\n", 100 * (g2 - 1), 100 * (g4 - 1),
                       bwm_xlat_holds(g4 >= g2));
    else
        bwm_buf_puts(out, "- MASK's gain against the number of applications: n/a (no run of 4 applications).\n");
    bwm_buf_puts(out, "\n");
}

/* The TLBs under design on the translation workloads of napps
 * applications (0: any). */
static bwm_xlat_means tlbs(const bwm_study_files *f, const bwm_study_outcome *o, const char *design, size_t napps)
{
    bwm_xlat_sel s = {BWM_EXP_TRANSLATION, design, napps, NULL, NULL};
    return bwm_xlat_means_of(f, o, &s);
}

/* On every workload: how many of n have design a's WS above (or at) b's;
 * the GM of a's over b's into *gm. */
static size_t workloads_at_least(const bwm_pl_results *r, const char *a, const char *b, size_t *n, double *gm)
{
    size_t k = 0;
    double logs = 0;
    *n = 0;
    for (size_t i = 0; i < r->nruns; i++) {
        const bwm_pl_run *x = &r->runs[i];
        const bwm_pl_run *y = strcmp(x->exp, "translation") == 0 && strcmp(x->design, a) == 0
                                  ? run_of(r, b, x->workload) : NULL;
        if (!y || !(x->ws_norm > 0) || !(y->ws_norm > 0))
            continue;
        (*n)++;
        k += x->ws_norm >= y->ws_norm;
        logs += log(x->ws_norm / y->ws_norm);
    }
    *gm = *n ? exp(logs / (double)*n) : NAN;
    return k;
}

/* Mosaic's group (Ch. 7): its headline and seed-mechanisms.md's checks. */
static void mosaic(const bwm_study_files *f, const bwm_study_outcome *o, const bwm_pl_results *r,
                   const bwm_pl_xlat_point *p, size_t np, bwm_buf *out)
{
    if (!bwm_pl_xlat_find(p, np, MOSAIC, 1) && !bwm_pl_xlat_find(p, np, MOSAIC, 2))
        return;
    size_t n;
    double gm;
    size_t ge = workloads_at_least(r, MOSAIC, GPU_MMU, &n, &gm);
    bwm_buf_printf(out, "Mosaic (Ch. 7), group `mosaic` (2 MB large pages, Table 7.1's L1 TLB; alone runs under "
                        "GPU-MMU): Mosaic's weighted speedup over GPU-MMU's, GM over the %zu workloads: %+.1f %% "
                        "(thesis: +55.5 %% on homogeneous workloads, +29.7 %% on heterogeneous ones).\n\n", n,
                   100 * (gm - 1));
    bwm_buf_printf(out, "- Mosaic >= GPU-MMU on every workload (Mo2): on %zu of %zu: %s.\n", ge, n,
                   n ? bwm_xlat_holds(ge == n) : "n/a");
    bwm_buf_puts(out, "- Mosaic within 10 % of Ideal on average (Mo2), by number of applications:");
    int ok = 1, any = 0;
    for (size_t a = 1; a <= 4; a++) {
        double v = rel(p, np, MOSAIC, a);
        if (!isfinite(v))
            continue;
        bwm_buf_printf(out, " %zu: %.1f %%", a, 100 * v);
        ok &= v >= 0.9;
        any = 1;
    }
    bwm_buf_printf(out, ": %s.\n", any ? bwm_xlat_holds(ok) : "n/a");
    double large1 = rel(p, np, LARGE_ONLY, 1), base1 = rel(p, np, GPU_MMU, 1);
    if (isfinite(large1) && isfinite(base1))
        bwm_buf_printf(out, "- One application: 2 MB pages/Ideal >= 0.95 > 4 KB pages/Ideal (Mo1): %.3f and %.3f: "
                            "%s.\n", large1, base1, bwm_xlat_holds(large1 >= 0.95 && base1 < 0.95));
    bwm_xlat_means m = tlbs(f, o, MOSAIC, 0), g = tlbs(f, o, GPU_MMU, 0);
    if (m.n)
        bwm_buf_printf(out, "- Mosaic's TLB miss rates below 1 %% (Mo3): L1 %.1f %%, L2 %.1f %% (means over %d "
                            "applications): %s.\n", 100 * m.l1_miss, 100 * m.l2_miss, m.n,
                       bwm_xlat_holds(m.l1_miss < 0.01 && m.l2_miss < 0.01));
    if (g.n) {
        bwm_xlat_means g2 = tlbs(f, o, GPU_MMU, 2), g4 = tlbs(f, o, GPU_MMU, 4);
        bwm_buf_printf(out, "- GPU-MMU never coalesces (Mo4): %llu large pages formed: %s.\n",
                       (unsigned long long)g.large_pages, bwm_xlat_holds(g.large_pages == 0));
        if (g2.n && g4.n)
            bwm_buf_printf(out, "- GPU-MMU's L2 TLB hit rate does not rise from 2 to 4 applications (Mo4; thesis "
                                "81 %% with 2, 62 %% with 5): %.1f and %.1f %%: %s.\n", 100 * (1 - g2.l2_miss),
                           100 * (1 - g4.l2_miss), bwm_xlat_holds(1 - g4.l2_miss <= 1 - g2.l2_miss));
    }
    bwm_buf_puts(out, "\n");
}

void bwm_report_translation(const bwm_study_files *f, const bwm_study_outcome *o, const bwm_pl_results *r,
                            bwm_buf *out)
{
    bwm_pl_xlat_point p[BWM_PL_XLAT_MAX_POINTS];
    size_t np = bwm_pl_xlat_points(r, p, BWM_PL_XLAT_MAX_POINTS);
    if (np == 0) {
        bwm_buf_puts(out, "No translation run in this study.\n\n");
        return;
    }
    const bwm_study_info *i = &f->info;
    bwm_buf_printf(out,
                   "Thesis 001 (Ausavarungnirun, Ch. 6: MASK) measures what address translation costs applications "
                   "that share a GPU.  Each design of `study/xlat_designs.c` runs every workload on GPU `%s` "
                   "(sha256 %.12s) for %" PRId64 " core cycles after %" PRId64 " of warm-up (MASK's tokens and L2 "
                   "bypass are decided at the end of each 100000-cycle epoch), the SMs split equally; "
                   "each application also runs alone on its share under SharedTLB (the thesis's baseline).  "
                   "Performance relative to Ideal is a design's weighted speedup over Ideal's on the same workload, "
                   "both over those alone IPCs (metrics.csv's ws_norm); the averages are GMs over the workloads.  "
                   "Figure `translation`; tables `translation.csv` (each run's translation statistics) and "
                   "`translation_summary.csv`.  The thesis's numbers are for its CUDA applications in "
                   "GPGPU-Sim; nothing here is fitted to them.\n\n",
                   i->xlat_config, i->xlat_config_sha, i->xlat_cycles, i->xlat_warmup);
    bwm_buf_puts(out, "Relative to Ideal, ours (the thesis's Table 6.3, workloads averaged):\n\n");
    table63(p, np, out);
    bwm_buf_puts(out, "\nEach pair's weighted speedup relative to Ideal:\n\n");
    pairs_table(r, out);
    size_t n = 0;
    double logs = 0;
    for (size_t k = 0; k < r->nruns; k++) {
        const bwm_pl_run *x = &r->runs[k];
        const bwm_pl_run *y = strcmp(x->exp, "translation") == 0 && strcmp(x->design, MASK) == 0 && x->napps == 2
                                  ? run_of(r, SHARED, x->workload) : NULL;
        if (y && x->ws_norm > 0 && y->ws_norm > 0) {
            logs += log(x->ws_norm / y->ws_norm);
            n++;
        }
    }
    char gain[32] = "n/a";
    if (n)
        snprintf(gain, sizeof gain, "%+.1f %%", 100 * (exp(logs / (double)n) - 1));
    bwm_buf_printf(out, "\nMASK's weighted speedup over SharedTLB on the %zu pairs (GM): %s (thesis: +%.1f %% on 35 "
                        "pairs).\n\n", n, gain, 100 * thesis_mask_gain);
    walk_means w = walks(f, o);
    if (w.n) {
        bwm_buf_printf(out, "Walks under SharedTLB on the pairs (plain means over the %d applications that walked): L2 hit "
                            "rate of each level, root to leaf,", w.n);
        for (int l = 1; l <= w.levels; l++) {
            char ours[32], thesis[32];
            pct(ours, sizeof ours, w.hit[l]);
            pct(thesis, sizeof thesis, l <= 4 ? thesis_walk_hits[l - 1] : NAN);
            bwm_buf_printf(out, " %s (%s)", ours, thesis);
        }
        bwm_buf_printf(out, "; walk reads %.1f %% of the DRAM bytes (thesis 13.8 %% of the bandwidth in use).\n\n",
                       100 * w.bw_frac);
    }
    directions(f, o, r, p, np, &w, out);
    mosaic(f, o, r, p, np, out);
}
