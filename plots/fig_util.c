/* fig_util.c — what several figures share (see fig_util.h). */
#include "plots/fig_util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const char *bwm_sched_label(const char *sched)
{
    static const char *const map[][2] = {
        {"frfcfs", "FR-FCFS"},   {"rr", "RR"},           {"its", "ITS"},
        {"weis", "WEIS"},        {"prior-low-mpki", "Prior_App_Low_MPKI"},
        {"prior-low-bw", "Prior_App_Low_BW"}, {"prior-1", "Prior_App_1"}, {"prior-2", "Prior_App_2"},
        {"fcfs", "FCFS"},        {"asjf", "alpha-SJF"},  {"asjfw", "alpha-SJFW"},
    };
    for (size_t k = 0; k < sizeof map / sizeof map[0]; k++)
        if (strcmp(map[k][0], sched) == 0)
            return map[k][1];
    return sched;
}

size_t bwm_fig_series(const bwm_pl_results *r, bwm_panel *p, const char *skip, const char **names, size_t max)
{
    const char *all[BWM_CHART_MAX_SERIES + 2];
    size_t n = bwm_pl_scheds(r, "main", all, sizeof all / sizeof all[0]), k = 0;
    for (size_t i = 0; i < n && k < max; i++) {
        if (strcmp(all[i], "frfcfs") == 0 || (skip && strcmp(all[i], skip) == 0))
            continue;
        if (bwm_panel_series(p, bwm_sched_label(all[i])) < 0)
            break;
        names[k++] = all[i];
    }
    return k;
}

static const char *class_of(const bwm_pl_run *x, char by)
{
    return by == 'm' ? x->mpki_class : x->bw_class;
}

int bwm_fig_subset_bars(const bwm_pl_results *r, bwm_chart *c, const char *title, bwm_pl_metric m,
                        bwm_pl_subset subset, char by, const char *skip, bwm_err *err)
{
    snprintf(c->title, sizeof c->title, "%s", title);
    c->width = 1300;
    c->height = 600;
    char xlabel[64], ylabel[64];
    snprintf(xlabel, sizeof xlabel, "workload (Class-%s)", by == 'm' ? "MPKI" : "BW");
    snprintf(ylabel, sizeof ylabel, "%s normalised to FR-FCFS", bwm_pl_metric_name(m));
    bwm_panel *p = bwm_chart_panel(c, BWM_CHART_BARS, "", xlabel, ylabel);
    const char *scheds[BWM_CHART_MAX_SERIES];
    size_t ns = bwm_fig_series(r, p, skip, scheds, BWM_CHART_MAX_SERIES);
    const char *kind = by == 'm' ? "MPKI" : "BW";
    static const char klasses[] = "ABC";
    for (int c = 0; c < 3; c++) {
        for (size_t i = 0; i < r->nruns; i++) {
            const bwm_pl_run *x = &r->runs[i];
            bwm_pl_sel s = {"main", "frfcfs", subset, by, klasses[c]};
            if (!bwm_pl_selected(x, &s))
                continue;
            char label[BWM_CHART_LABEL];
            snprintf(label, sizeof label, "%.40s (%s)", x->workload, class_of(x, by));
            int g = bwm_panel_group(p, label);
            for (size_t k = 0; g >= 0 && k < ns; k++) {
                const bwm_pl_run *y = bwm_pl_find(r, "main", x->workload, scheds[k]);
                p->y[g][k] = y ? bwm_pl_norm(y, m) : NAN;
            }
        }
    }
    if (p->ngroups == 0)
        return bwm_fail(err, BWM_EINPUT, "no pair of the %s subset was run", bwm_pl_metric_name(m));
    for (int c = 0; c <= 3; c++) {
        char label[BWM_CHART_LABEL];
        if (c < 3)
            snprintf(label, sizeof label, "GM %c-%s", klasses[c], kind);
        else
            snprintf(label, sizeof label, "GM all");
        int g = bwm_panel_group(p, label);
        for (size_t k = 0; g >= 0 && k < ns; k++) {
            bwm_pl_sel s = {"main", scheds[k], subset, c < 3 ? by : 0, c < 3 ? klasses[c] : 0};
            p->y[g][k] = bwm_pl_gm(r, &s, m, NULL);
        }
    }
    p->yref = 1;
    p->zoom = 1;
    return BWM_OK;
}

int bwm_fig_class_bars(const bwm_pl_results *r, bwm_panel *p, bwm_pl_metric m, bwm_err *err)
{
    const char *scheds[BWM_CHART_MAX_SERIES];
    size_t ns = bwm_fig_series(r, p, NULL, scheds, BWM_CHART_MAX_SERIES);
    if (ns == 0)
        return bwm_fail(err, BWM_EINPUT, "no scheduler but frfcfs in the main experiment");
    static const char *const labels[] = {"A-MPKI", "B-MPKI", "C-MPKI", "A-BW", "B-BW", "C-BW", "all"};
    for (int c = 0; c < 7; c++) {
        int g = bwm_panel_group(p, labels[c]);
        for (size_t k = 0; g >= 0 && k < ns; k++) {
            bwm_pl_sel s = {"main", scheds[k], BWM_PL_ALL, c < 3 ? 'm' : c < 6 ? 'b' : 0, "ABCABC"[c % 6]};
            p->y[g][k] = bwm_pl_gm(r, &s, m, NULL);
        }
    }
    p->yref = 1;
    p->zoom = 1;
    return BWM_OK;
}

int bwm_fig_points(const bwm_pl_results *r, bwm_panel *p, const char *const *workloads, size_t nw,
                   const char *const *scheds, size_t ns, bwm_point_fn fn, bwm_err *err)
{
    for (size_t k = 0; k < ns; k++)
        bwm_panel_series(p, bwm_sched_label(scheds[k]));
    for (size_t w = 0; w < nw; w++) {
        if (!bwm_pl_find(r, "main", workloads[w], NULL))
            continue;
        int g = bwm_panel_group(p, workloads[w]);
        for (size_t k = 0; g >= 0 && k < ns; k++) {
            const bwm_pl_run *x = bwm_pl_find(r, "main", workloads[w], scheds[k]);
            if (x)
                fn(x, &p->x[g][k], &p->y[g][k]);
        }
    }
    if (p->ngroups == 0)
        return bwm_fail(err, BWM_EINPUT, "none of the figure's workloads was run");
    return BWM_OK;
}

/* The index of name among n labels, or -1. */
static int label_index(const char (*labels)[BWM_CHART_LABEL], size_t n, const char *name)
{
    for (size_t k = 0; k < n; k++)
        if (strcmp(labels[k], name) == 0)
            return (int)k;
    return -1;
}

int bwm_fig_series_named(bwm_panel *p, const char *name)
{
    int k = label_index((const char (*)[BWM_CHART_LABEL])p->series, p->nseries, name);
    return k >= 0 ? k : bwm_panel_series(p, name);
}

int bwm_fig_group_named(bwm_panel *p, const char *name)
{
    int k = label_index((const char (*)[BWM_CHART_LABEL])p->group, p->ngroups, name);
    return k >= 0 ? k : bwm_panel_group(p, name);
}
