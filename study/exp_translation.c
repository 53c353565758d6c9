/* exp_translation.c — thesis 001's address translation (Ch. 6) on its own
 * GPU (the setup's xlat_cfg, mask17 by default), two experiments:
 *   translation  every design of study/xlat_designs.h on the thesis's pairs
 *           that the catalogue has, each of their applications alone on the
 *           whole GPU, and groups of 3 and 4 of those applications (in order
 *           of first appearance, cut into consecutive groups, the rest
 *           dropped); quick: one pair and one application under the designs
 *           marked quick
 *   page_reuse  the same designs on the probes (the setup's xlat_probes:
 *           applications that come back to their pages), 1 to 4 copies of
 *           each; quick: 2 copies of the first under the designs marked quick
 * SMs split equally; the alone runs (experiment alone) on the same shares
 * under the group's alone design; every run lasts the setup's xlat_warmup
 * and xlat_cycles, long enough for MASK's epochs to act, and is measured
 * against its group's ideal design on the same workload. */
#include <stdio.h>
#include <string.h>

#include "sim/gpu/gpu.h"
#include "study/experiment.h"
#include "study/plan_build.h"
#include "study/report.h"
#include "study/report_page_reuse.h"
#include "study/report_translation.h"
#include "study/translation.h"
#include "study/xlat_gpu.h"
#include "util/num.h"

/* Thesis 001, Ch. 6: the pairs it names that the catalogue has; the
 * --quick study runs the first quick pair and application. */
static const char *const xlat_pairs[] = {"3DS_HISTO", "SCAN_SAD", "SCAN_HISTO", "SCAN_SRAD",
                                         "SCAN_CONS", "MM_CONS", "RED_RAY", "RED_BP"};
static const char *const xlat_quick[] = {"SCAN_SRAD", "SCAN"};
#define XLAT_MAX_APPS 4 /* the largest workload: every group size 1..4 */

/* Workload `names` (napps abbreviations, SMs split equally on the
 * translation GPU) of experiment exp under design d, after the alone runs
 * it needs. */
static int add_translation(bwm_plan_builder *b, int exp, size_t d, char (*names)[16], size_t napps, bwm_err *err)
{
    const bwm_xlat_design *x = bwm_xlat_design_at(d);
    bwm_study_run r;
    memset(&r, 0, sizeof r);
    r.exp = exp;
    bwm_xlat_design_id(x, r.design, sizeof r.design);
    char alone[BWM_XLAT_DESIGN_NAME];
    bwm_xlat_alone_design(r.design, alone, sizeof alone);
    r.napps = napps;
    int given[BWM_GPU_MAX_APPS] = {0}, shares[BWM_GPU_MAX_APPS];
    bwm_gpu_shares(b->s->xlat_cfg, (int)napps, given, shares);
    double mpki[BWM_STUDY_MAX_APPS], bw[BWM_STUDY_MAX_APPS];
    size_t len = 0;
    for (size_t i = 0; i < napps; i++) {
        const bwm_synth_app *a = bwm_plan_synth(b, names[i]);
        if (!a)
            return bwm_fail(err, BWM_EINPUT, "the translation experiment (thesis 001) needs application '%s': it is "
                            "not in the applications file", names[i]);
        snprintf(r.app[i], sizeof r.app[i], "%s", names[i]);
        len += (size_t)snprintf(r.workload + len, sizeof r.workload - len, "%s%s", i ? "_" : "", names[i]);
        r.split[i] = shares[i];
        mpki[i] = a->mpki;
        bw[i] = a->bw_frac;
        int st = bwm_plan_add_alone(b, names[i], shares[i], alone, err);
        if (st != BWM_OK)
            return st;
    }
    bwm_plan_set_classes(&r, mpki, bw);
    snprintf(r.sched, sizeof r.sched, "%s", x->sched);
    r.window = b->s->window;
    return bwm_plan_add(b, &r, err);
}

/* The abbreviations of workload text ("SCAN_SAD") into names; returns
 * their number. */
static size_t names_of(const char *text, char (*names)[16])
{
    char buf[64], *piece[XLAT_MAX_APPS];
    int m = bwm_split(text, '_', buf, sizeof buf, piece, XLAT_MAX_APPS);
    for (int i = 0; i < m; i++)
        snprintf(names[i], sizeof names[i], "%s", piece[i]);
    return m > 0 ? (size_t)m : 0;
}

/* The applications of the pairs in order of first appearance (quick: the
 * quick application alone); returns their number. */
static size_t translation_apps(const bwm_plan_builder *b, char (*apps)[16], size_t max)
{
    size_t n = 0;
    if (b->s->quick) {
        snprintf(apps[n++], sizeof apps[0], "%s", xlat_quick[1]);
        return n;
    }
    for (size_t k = 0; k < BWM_COUNT(xlat_pairs); k++) {
        char pair[XLAT_MAX_APPS][16];
        size_t m = names_of(xlat_pairs[k], pair);
        for (size_t i = 0; i < m; i++) {
            int seen = 0;
            for (size_t j = 0; j < n; j++)
                seen |= strcmp(apps[j], pair[i]) == 0;
            if (!seen && n < max)
                snprintf(apps[n++], sizeof apps[0], "%.15s", pair[i]);
        }
    }
    return n;
}

