/* gpu_read_cores.c — the SMs' options into bwm_gpu_config (see
 * gpu_read_cores.h): clusters and cores, the pipeline's threads and warp
 * size, the warp scheduler and its knobs, thread blocks and the coalescer. */
#include "sim/config/gpu_read_cores.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sim/config/optval.h"
#include "sim/config/rx.h"
#include "util/num.h"

/* "THREADS:WARP_SIZE", each a decimal integer (its range checked apart). */
static const char PIPELINE_RX[] = "\\s*(\\d+)\\s*:\\s*(\\d+)\\s*\\z";

/* The integer of capture group g (the pattern allows digits only) into *v,
 * in 0..INT_MAX; NULL, or why not (why, n bytes). */
static const char *group_int(const bwm_rx *rx, const char *text, int g, int *v, char *why, size_t n)
{
    size_t a, b;
    char num[64];
    int64_t x = 0;
    bwm_rx_group(rx, g, &a, &b);
    snprintf(num, sizeof num, "%.*s", (int)(b - a), text + a);
    const char *bad = bwm_parse_i64_in(num, 0, INT_MAX, &x, why, n);
    *v = (int)x;
    return bad;
}

/* -gpgpu_shader_core_pipeline THREADS:WARP_SIZE. */
static int pipeline(bwm_optset *s, bwm_gpu_config *c, bwm_err *err)
{
    static const char name[] = "-gpgpu_shader_core_pipeline";
    const char *text;
    const bwm_optent *e;
    bwm_optval_str(s, name, BWM_DEFAULT_SHADER_PIPELINE, &text, &e);
    bwm_rx rx;
    int st = bwm_rx_compile(&rx, PIPELINE_RX, err);
    if (st != BWM_OK)
        return st;
    int ok = bwm_rx_match(&rx, text, strlen(text), 0, 1);
    char why[160];
    const char *bad = NULL, *part = "THREADS";
    if (ok && !(bad = group_int(&rx, text, 1, &c->max_threads_per_sm, why, sizeof why))) {
        part = "WARP_SIZE";
        bad = group_int(&rx, text, 2, &c->warp_size, why, sizeof why);
    }
    bwm_rx_free(&rx);
    if (!ok)
        return bwm_optval_fail_at(e, name, err, "'%s' is not THREADS:WARP_SIZE (e.g. 1536:32)", text);
    if (bad)
        return bwm_optval_fail_at(e, name, err, "%s of '%s': %s", part, text, bad);
    if (c->warp_size != BWM_WARP_SIZE)
        return bwm_optval_fail_at(e, name, err, "warp size %d: the model's warps are %d threads wide", c->warp_size,
                                  BWM_WARP_SIZE);
    if (c->max_threads_per_sm == 0 || c->max_threads_per_sm % c->warp_size != 0)
        return bwm_optval_fail_at(e, name, err, "%d threads per SM is not a positive multiple of the warp size %d",
                                  c->max_threads_per_sm, c->warp_size);
    c->max_warps_per_sm = c->max_threads_per_sm / c->warp_size;
    if (c->max_warps_per_sm > BWM_MAX_WARPS_PER_SM)
        return bwm_optval_fail_at(e, name, err, "%d threads per SM are %d warps; the model holds at most %d",
                                  c->max_threads_per_sm, c->max_warps_per_sm, BWM_MAX_WARPS_PER_SM);
    return BWM_OK;
}

/* -gpgpu_scheduler: a warp scheduler of the registry (warp_sched.h), and
 * every policy's knobs, in the registry's order, whichever is chosen; the
 * chosen one's values go to warp_knob.  GPGPU-Sim's other policies are
 * named as such in the refusal. */
static int warp_scheduler(bwm_optset *s, bwm_gpu_config *c, bwm_err *err)
{
    static const char name[] = "-gpgpu_scheduler";
    static const char *const unmodelled[] = {"two_level_active", "warp_limiting", "old", "rrr"};
    const char *text;
    const bwm_optent *e;
    bwm_optval_str(s, name, "gto", &text, &e);
    const bwm_warp_sched_ops *chosen = bwm_warp_sched_find(text);
    for (size_t i = 0; i < bwm_warp_sched_count(); i++) {
        const bwm_warp_sched_ops *ops = bwm_warp_sched_at(i);
        for (int k = 0; k < ops->n_knobs; k++) {
            const bwm_warp_knob *kn = &ops->knobs[k];
            int v;
            int st = bwm_optval_int(s, kn->option, kn->def, kn->min, kn->max, &v, err);
            if (st != BWM_OK)
                return st;
            if (ops == chosen)
                c->warp_knob[k] = v;
        }
    }
    if (chosen) {
        c->warp_sched = chosen;
        return BWM_OK;
    }
    char modelled[256] = "";
    for (size_t i = 0, len = 0; i < bwm_warp_sched_count() && len < sizeof modelled; i++)
        len += (size_t)snprintf(modelled + len, sizeof modelled - len, "%s%s", i ? ", " : "",
                                bwm_warp_sched_at(i)->name);
    size_t len = strcspn(text, ":");
    for (size_t i = 0; i < sizeof unmodelled / sizeof unmodelled[0]; i++)
        if (strlen(unmodelled[i]) == len && strncmp(text, unmodelled[i], len) == 0)
            return bwm_optval_fail_at(e, name, err, "GPGPU-Sim's '%s' warp scheduler is not modelled (modelled: %s)",
                                      unmodelled[i], modelled);
    return bwm_optval_fail_at(e, name, err, "unknown warp scheduler '%s' (modelled: %s)", text, modelled);
}

