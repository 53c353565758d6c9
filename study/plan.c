/* plan.c — the runs of the study (see plan.h). */
#include "study/plan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/classify.h"
#include "sim/gpu/gpu.h"
#include "sim/gpu/workload_run.h"
#include "study/key.h"
#include "util/grow.h"
#include "util/num.h"

/* Paper 000, Fig. 5: the pairs each application of which is prioritised. */
static const char *const fig5_pairs[] = {"BLK_QTC", "BLK_NN", "HISTO_TRD"};
/* Paper 000, Fig. 13: the pair run with other SM splits. */
static const char *const split_pair = "JPEG_GUPS";
static const char *const three_scheds[] = {"frfcfs", "its", "weis"};
static const char *const split_scheds[] = {"frfcfs", "its"};
static const int64_t windows[] = {256, 2048};
static const double alphas[] = {0.25, 0.5, 0.75, 1.0};
static const char *const asjf_scheds[] = {"asjf", "asjfw"};
/* Paper 003, Sec. VI: the applications timed, the interferers, two
 * partitions, both partitionings. */
static const char *const variation_apps[] = {"MM", "SCP", "FWT", "CFD", "VA"};
static const char *const variation_interferers[] = {"MM", "FWT", "VA"};
static const char *const variation_partitionings[] = {"cp", "cmp"};
/* Thesis 001, Ch. 6: the pairs it names that the catalogue has (SMs split
 * equally); the --quick study runs the first quick pair and application. */
static const char *const xlat_pairs[] = {"3DS_HISTO", "SCAN_SAD", "SCAN_HISTO", "SCAN_SRAD",
                                         "SCAN_CONS", "MM_CONS", "RED_RAY", "RED_BP"};
static const char *const xlat_quick[] = {"SCAN_SRAD", "SCAN"};
/* Paper 002: the --quick study's applications, a batch-friendly one and a
 * control (the first application when the file has neither). */
static const char *const batch_quick[] = {"BST", "GUPS"};
#define XLAT_MAX_APPS 4 /* the largest workload: every group size 1..4 */
#define VARIATION_PARTS 2
#define ASJF_M 3.0
#define QUICK_WINDOW_WORKLOADS 2

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

int bwm_study_plan_add(bwm_study_plan *p, const bwm_study_run *r)
{
    bwm_study_run *g = bwm_grow(p->r, &p->cap, p->n, sizeof *g);
    if (!g)
        return -1;
    p->r = g;
    p->r[p->n++] = *r;
    return 0;
}

void bwm_study_plan_free(bwm_study_plan *p)
{
    free(p->r);
    memset(p, 0, sizeof *p);
}

long bwm_study_plan_alone(const bwm_study_plan *p, const char *app, int sms, const char *design)
{
    for (size_t i = 0; i < p->n; i++)
        if (p->r[i].exp == BWM_EXP_ALONE && p->r[i].split[0] == sms && strcmp(p->r[i].app[0], app) == 0 &&
            strcmp(p->r[i].design, design) == 0)
            return (long)i;
    return -1;
}

long bwm_study_plan_alone_of(const bwm_study_plan *p, const bwm_study_run *r, size_t i)
{
    if (r->exp == BWM_EXP_BATCH)
        return -1;
    char design[BWM_XLAT_DESIGN_NAME];
    bwm_xlat_alone_design(r->design, design, sizeof design);
    return bwm_study_plan_alone(p, r->app[i], r->split[i], design);
}

long bwm_study_plan_same(const bwm_study_plan *p, size_t before)
{
    for (size_t i = 0; i < before; i++)
        if (strcmp(p->r[i].key, p->r[before].key) == 0)
            return (long)i;
    return -1;
}

/* The plan under construction and what it is built from. */
typedef struct builder {
    const bwm_study_setup *s;
    bwm_study_plan *p;
    const char *scheds[BWM_STUDY_MAX_SCHEDS + 1];
    size_t nsched;
} builder;

static const bwm_synth_app *app_of(const builder *b, const char *abbr)
{
    return bwm_synth_find(b->s->apps, b->s->n_apps, abbr);
}

