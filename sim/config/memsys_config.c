/* memsys_config.c — bwm_dram_config from GPGPU-Sim options (see memsys_config.h):
 * the channels' geometry, the timing string, the clocks, the address
 * mapping, the command bus and write queue, and the DRAM device's power;
 * then the controllers' memory limit (config_limits.c). */
#include "sim/config/memsys_config.h"

#include <stdio.h>
#include <string.h>

#include "sim/config/config_limits.h"
#include "sim/config/optset_load.h"
#include "sim/config/optval.h"
#include "sim/config/rx.h"
#include "sim/config/timing_opt.h"
#include "sim/dram/energy.h"
#include "sim/dram/hash_presets.h"
#include "sim/dram/timing.h"
#include "sim/mc/mc.h"
#include "sim/mem/footprint.h"
#include "util/num.h"

/* "core:icnt:l2:dram" in MHz. */
static const char CLOCKS_RX[] =
    "\\s*([^:\\s]+)\\s*:\\s*([^:\\s]+)\\s*:\\s*([^:\\s]+)\\s*:\\s*([^:\\s]+)\\s*\\z";

/* Counts the newlines in the first n bytes of s. */
static int lines_before(const char *s, size_t n)
{
    int k = 0;
    for (size_t i = 0; i < n && s[i]; i++)
        k += s[i] == '\n';
    return k;
}

/* Re-reports a message from a sub-parser at the option's file and line. */
static int at_option(const bwm_optent *e, const char *name, size_t at, const bwm_err *sub,
                     bwm_err *err)
{
    if (!e)
        return bwm_fail(err, BWM_EINPUT, "option %s (default): %s", name, sub->msg);
    return bwm_optval_fail(e, lines_before(e->value, at), err, BWM_EINPUT, "%s", sub->msg);
}

static int geometry(bwm_optset *s, bwm_dram_config *c, bwm_err *err)
{
    int limit_mb;
    int st = bwm_optval_int(s, "-bwm_memory_limit_mb", (int)(BWM_MEMSYS_MAX_BYTES / BWM_MIB), 1, 1 << 22, &limit_mb,
                            err);
    c->memory_limit_bytes = limit_mb * BWM_MIB;
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-gpgpu_n_mem", 8, 1, 4096, &c->n_channels, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-gpgpu_n_sub_partition_per_mchannel", 1, 1, 64, &c->n_sub_partitions, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-gpgpu_n_mem_per_ctrlr", 1, 1, 64, &c->chips_per_channel, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-gpgpu_dram_buswidth", 4, 1, 64, &c->bus_width_bytes, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-dram_data_command_freq_ratio", 2, 1, 16, &c->data_command_ratio, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-gpgpu_dram_burst_length", 4, 1, 256, &c->burst_length, err);
    if (st == BWM_OK && c->burst_length % c->data_command_ratio != 0) {
        /* one of the two is in the file: their defaults (4 and 2) agree */
        const bwm_optent *e = bwm_optset_find(s, "-gpgpu_dram_burst_length");
        st = bwm_optval_fail(e ? e : bwm_optset_find(s, "-dram_data_command_freq_ratio"), 0, err,
                             BWM_EINPUT, "burst length %d is not a multiple of the data-to-command "
                             "clock ratio %d", c->burst_length, c->data_command_ratio);
    }
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-gpgpu_frfcfs_dram_sched_queue_size", 0, 0, 1 << 20, &c->queue_size, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-gpgpu_dram_scheduler", 1, 0, 1, &c->scheduler, err);
    return st;
}

