/* trace_set.c — trace folders named on the command line (see trace_set.h). */
#include "cli/trace_set.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fit/standin.h"
#include "sim/traced/kernel_fit.h"
#include "sim/workload/synth_app.h"
#include "util/num.h"

int bwm_trace_item_split(const char *text, const char *opt, char *buf, size_t n, const char **name,
                         const char **path, bwm_err *err)
{
    *name = *path = NULL;
    if (strlen(text) >= n)
        return bwm_fail(err, BWM_EINPUT, "option %s: trace path longer than %zu characters", opt, n - 1);
    memcpy(buf, text, strlen(text) + 1);
    char *eq = strchr(buf, '='), *slash = strchr(buf, '/');
    *path = buf;
    if (eq && (!slash || eq < slash)) {
        *eq = '\0';
        *name = buf;
        *path = eq + 1;
    }
    if (!**path)
        return bwm_fail(err, BWM_EINPUT, "option %s: a trace needs a folder (PATH or NAME=PATH)", opt);
    if (*name && !**name)
        return bwm_fail(err, BWM_EINPUT, "option %s: NAME=PATH with an empty NAME", opt);
    return BWM_OK;
}

int bwm_trace_set_add(bwm_trace_set *s, const char *item, const char *opt, const bwm_gpu_config *cfg,
                      const bwm_trace_spec **added, bwm_err *err)
{
    if (s->n == BWM_TRACE_SET_MAX)
        return bwm_fail(err, BWM_EINPUT, "option %s: more than %d traces", opt, BWM_TRACE_SET_MAX);
    size_t i = s->n;
    const char *name, *path;
    int st = bwm_trace_item_split(item, opt, s->item[i], sizeof s->item[i], &name, &path, err);
    if (st != BWM_OK)
        return st;
    bwm_trace_app *t = malloc(sizeof *t);
    if (!t)
        return bwm_fail(err, BWM_EFAIL, "out of memory for the trace %s", path);
    bwm_err sub;
    st = bwm_trace_app_open(t, path, name, cfg, &sub);
    if (st == BWM_OK) {
        snprintf(s->name[i], sizeof s->name[i], "%s", t->name);
        bwm_trace_app_close(t);
        st = bwm_kernel_fit_trace(cfg, path, &sub); /* every kernel, before any run */
    }
    free(t);
    if (st != BWM_OK)
        return bwm_fail(err, st, "option %s: %s", opt, sub.msg);
    s->spec[i] = (bwm_trace_spec){path, s->name[i]};
    s->n++;
    if (added)
        *added = &s->spec[i];
    return BWM_OK;
}

int bwm_trace_set_parse(bwm_trace_set *s, const char *list, const char *opt, const bwm_gpu_config *cfg,
                        bwm_err *err)
{
    char buf[BWM_TRACE_SET_MAX * 512];
    char *items[BWM_TRACE_SET_MAX + 1];
    int k = bwm_split(list, ',', buf, sizeof buf, items, BWM_TRACE_SET_MAX);
    if (k < 1)
        return bwm_fail(err, BWM_EINPUT, "option %s: give 1 to %d trace folders (PATH or NAME=PATH, comma-separated)",
                        opt, BWM_TRACE_SET_MAX);
    for (int i = 0; i < k; i++) {
        int st = bwm_trace_set_add(s, items[i], opt, cfg, NULL, err);
        if (st != BWM_OK)
            return st;
        for (size_t j = 0; j + 1 < s->n; j++)
            if (strcasecmp(s->name[j], s->name[s->n - 1]) == 0)
                return bwm_fail(err, BWM_EINPUT, "option %s: two traces are named '%s' (give one NAME=PATH)", opt,
                                s->name[j]);
    }
    return BWM_OK;
}

int bwm_trace_set_standin_names(const bwm_trace_set *s, const char *opt, bwm_err *err)
{
    size_t room = sizeof ((bwm_synth_app *)0)->abbr - 1 - strlen(BWM_STANDIN_SUFFIX);
    for (size_t i = 0; i < s->n; i++)
        if (strlen(s->name[i]) > room)
            return bwm_fail(err, BWM_EINPUT, "option %s: trace name '%s' is longer than %zu characters (its stand-in "
                            "is NAME" BWM_STANDIN_SUFFIX "): give NAME=PATH", opt, s->name[i], room);
    return BWM_OK;
}

int bwm_trace_set_catalog(const bwm_trace_set *s, const char *opt, bwm_catalog *cat, bwm_err *err)
{
    for (size_t i = 0; i < s->n; i++) {
        const char *name = s->name[i];
        if (strchr(name, '_'))
            return bwm_fail(err, BWM_EINPUT, "option %s: trace name '%s' has a '_', which joins the applications of "
                            "a workload: give NAME=PATH", opt, name);
        if (strlen(name) >= sizeof cat->e[0].abbr)
            return bwm_fail(err, BWM_EINPUT, "option %s: trace name '%s' is longer than %zu characters: give "
                            "NAME=PATH", opt, name, sizeof cat->e[0].abbr - 1);
        if (bwm_catalog_find(cat, name))
            return bwm_fail(err, BWM_EINPUT, "option %s: trace name '%s' is also an application of the catalogue: "
                            "give NAME=PATH", opt, name);
    }
    bwm_catalog_entry *grown = realloc(cat->e, (cat->n + s->n) * sizeof *grown);
    if (!grown)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    cat->e = grown;
    for (size_t i = 0; i < s->n; i++) {
        bwm_catalog_entry *e = &cat->e[cat->n++];
        memset(e, 0, sizeof *e);
        snprintf(e->name, sizeof e->name, "%s", s->name[i]);
        snprintf(e->abbr, sizeof e->abbr, "%s", s->name[i]);
    }
    return BWM_OK;
}
