/* accelsim_compare.c — bwmpki's kernels beside Accel-Sim's (see
 * accelsim_compare.h). */
#include "fit/accelsim_compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/stats/kernel_stats.h"

double bwm_accelsim_diff_pct(double ours, double theirs)
{
    if (theirs == 0)
        return ours == 0 ? 0 : NAN;
    return 100 * (ours - theirs) / theirs;
}

/* Accel-Sim's name and bwmpki's, which keeps a name's first
 * BWM_KERNEL_NAME - 1 bytes (sim/stats/kernel_stats.h): long C++ template
 * names are cut. */
static int same_name(const char *theirs, const char *ours)
{
    size_t n = strlen(ours);
    if (n < BWM_KERNEL_NAME - 1)
        return strcmp(theirs, ours) == 0;
    return strncmp(theirs, ours, n) == 0;
}

/* as's kernels by uid: at[u-1] is the one of uid u. */
static int match(const char *path, const bwm_accelsim_log *as, const bwm_accelsim_ours *ours, size_t n,
                 const bwm_accelsim_kernel **at, bwm_err *err)
{
    if (as->n != n)
        return bwm_fail(err, BWM_EINPUT, "%s: %zu kernels, but bwmpki's run of the trace has %zu (not the same "
                        "trace?)", path, as->n, n);
    for (size_t i = 0; i < n; i++)
        at[i] = NULL;
    for (size_t i = 0; i < as->n; i++) {
        const bwm_accelsim_kernel *k = &as->k[i];
        if (k->uid < 1 || (size_t)k->uid > n)
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: kernel_launch_uid %lld is not one of 1..%zu (the trace's "
                            "kernels in launch order)", path, k->line, k->uid, n);
        if (at[k->uid - 1])
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: kernel_launch_uid %lld twice (first at line %ld)", path,
                            k->line, k->uid, at[k->uid - 1]->line);
        at[k->uid - 1] = k;
    }
    for (size_t i = 0; i < n; i++) {
        if (!same_name(at[i]->name, ours[i].name))
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: kernel %zu is '%s', but bwmpki's kernel %zu is '%s' (not the "
                            "same trace?)", path, at[i]->line, i + 1, at[i]->name, i + 1, ours[i].name);
        if (!ours[i].complete)
            return bwm_fail(err, BWM_EINPUT, "bwmpki's kernel %zu (%s) did not run to its end (--cycles?): "
                            "nothing to compare", i + 1, ours[i].name);
    }
    return BWM_OK;
}

static void kernel_rows(bwm_table *t, long long uid, const char *name, const double *ours, const double *theirs)
{
    for (int s = 0; s < BWM_AS_NSTAT; s++) {
        if (uid > 0)
            bwm_table_int(t, uid);
        else
            bwm_table_str(t, "total");
        bwm_table_str(t, name);
        bwm_table_str(t, bwm_accelsim_stat_name(s));
        bwm_table_str(t, bwm_accelsim_stat_ref(s));
        bwm_table_int(t, (long long)ours[s]); /* counts up to 2^53 */
        bwm_table_int(t, (long long)theirs[s]);
        bwm_table_int(t, (long long)(ours[s] - theirs[s]));
        bwm_table_num(t, bwm_accelsim_diff_pct(ours[s], theirs[s]));
    }
}

static int init_tables(bwm_table t[2])
{
    static const char *const cols[] = {"kernel", "name", "statistic", "accelsim_name", "bwmpki", "accelsim",
                                       "diff", "diff_pct"};
    static const char *const sum_cols[] = {"statistic", "accelsim_name", "bwmpki", "accelsim", "diff_pct",
                                           "max_abs_diff_pct", "worst_kernel"};
    int bad = bwm_table_init(&t[0], "bwmpki beside Accel-Sim, per kernel and statistic (diff_pct = 100 x "
                             "(bwmpki - accelsim) / accelsim)", cols, sizeof cols / sizeof cols[0]);
    bad |= bwm_table_init(&t[1], "Per statistic: the totals, and the kernel furthest from Accel-Sim", sum_cols,
                          sizeof sum_cols / sizeof sum_cols[0]);
    return bad ? BWM_EFAIL : BWM_OK;
}

int bwm_accelsim_compare(const char *log_path, const bwm_accelsim_log *as, const bwm_accelsim_ours *ours, size_t n,
                         bwm_table t[2], bwm_err *err)
{
    if (init_tables(t) != BWM_OK)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    const bwm_accelsim_kernel **at = calloc(n ? n : 1, sizeof *at);
    if (!at)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    int st = match(log_path, as, ours, n, at, err);
    double tot_ours[BWM_AS_NSTAT] = {0}, tot_theirs[BWM_AS_NSTAT] = {0}, worst[BWM_AS_NSTAT];
    long long worst_uid[BWM_AS_NSTAT] = {0};
    for (int s = 0; s < BWM_AS_NSTAT; s++)
        worst[s] = -1;
    for (size_t i = 0; st == BWM_OK && i < n; i++) {
        kernel_rows(&t[0], (long long)i + 1, ours[i].name, ours[i].v, at[i]->v);
        for (int s = 0; s < BWM_AS_NSTAT; s++) {
            tot_ours[s] += ours[i].v[s];
            tot_theirs[s] += at[i]->v[s];
            double d = fabs(bwm_accelsim_diff_pct(ours[i].v[s], at[i]->v[s]));
            if (d > worst[s]) { /* NaN never is: the first kernel furthest away */
                worst[s] = d;
                worst_uid[s] = (long long)i + 1;
            }
        }
    }
    free(at);
    if (st != BWM_OK)
        return st;
    kernel_rows(&t[0], 0, "total", tot_ours, tot_theirs);
    for (int s = 0; s < BWM_AS_NSTAT; s++) {
        bwm_table_str(&t[1], bwm_accelsim_stat_name(s));
        bwm_table_str(&t[1], bwm_accelsim_stat_ref(s));
        bwm_table_int(&t[1], (long long)tot_ours[s]);
        bwm_table_int(&t[1], (long long)tot_theirs[s]);
        bwm_table_num(&t[1], bwm_accelsim_diff_pct(tot_ours[s], tot_theirs[s]));
        bwm_table_num(&t[1], worst_uid[s] ? worst[s] : NAN);
        if (worst_uid[s])
            bwm_table_int(&t[1], worst_uid[s]);
        else
            bwm_table_null(&t[1]);
    }
    return t[0].failed || t[1].failed ? bwm_fail(err, BWM_EFAIL, "out of memory") : BWM_OK;
}