static int timing(bwm_optset *s, bwm_dram_config *c, bwm_err *err)
{
    const char *text;
    const bwm_optent *e;
    bwm_optval_str(s, "-gpgpu_dram_timing_opt", BWM_DEFAULT_DRAM_TIMING, &text, &e);
    size_t at;
    bwm_err sub;
    if (bwm_timing_opt_parse(text, &c->n_banks, &c->n_bank_groups, &c->t, &at, &sub) != BWM_OK)
        return at_option(e, "-gpgpu_dram_timing_opt", at, &sub, err);
    int nsub = c->n_sub_partitions;
    if ((nsub & (nsub - 1)) != 0 || nsub > c->n_banks) {
        /* GPGPU-Sim takes the sub-partition from the low bank bits */
        const bwm_optent *se = bwm_optset_find(s, "-gpgpu_n_sub_partition_per_mchannel");
        return bwm_optval_fail(se, 0, err, BWM_EINPUT, "%d sub-partitions: must be a power of two "
                               "<= the %d banks of a channel", nsub, c->n_banks);
    }
    if (c->t.RTW == 0) {
        c->t.RTW = c->t.CL + c->burst_length / c->data_command_ratio + 2 - c->t.WL;
        if (c->t.RTW <= 0) {
            bwm_fail(&sub, BWM_EINPUT, "derived tRTW = CL + BL/ratio + 2 - WL = %d is not > 0; give RTW= "
                     "in the timing string", c->t.RTW);
            return at_option(e, "-gpgpu_dram_timing_opt", 0, &sub, err);
        }
    }
    /* what the DRAM engine would refuse, refused here */
    bwm_dram_spec spec;
    if (bwm_dram_spec_build(&spec, c, &sub) != BWM_OK)
        return at_option(e, "-gpgpu_dram_timing_opt", 0, &sub, err);
    if (c->n_banks > BWM_MC_MAX_BANKS) {
        bwm_fail(&sub, BWM_EINPUT, "nbk=%d: the memory controller models at most %d banks per channel", c->n_banks,
                 BWM_MC_MAX_BANKS);
        return at_option(e, "-gpgpu_dram_timing_opt", 0, &sub, err);
    }
    return BWM_OK;
}

static int clocks(bwm_optset *s, bwm_dram_config *c, bwm_err *err)
{
    const char *text;
    const bwm_optent *e;
    bwm_optval_str(s, "-gpgpu_clock_domains", BWM_DEFAULT_CLOCK_DOMAINS, &text, &e);
    bwm_rx rx;
    int st = bwm_rx_compile(&rx, CLOCKS_RX, err);
    if (st != BWM_OK)
        return st;
    double *mhz[4] = {&c->core_mhz, &c->icnt_mhz, &c->l2_mhz, &c->dram_mhz};
    if (!bwm_rx_match(&rx, text, strlen(text), 0, 1))
        st = bwm_optval_fail(e, 0, err, BWM_EINPUT, "'%s' is not CORE:ICNT:L2:DRAM in MHz", text);
    for (int i = 0; i < 4 && st == BWM_OK; i++) {
        size_t a, b;
        char num[64];
        bwm_rx_group(&rx, i + 1, &a, &b);
        snprintf(num, sizeof num, "%.*s", (int)(b - a), text + a);
        if (bwm_parse_double(num, mhz[i]) != 0 || !(*mhz[i] >= BWM_CLOCK_MHZ_MIN && *mhz[i] <= BWM_CLOCK_MHZ_MAX))
            st = bwm_optval_fail(e, 0, err, BWM_EINPUT, "clock '%s' is not a frequency in %g..%g MHz", num,
                                 BWM_CLOCK_MHZ_MIN, BWM_CLOCK_MHZ_MAX);
    }
    bwm_rx_free(&rx);
    return st;
}

/* GPGPU-Sim's preset mappings (-gpgpu_mem_address_mask, addrdec.cc): the
 * channel's position and the bank, row and column masks before the channel
 * bits are inserted; the burst is always the low 4 bits (0xF). */
typedef struct addr_preset {
    int value, chip_at;
    uint64_t bank, row, col;
} addr_preset;

