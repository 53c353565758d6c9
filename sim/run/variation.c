/* variation.c — paper 003's variation of partitioned runs (see
 * variation.h). */
#include "sim/run/variation.h"

#include <string.h>

#include "sim/gpu/gpu.h"
#include "sim/run/run.h"
#include "sim/vm/vm.h"

static const char *const names[] = {"cp", "cmp"};

int bwm_partitioning_parse(const char *name, bwm_partitioning *p)
{
    for (int i = 0; i < 2; i++)
        if (strcmp(name, names[i]) == 0) {
            *p = (bwm_partitioning)i;
            return 0;
        }
    return -1;
}

const char *bwm_partitioning_name(bwm_partitioning p)
{
    return (unsigned)p < 2 ? names[p] : "?";
}

double bwm_variation_of(const int64_t *t_with, int n, int64_t t_alone, int *worst)
{
    *worst = 0;
    for (int i = 1; i < n; i++)
        if (t_with[i] > t_with[*worst])
            *worst = i;
    return (double)t_with[*worst] / (double)t_alone - 1.0;
}

/* The GPU of one partitioning: the configuration's, placing pages by colour
 * under cmp; *colors gets each partition's share (0 under cp). */
static int partitioned_gpu(const bwm_variation_spec *s, bwm_partitioning how, bwm_gpu_config *cfg, int *colors,
                           bwm_err *err)
{
    *cfg = *s->cfg;
    *colors = 0;
    if (how == BWM_PARTITION_CP) { /* memory shared, even where the configuration places pages by colour */
        if (cfg->vm.policy == BWM_VM_COLOR)
            cfg->vm.policy = BWM_VM_FIRST_TOUCH;
        return BWM_OK;
    }
    cfg->vm.policy = BWM_VM_COLOR;
    bwm_colors c;
    bwm_err sub;
    if (bwm_colors_of_map(&cfg->dram.map, cfg->vm.page_shift, &c, &sub) != BWM_OK)
        return bwm_fail(err, BWM_EINPUT, "cmp needs page colours: %s", sub.msg);
    int total = 1 << c.color_bits;
    if (total < s->parts)
        return bwm_fail(err, BWM_EINPUT, "cmp: the address map has %d page colours, fewer than the %d partitions "
                        "(GTX 1080's hash has 2, V100's 8)", total, s->parts);
    *colors = total / s->parts;
    return BWM_OK;
}

/* Runs apps[0..n), each on sms SMs (and `colors` colours each when > 0),
 * until application 0 has committed the budget; out[0..n) their results. */
static int run_timed(const bwm_variation_spec *s, const bwm_gpu_config *cfg, const bwm_synth_app *const *apps,
                     int n, int sms, int colors, bwm_app_result *out, bwm_err *err)
{
    bwm_gpu_params gp;
    memset(&gp, 0, sizeof gp);
    gp.n_apps = n;
    for (int a = 0; a < n; a++) {
        gp.apps[a] = apps[a];
        gp.split[a] = sms;
        gp.colors[a] = colors;
    }
    gp.sched = "frfcfs";
    gp.window = 1024;
    gp.seed = s->seed;
    bwm_run_params run;
    memset(&run, 0, sizeof run);
    run.paper_mode = 1;
    run.budget = s->budget;
    run.max_cycles = s->max_cycles;
    run.timed_apps = 1;
    bwm_gpu g;
    bwm_run_result r;
    int st = bwm_gpu_init(&g, cfg, &gp, err);
    if (st != BWM_OK)
        return st;
    st = bwm_run(&g, &run, &r, err);
    bwm_gpu_free(&g);
    if (st != BWM_OK)
        return st;
    for (int a = 0; a < n; a++)
        out[a] = r.apps[a];
    bwm_run_result_free(&r);
    if (s->run_done)
        s->run_done(s->run_done_ctx);
    return BWM_OK;
}

/* Core cycles application 0 of apps[0..n) takes to commit the budget. */
static int time_first(const bwm_variation_spec *s, const bwm_gpu_config *cfg, const bwm_synth_app *const *apps,
                      int n, int sms, int colors, int64_t *cycles, bwm_err *err)
{
    bwm_app_result res[BWM_GPU_MAX_APPS];
    int st = run_timed(s, cfg, apps, n, sms, colors, res, err);
    if (st == BWM_OK)
        *cycles = res[0].cycles;
    return st;
}

static int check_spec(const bwm_variation_spec *s, bwm_err *err)
{
    if (s->n_apps < 1 || s->n_apps > BWM_VARIATION_MAX_APPS)
        return bwm_fail(err, BWM_EINPUT, "%d applications (1..%d)", s->n_apps, BWM_VARIATION_MAX_APPS);
    if (s->n_interferers < 1 || s->n_interferers > BWM_VARIATION_MAX_INTERFERERS)
        return bwm_fail(err, BWM_EINPUT, "%d interferers (1..%d)", s->n_interferers,
                        BWM_VARIATION_MAX_INTERFERERS);
    if (s->n_partitionings < 1 || s->n_partitionings > 2)
        return bwm_fail(err, BWM_EINPUT, "%d partitionings (1 or 2)", s->n_partitionings);
    if (s->parts < 2 || s->parts > BWM_GPU_MAX_APPS)
        return bwm_fail(err, BWM_EINPUT, "%d partitions (2..%d)", s->parts, BWM_GPU_MAX_APPS);
    if (s->cfg->n_sms < s->parts)
        return bwm_fail(err, BWM_EINPUT, "%d partitions of a GPU of %d SMs", s->parts, s->cfg->n_sms);
    return BWM_OK;
}

