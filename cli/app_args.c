/* app_args.c — resolving workload options into applications (see app_args.h). */
#include "cli/app_args.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/data_path.h"
#include "cli/opts.h"
#include "io/catalog.h"
#include "util/num.h"

static int from_catalog(const bwm_app_opts *o, bwm_app_set *s, bwm_err *err)
{
    char *path = s->catalog;
    bwm_catalog_path(o->apps_file, path, sizeof s->catalog);
    bwm_catalog cat;
    int st = bwm_catalog_load(&cat, path, err);
    if (st != BWM_OK)
        return st;
    char buf[4096];
    char *names[BWM_MODEL_MAX_APPS];
    int k = bwm_split(o->apps, ',', buf, sizeof buf, names, BWM_MODEL_MAX_APPS);
    if (k < 0)
        st = bwm_fail(err, BWM_EINPUT, "option --apps: too many applications (at most %d)",
                      BWM_MODEL_MAX_APPS);
    for (int i = 0; st == BWM_OK && i < k; i++) {
        const bwm_catalog_entry *e = bwm_catalog_find(&cat, names[i]);
        if (!e) {
            st = bwm_fail(err, BWM_EINPUT, "option --apps: unknown application '%s' (not in %s)",
                          names[i], path);
            break;
        }
        s->apps[i].mpki = e->mpki;
        s->apps[i].bw_alone = e->bw_frac * s->peak;
        s->apps[i].rbl = 0;
        snprintf(s->abbr[i], sizeof s->abbr[i], "%s", e->abbr);
        snprintf(s->full[i], sizeof s->full[i], "%s", e->name);
        snprintf(s->label[i], sizeof s->label[i], "%s", e->abbr);
    }
    if (st == BWM_OK) {
        s->n = (size_t)k;
        s->named = 1;
    }
    bwm_catalog_free(&cat);
    return st;
}

static int from_numbers(const bwm_app_opts *o, bwm_app_set *s, bwm_err *err)
{
    double mpki[BWM_MODEL_MAX_APPS], bw[BWM_MODEL_MAX_APPS];
    size_t nm = 0, nb = 0;
    if (!o->mpki || !o->bw_alone)
        return bwm_fail(err, BWM_EINPUT, "describe the workload with --mpki and --bw-alone, or with --apps");
    if (!o->peak)
        return bwm_fail(err, BWM_EINPUT, "option --peak is required with --mpki and --bw-alone");
    int st = bwm_opt_doubles("mpki", o->mpki, mpki, BWM_MODEL_MAX_APPS, &nm, err);
    if (st == BWM_OK)
        st = bwm_opt_doubles("bw-alone", o->bw_alone, bw, BWM_MODEL_MAX_APPS, &nb, err);
    if (st != BWM_OK)
        return st;
    if (nm != nb)
        return bwm_fail(err, BWM_EINPUT, "options --mpki and --bw-alone list %zu and %zu values: "
                        "give one per application", nm, nb);
    for (size_t i = 0; i < nm; i++) {
        if (!(mpki[i] > 0))
            return bwm_fail(err, BWM_EINPUT, "option --mpki: value %zu must be > 0 (got %g)", i + 1, mpki[i]);
        if (!(bw[i] > 0))
            return bwm_fail(err, BWM_EINPUT, "option --bw-alone: value %zu must be > 0 (got %g)", i + 1, bw[i]);
        if (bw[i] > s->peak)
            return bwm_fail(err, BWM_EINPUT, "option --bw-alone: value %zu (%g) exceeds the peak bandwidth %g "
                            "of --peak (an application alone cannot attain more than the peak)", i + 1, bw[i],
                            s->peak);
        s->apps[i].mpki = mpki[i];
        s->apps[i].bw_alone = bw[i];
        s->apps[i].rbl = 0;
        snprintf(s->label[i], sizeof s->label[i], "#%u", (unsigned)(i + 1));
    }
    s->n = nm;
    return BWM_OK;
}

/* One optional list of values per application, each in [lo, hi]. */
static int per_app(const char *opt, const char *text, size_t n, double lo, double hi, double *v, bwm_err *err)
{
    size_t k = 0;
    if (!text)
        return BWM_OK;
    int st = bwm_opt_doubles(opt, text, v, BWM_QUEUE_MAX_APPS, &k, err);
    if (st != BWM_OK)
        return st;
    if (k != n)
        return bwm_fail(err, BWM_EINPUT, "option --%s: %zu values for %zu applications", opt, k, n);
    for (size_t i = 0; i < n; i++)
        if (!(v[i] >= lo && v[i] <= hi))
            return bwm_fail(err, BWM_EINPUT, "option --%s: value %zu must be in [%g, %g] (got %g)", opt, i + 1, lo,
                            hi, v[i]);
    return BWM_OK;
}