/* Appends r once its key is set; an alone run only if it is not there. */
static int add(builder *b, bwm_study_run *r, bwm_err *err)
{
    if (r->exp == BWM_EXP_ALONE && bwm_study_plan_alone(b->p, r->app[0], r->split[0], r->design) >= 0)
        return BWM_OK;
    const bwm_synth_app *apps[BWM_STUDY_MAX_APPS];
    for (size_t i = 0; i < r->napps; i++)
        if (!(apps[i] = app_of(b, r->app[i])))
            return bwm_fail(err, BWM_EINPUT, "workload %s: application '%s' is not in the applications file",
                            r->workload, r->app[i]);
    bwm_study_key(b->s, apps, r);
    if (bwm_study_plan_add(b->p, r) != 0)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    return BWM_OK;
}

/* app alone on sms SMs under design ("": the main GPU). */
static int add_alone(builder *b, const char *app, int sms, const char *design, bwm_err *err)
{
    bwm_study_run r;
    memset(&r, 0, sizeof r);
    r.exp = BWM_EXP_ALONE;
    snprintf(r.design, sizeof r.design, "%s", design);
    snprintf(r.workload, sizeof r.workload, "%s", app);
    r.napps = 1;
    snprintf(r.app[0], sizeof r.app[0], "%s", app);
    r.split[0] = sms;
    snprintf(r.sched, sizeof r.sched, "frfcfs");
    r.window = b->s->window;
    return add(b, &r, err);
}

/* A workload's MPKI and BW classes (paper 000, Sec. 7; none for a single
 * application). */
static void set_classes(bwm_study_run *r, const double *mpki, const double *bw)
{
    if (r->napps < 2)
        return;
    bwm_classes c = bwm_classify(mpki, bw, r->napps);
    snprintf(r->mpki_class, sizeof r->mpki_class, "%s", bwm_class_letter(c.mpki));
    snprintf(r->bw_class, sizeof r->bw_class, "%s", bwm_class_letter(c.bw));
}

/* A run of workload w (index into the list) under sched with the given SM
 * split (NULL: equal), after the alone runs it needs. */
static int add_run(builder *b, int exp, size_t w, const char *sched, const int *split, int64_t window,
                   double alpha, bwm_err *err)
{
    const bwm_workload *x = &b->s->list->l.w[w];
    bwm_study_run r;
    memset(&r, 0, sizeof r);
    r.exp = exp;
    snprintf(r.workload_id, sizeof r.workload_id, "%s", x->id);
    snprintf(r.workload, sizeof r.workload, "%s", x->name);
    r.napps = x->napps;
    int given[BWM_GPU_MAX_APPS] = {0};
    for (size_t i = 0; split && i < x->napps; i++)
        given[i] = split[i];
    int shares[BWM_GPU_MAX_APPS];
    bwm_gpu_shares(b->s->cfg, (int)x->napps, given, shares);
    double mpki[BWM_STUDY_MAX_APPS], bw[BWM_STUDY_MAX_APPS];
    for (size_t i = 0; i < x->napps; i++) {
        snprintf(r.app[i], sizeof r.app[i], "%s", x->apps[i]->abbr);
        r.split[i] = exp == BWM_EXP_ASJF ? b->s->cfg->n_sms : shares[i];
        mpki[i] = x->apps[i]->mpki;
        bw[i] = x->apps[i]->bw_frac;
        int st = add_alone(b, r.app[i], r.split[i], "", err);
        if (st != BWM_OK)
            return st;
    }
    set_classes(&r, mpki, bw);
    snprintf(r.sched, sizeof r.sched, "%s", sched);
    r.window = window;
    r.alpha = alpha;
    r.m = alpha > 0 ? ASJF_M : 0;
    r.flags = b->s->list->flags[w];
    const char *policy;
    int prior;
    int st = bwm_workload_sched(sched, (int)x->napps, &policy, &prior, err);
    if (st != BWM_OK)
        return st;
    return add(b, &r, err);
}

static int in_study(const builder *b, size_t w, size_t napps)
{
    return b->s->list->l.w[w].napps == napps && (!b->s->quick || b->s->list->flags[w].quick);
}

