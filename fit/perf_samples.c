/* perf_samples.c — samples from a results CSV or alone simulations (see
 * perf_samples.h). */
#include "fit/perf_samples.h"

#include <stdio.h>
#include <stdlib.h>

#include "io/csv.h"
#include "sim/run/workload_run.h"
#include "util/grow.h"

void bwm_perf_samples_init(bwm_perf_samples *s)
{
    s->v = NULL;
    s->n = s->cap = 0;
}

void bwm_perf_samples_free(bwm_perf_samples *s)
{
    free(s->v);
    bwm_perf_samples_init(s);
}

/* Room for one more sample at s->v[s->n]. */
static int grow(bwm_perf_samples *s, bwm_err *err)
{
    bwm_perf_sample *v = bwm_grow(s->v, &s->cap, s->n, sizeof *v);
    if (!v)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    s->v = v;
    return BWM_OK;
}

/* The column naming the application: app, else abbr, else name. */
static int key_column(const bwm_csv *c, int *col, bwm_err *err)
{
    *col = bwm_csv_app_col(c);
    if (*col < 0)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: missing column 'app' (or 'abbr' or 'name') in the header", c->path,
                        c->line);
    return BWM_OK;
}

/* One data row of the results CSV into sample x. */
static int csv_row(const bwm_csv *c, const int *idx, const bwm_synth_app *apps, size_t n_apps,
                   const char *apps_path, bwm_perf_sample *x, bwm_err *err)
{
    int st = bwm_csv_check_width(c, err);
    if (st == BWM_OK)
        st = bwm_csv_rate(c, idx[0], &x->ipc, err);
    if (st == BWM_OK)
        st = bwm_csv_rate(c, idx[1], &x->mpki, err);
    if (st == BWM_OK)
        st = bwm_csv_rate(c, idx[2], &x->bw, err);
    if (st != BWM_OK)
        return st;
    if (x->ipc < 0 || x->mpki < 0 || x->bw < 0)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: ipc, mpki and bw must be >= 0", c->path, c->line);
    const char *key = bwm_csv_field(c, idx[3]);
    if (key[0] == '\0')
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: empty application name", c->path, c->line);
    const bwm_synth_app *a = bwm_synth_find(apps, n_apps, key);
    if (!a)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: unknown application '%s' (not in %s)", c->path, c->line, key,
                        apps_path);
    snprintf(x->name, sizeof x->name, "%s", a->abbr);
    x->f_smem = a->smem_frac;
    return BWM_OK;
}

int bwm_perf_samples_csv(bwm_perf_samples *s, const char *path, const bwm_synth_app *apps, size_t n_apps,
                         const char *apps_path, double clock_ghz, bwm_err *err)
{
    static const char *const cols[] = {"ipc", "mpki", "bw"};
    int idx[4];
    bwm_csv c;
    int st = bwm_csv_open_with(&c, path, cols, idx, 3, err);
    if (st != BWM_OK)
        return st;
    st = key_column(&c, &idx[3], err);
    int got = 1;
    while (st == BWM_OK) {
        st = bwm_csv_read(&c, &got, err);
        if (st != BWM_OK || !got)
            break;
        st = grow(s, err);
        if (st == BWM_OK)
            st = csv_row(&c, idx, apps, n_apps, apps_path, &s->v[s->n], err);
        if (st == BWM_OK)
            s->v[s->n++].clock_ghz = clock_ghz;
    }
    bwm_csv_close(&c);
    return st;
}

int bwm_perf_samples_sim(bwm_perf_samples *s, const bwm_gpu_config *cfg, const bwm_synth_app *const *apps,
                         size_t n, int sms, const bwm_run_params *run, uint64_t seed, bwm_err *err)
{
    for (size_t i = 0; i < n; i++) {
        bwm_app_result r;
        int st = grow(s, err);
        if (st == BWM_OK)
            st = bwm_workload_alone(cfg, apps[i], sms, bwm_gpu_pair_colors(cfg), run, seed, &r, err);
        if (st != BWM_OK)
            return st;
        bwm_perf_sample *x = &s->v[s->n++];
        snprintf(x->name, sizeof x->name, "%s", apps[i]->abbr);
        x->ipc = r.ipc;
        x->mpki = r.mpki;
        x->bw = r.bw;
        x->clock_ghz = cfg->dram.core_mhz / 1000.0;
        x->f_smem = apps[i]->smem_frac;
    }
    return BWM_OK;
}
