/* config_limits.c — whether a configuration read from options can be built
 * (see config_limits.h): caches bwm_cache_init accepts, crossbar buffers
 * that hold the largest packet, and the memory limit that the controllers,
 * the L2 slices, the L1Ds, the crossbars, the TLBs and the MMU's queues
 * keep (sim/mem/footprint.h), each fault reported at the option involved. */
#include "sim/config/config_limits.h"

#include <stdio.h>
#include <string.h>

#include "sim/cache/cache.h"
#include "sim/config/optval.h"
#include "sim/core/coalescer.h"
#include "sim/icnt/xbar.h"
#include "sim/mem/footprint.h"
#include "sim/tlb/mmu.h"

int bwm_limit_cache_buildable(const bwm_cache_config *c, bwm_err *err)
{
    bwm_cache tmp;
    int st = bwm_cache_init(&tmp, c, 1, BWM_CACHE_SHARED, NULL, err);
    if (st == BWM_OK)
        bwm_cache_free(&tmp);
    return st;
}

int bwm_limit_cache_built(const bwm_optset *s, const char *name, const bwm_cache_config *c, bwm_err *err)
{
    bwm_err sub;
    if (bwm_limit_cache_buildable(c, &sub) != BWM_OK)
        return bwm_optval_fail_at(bwm_optset_find(s, name), name, err, "%s", sub.msg);
    return BWM_OK;
}

int bwm_limit_packet_fits(const bwm_optset *s, const char *name, int have, const bwm_gpu_config *c, bwm_err *err)
{
    int need = bwm_gpu_packet_flits(c, BWM_ICNT_MAX_PACKET_BYTES);
    if (have >= need)
        return BWM_OK;
    const bwm_optent *e = bwm_optset_find(s, name);
    if (e)
        return bwm_optval_fail_at(e, name, err,
                                  "%d flits cannot hold the largest packet: a %d-byte line plus a %d-byte "
                                  "header is %d flits of %d bytes", have, BWM_GPU_LINE_BYTES, BWM_ICNT_HEADER_BYTES,
                                  need, c->flit_bytes);
    return bwm_optval_fail_at(bwm_optset_find(s, "-icnt_flit_size"), "-icnt_flit_size", err,
                              "the largest packet (%d bytes) is %d flits of %d bytes, more than the %d of %s "
                              "(default); give a larger %s", BWM_ICNT_MAX_PACKET_BYTES, need, c->flit_bytes, have,
                              name, name);
}

int bwm_memsys_footprint_check(const bwm_dram_config *c, const char *queue_name, bwm_err *err)
{
    bwm_mc_footprint f;
    bwm_mc_footprint_of(c, &f);
    if (f.bytes <= bwm_memory_limit(c))
        return BWM_OK;
    char wq[64] = "";
    if (c->write_queue)
        snprintf(wq, sizeof wq, " + -dram_write_queue_size %d", c->write_queue_size);
    return bwm_fail(err, BWM_EINPUT, "the memory controllers would take %.0f MiB, more than the limit of %.0f MiB: "
                    "%d channels (-gpgpu_n_mem) each with %lld request entries "
                    "(%s %d%s), %lld data-return slots (CL, WL and burst of "
                    "-gpgpu_dram_timing_opt) and %d banks (its nbk); -bwm_memory_limit_mb raises the limit",
                    f.bytes / BWM_MIB, bwm_memory_limit(c) / BWM_MIB, c->n_channels, (long long)f.entries, queue_name,
                    c->queue_size, wq, (long long)f.returns, c->n_banks);
}

int bwm_limit_memsys(bwm_optset *s, const bwm_dram_config *c, bwm_err *err)
{
    bwm_err sub;
    if (bwm_memsys_footprint_check(c, "-gpgpu_frfcfs_dram_sched_queue_size", &sub) == BWM_OK)
        return BWM_OK;
    const char *names[] = {"-gpgpu_n_mem", "-gpgpu_frfcfs_dram_sched_queue_size",
                           bwm_optval_alias(s, "-dram_write_queue_size", "-Write_Queue_Size"),
                           "-gpgpu_dram_timing_opt"};
    const bwm_optent *e = bwm_optval_last_given(s, names, sizeof names / sizeof names[0]);
    if (e)
        return bwm_optval_fail(e, 0, err, BWM_EINPUT, "%s", sub.msg);
    *err = sub;
    return BWM_EINPUT;
}

/* The bytes of the controllers, L2 slices and L1Ds (the L1Ds' together in
 * *l1s), their parts in mc, l2 and l1.  An adaptive L1D counts at its
 * largest (no shared memory). */