static int main_runs(builder *b, bwm_err *err)
{
    int st = BWM_OK;
    for (size_t w = 0; st == BWM_OK && w < b->s->list->l.n; w++)
        for (size_t k = 0; st == BWM_OK && in_study(b, w, 2) && k < b->nsched; k++)
            st = add_run(b, BWM_EXP_MAIN, w, b->scheds[k], NULL, b->s->window, 0, err);
    return st;
}

static long find_pair(const builder *b, const char *name)
{
    for (size_t w = 0; w < b->s->list->l.n; w++)
        if (in_study(b, w, 2) && strcmp(b->s->list->l.w[w].name, name) == 0)
            return (long)w;
    return -1;
}

static int prior_and_split_runs(builder *b, bwm_err *err)
{
    int st = BWM_OK;
    for (size_t k = 0; st == BWM_OK && k < COUNT(fig5_pairs); k++) {
        long w = find_pair(b, fig5_pairs[k]);
        if (w >= 0)
            st = add_run(b, BWM_EXP_PRIOR, (size_t)w, "prior-1", NULL, b->s->window, 0, err);
        if (w >= 0 && st == BWM_OK)
            st = add_run(b, BWM_EXP_PRIOR, (size_t)w, "prior-2", NULL, b->s->window, 0, err);
    }
    for (size_t w = 0; st == BWM_OK && w < b->s->list->l.n; w++)
        for (size_t k = 0; st == BWM_OK && in_study(b, w, 3) && k < COUNT(three_scheds); k++)
            st = add_run(b, BWM_EXP_THREE, w, three_scheds[k], NULL, b->s->window, 0, err);
    long w = find_pair(b, split_pair);
    int third = b->s->cfg->n_sms / 3;
    int splits[2][2] = {{third, b->s->cfg->n_sms - third}, {b->s->cfg->n_sms - third, third}};
    for (size_t k = 0; w >= 0 && st == BWM_OK && k < 2 * COUNT(split_scheds); k++)
        st = add_run(b, BWM_EXP_SPLIT, (size_t)w, split_scheds[k % COUNT(split_scheds)], splits[k / 2],
                     b->s->window, 0, err);
    return st;
}

static int window_runs(builder *b, bwm_err *err)
{
    int st = BWM_OK;
    for (int ws = 0; ws < 2; ws++) {
        size_t taken = 0;
        for (size_t w = 0; st == BWM_OK && w < b->s->list->l.n; w++) {
            const bwm_study_flags *f = &b->s->list->flags[w];
            if (!in_study(b, w, 2) || !(ws ? f->ws_subset : f->it_subset))
                continue;
            if (b->s->quick && taken++ == QUICK_WINDOW_WORKLOADS)
                break;
            for (size_t k = 0; st == BWM_OK && k < COUNT(windows); k++)
                st = add_run(b, BWM_EXP_WINDOW, w, ws ? "weis" : "its", NULL, windows[k], 0, err);
        }
    }
    return st;
}

static int asjf_runs(builder *b, bwm_err *err)
{
    int st = BWM_OK;
    for (size_t w = 0; st == BWM_OK && w < b->s->list->l.n; w++)
        for (size_t k = 0; st == BWM_OK && in_study(b, w, 1) && k < COUNT(asjf_scheds) * COUNT(alphas); k++)
            st = add_run(b, BWM_EXP_ASJF, w, asjf_scheds[k / COUNT(alphas)], NULL, b->s->window,
                         alphas[k % COUNT(alphas)], err);
    return st;
}

/* One variation run: app alone on every SM (partition "whole"), or on one
 * of the partitions beside interferer (NULL: the others idle). */
