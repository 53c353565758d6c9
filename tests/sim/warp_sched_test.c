/* warp_sched_test.c — GTO and LRR warp selection, and the issue rate they
 * give an SM whose warps run dependent compute: each warp issues once per
 * compute_latency cycles, each scheduler at most once per cycle. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "sim/config/gpu_read.h"
#include "sim/core/warp_sched.h"
#include "sim/gpu/gpu.h"
#include "sim/run/run.h"

Test(warp_sched, gto_stays_greedy_then_takes_the_oldest)
{
    uint64_t warps = (1u << 3) | (1u << 5) | (1u << 9);
    cr_assert_eq(bwm_warp_pick(0, warps, 5), 5);
    cr_assert_eq(bwm_warp_pick(0, warps, 7), 3);
    cr_assert_eq(bwm_warp_pick(0, warps, -1), 3);
    cr_assert_eq(bwm_warp_pick(0, 1ULL << 63, 2), 63);
}

Test(warp_sched, lrr_takes_the_next_warp_after_the_last)
{
    uint64_t warps = (1u << 3) | (1u << 5) | (1u << 9);
    cr_assert_eq(bwm_warp_pick(1, warps, 3), 5);
    cr_assert_eq(bwm_warp_pick(1, warps, 5), 9);
    cr_assert_eq(bwm_warp_pick(1, warps, 9), 3);  /* wraps */
    cr_assert_eq(bwm_warp_pick(1, warps, 63), 3);
    cr_assert_eq(bwm_warp_pick(1, warps, -1), 3);
}

Test(warp_sched, the_registry_names_each_policy_and_its_knobs)
{
    size_t n = bwm_warp_sched_count();
    cr_assert_geq(n, 2);
    cr_assert_eq(bwm_warp_sched_at(n), NULL);
    cr_assert_eq(bwm_warp_sched_find("no-such-policy"), NULL);
    for (size_t i = 0; i < n; i++) {
        const bwm_warp_sched_ops *ops = bwm_warp_sched_at(i);
        cr_assert_eq(bwm_warp_sched_find(ops->name), ops, "%s is found by its name, which no other takes", ops->name);
        cr_assert_leq(ops->n_knobs, BWM_WARP_MAX_KNOBS, "%s", ops->name);
        char over[128];
        snprintf(over, sizeof over, "-gpgpu_scheduler %s", ops->name);
        bwm_gpu_config cfg;
        bwm_err err;
        cr_assert_eq(bwm_gpu_config_load_with(BWM_SOURCE_DIR "/data/configs/memsys15.config", over, "test", &cfg,
                                              NULL, &err), BWM_OK, "%s", err.msg);
        cr_assert_eq(cfg.warp_sched, ops, "-gpgpu_scheduler %s chooses it", ops->name);
        for (int k = 0; k < ops->n_knobs; k++) {
            const bwm_warp_knob *kn = &ops->knobs[k];
            cr_assert(kn->min <= kn->def && kn->def <= kn->max, "%s", kn->option);
            cr_assert_eq(cfg.warp_knob[k], kn->def, "%s takes its default", kn->option);
        }
    }
}

/* Thread IPC of one SM running `warps` warps of dependent compute. */
static double compute_ipc(const char *sched, int warps, int latency, int schedulers)
{
    char over[256];
    snprintf(over, sizeof over, "-gpgpu_n_clusters 1 -gpgpu_scheduler %s -gpgpu_num_sched_per_core %d", sched,
             schedulers);
    bwm_gpu_config cfg;
    bwm_err err;
    cr_assert_eq(bwm_gpu_config_load_with(BWM_SOURCE_DIR "/data/configs/memsys15.config", over, "test", &cfg,
                                          NULL, &err), BWM_OK, "%s", err.msg);
    bwm_synth_app a;
    bwm_synth_app_init(&a);
    snprintf(a.abbr, sizeof a.abbr, "CMP");
    a.warps = warps;
    a.coalesce = 1;
    a.footprint_mb = 1;
    a.smem_latency = 1;
    a.compute_latency = latency;
    a.loads_in_flight = 1;
    a.lanes = 32;
    bwm_gpu_params p;
    memset(&p, 0, sizeof p);
    p.n_apps = 1;
    p.apps[0] = &a;
    p.sched = "frfcfs";
    bwm_gpu g;
    cr_assert_eq(bwm_gpu_init(&g, &cfg, &p, &err), BWM_OK, "%s", err.msg);
    bwm_run_params rp = {0, 10000, 1000, 0, 0, 0, 0, 0};
    bwm_run_result r;
    cr_assert_eq(bwm_run(&g, &rp, &r, &err), BWM_OK, "%s", err.msg);
    double ipc = r.apps[0].ipc;
    bwm_run_result_free(&r);
    bwm_gpu_free(&g);
    return ipc;
}

Test(warp_sched, dependent_compute_issues_at_the_expected_rate)
{
    /* 4 warps, latency 8: each warp issues every 8 cycles -> 0.5 warp
       instructions per cycle, 16 thread instructions */
    cr_assert_float_eq(compute_ipc("gto", 4, 8, 2), 16, 1e-9);
    cr_assert_float_eq(compute_ipc("lrr", 4, 8, 2), 16, 1e-9);
    /* 48 warps, latency 4: limited by the two schedulers, 2 x 32 */
    cr_assert_float_eq(compute_ipc("gto", 48, 4, 2), 64, 1e-9);
    /* one scheduler: at most 32 */
    cr_assert_float_eq(compute_ipc("lrr", 48, 4, 1), 32, 1e-9);
    /* 6 warps on 2 schedulers (3 each), latency 4: 3/4 per scheduler -> 48 */
    cr_assert_float_eq(compute_ipc("gto", 6, 4, 2), 48, 1e-9);
}