/* One application under one partitioning: alone, then beside each interferer. */
static int run_row(const bwm_variation_spec *s, const bwm_gpu_config *cfg, int colors, int sms, int app,
                   bwm_variation_row *row, bwm_err *err)
{
    const bwm_synth_app *apps[BWM_GPU_MAX_APPS];
    apps[0] = s->apps[app];
    row->app = app;
    int st = time_first(s, cfg, apps, 1, sms, colors, &row->t_alone, err);
    for (int b = 0; st == BWM_OK && b < s->n_interferers; b++) {
        for (int p = 1; p < s->parts; p++)
            apps[p] = s->interferers[b];
        st = time_first(s, cfg, apps, s->parts, sms, colors, &row->t_with[b], err);
    }
    return st;
}

int bwm_variation_check(const bwm_variation_spec *s, bwm_err *err)
{
    int st = check_spec(s, err);
    bwm_gpu_config cfg;
    int colors;
    for (int k = 0; st == BWM_OK && k < s->n_partitionings; k++)
        st = partitioned_gpu(s, s->partitionings[k], &cfg, &colors, err);
    return st;
}

void bwm_variation_summarise(bwm_variation_result *r, int n_interferers, const bwm_partitioning *partitionings,
                             int n)
{
    for (int i = 0; i < r->n_rows; i++) {
        bwm_variation_row *x = &r->rows[i];
        x->variation = bwm_variation_of(x->t_with, n_interferers, x->t_alone, &x->worst);
    }
    for (int k = 0; k < n; k++) {
        double sum = 0;
        int count = 0;
        r->mean[k] = r->max[k] = 0;
        for (int i = 0; i < r->n_rows; i++) {
            const bwm_variation_row *x = &r->rows[i];
            if (x->how != partitionings[k])
                continue;
            sum += x->variation;
            if (count++ == 0 || x->variation > r->max[k])
                r->max[k] = x->variation;
        }
        r->mean[k] = count ? sum / count : 0;
    }
}

int bwm_variation_run(const bwm_variation_spec *s, bwm_variation_result *out, bwm_err *err)
{
    memset(out, 0, sizeof *out);
    int st = bwm_variation_check(s, err); /* refuse before running anything */
    bwm_gpu_config cfg;
    int colors;
    int sms = s->cfg->n_sms / s->parts;
    for (int a = 0; st == BWM_OK && a < s->n_apps; a++)
        st = time_first(s, s->cfg, &s->apps[a], 1, s->cfg->n_sms, 0, &out->t_whole[a], err);
    for (int k = 0; st == BWM_OK && k < s->n_partitionings; k++) {
        st = partitioned_gpu(s, s->partitionings[k], &cfg, &colors, err);
        for (int a = 0; st == BWM_OK && a < s->n_apps; a++) {
            bwm_variation_row *row = &out->rows[out->n_rows];
            row->how = s->partitionings[k];
            st = run_row(s, &cfg, colors, sms, a, row, err);
            if (st == BWM_OK)
                out->n_rows++;
        }
    }
    if (st == BWM_OK)
        bwm_variation_summarise(out, s->n_interferers, s->partitionings, s->n_partitionings);
    return st;
}

int bwm_variation_case_run(const bwm_variation_spec *s, const bwm_variation_case *c, bwm_app_result *out,
                           int *n_out, bwm_err *err)
{
    *n_out = 0;
    if (c->whole) {
        int st = run_timed(s, s->cfg, &c->app, 1, s->cfg->n_sms, 0, out, err);
        *n_out = st == BWM_OK;
        return st;
    }
    if (s->parts < 2 || s->parts > BWM_GPU_MAX_APPS || s->cfg->n_sms < s->parts)
        return bwm_fail(err, BWM_EINPUT, "%d partitions of a GPU of %d SMs (2..%d, at most one per SM)", s->parts,
                        s->cfg->n_sms, BWM_GPU_MAX_APPS);
    bwm_gpu_config cfg;
    int colors;
    int st = partitioned_gpu(s, c->how, &cfg, &colors, err);
    if (st != BWM_OK)
        return st;
    const bwm_synth_app *apps[BWM_GPU_MAX_APPS] = {c->app};
    int n = c->interferer ? s->parts : 1;
    for (int p = 1; p < n; p++)
        apps[p] = c->interferer;
    st = run_timed(s, &cfg, apps, n, s->cfg->n_sms / s->parts, colors, out, err);
    if (st == BWM_OK)
        *n_out = n;
    return st;
}
