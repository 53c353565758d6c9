/* app_args.c — resolving workload options into applications (see app_args.h). */
#include "cli/app_args.h"

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
    return bwm_apps_check(s->apps, s->n, s->peak, err); /* passes: each option checked above */
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