static const addr_preset presets[] = {
    {0, 10, 0x300, 0x7FFE000, 0x1CFF},   {160, 6, 0x300, 0x7FFE000, 0x1CFF},
    {1, 13, 0x1800, 0x7FFE000, 0x7FF},   {2, 11, 0x1800, 0x7FFE000, 0x7FF},
    {3, 11, 0x1800, 0xFFFE000, 0x7FF},   {5, 5, 0x1800, 0x7FFE000, 0x7FF},
    {6, 6, 0x1800, 0x7FFE000, 0x7FF},    {106, 6, 0x1800, 0x7FFE000, 0x7FF},
    {14, 14, 0x1800, 0x7FFE000, 0x7FF},  {15, 15, 0x1800, 0x7FFE000, 0x7FF},
    {16, 16, 0x1800, 0x7FFE000, 0x7FF},
};

/* The preset as a mapping string, "dramid@N;" and 64 letters (S marks a
 * burst bit, which is a column bit too). */
static void preset_text(const addr_preset *p, char *out, size_t size)
{
    int n = snprintf(out, size, "dramid@%d;", p->chip_at);
    for (int b = 63; b >= 0 && n + 1 < (int)size; b--) {
        uint64_t m = (uint64_t)1 << b;
        out[n++] = b < 4 ? 'S' : p->bank & m ? 'B' : p->row & m ? 'R' : p->col & m ? 'C' : '0';
    }
    out[n] = '\0';
}

/* -gpgpu_mem_address_mask picks one of the presets, and
 * -gpgpu_mem_addr_mapping, when given, replaces every mask and the channel
 * position of the preset: then the mask changes nothing at any value.
 * Without a mapping string the preset is the mapping (0 is the default);
 * GPGPU-Sim's 100 and 103 share bits between the bank and the burst, which
 * a mapping string cannot say, and other values leave its constructor's
 * overlapping masks: both are refused.  *text is set to the preset's
 * mapping (in buf) when one applies. */
static int address_mask(bwm_optset *s, const bwm_optent *map_given, const char **text, char *buf, size_t size,
                        bwm_err *err)
{
    static const char name[] = "-gpgpu_mem_address_mask";
    int mask = 0;
    int st = bwm_optval_int(s, name, 0, -(1 << 30), 1 << 30, &mask, err);
    if (st != BWM_OK || map_given || mask == 0)
        return st;
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++)
        if (presets[i].value == mask) {
            preset_text(&presets[i], buf, size);
            *text = buf;
            return BWM_OK;
        }
    return bwm_optval_fail(bwm_optset_find(s, name), 0, err, BWM_EINPUT,
                           "preset address mapping %d is not modelled (modelled: 0, 1, 2, 3, 5, 6, 14, 15, 16, 106, "
                           "160); give the mapping with -gpgpu_mem_addr_mapping, which replaces the preset", mask);
}

/* -bwm_addr_hash NAME: a real GPU's hash (hash_presets.h) in place of
 * -bwm_addr_xor, whose channels no partition indexing may hash again. */
static int address_hash(bwm_optset *s, bwm_dram_config *c, int have_xor, bwm_err *err)
{
    const char *name;
    const bwm_optent *e;
    bwm_err sub;
    bwm_optval_str(s, "-bwm_addr_hash", NULL, &name, &e);
    if (!name)
        return BWM_OK;
    const bwm_hash_preset *p = bwm_hash_preset_find(name);
    if (!p)
        return bwm_optval_fail(e, 0, err, BWM_EINPUT, "unknown address hash '%s' (known: %s)", name,
                               bwm_hash_preset_names());
    if (have_xor)
        return bwm_optval_fail(e, 0, err, BWM_EINPUT, "give -bwm_addr_hash or -bwm_addr_xor, not both");
    if (bwm_hash_preset_apply(p, &c->map, &sub) != BWM_OK)
        return at_option(e, "-bwm_addr_hash", 0, &sub, err);
    return BWM_OK;
}

