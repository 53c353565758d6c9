/* report_page_reuse.c — the page-reuse probes in the report (see
 * report_page_reuse.h). */
#include "study/report_page_reuse.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "io/table.h"
#include "study/xlat_runs.h"

#define MAX_PROBES 32
#define MAX_COPIES 4

/* The designs shown, Ideal's (mask/ideal, mosaic/ideal) being 100 %. */
static const char *const shown[] = {"mask/shared_tlb", "mask/mask",          "mask/mask_tlb",
                                    "mask/mask_cache", "mask/mask_dram",     "mask/shared_tlb_8k",
                                    "mask/mask_8k",    "mosaic/gpu_mmu",     "mosaic/mosaic"};

/* The probes, in plan order; returns how many. */
static size_t probes(const bwm_study_files *f, const char **out, size_t max)
{
    size_t n = 0;
    for (size_t k = 0; k < f->plan.n; k++) {
        const bwm_study_run *r = &f->plan.r[k];
        int seen = r->exp != BWM_EXP_PAGE_REUSE;
        for (size_t j = 0; !seen && j < n; j++)
            seen = strcmp(out[j], r->app[0]) == 0;
        if (!seen && n < max)
            out[n++] = r->app[0];
    }
    return n;
}

/* Design's run on `copies` copies of probe: its WS relative to Ideal and its
 * applications' TLB means; NaN when it is not there. */
static double rel_ideal(const bwm_study_files *f, const bwm_study_outcome *o, const char *design, const char *probe,
                        size_t copies, bwm_xlat_means *m)
{
    bwm_xlat_sel s = {BWM_EXP_PAGE_REUSE, design, copies, probe, NULL};
    long k = bwm_xlat_find(f, &s);
    if (m)
        *m = bwm_xlat_means_of(f, o, &s);
    return k >= 0 && o->o[k].ws_norm > 0 ? o->o[k].ws_norm : NAN;
}

static void table(const bwm_study_files *f, const bwm_study_outcome *o, const char **p, size_t np, bwm_buf *out)
{
    static const char *const cols[] = {"probe", "design", "1 copy", "2 copies", "3 copies", "4 copies"};
    bwm_table t;
    bwm_table_init(&t, "", cols, 6);
    for (size_t k = 0; k < np; k++)
        for (size_t d = 0; d < sizeof shown / sizeof shown[0]; d++) {
            bwm_table_str(&t, p[k]);
            bwm_table_str(&t, shown[d]);
            for (size_t c = 1; c <= MAX_COPIES; c++) {
                bwm_xlat_means m;
                double v = rel_ideal(f, o, shown[d], p[k], c, &m);
                char cell[48] = "n/a";
                if (isfinite(v))
                    snprintf(cell, sizeof cell, "%.1f %% (%.1f %%)", 100 * v, 100 * m.l2_miss);
                bwm_table_str(&t, cell);
            }
        }
    bwm_table_render(&t, BWM_FMT_TABLE, out);
    bwm_table_free(&t);
}

/* Over every probe and 2 to MAX_COPIES copies: how many of *n workloads
 * have keep(a's value, b's value): WS relative to Ideal (b NULL: Ideal's,
 * 1), or with tlb set (and b given) the L2 TLB hit rates. */
static size_t count(const bwm_study_files *f, const bwm_study_outcome *o, const char **p, size_t np, const char *a,
                    const char *b, int tlb, int (*keep)(double, double), size_t *n)
{
    size_t k = 0;
    *n = 0;
    for (size_t i = 0; i < np; i++)
        for (size_t c = 2; c <= MAX_COPIES; c++) {
            bwm_xlat_means ma, mb = {0};
            double va = rel_ideal(f, o, a, p[i], c, &ma), vb = b ? rel_ideal(f, o, b, p[i], c, &mb) : 1;
            if (tlb)
                va = ma.n ? 1 - ma.l2_miss : NAN, vb = mb.n ? 1 - mb.l2_miss : NAN;
            if (!isfinite(va) || !isfinite(vb))
                continue;
            (*n)++;
            k += keep(va, vb) != 0;
        }
    return k;
}

static int at_least(double a, double b)
{
    return a >= b;
}

static int below(double a, double b)
{
    return a < b;
}

static int within_2pct(double a, double b)
{
    return fabs(a / b - 1) <= 0.02;
}

/* Over the probes: how many of *n have trend(design at 2 copies, at 4). */
static size_t probes_trend(const bwm_study_files *f, const bwm_study_outcome *o, const char **p, size_t np,
                           const char *design, const char *over, int tlb, size_t *n)
{
    size_t k = 0;
    *n = 0;
    for (size_t i = 0; i < np; i++) {
        bwm_xlat_means m2, m4, u;
        double v2 = rel_ideal(f, o, design, p[i], 2, &m2), v4 = rel_ideal(f, o, design, p[i], MAX_COPIES, &m4);
        if (over) { /* the gain over `over` grows */
            v2 /= rel_ideal(f, o, over, p[i], 2, &u);
            v4 /= rel_ideal(f, o, over, p[i], MAX_COPIES, &u);
        }
        if (tlb)
            v2 = m2.n ? 1 - m2.l2_miss : NAN, v4 = m4.n ? 1 - m4.l2_miss : NAN;
        if (!isfinite(v2) || !isfinite(v4))
            continue;
        (*n)++;
        k += over ? v4 >= v2 : v4 <= v2;
    }
    return k;
}

