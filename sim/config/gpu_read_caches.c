/* gpu_read_caches.c — the caches' options into bwm_gpu_config (see
 * gpu_read_caches.h): the L1D's and L2's cache strings, the L1D's skip,
 * adaptive size and shared memory, the L1D's banks, the sub-partition's
 * queues, and the L2 slices' set address, sharing and XOR set index.  The
 * checks of what the model can build and of the memory limit are
 * config_limits.c's, called where each applies. */
#include "sim/config/gpu_read_caches.h"

#include <string.h>

#include "sim/cache/cache.h"
#include "sim/config/config_limits.h"
#include "sim/config/optval.h"
#include "sim/dram/hash_presets.h"

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
        return bwm_optval_fail_at(e, name, err, "%s", sub.msg);
    if (out->line_bytes != BWM_GPU_LINE_BYTES)
        return bwm_optval_fail_at(e, name, err, "line size %d bytes: the model's memory requests are %d-byte lines",
                                  out->line_bytes, BWM_GPU_LINE_BYTES);
    return BWM_OK;
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
            return bwm_optval_fail_at(bwm_optset_find(s, "-gpgpu_shmem_option"), "-gpgpu_shmem_option", err,
                                      "the shared-memory options must ascend");
    if (c->unified_l1d_kb * 1024L < bwm_cache_config_bytes(&c->l1d) && c->unified_l1d_kb != 0)
        return bwm_optval_fail_at(bwm_optset_find(s, "-gpgpu_unified_l1d_size"), "-gpgpu_unified_l1d_size", err, "%d "
                                  "KB of unified memory is less than the %ld KB L1D of -gpgpu_cache:dl1",
                                  c->unified_l1d_kb, bwm_cache_config_bytes(&c->l1d) / 1024);
    if (c->unified_l1d_kb == 0)
        c->unified_l1d_kb = BWM_DEFAULT_UNIFIED_L1D_KB;
    bwm_cache_config l1;
    bwm_err sub;
    for (int use = 0; use <= 1; use++)
        if (bwm_gpu_l1d_for(c, use, &l1, &sub) != BWM_OK || bwm_limit_cache_buildable(&l1, &sub) != BWM_OK)
            return bwm_optval_fail_at(e, aname, err, "%s", sub.msg);
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
        return bwm_optval_fail_at(bwm_optset_find(s, hname), hname, err,
                                  "bank hashing function %d is not modelled (modelled: 0, linear)", hash);
    long span = (long)c->l1_banks * c->l1_bank_bytes;
    int sectors = c->coalesce_arch >= 40;
    if (is_pow2(c->l1_banks) && is_pow2(c->l1_bank_bytes) &&
        (sectors ? span == BWM_GPU_LINE_BYTES && c->l1_bank_bytes <= BWM_CACHE_SECTOR_BYTES
                 : span <= BWM_GPU_LINE_BYTES || c->l1_banks == 1))
        return BWM_OK;
    return bwm_optval_fail_at(bwm_optset_find(s, name), name, err, "%d banks interleaved every %d bytes with %s "
                              "accesses (-gpgpu_coalesce_arch %d) do not take one line per cycle as the model's L1D "
                              "does (modelled: powers of two with banks x interleaving %s %d bytes%s)", c->l1_banks,
                              c->l1_bank_bytes, sectors ? "32-byte sector" : "128-byte", c->coalesce_arch,
                              sectors ? "=" : "<=", BWM_GPU_LINE_BYTES,
                              sectors ? ", interleaving <= 32" : ", or one bank");
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
            return bwm_optval_fail_at(e, name, err, "an L2 slice of %d sets: the XOR set index takes 2 to 2^%d sets",
                                      c->l2.sets, BWM_ADDRMAP_MAX_XOR_BITS);
        if (bwm_xor_rows_parse(text, "s", bits, m->set_xor, &sub) != BWM_OK)
            return bwm_optval_fail_at(e, name, err, "%s (-gpgpu_cache:dl2 gives %d sets per slice)", sub.msg,
                                      c->l2.sets);
        m->n_set_bits = bits;
        return BWM_OK;
    }
    const bwm_hash_preset *p = hash ? bwm_hash_preset_find(hash) : NULL;
    if (p && p->set && bwm_hash_preset_set_rows(p, m, bits, &sub) != BWM_OK)
        return bwm_optval_fail_at(he, "-bwm_addr_hash", err, "%s (-gpgpu_cache:dl2)", sub.msg);
    return BWM_OK;
}