/* Every workload under design d: the pairs, each application alone, then
 * the groups of 3 and 4 (none in quick). */
static int translation_workloads(bwm_plan_builder *b, size_t d, bwm_err *err)
{
    char apps[2 * BWM_COUNT(xlat_pairs)][16], names[XLAT_MAX_APPS][16];
    size_t n = translation_apps(b, apps, BWM_COUNT(apps));
    int st = BWM_OK;
    for (size_t k = 0; st == BWM_OK && k < (b->s->quick ? 1 : BWM_COUNT(xlat_pairs)); k++) {
        size_t m = names_of(b->s->quick ? xlat_quick[0] : xlat_pairs[k], names);
        st = add_translation(b, BWM_EXP_TRANSLATION, d, names, m, err);
    }
    for (size_t a = 0; st == BWM_OK && a < n; a++)
        st = add_translation(b, BWM_EXP_TRANSLATION, d, &apps[a], 1, err);
    for (size_t size = 3; !b->s->quick && size <= XLAT_MAX_APPS; size++)
        for (size_t a = 0; st == BWM_OK && a + size <= n; a += size)
            st = add_translation(b, BWM_EXP_TRANSLATION, d, &apps[a], size, err);
    return st;
}

/* 1 to XLAT_MAX_APPS copies of every probe under design d (quick: 2
 * copies of the first). */
static int page_reuse_workloads(bwm_plan_builder *b, size_t d, bwm_err *err)
{
    char names[XLAT_MAX_APPS][16];
    int st = BWM_OK, quick = b->s->quick;
    for (size_t p = 0; p < (quick && b->s->n_xlat_probes ? 1 : b->s->n_xlat_probes); p++)
        for (size_t n = quick ? 2 : 1; st == BWM_OK && n <= (quick ? 2 : XLAT_MAX_APPS); n++) {
            for (size_t i = 0; i < n; i++)
                snprintf(names[i], sizeof names[i], "%.15s", b->s->xlat_probes[p].abbr);
            st = add_translation(b, BWM_EXP_PAGE_REUSE, d, names, n, err);
        }
    return st;
}

/* Every design in this study, each with workloads(). */
static int each_design(bwm_plan_builder *b, int (*workloads)(bwm_plan_builder *, size_t, bwm_err *), bwm_err *err)
{
    int st = BWM_OK;
    for (size_t d = 0; st == BWM_OK && d < bwm_xlat_design_count(); d++)
        if (!b->s->quick || bwm_xlat_design_at(d)->quick)
            st = workloads(b, d, err);
    return st;
}

static int plan_translation(bwm_plan_builder *b, bwm_err *err)
{
    return each_design(b, translation_workloads, err);
}

static int plan_page_reuse(bwm_plan_builder *b, bwm_err *err)
{
    return each_design(b, page_reuse_workloads, err);
}

static int key_head(const bwm_study_setup *s, const bwm_study_run *r, bwm_buf *t)
{
    bwm_xlat_key_head(s, r, t);
    return 1;
}

static const bwm_run_params *length(const bwm_study_env *e, const bwm_study_run *r)
{
    (void)r;
    return &e->xlat_run;
}

/* The run of the group's ideal design on the same workload and split. */
static long ideal(const bwm_study_plan *p, size_t i)
{
    const bwm_study_run *r = &p->r[i];
    const char *slash = strchr(r->design, '/');
    char name[BWM_XLAT_DESIGN_NAME];
    snprintf(name, sizeof name, "%.*s/ideal", slash ? (int)(slash - r->design) : 0, r->design);
    return bwm_study_plan_same_workload(p, r, name);
}

static void report_translation(const bwm_report_ctx *c, bwm_buf *out)
{
    bwm_report_translation(c->f, c->o, c->r, out);
}

static void report_page_reuse(const bwm_report_ctx *c, bwm_buf *out)
{
    bwm_report_page_reuse(c->f, c->o, out);
}

/* translation.*, translation_summary.*. */
static int summary(const bwm_study_files *f, const bwm_study_outcome *o, const bwm_pl_results *r,
                   bwm_exp_tables *out, bwm_err *err)
{
    (void)err;
    bwm_study_xlat_tables(f, o, r, out->t);
    out->n = BWM_XLAT_NTABLES;
    for (int k = 0; k < BWM_XLAT_NTABLES; k++)
        out->name[k] = bwm_study_xlat_files[k];
    return BWM_OK;
}

const bwm_study_experiment bwm_exp_translation = {
    .name = "translation", .plan = plan_translation, .key_head = key_head, .gpu = bwm_xlat_gpu, .length = length,
    .baseline = ideal, .ran = "of thesis 001's address translation", .place = 6,
    .heading = "## Address translation (thesis 001, Ch. 6)", .report = report_translation,
    .files = "- `translation.*`, `translation_summary.*`: thesis 001's address translation per run and "
             "application (the walks' statistics) and per design and number of applications (text, CSV, "
             "JSON).\n",
    .summary = summary};

const bwm_study_experiment bwm_exp_page_reuse = {
    .name = "page_reuse", .plan = plan_page_reuse, .key_head = key_head, .gpu = bwm_xlat_gpu, .length = length,
    .baseline = ideal, .ran = "of its page-reuse probes", .place = 6, .report = report_page_reuse};