static void line(bwm_buf *out, const char *what, size_t k, size_t n)
{
    bwm_buf_printf(out, "- %s: on %zu of %zu: %s.\n", what, k, n, n ? bwm_xlat_holds(k == n) : "n/a");
}

static void directions(const bwm_study_files *f, const bwm_study_outcome *o, const char **p, size_t np, bwm_buf *out)
{
    size_t n, k;
    bwm_buf_puts(out, "The directions on the probes' workloads of 2 to 4 copies (by probe where the direction is "
                      "about the number of applications):\n\n");
    k = count(f, o, p, np, "mask/shared_tlb", NULL, 0, below, &n);
    line(out, "Ideal > SharedTLB (M2)", k, n);
    k = count(f, o, p, np, "mask/mask", "mask/shared_tlb", 0, at_least, &n);
    line(out, "MASK >= SharedTLB (M6)", k, n);
    k = count(f, o, p, np, "mask/mask", NULL, 0, below, &n);
    line(out, "MASK < Ideal (M6)", k, n);
    k = count(f, o, p, np, "mask/mask_tlb", "mask/shared_tlb", 1, at_least, &n);
    line(out, "MASK-TLB's L2 TLB hit rate at least SharedTLB's (M7)", k, n);
    k = count(f, o, p, np, "mask/mask_8k", "mask/shared_tlb_8k", 0, within_2pct, &n);
    line(out, "With 8192 L2 TLB entries MASK within 2 % of SharedTLB (M10)", k, n);
    k = probes_trend(f, o, p, np, "mask/shared_tlb", NULL, 0, &n);
    line(out, "SharedTLB relative to Ideal does not rise from 2 to 4 copies (M9), probes", k, n);
    k = probes_trend(f, o, p, np, "mask/mask", "mask/shared_tlb", 0, &n);
    line(out, "MASK's gain over SharedTLB at 4 copies at least that at 2 (Table 6.3), probes", k, n);
    k = count(f, o, p, np, "mosaic/mosaic", "mosaic/gpu_mmu", 0, at_least, &n);
    line(out, "Mosaic >= GPU-MMU (Mo2)", k, n);
    k = probes_trend(f, o, p, np, "mosaic/gpu_mmu", NULL, 1, &n);
    line(out, "GPU-MMU's L2 TLB hit rate does not rise from 2 to 4 copies (Mo4), probes", k, n);
    bwm_xlat_sel ms = {BWM_EXP_PAGE_REUSE, "mosaic/mosaic", 0, NULL, NULL};
    bwm_xlat_means m = bwm_xlat_means_of(f, o, &ms);
    if (m.n)
        bwm_buf_printf(out, "- Mosaic's TLB miss rates below 1 %% (Mo3): L1 %.2f %%, L2 %.2f %% (means over %d "
                            "applications): %s; by construction, a probe's 1 to 4 MB being one or two large pages.\n",
                       100 * m.l1_miss, 100 * m.l2_miss, m.n, bwm_xlat_holds(m.l1_miss < 0.01 && m.l2_miss < 0.01));
    bwm_xlat_sel ss = {BWM_EXP_PAGE_REUSE, "mask/shared_tlb", 0, NULL, NULL};
    m = bwm_xlat_means_of(f, o, &ss);
    bwm_xlat_m5_line(out, " under SharedTLB", &m);
    bwm_buf_puts(out, "\n");
}

void bwm_report_page_reuse(const bwm_study_files *f, const bwm_study_outcome *o, bwm_buf *out)
{
    const char *p[MAX_PROBES];
    size_t np = probes(f, p, MAX_PROBES);
    if (np == 0)
        return;
    bwm_buf_printf(out, "### Applications that come back to their pages\n\n"
                        "The catalogue's applications sweep 16 to 256 MB and touch almost every page once in a run: "
                        "nearly all their TLB misses are first touches, which no TLB size, fill policy or page size "
                        "avoids, so sharing the L2 TLB costs them little and MASK's TLB-fill tokens have nothing to "
                        "keep.  The probes of `%s` (sha256 %.12s) come back to their pages, over 1/2, 1 and 2 times "
                        "the shared L2 TLB's reach, at random (PR) or each warp in a block of its own (PB); every "
                        "other parameter is one rule for all, none changed after a run (the file says which).  "
                        "Each design runs 1 to 4 copies of each, the SMs split equally, measured against its "
                        "group's Ideal on the same copies (L2 TLB miss rate in brackets, mean over the copies):\n\n",
                   f->info.xlat_probes_file, f->info.xlat_probes_sha);
    table(f, o, p, np, out);
    bwm_buf_puts(out, "\n");
    directions(f, o, p, np, out);
}