/* The L1D: its string, write ratio, options and banks. */
static int l1d(bwm_optset *s, bwm_gpu_config *c, bwm_err *err)
{
    int st = cache_string(s, "-gpgpu_cache:dl1", BWM_DEFAULT_DL1, &c->l1d, &c->l1d_none, err);
    if (st == BWM_OK)
        st = bwm_limit_cache_built(s, "-gpgpu_cache:dl1", &c->l1d, err);
    /* the SM sends an L1D store miss down as a store and nothing else, so a
       write-back L1D would keep its dirty lines and leave its store misses
       waiting for fills that never come */
    if (st == BWM_OK && c->l1d.write == BWM_WRITE_BACK)
        st = bwm_optval_fail_at(bwm_optset_find(s, "-gpgpu_cache:dl1"), "-gpgpu_cache:dl1", err,
                                "write policy B (write-back) in an L1D is not modelled; the model's L1Ds are "
                                "L (local write-back, global write-through), T or E");
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-gpgpu_l1_cache_write_ratio", 0, 0, 1 << 20, &c->l1_write_ratio, err);
    c->l1d.write_ratio = c->l1_write_ratio;
    if (st == BWM_OK)
        st = l1d_options(s, c, err);
    if (st == BWM_OK)
        st = l1_banks(s, c, err);
    return st;
}

/* The L2 slices and the sub-partition's queues around them; the memory
 * limit is checked before a slice is built. */
static int l2(bwm_optset *s, bwm_gpu_config *c, bwm_err *err)
{
    int st = cache_string(s, "-gpgpu_cache:dl2", BWM_DEFAULT_DL2, &c->l2, NULL, err);
    if (st != BWM_OK)
        return st;
    int n = 0;
    static const char qname[] = "-gpgpu_dram_partition_queues";
    st = bwm_optval_ints(s, qname, "8:8:8:8", ':', 4, 4, 1, 1 << 16, c->partition_queues, &n, err);
    /* a sector L2 takes a request as up to 4 sector requests, all into the
       crossbar->L2 queue at once (GPGPU-Sim admits a request only when that
       queue has room for 4, SECTOR_CHUNCK_SIZE) */
    if (st == BWM_OK && c->l2.kind == BWM_CACHE_SECTOR && c->partition_queues[0] < BWM_CACHE_SECTORS)
        st = bwm_optval_fail_at(bwm_optset_find(s, qname), qname, err, "a crossbar->L2 queue of %d: a sector L2 takes "
                                "a request as up to %d sector requests at once, so the queue must hold at least %d",
                                c->partition_queues[0], BWM_CACHE_SECTORS, BWM_CACHE_SECTORS);
    /* an L2 miss needs two free miss-queue entries (a miss and a write-back),
       a store under write allocation "W" three (GPGPU-Sim's
       miss_queue_full(1) and (2)): a shorter queue could never take one */
    int miss_need = 2 + (c->l2.write_alloc == BWM_WALLOC_WRITE);
    if (st == BWM_OK && c->l2.miss_queue < miss_need)
        st = bwm_optval_fail_at(bwm_optset_find(s, "-gpgpu_cache:dl2"), "-gpgpu_cache:dl2", err, "an L2 miss queue of "
                                "%d: a miss needs %d free entries (GPGPU-Sim's miss_queue_full), so the queue must "
                                "hold at least %d", c->l2.miss_queue, miss_need, miss_need);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-gpgpu_dram_return_queue_size", 0, 0, 1 << 20, &c->return_queue, err);
    if (st == BWM_OK)
        st = bwm_limit_gpu_memory(s, c, err);
    if (st == BWM_OK)
        st = bwm_limit_cache_built(s, "-gpgpu_cache:dl2", &c->l2, err);
    return st;
}

/* How the L2 slices are indexed and shared. */
static int l2_placement(bwm_optset *s, bwm_gpu_config *c, bwm_err *err)
{
    static const char aname[] = "-bwm_l2_set_address";
    const char *atext;
    const bwm_optent *ae;
    bwm_optval_str(s, aname, "partition", &atext, &ae);
    if (strcmp(atext, "partition") != 0 && strcmp(atext, "physical") != 0)
        return bwm_optval_fail_at(ae, aname, err, "'%s' is neither partition nor physical", atext);
    c->l2_index_partition = atext[0] == 'p' && atext[1] == 'a';
    static const char name[] = "-bwm_l2_sharing";
    const char *text;
    const bwm_optent *e;
    bwm_optval_str(s, name, "partitioned", &text, &e);
    if (strcmp(text, "partitioned") != 0 && strcmp(text, "shared") != 0)
        return bwm_optval_fail_at(e, name, err, "'%s' is neither partitioned nor shared", text);
    c->l2_shared = text[0] == 's';
    return l2_set_hash(s, c, err);
}

int bwm_gpu_read_caches(bwm_optset *s, bwm_gpu_config *c, bwm_err *err)
{
    int st = l1d(s, c, err);
    if (st == BWM_OK)
        st = l2(s, c, err);
    if (st == BWM_OK)
        st = l2_placement(s, c, err);
    return st;
}