static double memory_bytes(const bwm_gpu_config *c, bwm_mc_footprint *mc, bwm_l2_footprint *l2,
                           bwm_cache_footprint *l1, double *l1s)
{
    bwm_cache_config l1c;
    bwm_err sub;
    memset(l1, 0, sizeof *l1);
    bwm_mc_footprint_of(&c->dram, mc);
    bwm_l2_footprint_of(&c->dram, &c->l2, c->partition_queues, l2);
    if (!c->l1d_none && bwm_gpu_l1d_for(c, 0, &l1c, &sub) == BWM_OK)
        bwm_cache_footprint_of(&l1c, l1);
    *l1s = (double)c->n_sms * l1->bytes;
    return mc->bytes + l2->bytes + *l1s;
}

static double memory_total(const bwm_gpu_config *c)
{
    bwm_mc_footprint mc;
    bwm_l2_footprint l2;
    bwm_cache_footprint l1;
    double l1s;
    return memory_bytes(c, &mc, &l2, &l1, &l1s);
}

int bwm_limit_gpu_memory(bwm_optset *s, const bwm_gpu_config *c, bwm_err *err)
{
    bwm_mc_footprint mc;
    bwm_l2_footprint l2;
    bwm_cache_footprint l1;
    double l1s;
    if (memory_bytes(c, &mc, &l2, &l1, &l1s) <= bwm_memory_limit(&c->dram))
        return BWM_OK;
    static const char *const names[] = {"-gpgpu_cache:dl2", "-gpgpu_n_mem", "-gpgpu_n_sub_partition_per_mchannel",
                                        "-gpgpu_dram_partition_queues", "-gpgpu_cache:dl1", "-gpgpu_n_clusters",
                                        "-gpgpu_n_cores_per_cluster"};
    const bwm_optent *e = bwm_optval_last_given(s, names, sizeof names / sizeof names[0]);
    return bwm_optval_fail_at(e, "-gpgpu_cache:dl2", err, "the memory system would take %.0f MiB, more than the limit "
                              "of %.0f MiB: %lld L2 slices (-gpgpu_n_mem %d x -gpgpu_n_sub_partition_per_mchannel %d) "
                              "of %.1f MiB each (-gpgpu_cache:dl2: %lld lines, %lld MSHR entries merging %lld "
                              "requests; -gpgpu_dram_partition_queues %d:%d:%d:%d), %d SMs' L1Ds of %.1f MiB each "
                              "(-gpgpu_cache:dl1: %lld lines, %lld MSHR entries merging %lld requests) and %.0f MiB of "
                              "memory controllers; -bwm_memory_limit_mb raises the limit",
                              (mc.bytes + l2.bytes + l1s) / BWM_MIB, bwm_memory_limit(&c->dram) / BWM_MIB,
                              (long long)l2.slices, c->dram.n_channels, c->dram.n_sub_partitions,
                              l2.slice_bytes / BWM_MIB, (long long)l2.lines, (long long)l2.mshrs, (long long)l2.merge,
                              c->partition_queues[0], c->partition_queues[1], c->partition_queues[2],
                              c->partition_queues[3], c->n_sms, l1.bytes / BWM_MIB, (long long)l1.lines,
                              (long long)l1.mshrs, (long long)l1.merge, mc.bytes / BWM_MIB);
}

/* The bytes of the two crossbars, clusters to sub-partitions and back. */
static double crossbar_bytes(const bwm_gpu_config *c)
{
    int subparts = c->dram.n_channels * c->dram.n_sub_partitions;
    bwm_xbar_params req = {c->n_clusters, subparts, c->flit_bytes, c->icnt_in_buffer, c->icnt_out_buffer, 0};
    bwm_xbar_params rep = {subparts, c->n_clusters, c->flit_bytes, c->icnt_in_buffer, c->icnt_out_buffer, 0};
    return bwm_xbar_footprint_bytes(&req) + bwm_xbar_footprint_bytes(&rep);
}

