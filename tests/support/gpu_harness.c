/* gpu_harness.c — test support for the whole-GPU tests (see gpu_harness.h). */
#include "tests/support/gpu_harness.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "sim/config/gpu_read.h"

bwm_gpu_config gh_config(const char *overrides)
{
    bwm_gpu_config cfg;
    bwm_err err;
    cr_assert_eq(bwm_gpu_config_load_with(GH_MEMSYS15, overrides, "test", &cfg, NULL, &err), BWM_OK, "%s",
                 err.msg);
    return cfg;
}

bwm_synth_app gh_app(const char *abbr, int warps, double mem_frac, double store_frac, int coalesce,
                     bwm_pattern pattern, double footprint_mb, int compute_latency, int loads_in_flight)
{
    bwm_synth_app a;
    bwm_synth_app_init(&a);
    snprintf(a.name, sizeof a.name, "%s", abbr);
    snprintf(a.abbr, sizeof a.abbr, "%s", abbr);
    a.warps = warps;
    a.mem_frac = mem_frac;
    a.store_frac = store_frac;
    a.coalesce = coalesce;
    a.pattern = pattern;
    a.footprint_mb = footprint_mb;
    a.smem_latency = 1;
    a.compute_latency = compute_latency;
    a.dep_distance = BWM_SYNTH_MAX_DEP; /* values used late: loads_in_flight bounds the run-ahead */
    a.loads_in_flight = loads_in_flight;
    a.lanes = 32;
    bwm_err err;
    cr_assert_eq(bwm_synth_app_check(&a, &err), BWM_OK, "%s", err.msg);
    return a;
}

bwm_synth_app gh_cta_app(bwm_pattern pattern, int warps, int cta_insts)
{
    bwm_synth_app a = gh_app("CTA", warps, 0.2, 0.1, 4, BWM_PATTERN_STREAM, 16, 4, 2);
    a.pattern = pattern;
    a.cta_warps = 4;
    a.cta_insts = cta_insts;
    a.batch_stride = 2;
    a.dep_distance = 2;
    bwm_err err;
    cr_assert_eq(bwm_synth_app_check(&a, &err), BWM_OK, "%s", err.msg);
    return a;
}

bwm_gpu_params gh_params(int n, const bwm_synth_app *apps, const char *sched)
{
    bwm_gpu_params p;
    memset(&p, 0, sizeof p);
    p.n_apps = n;
    for (int a = 0; a < n; a++)
        p.apps[a] = &apps[a];
    p.sched = sched;
    return p;
}

void gh_run_pair(bwm_gpu *g, const char *overrides, bwm_run_result *r)
{
    bwm_gpu_config cfg = gh_config(overrides);
    bwm_synth_app apps[2] = {gh_app("RD", 24, 0.3, 0.2, 4, BWM_PATTERN_STREAM, 64, 2, 4),
                             gh_app("RND", 16, 0.2, 0.3, 8, BWM_PATTERN_RANDOM, 64, 4, 2)};
    bwm_gpu_params p = gh_params(2, apps, "frfcfs");
    bwm_err err;
    cr_assert_eq(bwm_gpu_init(g, &cfg, &p, &err), BWM_OK, "%s", err.msg);
    bwm_run_params rp = {0, 20000, 2000, 0, 0, 0, 0, 0};
    cr_assert_eq(bwm_run(g, &rp, r, &err), BWM_OK, "%s", err.msg);
}

void gh_run_one(bwm_gpu *g, const char *config, const char *overrides, const bwm_synth_app *app, int cycles,
                bwm_run_result *r)
{
    bwm_gpu_config cfg;
    bwm_err err;
    cr_assert_eq(bwm_gpu_config_load_with(config, overrides, "test", &cfg, NULL, &err), BWM_OK, "%s", err.msg);
    bwm_gpu_params p = gh_params(1, app, "frfcfs");
    cr_assert_eq(bwm_gpu_init(g, &cfg, &p, &err), BWM_OK, "%s", err.msg);
    bwm_run_params rp = {0, cycles, 500, 0, 0, 0, 0, 0};
    cr_assert_eq(bwm_run(g, &rp, r, &err), BWM_OK, "%s", err.msg);
}