static int add_variation(builder *b, const char *partition, const char *app, const char *interferer, bwm_err *err)
{
    const char *names[2] = {app, interferer};
    bwm_study_run r;
    memset(&r, 0, sizeof r);
    r.exp = BWM_EXP_VARIATION;
    snprintf(r.partition, sizeof r.partition, "%s", partition);
    int whole = strcmp(partition, "whole") == 0;
    r.parts = whole ? 0 : VARIATION_PARTS;
    r.napps = interferer ? 2 : 1;
    snprintf(r.workload, sizeof r.workload, interferer ? "%s_%s" : "%s", app, interferer);
    for (size_t i = 0; i < r.napps; i++) {
        snprintf(r.app[i], sizeof r.app[i], "%s", names[i]);
        r.split[i] = whole ? b->s->var_cfg->n_sms : b->s->var_cfg->n_sms / VARIATION_PARTS;
    }
    snprintf(r.sched, sizeof r.sched, "frfcfs");
    r.window = 1024;
    const bwm_synth_app *apps[2];
    for (size_t i = 0; i < r.napps; i++)
        if (!(apps[i] = app_of(b, names[i])))
            return bwm_fail(err, BWM_EINPUT, "the variation experiment (paper 003) needs application '%s': it is "
                            "in neither the applications file nor the variation's", names[i]);
    bwm_study_key(b->s, apps, &r);
    if (bwm_study_plan_add(b->p, &r) != 0)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    return BWM_OK;
}

static int variation_runs(builder *b, bwm_err *err)
{
    int st = BWM_OK;
    for (size_t a = 0; st == BWM_OK && a < COUNT(variation_apps); a++)
        st = add_variation(b, "whole", variation_apps[a], NULL, err);
    for (size_t k = 0; k < COUNT(variation_partitionings); k++)
        for (size_t a = 0; st == BWM_OK && a < COUNT(variation_apps); a++) {
            st = add_variation(b, variation_partitionings[k], variation_apps[a], NULL, err);
            for (size_t i = 0; st == BWM_OK && i < COUNT(variation_interferers); i++)
                st = add_variation(b, variation_partitionings[k], variation_apps[a], variation_interferers[i], err);
        }
    return st;
}

/* Workload `names` (napps abbreviations, SMs split equally on the
 * translation GPU) of experiment exp (translation or page_reuse) under
 * design d, after the alone runs it needs. */
