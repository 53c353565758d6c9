/* gpu_config.c — bwm_gpu_config from GPGPU-Sim options (see gpu_config.h).
 *
 * The memory system comes first (memsys_config.c), then the SMs, their warp
 * schedulers, the caches, the latencies and the crossbar, each group in its
 * own function; every check names the option at fault. */
#include "sim/config/gpu_config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sim/cache/cache.h"
#include "sim/config/memsys_config.h"
#include "sim/config/optset_load.h"
#include "sim/config/optval.h"
#include "sim/config/rx.h"
#include "sim/dram/hash_presets.h"
#include "sim/icnt/xbar.h"
#include "sim/mem/footprint.h"
#include "util/num.h"

/* "THREADS:WARP_SIZE"; nine digits at most, so that an int holds each. */
static const char PIPELINE_RX[] = "\\s*(\\d{1,9})\\s*:\\s*(\\d{1,9})\\s*\\z";

/* Fails at option name's file and line, or says the default was at fault
 * when the option is absent (e is NULL). */
static int fail_at(const bwm_optent *e, const char *name, bwm_err *err, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int fail_at(const bwm_optent *e, const char *name, bwm_err *err, const char *fmt, ...)
{
    char msg[BWM_ERR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (!e)
        return bwm_fail(err, BWM_EINPUT, "option %s (default): %s", name, msg);
    return bwm_optval_fail(e, 0, err, BWM_EINPUT, "%s", msg);
}

/* The integer of capture group g (the pattern allows digits only). */
static int group_int(const bwm_rx *rx, const char *text, int g)
{
    size_t a, b;
    char num[16];
    int64_t v = 0;
    bwm_rx_group(rx, g, &a, &b);
    snprintf(num, sizeof num, "%.*s", (int)(b - a), text + a);
    bwm_parse_i64(num, &v);
    return (int)v;
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
    if (ok) {
        c->max_threads_per_sm = group_int(&rx, text, 1);
        c->warp_size = group_int(&rx, text, 2);
    }
    bwm_rx_free(&rx);
    if (!ok)
        return fail_at(e, name, err, "'%s' is not THREADS:WARP_SIZE (e.g. 1536:32)", text);
    if (c->warp_size != BWM_WARP_SIZE)
        return fail_at(e, name, err, "warp size %d: the model's warps are %d threads wide", c->warp_size,
                       BWM_WARP_SIZE);
    if (c->max_threads_per_sm == 0 || c->max_threads_per_sm % c->warp_size != 0)
        return fail_at(e, name, err, "%d threads per SM is not a positive multiple of the warp size %d",
                       c->max_threads_per_sm, c->warp_size);
    c->max_warps_per_sm = c->max_threads_per_sm / c->warp_size;
    if (c->max_warps_per_sm > BWM_MAX_WARPS_PER_SM)
        return fail_at(e, name, err, "%d threads per SM are %d warps; the model holds at most %d",
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
            return fail_at(e, name, err, "GPGPU-Sim's '%s' warp scheduler is not modelled (modelled: %s)",
                           unmodelled[i], modelled);
    return fail_at(e, name, err, "unknown warp scheduler '%s' (modelled: %s)", text, modelled);
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
        return fail_at(e, name, err, "unknown CTA dispatch '%s' (interleaved or serial)", text);
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
        return fail_at(bwm_optset_find(s, name), name, err,
                       "%d: GPGPU-Sim coalesces global accesses from architecture 13 on (below it aborts)",
                       c->coalesce_arch);
    /* GPGPU-Sim's option says shared memory, but its coalescer splits the
       warp into these parts for global accesses too (mem_warp_parts) */
    static const char pname[] = "-gpgpu_shmem_warp_parts";
    if (st == BWM_OK)
        st = bwm_optval_int(s, pname, 2, 1, BWM_WARP_SIZE, &c->warp_parts, err);
    if (st == BWM_OK && BWM_WARP_SIZE % c->warp_parts != 0)
        return fail_at(bwm_optset_find(s, pname), pname, err, "%d parts do not divide a warp of %d threads",
                       c->warp_parts, BWM_WARP_SIZE);
    return st;
}

/* The SMs: -gpgpu_n_clusters clusters of -gpgpu_n_cores_per_cluster, each
 * cluster one node of the interconnect; -gpgpu_simt_core_sim_order is the
 * order a cluster's SMs take their core cycle in (GPGPU-Sim's
 * simt_core_cluster::core_cycle): 1 (the default) round-robin, the first
 * SM turning every cycle, 0 fixed; GPGPU-Sim takes any value but 1 as fixed,
 * the model only 0 and 1. */
static int cores(bwm_optset *s, bwm_gpu_config *c, bwm_err *err)
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

/* Whether a cache of this configuration can be built (policies, geometry,
 * set index): the checks bwm_cache_init makes. */
static int cache_buildable(const bwm_cache_config *c, bwm_err *err)
{
    bwm_cache tmp;
    int st = bwm_cache_init(&tmp, c, 1, BWM_CACHE_SHARED, NULL, err);
    if (st == BWM_OK)
        bwm_cache_free(&tmp);
    return st;
}

/* One cache string, parsed; its line must be the model's request size.
 * none (may be NULL) accepts "none" and says so. */
static int cache_string(bwm_optset *s, const char *name, const char *def, bwm_cache_config *out, int *none,
                        bwm_err *err)
{
    const char *text;
    const bwm_optent *e;
    bwm_err sub;
    bwm_optval_str(s, name, def, &text, &e);
    if (none && strcmp(text, "none") == 0) {
        *none = 1;
        text = BWM_NO_L1D;
    }
    if (bwm_cache_config_parse(out, text, &sub) != BWM_OK)
        return fail_at(e, name, err, "%s", sub.msg);
    if (out->line_bytes != BWM_GPU_LINE_BYTES)
        return fail_at(e, name, err, "line size %d bytes: the model's memory requests are %d-byte lines",
                       out->line_bytes, BWM_GPU_LINE_BYTES);
    return BWM_OK;
}

/* The cache of option name, which the model must implement. */
static int cache_built(const bwm_optset *s, const char *name, const bwm_cache_config *c, bwm_err *err)
{
    bwm_err sub;
    if (cache_buildable(c, &sub) != BWM_OK)
        return fail_at(bwm_optset_find(s, name), name, err, "%s", sub.msg);
    return BWM_OK;
}

/* The whole memory system, the SMs' L1Ds and the L2 slices with the
 * controllers, takes at most BWM_MEMSYS_MAX_BYTES (sim/mem/footprint.h);
 * checked before a slice is built.  The fault is put at the option
 * involved that was given last (the defaults stay far below the limit).
 * An adaptive L1D counts at its largest (no shared memory). */
/* The bytes of the controllers, L2 slices and L1Ds (the L1Ds' together in
 * *l1s), their parts in mc, l2 and l1. */
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

static int memory_footprint(bwm_optset *s, const bwm_gpu_config *c, bwm_err *err)
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
    return fail_at(e, "-gpgpu_cache:dl2", err,
                   "the memory system would take %.0f MiB, more than the limit of %.0f MiB: %lld L2 slices "
                   "(-gpgpu_n_mem %d x -gpgpu_n_sub_partition_per_mchannel %d) of %.1f MiB each (-gpgpu_cache:dl2: "
                   "%lld lines, %lld MSHR entries merging %lld requests; -gpgpu_dram_partition_queues %d:%d:%d:%d), "
                   "%d SMs' L1Ds of %.1f MiB each (-gpgpu_cache:dl1: %lld lines, %lld MSHR entries merging %lld "
                   "requests) and %.0f MiB of memory controllers; -bwm_memory_limit_mb raises the limit",
                   (mc.bytes + l2.bytes + l1s) / BWM_MIB, bwm_memory_limit(&c->dram) / BWM_MIB, (long long)l2.slices,
                   c->dram.n_channels, c->dram.n_sub_partitions, l2.slice_bytes / BWM_MIB, (long long)l2.lines,
                   (long long)l2.mshrs, (long long)l2.merge, c->partition_queues[0], c->partition_queues[1],
                   c->partition_queues[2], c->partition_queues[3], c->n_sms, l1.bytes / BWM_MIB, (long long)l1.lines,
                   (long long)l1.mshrs, (long long)l1.merge, mc.bytes / BWM_MIB);
}

/* The L1D options beyond its string: skip, adaptive size, shared memory. */
static int l1d_options(bwm_optset *s, bwm_gpu_config *c, bwm_err *err)
{
    int st = bwm_optval_int(s, bwm_optval_alias(s, "-gpgpu_gmem_skip_L1D", "-gmem_skip_L1D"), 0, 0, 1, &c->skip_l1,
                            err);
    const char *aname = bwm_optval_alias(s, "-gpgpu_adaptive_cache_config", "-adaptive_volta_cache_config");
    if (st == BWM_OK)
        st = bwm_optval_int(s, aname, 0, 0, 1, &c->adaptive_l1, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-gpgpu_unified_l1d_size", 0, 0, 1 << 20, &c->unified_l1d_kb, err);
    if (st == BWM_OK)
        st = bwm_optval_ints(s, "-gpgpu_shmem_option", "0,8,16,32,64,96", ',', 1, BWM_MAX_SHMEM_OPTIONS, 0, 1 << 20,
                             c->shmem_options_kb, &c->n_shmem_options, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-gpgpu_shmem_size", 16384, 0, 1 << 30, &c->shmem_bytes, err);
    bwm_optset_take(s, "-gpgpu_shmem_sizeDefault"); /* the same size, for the default carve-out */
    c->skip_l1 |= c->l1d_none;
    if (st != BWM_OK || !c->adaptive_l1 || c->l1d_none)
        return st;
    const bwm_optent *e = bwm_optset_find(s, aname);
    for (int i = 1; i < c->n_shmem_options; i++)
        if (c->shmem_options_kb[i] <= c->shmem_options_kb[i - 1])
            return fail_at(bwm_optset_find(s, "-gpgpu_shmem_option"), "-gpgpu_shmem_option", err,
                           "the shared-memory options must ascend");
    if (c->unified_l1d_kb * 1024L < bwm_cache_config_bytes(&c->l1d) && c->unified_l1d_kb != 0)
        return fail_at(bwm_optset_find(s, "-gpgpu_unified_l1d_size"), "-gpgpu_unified_l1d_size", err,
                       "%d KB of unified memory is less than the %ld KB L1D of -gpgpu_cache:dl1", c->unified_l1d_kb,
                       bwm_cache_config_bytes(&c->l1d) / 1024);
    if (c->unified_l1d_kb == 0)
        c->unified_l1d_kb = BWM_DEFAULT_UNIFIED_L1D_KB;
    bwm_cache_config l1;
    bwm_err sub;
    for (int use = 0; use <= 1; use++)
        if (bwm_gpu_l1d_for(c, use, &l1, &sub) != BWM_OK || cache_buildable(&l1, &sub) != BWM_OK)
            return fail_at(e, aname, err, "%s", sub.msg);
    return BWM_OK;
}

static int is_pow2(long v)
{
    return v > 0 && (v & (v - 1)) == 0;
}

/* The L1D's banks (GPGPU-Sim's ldst_unit): each cycle the L1D takes up to
 * -gpgpu_l1_banks accesses of the instruction at hand, one per bank, an
 * access's bank being its address / -gpgpu_l1_banks_byte_interleaving mod
 * the banks (-gpgpu_l1_banks_hashing_function 0, linear).  The model's L1D
 * takes one whole line per cycle.  So does GPGPU-Sim's with 128-byte
 * accesses (coalesce arch below 40) when banks × interleaving is at most a
 * line, or with one bank (every line falls in one bank), and with 32-byte sectors (40 on)
 * when it is exactly a line and the interleaving at most a sector (a line's
 * four sectors in different banks, the next line's in the same ones).  Other
 * values are refused.  When global accesses skip the L1D, its banks see
 * none of them and any value is the same. */
static int l1_banks(bwm_optset *s, bwm_gpu_config *c, bwm_err *err)
{
    static const char name[] = "-gpgpu_l1_banks", hname[] = "-gpgpu_l1_banks_hashing_function";
    int hash = 0;
    int st = bwm_optval_int(s, name, 1, 1, 1 << 10, &c->l1_banks, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-gpgpu_l1_banks_byte_interleaving", 32, 1, 1 << 20, &c->l1_bank_bytes, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, hname, 0, 0, 1 << 10, &hash, err);
    if (st != BWM_OK || c->skip_l1)
        return st;
    if (hash != 0)
        return fail_at(bwm_optset_find(s, hname), hname, err,
                       "bank hashing function %d is not modelled (modelled: 0, linear)", hash);
    long span = (long)c->l1_banks * c->l1_bank_bytes;
    int sectors = c->coalesce_arch >= 40;
    if (is_pow2(c->l1_banks) && is_pow2(c->l1_bank_bytes) &&
        (sectors ? span == BWM_GPU_LINE_BYTES && c->l1_bank_bytes <= BWM_CACHE_SECTOR_BYTES
                 : span <= BWM_GPU_LINE_BYTES || c->l1_banks == 1))
        return BWM_OK;
    return fail_at(bwm_optset_find(s, name), name, err,
                   "%d banks interleaved every %d bytes with %s accesses (-gpgpu_coalesce_arch %d) do not take "
                   "one line per cycle as the model's L1D does (modelled: powers of two with banks x interleaving "
                   "%s %d bytes%s)", c->l1_banks, c->l1_bank_bytes, sectors ? "32-byte sector" : "128-byte",
                   c->coalesce_arch, sectors ? "=" : "<=", BWM_GPU_LINE_BYTES,
                   sectors ? ", interleaving <= 32" : ", or one bank");
}

int bwm_gpu_l1d_for(const bwm_gpu_config *cfg, int uses_shmem, bwm_cache_config *out, bwm_err *err)
{
    *out = cfg->l1d;
    if (!cfg->adaptive_l1 || cfg->l1d_none)
        return BWM_OK;
    long need = uses_shmem ? cfg->shmem_bytes : 0;
    for (int i = 0; i < cfg->n_shmem_options; i++) {
        long carve = (long)cfg->shmem_options_kb[i] * 1024;
        if (carve < need)
            continue;
        long l1 = (long)cfg->unified_l1d_kb * 1024 - carve;
        long way = (long)out->sets * out->line_bytes;
        if (l1 < way)
            return bwm_fail(err, BWM_EINPUT, "a %ld KB shared-memory carve-out leaves %ld KB of the %d KB unified "
                            "memory, less than one way of the L1D", carve / 1024, l1 / 1024, cfg->unified_l1d_kb);
        out->ways = (int)((l1 + way / 2) / way);
        out->streaming_on_miss = carve == 0;
        return BWM_OK;
    }
    return bwm_fail(err, BWM_EINPUT, "no -gpgpu_shmem_option holds the %ld bytes of -gpgpu_shmem_size", need);
}

/* The L2 slices' XOR set index: -bwm_l2_set_xor "s0=BIT^..;s1=.." (one row
 * per set bit of a slice), else -bwm_addr_hash's set rows when the preset
 * has them (hash_presets.h).  It replaces the cache string's set index. */
static int l2_set_hash(bwm_optset *s, bwm_gpu_config *c, bwm_err *err)
{
    static const char name[] = "-bwm_l2_set_xor";
    const char *text, *hash;
    const bwm_optent *e, *he;
    bwm_err sub;
    bwm_optval_str(s, name, NULL, &text, &e);
    bwm_optval_str(s, "-bwm_addr_hash", NULL, &hash, &he);
    int bits = 0;
    while ((1 << bits) < c->l2.sets)
        bits++;
    bwm_addrmap *m = &c->dram.map;
    if (text) {
        if (bits < 1 || bits > BWM_ADDRMAP_MAX_XOR_BITS)
            return fail_at(e, name, err, "an L2 slice of %d sets: the XOR set index takes 2 to 2^%d sets", c->l2.sets,
                           BWM_ADDRMAP_MAX_XOR_BITS);
        if (bwm_xor_rows_parse(text, "s", bits, m->set_xor, &sub) != BWM_OK)
            return fail_at(e, name, err, "%s (-gpgpu_cache:dl2 gives %d sets per slice)", sub.msg, c->l2.sets);
        m->n_set_bits = bits;
        return BWM_OK;
    }
    const bwm_hash_preset *p = hash ? bwm_hash_preset_find(hash) : NULL;
    if (p && p->set && bwm_hash_preset_set_rows(p, m, bits, &sub) != BWM_OK)
        return fail_at(he, "-bwm_addr_hash", err, "%s (-gpgpu_cache:dl2)", sub.msg);
    return BWM_OK;
}

static int caches(bwm_optset *s, bwm_gpu_config *c, bwm_err *err)
{
    int st = cache_string(s, "-gpgpu_cache:dl1", BWM_DEFAULT_DL1, &c->l1d, &c->l1d_none, err);
    if (st == BWM_OK)
        st = cache_built(s, "-gpgpu_cache:dl1", &c->l1d, err);
    /* the SM sends an L1D store miss down as a store and nothing else, so a
       write-back L1D would keep its dirty lines and leave its store misses
       waiting for fills that never come */
    if (st == BWM_OK && c->l1d.write == BWM_WRITE_BACK)
        st = fail_at(bwm_optset_find(s, "-gpgpu_cache:dl1"), "-gpgpu_cache:dl1", err,
                     "write policy B (write-back) in an L1D is not modelled; the model's L1Ds are "
                     "L (local write-back, global write-through), T or E");
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-gpgpu_l1_cache_write_ratio", 0, 0, 1 << 20, &c->l1_write_ratio, err);
    c->l1d.write_ratio = c->l1_write_ratio;
    if (st == BWM_OK)
        st = l1d_options(s, c, err);
    if (st == BWM_OK)
        st = l1_banks(s, c, err);
    if (st == BWM_OK)
        st = cache_string(s, "-gpgpu_cache:dl2", BWM_DEFAULT_DL2, &c->l2, NULL, err);
    if (st != BWM_OK)
        return st;
    int n = 0;
    static const char qname[] = "-gpgpu_dram_partition_queues";
    st = bwm_optval_ints(s, qname, "8:8:8:8", ':', 4, 4, 1, 1 << 16, c->partition_queues, &n, err);
    /* a sector L2 takes a request as up to 4 sector requests, all into the
       crossbar->L2 queue at once (GPGPU-Sim admits a request only when that
       queue has room for 4, SECTOR_CHUNCK_SIZE) */
    if (st == BWM_OK && c->l2.kind == BWM_CACHE_SECTOR && c->partition_queues[0] < BWM_CACHE_SECTORS)
        st = fail_at(bwm_optset_find(s, qname), qname, err,
                     "a crossbar->L2 queue of %d: a sector L2 takes a request as up to %d sector requests at once, "
                     "so the queue must hold at least %d", c->partition_queues[0], BWM_CACHE_SECTORS, BWM_CACHE_SECTORS);
    /* an L2 miss needs two free miss-queue entries (a miss and a write-back),
       a store under write allocation "W" three (GPGPU-Sim's
       miss_queue_full(1) and (2)): a shorter queue could never take one */
    int miss_need = 2 + (c->l2.write_alloc == BWM_WALLOC_WRITE);
    if (st == BWM_OK && c->l2.miss_queue < miss_need)
        st = fail_at(bwm_optset_find(s, "-gpgpu_cache:dl2"), "-gpgpu_cache:dl2", err,
                     "an L2 miss queue of %d: a miss needs %d free entries (GPGPU-Sim's miss_queue_full), so the "
                     "queue must hold at least %d", c->l2.miss_queue, miss_need, miss_need);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-gpgpu_dram_return_queue_size", 0, 0, 1 << 20, &c->return_queue, err);
    if (st == BWM_OK)
        st = memory_footprint(s, c, err);
    if (st == BWM_OK)
        st = cache_built(s, "-gpgpu_cache:dl2", &c->l2, err);
    if (st != BWM_OK)
        return st;
    static const char aname[] = "-bwm_l2_set_address";
    const char *atext;
    const bwm_optent *ae;
    bwm_optval_str(s, aname, "partition", &atext, &ae);
    if (strcmp(atext, "partition") != 0 && strcmp(atext, "physical") != 0)
        return fail_at(ae, aname, err, "'%s' is neither partition nor physical", atext);
    c->l2_index_partition = atext[0] == 'p' && atext[1] == 'a';
    static const char name[] = "-bwm_l2_sharing";
    const char *text;
    const bwm_optent *e;
    bwm_optval_str(s, name, "partitioned", &text, &e);
    if (strcmp(text, "partitioned") != 0 && strcmp(text, "shared") != 0)
        return fail_at(e, name, err, "'%s' is neither partitioned nor shared", text);
    c->l2_shared = text[0] == 's';
    return l2_set_hash(s, c, err);
}

static int latencies(bwm_optset *s, bwm_gpu_config *c, bwm_err *err)
{
    /* GPGPU-Sim 3.x calls it -rop_latency; 4.x adds the prefix. */
    const char *rop = bwm_optval_alias(s, "-gpgpu_l2_rop_latency", "-rop_latency");
    int st = bwm_optval_int(s, bwm_optval_alias(s, "-gpgpu_l1_latency", "-l1_latency"), 1, 1, 10000, &c->l1_latency,
                            err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, rop, 85, 0, 10000, &c->l2_rop_latency, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-dram_latency", 30, 0, 10000, &c->dram_latency, err);
    return st;
}

/* A crossbar buffer (option name, have flits) must hold the largest packet.
 * When the buffer option is absent its default is too small for the flit
 * size given, so the flit size is reported. */
static int holds_largest_packet(const bwm_optset *s, const char *name, int have, const bwm_gpu_config *c,
                                bwm_err *err)
{
    int need = bwm_gpu_packet_flits(c, BWM_ICNT_MAX_PACKET_BYTES);
    if (have >= need)
        return BWM_OK;
    const bwm_optent *e = bwm_optset_find(s, name);
    if (e)
        return fail_at(e, name, err, "%d flits cannot hold the largest packet: a %d-byte line plus a %d-byte "
                       "header is %d flits of %d bytes", have, BWM_GPU_LINE_BYTES, BWM_ICNT_HEADER_BYTES,
                       need, c->flit_bytes);
    return fail_at(bwm_optset_find(s, "-icnt_flit_size"), "-icnt_flit_size", err,
                   "the largest packet (%d bytes) is %d flits of %d bytes, more than the %d of %s (default); "
                   "give a larger %s", BWM_ICNT_MAX_PACKET_BYTES, need, c->flit_bytes, have, name, name);
}

/* An option whose only modelled value is want; GPGPU-Sim reads it only
 * when used is set, and then any other value is refused with why. */
static int only_value(bwm_optset *s, const char *name, int def, int want, int used, int *out, const char *why,
                      bwm_err *err)
{
    int st = bwm_optval_int(s, name, def, 0, 1 << 20, out, err);
    if (st != BWM_OK || !used || *out == want)
        return st;
    return fail_at(bwm_optset_find(s, name), name, err, "%d is not modelled (modelled: %d, %s)", *out, want, why);
}

/* The cluster's ejection buffer and GPGPU-Sim's own crossbar (-network_mode
 * 2, icnt_wrapper.cc and local_interconnect.cc).  The ejection buffer holds
 * the replies a cluster took from the interconnect, one per core cycle,
 * until the SM each is for accepts it, one per core cycle for the cluster
 * (cluster.h); the model's SMs accept a reply every cycle, so the buffer
 * never keeps one past its cycle and any size from 1 up is the same (0
 * would never take a reply).  -icnt_subnets 2 is the model's separate
 * request and reply crossbars (1 would share one).  -icnt_arbiter_algo 1,
 * iSLIP: each output grants the first input from its pointer on whose head
 * packet asks for it and moves the pointer past it, as the model's
 * round-robin arbiter does; 0 (a pointer that turns every cycle whatever is
 * granted) is not modelled.  Under -network_mode 1 (the default)
 * GPGPU-Sim reads neither. */
static int icnt_choices(bwm_optset *s, bwm_gpu_config *c, bwm_err *err)
{
    int local = c->icnt_local;
    int st = bwm_optval_int(s, "-gpgpu_n_cluster_ejection_buffer_size", 8, 1, 1 << 20, &c->ejection_buffer, err);
    if (st == BWM_OK)
        st = only_value(s, "-icnt_subnets", 2, 2, local, &c->icnt_subnets,
                        "separate request and reply networks", err);
    if (st == BWM_OK)
        st = only_value(s, "-icnt_arbiter_algo", 1, 1, local, &c->icnt_arbiter, "iSLIP", err);
    return st;
}

/* -network_mode: 1 (the default) is Booksim's network, modelled as the
 * crossbar of -icnt_flit_size flits; 2 is GPGPU-Sim's own crossbar
 * (local_interconnect.cc), which moves whole packets, one per input and one
 * per output each cycle, with buffers counted in packets: the model's
 * crossbar with every packet one flit (-icnt_flit_size is then unused). */
static int network_mode(bwm_optset *s, bwm_gpu_config *c, bwm_err *err)
{
    int mode;
    int st = bwm_optval_int(s, "-network_mode", 1, 1, 2, &mode, err);
    c->icnt_local = st == BWM_OK && mode == 2;
    if (c->icnt_local)
        c->flit_bytes = BWM_ICNT_MAX_PACKET_BYTES;
    return st;
}

/* The two crossbars (clusters to sub-partitions and back, buffers of
 * -icnt_in_buffer_limit and -icnt_out_buffer_limit flits per port) with
 * the memory system take at most the limit (memory_footprint); the fault
 * at the option involved that was given last. */
static int crossbar_footprint(bwm_optset *s, const bwm_gpu_config *c, bwm_err *err)
{
    double memory = memory_total(c);
    int subparts = c->dram.n_channels * c->dram.n_sub_partitions;
    bwm_xbar_params req = {c->n_clusters, subparts, c->flit_bytes, c->icnt_in_buffer, c->icnt_out_buffer, 0};
    bwm_xbar_params rep = {subparts, c->n_clusters, c->flit_bytes, c->icnt_in_buffer, c->icnt_out_buffer, 0};
    double xbars = bwm_xbar_footprint_bytes(&req) + bwm_xbar_footprint_bytes(&rep);
    if (memory + xbars <= bwm_memory_limit(&c->dram))
        return BWM_OK;
    static const char *const names[] = {"-gpgpu_n_clusters", "-icnt_in_buffer_limit", "-icnt_out_buffer_limit",
                                        "-gpgpu_n_mem", "-gpgpu_n_sub_partition_per_mchannel"};
    const bwm_optent *e = bwm_optval_last_given(s, names, sizeof names / sizeof names[0]);
    return fail_at(e, "-icnt_in_buffer_limit", err,
                   "the crossbars would take %.0f MiB (with the memory system's %.0f MiB, more than the limit of "
                   "%.0f MiB): %d clusters (-gpgpu_n_clusters) and %d sub-partitions (-gpgpu_n_mem %d x "
                   "-gpgpu_n_sub_partition_per_mchannel %d) each way, with buffers of %d flits per input "
                   "(-icnt_in_buffer_limit) and %d per output (-icnt_out_buffer_limit); -bwm_memory_limit_mb raises "
                   "the limit", xbars / BWM_MIB, memory / BWM_MIB, bwm_memory_limit(&c->dram) / BWM_MIB,
                   c->n_clusters, subparts, c->dram.n_channels, c->dram.n_sub_partitions, c->icnt_in_buffer,
                   c->icnt_out_buffer);
}

static int interconnect(bwm_optset *s, bwm_gpu_config *c, bwm_err *err)
{
    int st = bwm_optval_int(s, "-icnt_flit_size", 32, 1, 4096, &c->flit_bytes, err);
    if (st == BWM_OK)
        st = network_mode(s, c, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-icnt_in_buffer_limit", 64, 1, 1 << 20, &c->icnt_in_buffer, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-icnt_out_buffer_limit", 64, 1, 1 << 20, &c->icnt_out_buffer, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-bwm_icnt_latency", 8, 0, 10000, &c->icnt_latency, err);
    if (st == BWM_OK)
        st = holds_largest_packet(s, "-icnt_in_buffer_limit", c->icnt_in_buffer, c, err);
    if (st == BWM_OK)
        st = holds_largest_packet(s, "-icnt_out_buffer_limit", c->icnt_out_buffer, c, err);
    if (st == BWM_OK)
        st = icnt_choices(s, c, err);
    if (st == BWM_OK)
        st = crossbar_footprint(s, c, err);
    return st;
}

int bwm_gpu_config_from_opts(bwm_optset *s, bwm_gpu_config *cfg, bwm_err *err)
{
    bwm_gpu_config c;
    memset(&c, 0, sizeof c);
    int st = bwm_dram_config_from_opts(s, &c.dram, err);
    if (st == BWM_OK)
        st = cores(s, &c, err);
    if (st == BWM_OK)
        st = caches(s, &c, err);
    if (st == BWM_OK)
        st = latencies(s, &c, err);
    if (st == BWM_OK)
        st = interconnect(s, &c, err);
    if (st == BWM_OK)
        st = bwm_vm_config_from_opts(s, c.l1d.line_bytes > 0 ? c.l1d.line_bytes : c.l2.line_bytes, &c.dram.map,
                                     &c.vm, err);
    if (st == BWM_OK)
        st = bwm_mmu_config_from_opts(s, c.vm.page_shift, c.l2.line_bytes, &c.mmu, err);
    if (st == BWM_OK && c.vm.policy == BWM_VM_TEMP && c.mmu.design != BWM_MMU_IDEAL)
        st = fail_at(bwm_optset_find(s, "-bwm_vm"), "-bwm_vm", err, "temp places a page at the SM that first touches "
                     "it, which a page walk (-bwm_mmu %s) would do first: TEMP runs with -bwm_mmu ideal",
                     bwm_mmu_design_name(c.mmu.design));
    if (st == BWM_OK)
        *cfg = c;
    return st;
}

static int take_gpu_config(bwm_optset *s, void *cfg, bwm_err *err)
{
    return bwm_gpu_config_from_opts(s, cfg, err);
}

int bwm_gpu_config_load_with(const char *path, const char *overrides, const char *origin,
                             bwm_gpu_config *cfg, bwm_optlist *ign, bwm_err *err)
{
    return bwm_optset_load_into(path, overrides, origin, take_gpu_config, cfg, ign, err);
}

int bwm_gpu_packet_flits(const bwm_gpu_config *cfg, int bytes)
{
    return (bytes + cfg->flit_bytes - 1) / cfg->flit_bytes;
}