/* --model and the queueing model's inputs. */
static int resolve_model(const bwm_app_opts *o, bwm_app_set *s, bwm_err *err)
{
    if (!o->model || strcmp(o->model, "paper") == 0) {
        if (o->round_trip || o->lat_share || o->row_hit || o->queue_scale || o->wait_alone)
            return bwm_fail(err, BWM_EINPUT, "options --round-trip, --lat-share, --row-hit, --queue-scale and "
                            "--wait-alone need --model queueing");
        return BWM_OK;
    }
    if (strcmp(o->model, "queueing") != 0)
        return bwm_fail(err, BWM_EINPUT, "option --model: '%s' (expected paper or queueing)", o->model);
    if (s->n > BWM_QUEUE_MAX_APPS)
        return bwm_fail(err, BWM_EINPUT, "%zu applications: the queueing model takes at most %d", s->n,
                        BWM_QUEUE_MAX_APPS);
    double rt[BWM_QUEUE_MAX_APPS], ls[BWM_QUEUE_MAX_APPS], rh[BWM_QUEUE_MAX_APPS], wa[BWM_QUEUE_MAX_APPS], w[2] = {
        BWM_QUEUE_DEFAULT_W_MISS, BWM_QUEUE_DEFAULT_W_HIT};
    for (size_t i = 0; i < s->n; i++) {
        rt[i] = BWM_QUEUE_DEFAULT_ROUND_TRIP;
        ls[i] = 1;
        rh[i] = s->apps[i].rbl > 0 ? 1 - 1 / s->apps[i].rbl : 0;
        wa[i] = NAN;
    }
    size_t nw = 2;
    int st = per_app("round-trip", o->round_trip, s->n, 1e-9, 1e12, rt, err);
    if (st == BWM_OK)
        st = per_app("lat-share", o->lat_share, s->n, 0, 4, ls, err);
    if (st == BWM_OK)
        st = per_app("row-hit", o->row_hit, s->n, 0, 1, rh, err);
    if (st == BWM_OK)
        st = per_app("wait-alone", o->wait_alone, s->n, 0, 1e12, wa, err);
    if (st == BWM_OK && o->queue_scale && (st = bwm_opt_doubles("queue-scale", o->queue_scale, w, 2, &nw, err)) ==
        BWM_OK && nw != 2)
        st = bwm_fail(err, BWM_EINPUT, "option --queue-scale: give two values, a row miss's and a row hit's");
    if (st != BWM_OK)
        return st;
    for (size_t i = 0; i < s->n; i++)
        s->q[i] = (bwm_qapp){rt[i], ls[i], rh[i], wa[i]};
    s->queueing = 1;
    s->qctx = (bwm_qctx){s->q, {w[0], w[1]}};
    bwm_err sub;
    if (bwm_queue_check(s->apps, s->q, s->n, s->peak, &s->qctx.g, &sub) != BWM_OK)
        return bwm_fail(err, BWM_EINPUT, "--model queueing: %s", sub.msg);
    return BWM_OK;
}

void bwm_app_set_share(const bwm_app_set *s, const bwm_policy *p, double *bw)
{
    if (s->queueing)
        bwm_queue_share_fn(p, s->apps, s->n, s->peak, &s->qctx, bw);
    else
        bwm_share(p, s->apps, s->n, s->peak, bw);
}

int bwm_app_opts_resolve(const bwm_app_opts *o, bwm_app_set *s, bwm_err *err)
{
    memset(s, 0, sizeof *s);
    if (o->apps && (o->mpki || o->bw_alone))
        return bwm_fail(err, BWM_EINPUT, "give either --apps or --mpki with --bw-alone, not both");
    s->peak = BWM_PAPER_PEAK_GBS;
    if (o->peak) {
        int st = bwm_opt_double("peak", o->peak, &s->peak, err);
        if (st != BWM_OK)
            return st;
        if (s->peak <= 0)
            return bwm_fail(err, BWM_EINPUT, "option --peak: must be > 0 (got %g)", s->peak);
    }
    int st = o->apps ? from_catalog(o, s, err) : from_numbers(o, s, err);
    if (st != BWM_OK)
        return st;
    if (o->rbl) {
        double rbl[BWM_MODEL_MAX_APPS];
        size_t nr = 0;
        st = bwm_opt_doubles("rbl", o->rbl, rbl, BWM_MODEL_MAX_APPS, &nr, err);
        if (st != BWM_OK)
            return st;
        if (nr != s->n)
            return bwm_fail(err, BWM_EINPUT, "option --rbl: %zu values for %zu applications", nr, s->n);
        for (size_t i = 0; i < nr; i++) {
            if (rbl[i] <= 0)
                return bwm_fail(err, BWM_EINPUT, "option --rbl: value %zu must be > 0 (got %g)", i + 1, rbl[i]);
            s->apps[i].rbl = rbl[i];
        }
    }
    st = bwm_apps_check(s->apps, s->n, s->peak, err); /* passes: each option checked above */
    return st == BWM_OK ? resolve_model(o, s, err) : st;
}

int bwm_app_cmd_start(const bwm_cmd *cmd, int argc, char **argv, const bwm_app_opts *o,
                      bwm_common *common, bwm_app_set **s, bwm_err *err)
{
    *s = NULL;
    int st = bwm_opts_parse(cmd, argc, argv, common, err);
    if (st != BWM_OK)
        return st;
    *s = malloc(sizeof **s);
    if (!*s)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    return bwm_app_opts_resolve(o, *s, err);
}

int bwm_app_provenance(const bwm_cmd *cmd, int argc, char **argv, const bwm_app_set *s, bwm_provenance *p,
                       bwm_err *err)
{
    bwm_provenance_init(p, cmd->path, argc, argv);
    return bwm_provenance_files(p, NULL, NULL, s->catalog, NULL, err);
}