int bwm_limit_crossbars(bwm_optset *s, const bwm_gpu_config *c, bwm_err *err)
{
    double memory = memory_total(c);
    int subparts = c->dram.n_channels * c->dram.n_sub_partitions;
    double xbars = crossbar_bytes(c);
    if (memory + xbars <= bwm_memory_limit(&c->dram))
        return BWM_OK;
    static const char *const names[] = {"-gpgpu_n_clusters", "-icnt_in_buffer_limit", "-icnt_out_buffer_limit",
                                        "-gpgpu_n_mem", "-gpgpu_n_sub_partition_per_mchannel"};
    const bwm_optent *e = bwm_optval_last_given(s, names, sizeof names / sizeof names[0]);
    return bwm_optval_fail_at(e, "-icnt_in_buffer_limit", err, "the crossbars would take %.0f MiB (with the memory "
                              "system's %.0f MiB, more than the limit of %.0f MiB): %d clusters (-gpgpu_n_clusters) "
                              "and %d sub-partitions (-gpgpu_n_mem %d x -gpgpu_n_sub_partition_per_mchannel %d) each "
                              "way, with buffers of %d flits per input (-icnt_in_buffer_limit) and %d per output "
                              "(-icnt_out_buffer_limit); -bwm_memory_limit_mb raises the limit", xbars / BWM_MIB,
                              memory / BWM_MIB, bwm_memory_limit(&c->dram) / BWM_MIB, c->n_clusters, subparts,
                              c->dram.n_channels, c->dram.n_sub_partitions, c->icnt_in_buffer, c->icnt_out_buffer);
}

/* The bytes of the translation hardware (sim/tlb/tag_array.c: a key and a
 * last use per entry): each SM's L1 TLB (and its large-page entries with
 * large pages), the L2 TLB of shared_tlb and static_tlb (likewise), the
 * page-walk cache of pwcache; *l1 gets one SM's. */
static double tlb_bytes(const bwm_gpu_config *c, double *l1)
{
    const bwm_mmu_config *m = &c->mmu;
    const double entry = 2 * sizeof(uint64_t);
    int large = c->vm.large_shift != 0;
    *l1 = 0;
    if (m->design == BWM_MMU_IDEAL)
        return 0;
    *l1 = ((double)m->l1_entries + (large ? m->l1_large_entries : 0)) * entry;
    double shared = 0;
    if (m->design == BWM_MMU_SHARED_TLB || m->design == BWM_MMU_STATIC_TLB)
        shared = ((double)m->l2_entries + (large ? m->l2_large_entries : 0)) * entry;
    else if (c->l2.line_bytes > 0)
        shared = (double)m->pwc_bytes / c->l2.line_bytes * entry;
    return (double)c->n_sms * *l1 + shared;
}

/* The most warp pages that can wait on the MMU at once: every warp of
 * every SM, each on every access of one instruction (sim/gpu/translation.c
 * sizes the MMU for the warps the applications run, at most these). */
static int64_t mmu_waiters(const bwm_gpu_config *c)
{
    return (int64_t)c->n_sms * c->max_warps_per_sm * BWM_MAX_ACCESSES;
}

int bwm_limit_tlbs(bwm_optset *s, const bwm_gpu_config *c, bwm_err *err)
{
    double l1;
    double tlbs = tlb_bytes(c, &l1), rest = memory_total(c) + crossbar_bytes(c);
    int64_t waiters = c->mmu.design == BWM_MMU_IDEAL ? 0 : mmu_waiters(c);
    double queues = waiters > 0 ? bwm_mmu_queue_bytes(waiters, c->n_sms) : 0;
    if (rest + tlbs + queues <= bwm_memory_limit(&c->dram))
        return BWM_OK;
    static const char *const names[] = {"-bwm_l1_tlb", "-bwm_l2_tlb", "-bwm_pwc", "-gpgpu_n_clusters",
                                        "-gpgpu_n_cores_per_cluster", "-gpgpu_shader_core_pipeline"};
    const bwm_optent *e = bwm_optval_last_given(s, names, sizeof names / sizeof names[0]);
    return bwm_optval_fail_at(e, "-bwm_l1_tlb", err, "the TLBs and the MMU's queues would take %.0f MiB (with the "
                              "memory system's and crossbars' %.0f MiB, more than the limit of %.0f MiB): %d SMs' L1 "
                              "TLBs of %.1f MiB each (-bwm_l1_tlb %d entries), and %.0f MiB of queues for up to %lld "
                              "warp pages waiting (%d warps per SM of -gpgpu_shader_core_pipeline, each waiting on up "
                              "to %d pages), with -bwm_mmu %s; -bwm_memory_limit_mb raises the limit",
                              (tlbs + queues) / BWM_MIB, rest / BWM_MIB, bwm_memory_limit(&c->dram) / BWM_MIB,
                              c->n_sms, l1 / BWM_MIB, c->mmu.l1_entries, queues / BWM_MIB, (long long)waiters,
                              c->max_warps_per_sm, BWM_MAX_ACCESSES, bwm_mmu_design_name(c->mmu.design));
}