static int mapping(bwm_optset *s, bwm_dram_config *c, bwm_err *err)
{
    const char *text;
    const bwm_optent *e;
    bwm_err sub;
    char preset[96];
    bwm_optval_str(s, "-gpgpu_mem_addr_mapping", BWM_DEFAULT_ADDR_MAPPING, &text, &e);
    int st0 = address_mask(s, e, &text, preset, sizeof preset, err);
    if (st0 != BWM_OK)
        return st0;
    if (bwm_addrmap_parse_mask(&c->map, text, c->n_channels, c->n_sub_partitions, c->n_banks,
                               c->n_bank_groups, &sub) != BWM_OK) {
        const char *mname = text == preset ? "-gpgpu_mem_address_mask" : "-gpgpu_mem_addr_mapping";
        return at_option(text == preset ? bwm_optset_find(s, mname) : e, mname, 0, &sub, err);
    }
    bwm_optval_str(s, "-bwm_addr_xor", NULL, &text, &e);
    if (text && bwm_addrmap_parse_xor(&c->map, text, &sub) != BWM_OK)
        return at_option(e, "-bwm_addr_xor", 0, &sub, err);
    int st0h = address_hash(s, c, text != NULL, err);
    if (st0h != BWM_OK)
        return st0h;

    /* GPGPU-Sim 3.x calls it -memory_partition_indexing; 4.x adds the prefix. */
    const char *pname = bwm_optval_alias(s, "-gpgpu_memory_partition_indexing", "-memory_partition_indexing");
    int st = bwm_optval_int(s, pname, 0, 0, 5, &c->partition_indexing, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-dram_bnk_indexing_policy", 0, 0, 1, &c->bank_indexing, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-dram_bnkgrp_indexing_policy", 0, 0, 1, &c->bankgroup_indexing, err);
    const char *hash;
    bwm_optval_str(s, "-bwm_addr_hash", NULL, &hash, &e);
    if (st == BWM_OK && hash && c->partition_indexing != BWM_PART_CONSECUTIVE)
        return bwm_optval_fail(bwm_optset_find(s, pname), 0, err, BWM_EINPUT,
                               "%d would hash again the channels that -bwm_addr_hash %s gives: set %s 0",
                               c->partition_indexing, hash, pname);
    if (st == BWM_OK &&
        bwm_addrmap_set_indexing(&c->map, c->partition_indexing, c->bank_indexing,
                                 c->bankgroup_indexing, &sub) != BWM_OK)
        return at_option(bwm_optset_find(s, pname), pname, 0, &sub, err);
    return st;
}

/* HBM's dual command bus and the separate write queue (GPGPU-Sim 4.x names,
 * and the 3.x/early-4.x spellings). */
static int command_and_write_queues(bwm_optset *s, bwm_dram_config *c, bwm_err *err)
{
    int st = bwm_optval_int(s, bwm_optval_alias(s, "-dram_dual_bus_interface", "-dual_bus_interface"), 0, 0, 1,
                            &c->dual_bus, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, bwm_optval_alias(s, "-dram_seperate_write_queue_enable",
                                                "-Seperate_Write_Queue_Enable"), 0, 0, 1, &c->write_queue, err);
    const char *qname = bwm_optval_alias(s, "-dram_write_queue_size", "-Write_Queue_Size");
    int q[3], n = 0;
    if (st == BWM_OK)
        st = bwm_optval_ints(s, qname, "32:28:16", ':', 3, 3, 1, 1 << 16, q, &n, err);
    if (st != BWM_OK)
        return st;
    if (q[1] > q[0] || q[2] > q[1]) {
        const bwm_optent *e = bwm_optset_find(s, qname);
        if (e)
            return bwm_optval_fail(e, 0, err, BWM_EINPUT, "SIZE:HIGH:LOW must have LOW <= HIGH <= SIZE, got %d:%d:%d",
                                   q[0], q[1], q[2]);
    }
    c->write_queue_size = q[0];
    c->write_high = q[1];
    c->write_low = q[2];
    return BWM_OK;
}

/* -bwm_dram_idd0 .. -bwm_dram_vdd: one device's currents (mA) and voltage
 * (V), for DRAM energy.  All or none: a set given in part would mix the
 * figures of two parts, so a missing one is refused at a given one. */