/* Thread blocks: -gpgpu_shader_cta (GPGPU-Sim's default 8, Fermi's limit)
 * and -bwm_cta_dispatch. */
static int thread_blocks(bwm_optset *s, bwm_gpu_config *c, bwm_err *err)
{
    static const char name[] = "-bwm_cta_dispatch";
    int st = bwm_optval_int(s, "-gpgpu_shader_cta", 8, 1, BWM_MAX_WARPS_PER_SM, &c->cta_limit, err);
    if (st != BWM_OK)
        return st;
    const char *text;
    const bwm_optent *e;
    bwm_optval_str(s, name, "interleaved", &text, &e);
    if (bwm_cta_policy_parse(text, &c->cta_dispatch) != 0)
        return bwm_optval_fail_at(e, name, err, "unknown CTA dispatch '%s' (interleaved or serial)", text);
    return BWM_OK;
}

/* -gpgpu_coalesce_arch (GPGPU-Sim's abstract_hardware_model.cc).  Below 13
 * GPGPU-Sim has no coalescer for global accesses and aborts.  From 13 to 39
 * a warp's accesses coalesce into 128-byte segments, the model's line
 * requests (a segment only partly used shrinks to 64 or 32 bytes, but the
 * L1D still fetches its whole line; 20..38 use 32-byte sectors for accesses
 * that skip the L1D).  From 40 on they coalesce into 32-byte sectors: the
 * model's line requests name the sectors their lanes touch (sector.h), one
 * L1D access per line where GPGPU-Sim makes one per sector, and what they
 * send down goes as one request per sector (bwm_gpu_sector_requests). */
static int coalescer(bwm_optset *s, bwm_gpu_config *c, bwm_err *err)
{
    static const char name[] = "-gpgpu_coalesce_arch";
    int st = bwm_optval_int(s, name, 13, 0, 1 << 20, &c->coalesce_arch, err);
    if (st == BWM_OK && c->coalesce_arch < 13)
        return bwm_optval_fail_at(bwm_optset_find(s, name), name, err,
                                  "%d: GPGPU-Sim coalesces global accesses from architecture 13 on (below it aborts)",
                                  c->coalesce_arch);
    /* GPGPU-Sim's option says shared memory, but its coalescer splits the
       warp into these parts for global accesses too (mem_warp_parts) */
    static const char pname[] = "-gpgpu_shmem_warp_parts";
    if (st == BWM_OK)
        st = bwm_optval_int(s, pname, 2, 1, BWM_WARP_SIZE, &c->warp_parts, err);
    if (st == BWM_OK && BWM_WARP_SIZE % c->warp_parts != 0)
        return bwm_optval_fail_at(bwm_optset_find(s, pname), pname, err, "%d parts do not divide a warp of %d threads",
                                  c->warp_parts, BWM_WARP_SIZE);
    return st;
}

/* The SMs: -gpgpu_n_clusters clusters of -gpgpu_n_cores_per_cluster, each
 * cluster one node of the interconnect; -gpgpu_simt_core_sim_order is the
 * order a cluster's SMs take their core cycle in (GPGPU-Sim's
 * simt_core_cluster::core_cycle): 1 (the default) round-robin, the first
 * SM turning every cycle, 0 fixed; GPGPU-Sim takes any value but 1 as fixed,
 * the model only 0 and 1. */
int bwm_gpu_read_cores(bwm_optset *s, bwm_gpu_config *c, bwm_err *err)
{
    int st = bwm_optval_int(s, "-gpgpu_n_clusters", 10, 1, 1024, &c->n_clusters, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-gpgpu_n_cores_per_cluster", 3, 1, 64, &c->cores_per_cluster, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-gpgpu_simt_core_sim_order", 1, 0, 1, &c->core_order_rr, err);
    if (st == BWM_OK) {
        c->n_sms = c->n_clusters * c->cores_per_cluster;
        st = pipeline(s, c, err);
    }
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-gpgpu_num_sched_per_core", 1, 1, c->max_warps_per_sm, &c->n_warp_scheds, err);
    if (st == BWM_OK)
        st = warp_scheduler(s, c, err);
    if (st == BWM_OK)
        st = thread_blocks(s, c, err);
    if (st == BWM_OK)
        st = coalescer(s, c, err);
    return st;
}