static int add_translation(builder *b, int exp, size_t d, char (*names)[16], size_t napps, bwm_err *err)
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
        const bwm_synth_app *a = app_of(b, names[i]);
        if (!a)
            return bwm_fail(err, BWM_EINPUT, "the translation experiment (thesis 001) needs application '%s': it is "
                            "not in the applications file", names[i]);
        snprintf(r.app[i], sizeof r.app[i], "%s", names[i]);
        len += (size_t)snprintf(r.workload + len, sizeof r.workload - len, "%s%s", i ? "_" : "", names[i]);
        r.split[i] = shares[i];
        mpki[i] = a->mpki;
        bw[i] = a->bw_frac;
        int st = add_alone(b, names[i], shares[i], alone, err);
        if (st != BWM_OK)
            return st;
    }
    set_classes(&r, mpki, bw);
    snprintf(r.sched, sizeof r.sched, "%s", x->sched);
    r.window = b->s->window;
    return add(b, &r, err);
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
static size_t translation_apps(const builder *b, char (*apps)[16], size_t max)
{
    size_t n = 0;
    if (b->s->quick) {
        snprintf(apps[n++], sizeof apps[0], "%s", xlat_quick[1]);
        return n;
    }
    for (size_t k = 0; k < COUNT(xlat_pairs); k++) {
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
static int translation_workloads(builder *b, size_t d, bwm_err *err)
{
    char apps[2 * COUNT(xlat_pairs)][16], names[XLAT_MAX_APPS][16];
    size_t n = translation_apps(b, apps, COUNT(apps));
    int st = BWM_OK;
    for (size_t k = 0; st == BWM_OK && k < (b->s->quick ? 1 : COUNT(xlat_pairs)); k++) {
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
static int page_reuse_workloads(builder *b, size_t d, bwm_err *err)
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

static int translation_runs(builder *b, bwm_err *err)
{
    int st = BWM_OK;
    for (size_t d = 0; st == BWM_OK && d < bwm_xlat_design_count(); d++)
        if (!b->s->quick || bwm_xlat_design_at(d)->quick)
            st = translation_workloads(b, d, err);
    for (size_t d = 0; st == BWM_OK && d < bwm_xlat_design_count(); d++)
        if (!b->s->quick || bwm_xlat_design_at(d)->quick)
            st = page_reuse_workloads(b, d, err);
    return st;
}

/* Application a of the batch experiment alone on the whole GPU of design
 * d. */
static int add_batch(builder *b, size_t d, const bwm_synth_app *a, bwm_err *err)
{
    bwm_study_run r;
    memset(&r, 0, sizeof r);
    r.exp = BWM_EXP_BATCH;
    snprintf(r.design, sizeof r.design, "%s", bwm_batch_design_at(d)->name);
    snprintf(r.workload, sizeof r.workload, "%s", a->abbr);
    r.napps = 1;
    snprintf(r.app[0], sizeof r.app[0], "%s", a->abbr);
    r.split[0] = b->s->batch_cfgs[d].n_sms;
    snprintf(r.sched, sizeof r.sched, "%s", BWM_BATCH_SCHED);
    r.window = b->s->window;
    bwm_study_key(b->s, &a, &r);
    if (bwm_study_plan_add(b->p, &r) != 0)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    return BWM_OK;
}

/* Whether the batch experiment's application a runs in this study. */
static int batch_app_in_study(const builder *b, size_t a)
{
    if (!b->s->quick)
        return 1;
    int any = 0;
    for (size_t k = 0; k < COUNT(batch_quick); k++) {
        const bwm_synth_app *x = bwm_synth_find(b->s->batch_apps, b->s->n_batch_apps, batch_quick[k]);
        if (x == &b->s->batch_apps[a])
            return 1;
        any |= x != NULL;
    }
    return !any && a == 0;
}

static int batch_runs(builder *b, bwm_err *err)
{
    int st = BWM_OK;
    for (size_t d = 0; st == BWM_OK && d < bwm_batch_design_count(); d++)
        for (size_t a = 0; st == BWM_OK && a < b->s->n_batch_apps; a++)
            if ((!b->s->quick || bwm_batch_design_at(d)->quick) && batch_app_in_study(b, a))
                st = add_batch(b, d, &b->s->batch_apps[a], err);
    return st;
}

/* frfcfs first (every figure normalises to it), then the given schedulers,
 * each once. */
static int main_scheds(builder *b, bwm_err *err)
{
    b->scheds[b->nsched++] = "frfcfs";
    for (size_t k = 0; k < b->s->nsched; k++) {
        int dup = 0;
        for (size_t j = 0; j < b->nsched; j++)
            dup |= strcmp(b->scheds[j], b->s->scheds[k]) == 0;
        if (dup)
            continue;
        if (b->nsched == BWM_STUDY_MAX_SCHEDS)
            return bwm_fail(err, BWM_EINPUT, "more than %d schedulers", BWM_STUDY_MAX_SCHEDS);
        const char *policy;
        int prior;
        int st = bwm_workload_sched(b->s->scheds[k], 2, &policy, &prior, err);
        if (st != BWM_OK)
            return st;
        b->scheds[b->nsched++] = b->s->scheds[k];
    }
    return BWM_OK;
}

int bwm_study_plan_build(const bwm_study_setup *s, bwm_study_plan *p, bwm_err *err)
{
    memset(p, 0, sizeof *p);
    builder b = {s, p, {0}, 0};
    int st = main_scheds(&b, err);
    /* every application alone on the two-way share: the performance-model fit */
    for (size_t a = 0; st == BWM_OK && !s->quick && a < s->n_fit_apps; a++)
        st = add_alone(&b, s->apps[a].abbr, bwm_gpu_pair_share(s->cfg->n_sms), "", err);
    if (st == BWM_OK)
        st = main_runs(&b, err);
    if (st == BWM_OK)
        st = prior_and_split_runs(&b, err);
    if (st == BWM_OK)
        st = window_runs(&b, err);
    if (st == BWM_OK)
        st = asjf_runs(&b, err);
    if (st == BWM_OK)
        st = variation_runs(&b, err);
    if (st == BWM_OK)
        st = translation_runs(&b, err);
    if (st == BWM_OK)
        st = batch_runs(&b, err);
    if (st != BWM_OK)
        bwm_study_plan_free(p);
    return st;
}

void bwm_study_class_text(const char *letter, const char *what, char *dst, size_t n)
{
    if (letter[0])
        snprintf(dst, n, "%s-%s", letter, what);
    else if (n)
        dst[0] = '\0';
}