static int power(bwm_optset *s, bwm_dram_config *c, bwm_err *err)
{
    static const bwm_dram_power def = BWM_DRAM_POWER_DEFAULTS;
    bwm_dram_power *p = &c->power;
    const struct {
        const char *name;
        double def, *out;
    } opts[BWM_DRAM_POWER_FIELDS] = { /* in bwm_dram_power's order */
        {"-bwm_dram_idd0", def.idd0, &p->idd0},   {"-bwm_dram_idd2p", def.idd2p, &p->idd2p},
        {"-bwm_dram_idd2n", def.idd2n, &p->idd2n}, {"-bwm_dram_idd3p", def.idd3p, &p->idd3p},
        {"-bwm_dram_idd3n", def.idd3n, &p->idd3n}, {"-bwm_dram_idd4r", def.idd4r, &p->idd4r},
        {"-bwm_dram_idd4w", def.idd4w, &p->idd4w}, {"-bwm_dram_idd5", def.idd5, &p->idd5},
        {"-bwm_dram_vdd", def.vdd, &p->vdd},
    };
    enum { N = sizeof opts / sizeof opts[0] };
    const char *names[N];
    char missing[256] = "";
    size_t len = 0, given = 0;
    for (size_t i = 0; i < N; i++) {
        names[i] = opts[i].name;
        int st = bwm_optval_positive(s, opts[i].name, opts[i].def, opts[i].out, err);
        if (st != BWM_OK)
            return st;
        if (bwm_optset_find(s, opts[i].name))
            given++;
        else
            len += (size_t)snprintf(missing + len, sizeof missing - len, "%s%s", len ? ", " : "", opts[i].name);
    }
    const bwm_optent *last = bwm_optval_last_given(s, names, N);
    if (given > 0 && given < N)
        return bwm_optval_fail(last, 0, err, BWM_EINPUT, "the DRAM device's currents and voltage are given "
                               "together or not at all (the defaults are one part's): missing %s", missing);
    bwm_err sub;
    int at;
    if (bwm_dram_power_check(p, &at, &sub) != BWM_OK) /* all given: the defaults pass */
        return bwm_optval_fail(bwm_optset_find(s, opts[at].name), 0, err, BWM_EINPUT, "%s", sub.msg);
    return BWM_OK;
}

int bwm_dram_config_from_opts(bwm_optset *s, bwm_dram_config *cfg, bwm_err *err)
{
    bwm_dram_config c;
    memset(&c, 0, sizeof c);
    int st = geometry(s, &c, err);
    if (st == BWM_OK)
        st = timing(s, &c, err);
    if (st == BWM_OK)
        st = clocks(s, &c, err);
    if (st == BWM_OK)
        st = mapping(s, &c, err);
    if (st == BWM_OK)
        st = command_and_write_queues(s, &c, err);
    if (st == BWM_OK)
        st = power(s, &c, err);
    if (st == BWM_OK)
        st = bwm_limit_memsys(s, &c, err);
    if (st == BWM_OK)
        *cfg = c;
    return st;
}

static int take_memsys_config(bwm_optset *s, void *cfg, bwm_err *err)
{
    return bwm_dram_config_from_opts(s, cfg, err);
}

int bwm_memsys_config_load_files(const char *const *paths, size_t n, const char *overrides, const char *origin,
                                 bwm_dram_config *cfg, bwm_optlist *ign, bwm_err *err)
{
    return bwm_optset_load_files(paths, n, overrides, origin, take_memsys_config, cfg, ign, err);
}

int bwm_memsys_config_load_with(const char *path, const char *overrides, const char *origin,
                                bwm_dram_config *cfg, bwm_optlist *ign, bwm_err *err)
{
    return bwm_memsys_config_load_files(&path, 1, overrides, origin, cfg, ign, err);
}

int bwm_memsys_config_load(const char *path, bwm_dram_config *cfg, bwm_optlist *ign,
                           bwm_err *err)
{
    return bwm_memsys_config_load_with(path, NULL, NULL, cfg, ign, err);
}
