/* addrmap.c — decoding physical addresses into channel, bank, row, column
 * (see addrmap.h).
 *
 * The mask form follows GPGPU-Sim's addrdec: the 64-character mask gives, from
 * bit 63 down to bit 0, the field each address bit belongs to (D channel,
 * B bank, R row, C column, S burst offset, which is also part of the column;
 * 0 unused).  "dramid@N" takes the channel at bit N instead of from D bits:
 * with a power-of-two channel count the log2(n) channel bits are inserted at
 * N and every mask bit at or above N moves up; with any other count (e.g. 6)
 * the channel is (addr >> N) % n and the other fields are read from the
 * address with the quotient (addr >> N) / n put back at bit N.  The
 * sub-partition is the low bits of the bank, before bank indexing. */
#include "sim/dram/addrmap.h"

#include <stdlib.h>
#include <string.h>

#include "sim/dram/index_hash.h"
#include "util/num.h"

static int is_pow2(int x)
{
    return x > 0 && (x & (x - 1)) == 0;
}

static int log2i(int x)
{
    int k = 0;
    while ((1 << (k + 1)) <= x)
        k++;
    return k;
}

static int popcount64(uint64_t x)
{
    int k = 0;
    for (; x; x &= x - 1)
        k++;
    return k;
}

/* Index of the lowest set bit of x (x != 0). */
static int ctz64(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_ctzll(x);
#else
    int k = 0;
    for (; !(x & 1); x >>= 1)
        k++;
    return k;
#endif
}

/* Gathers the bits of v selected by mask into the low bits of the result,
 * lowest first (GPGPU-Sim's addrdec_packbits), a run of adjacent mask bits at
 * a time: masks are a few runs, so this is a handful of shifts. */
static uint64_t pack(uint64_t mask, uint64_t v)
{
    uint64_t r = 0;
    int pos = 0;
    while (mask) {
        int lo = ctz64(mask);
        uint64_t run = mask >> lo;
        int w = ~run ? ctz64(~run) : 64 - lo;
        uint64_t ones = w >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1);
        r |= ((v >> lo) & ones) << pos;
        pos += w;
        mask &= ~(ones << lo);
    }
    return r;
}

/* Moves every bit of mask at or above bit at (< 64) up by k places. */
static uint64_t open_gap(uint64_t mask, int at, int k)
{
    uint64_t low = ((uint64_t)1 << at) - 1;
    return ((mask & ~low) << k) | (mask & low);
}

static int geometry(bwm_addrmap *m, int n_channels, int n_sub, int n_banks, int n_groups,
                    bwm_err *err)
{
    if (n_channels < 1 || n_channels > 4096)
        return bwm_fail(err, BWM_EINPUT, "channel count %d is outside 1..4096", n_channels);
    if (!is_pow2(n_banks) || n_banks > (1 << BWM_ADDRMAP_MAX_XOR_BITS))
        return bwm_fail(err, BWM_EINPUT, "bank count %d is not a power of two", n_banks);
    if (!is_pow2(n_groups) || n_groups > n_banks)
        return bwm_fail(err, BWM_EINPUT, "bank-group count %d is not a power of two <= %d banks",
                        n_groups, n_banks);
    if (!is_pow2(n_sub) || n_sub > n_banks)
        return bwm_fail(err, BWM_EINPUT, "sub-partition count %d is not a power of two <= %d banks",
                        n_sub, n_banks);
    m->n_channels = n_channels;
    m->n_sub_partitions = n_sub;
    m->n_banks = n_banks;
    m->n_bank_groups = n_groups;
    return BWM_OK;
}

/* Reads "dramid@N;" at the start of spec; returns the rest of the spec. */
static const char *parse_dramid(bwm_addrmap *m, const char *spec, bwm_err *err, int *st)
{
    m->dramid_at = -1;
    *st = BWM_OK;
    if (strncmp(spec, "dramid@", 7) != 0)
        return spec;
    const char *semi = strchr(spec, ';');
    char num[16];
    size_t n = semi ? (size_t)(semi - spec - 7) : 0;
    int64_t at;
    if (!semi || n == 0 || n >= sizeof num) {
        *st = bwm_fail(err, BWM_EINPUT, "expected dramid@BIT; before the mask");
        return spec;
    }
    memcpy(num, spec + 7, n);
    num[n] = '\0';
    if (bwm_parse_i64(num, &at) != 0 || at < 0 || at > 63) {
        *st = bwm_fail(err, BWM_EINPUT, "dramid@%s: the channel bit must be an integer in 0..63", num);
        return spec;
    }
    m->dramid_at = (int)at;
    return semi + 1;
}

/* Reads the 64 field letters into the masks. */
static int parse_letters(bwm_addrmap *m, const char *s, bwm_err *err)
{
    int ofs = 63;
    for (const char *p = s; *p; p++) {
        uint64_t *field = NULL;
        switch (*p) {
        case 'D': case 'd': field = &m->mask_chip; break;
        case 'B': case 'b': field = &m->mask_bank; break;
        case 'R': case 'r': field = &m->mask_row; break;
        case 'C': case 'c': field = &m->mask_col; break;
        case 'S': case 's': field = &m->mask_burst; break;
        case '0': break;
        case '.': case '|': case ' ': continue;
        default:
            return bwm_fail(err, BWM_EINPUT, "invalid character '%c' in the mask (expected D B R C S 0 . |)", *p);
        }
        if (ofs < 0)
            return bwm_fail(err, BWM_EINPUT, "the mask has more than 64 bits");
        if (field)
            *field |= (uint64_t)1 << ofs;
        ofs--;
    }
    if (ofs != -1)
        return bwm_fail(err, BWM_EINPUT, "the mask has %d bits, expected 64", 63 - ofs);
    m->mask_col |= m->mask_burst; /* S bits are the low column bits */
    return BWM_OK;
}

/* Places the channel: D bits, or dramid@N as described at the top. */
static int place_channel(bwm_addrmap *m, bwm_err *err)
{
    int n = m->n_channels, d = popcount64(m->mask_chip);
    if (m->dramid_at >= 0) {
        if (d)
            return bwm_fail(err, BWM_EINPUT, "give the channel either as dramid@N or as D bits, not both");
        if (!is_pow2(n))
            return BWM_OK; /* channel = (addr >> N) % n at decode time */
        int k = log2i(n), at = m->dramid_at;
        uint64_t above = (m->mask_bank | m->mask_row | m->mask_col) & ~(((uint64_t)1 << at) - 1);
        if (k > 0 && (at + k > 64 || (above >> (64 - k)) != 0))
            return bwm_fail(err, BWM_EINPUT, "inserting %d channel bits at bit %d pushes mask bits past bit 63", k, at);
        m->mask_bank = open_gap(m->mask_bank, at, k);
        m->mask_row = open_gap(m->mask_row, at, k);
        m->mask_col = open_gap(m->mask_col, at, k);
        m->mask_burst = open_gap(m->mask_burst, at, k);
        for (int i = 0; i < k; i++)
            m->mask_chip |= (uint64_t)1 << (at + i);
        return BWM_OK;
    }
    if (d == 0 && n > 1)
        return bwm_fail(err, BWM_EINPUT, "the mask has no channel bits: give D bits or dramid@N for %d channels", n);
    if (!is_pow2(n))
        return bwm_fail(err, BWM_EINPUT, "%d channels is not a power of two: use dramid@N instead of D bits", n);
    if (d != log2i(n))
        return bwm_fail(err, BWM_EINPUT, "the mask has %d channel bits (D), %d channels need %d", d, n, log2i(n));
    return BWM_OK;
}

int bwm_addrmap_parse_mask(bwm_addrmap *m, const char *spec, int n_channels,
                           int n_sub_partitions, int n_banks, int n_bank_groups,
                           bwm_err *err)
{
    memset(m, 0, sizeof *m);
    m->kind = BWM_ADDRMAP_MASK;
    int st = geometry(m, n_channels, n_sub_partitions, n_banks, n_bank_groups, err);
    if (st != BWM_OK)
        return st;
    const char *letters = parse_dramid(m, spec, err, &st);
    if (st == BWM_OK)
        st = parse_letters(m, letters, err);
    if (st == BWM_OK)
        st = place_channel(m, err);
    if (st != BWM_OK)
        return st;
    if ((m->mask_chip & (m->mask_bank | m->mask_row | m->mask_col)) != 0)
        return bwm_fail(err, BWM_EINPUT, "channel bits overlap other fields");
    int b = popcount64(m->mask_bank);
    if (b != log2i(n_banks))
        return bwm_fail(err, BWM_EINPUT, "the mask has %d bank bits (B), %d banks need %d", b, n_banks,
                        log2i(n_banks));
    return BWM_OK;
}

/* Reads one "chI=B^B^..." or "bkI=..." entry into m. */
int bwm_xor_row_parse(const char *bits, uint64_t *mask, bwm_err *err)
{
    char buf[256];
    char *bit[64];
    int n = bwm_split(bits, '^', buf, sizeof buf, bit, 64);
    if (n < 1)
        return bwm_fail(err, BWM_EINPUT, "too many bits");
    *mask = 0;
    for (int i = 0; i < n; i++) {
        int64_t b;
        if (bwm_parse_i64(bit[i], &b) != 0 || b < 0 || b > 63)
            return bwm_fail(err, BWM_EINPUT, "'%s' is not an address bit 0..63", bit[i]);
        if (*mask & ((uint64_t)1 << b))
            return bwm_fail(err, BWM_EINPUT, "bit %lld listed twice", (long long)b);
        *mask |= (uint64_t)1 << b;
    }
    return BWM_OK;
}

int bwm_xor_rows_parse(const char *spec, const char *prefix, int n_rows, uint64_t *rows, bwm_err *err)
{
    size_t len = strlen(spec), plen = strlen(prefix);
    char *text = malloc(len + 1);
    if (!text)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    for (size_t i = 0; i <= len; i++) /* white space separates entries like ';' */
        text[i] = (spec[i] == ' ' || spec[i] == '\t' || spec[i] == '\n' || spec[i] == '\r') ? ';' : spec[i];
    uint64_t seen = 0;
    int st = BWM_OK;
    for (char *e = text, *next; e && st == BWM_OK; e = next) {
        next = strchr(e, ';');
        if (next)
            *next++ = '\0';
        if (!*e)
            continue;
        char *eq = strchr(e, '=');
        int64_t idx;
        bwm_err sub;
        if (!eq || strncmp(e, prefix, plen) != 0) {
            st = bwm_fail(err, BWM_EINPUT, "entry '%s': expected %sI=BIT^BIT...", e, prefix);
            break;
        }
        *eq = '\0';
        if (bwm_parse_i64(e + plen, &idx) != 0)
            st = bwm_fail(err, BWM_EINPUT, "entry '%s': expected %sI=BIT^BIT... (I in 0..%d)", e, prefix,
                          n_rows - 1);
        else if (idx < 0 || idx >= n_rows)
            st = bwm_fail(err, BWM_EINPUT, "entry %s: index must be in 0..%d (%d rows)", e, n_rows - 1, n_rows);
        else if (seen & ((uint64_t)1 << idx))
            st = bwm_fail(err, BWM_EINPUT, "entry %s given twice", e);
        else if (bwm_xor_row_parse(eq + 1, &rows[idx], &sub) != BWM_OK)
            st = bwm_fail(err, BWM_EINPUT, "entry %s: %s", e, sub.msg);
        seen |= (uint64_t)1 << (idx & 63);
    }
    free(text);
    if (st == BWM_OK && seen != (((uint64_t)1 << n_rows) - 1))
        st = bwm_fail(err, BWM_EINPUT, "give every one of %s0..%s%d (%d rows)", prefix, prefix, n_rows - 1, n_rows);
    return st;
}

static int parse_xor_entry(bwm_addrmap *m, char *e, int nch, int nbk, uint64_t *seen_ch,
                           uint64_t *seen_bk, bwm_err *err)
{
    char *eq = strchr(e, '=');
    int is_ch = strncmp(e, "ch", 2) == 0, is_bk = strncmp(e, "bk", 2) == 0;
    if (!eq || (!is_ch && !is_bk))
        return bwm_fail(err, BWM_EINPUT, "XOR entry '%s': expected chI=BIT^BIT... or bkI=BIT^BIT...", e);
    *eq = '\0';
    int64_t idx;
    int limit = is_ch ? nch : nbk;
    if (bwm_parse_i64(e + 2, &idx) != 0 || idx < 0 || idx >= limit)
        return bwm_fail(err, BWM_EINPUT, "XOR entry %s: index must be in 0..%d (%d %s bits)", e,
                        limit - 1, limit, is_ch ? "channel" : "bank");
    uint64_t *seen = is_ch ? seen_ch : seen_bk;
    if (*seen & ((uint64_t)1 << idx))
        return bwm_fail(err, BWM_EINPUT, "XOR entry %s given twice", e);
    *seen |= (uint64_t)1 << idx;
    uint64_t mask;
    bwm_err sub;
    if (bwm_xor_row_parse(eq + 1, &mask, &sub) != BWM_OK)
        return bwm_fail(err, BWM_EINPUT, "XOR entry %s: %s", e, sub.msg);
    (is_ch ? m->chan_xor : m->bank_xor)[idx] = mask;
    return BWM_OK;
}

int bwm_addrmap_parse_xor(bwm_addrmap *m, const char *spec, bwm_err *err)
{
    int nch = log2i(m->n_channels), nbk = log2i(m->n_banks);
    if (nch > BWM_ADDRMAP_MAX_XOR_BITS)
        return bwm_fail(err, BWM_EINPUT, "the XOR mapping supports at most %d channel bits",
                        BWM_ADDRMAP_MAX_XOR_BITS);
    size_t len = strlen(spec);
    char *text = malloc(len + 1);
    if (!text)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    for (size_t i = 0; i <= len; i++) /* white space separates entries like ';' */
        text[i] = (spec[i] == ' ' || spec[i] == '\t' || spec[i] == '\n' || spec[i] == '\r') ? ';' : spec[i];
    uint64_t seen_ch = 0, seen_bk = 0;
    int st = BWM_OK;
    for (char *e = text, *next; e && st == BWM_OK; e = next) {
        next = strchr(e, ';');
        if (next)
            *next++ = '\0';
        if (*e)
            st = parse_xor_entry(m, e, nch, nbk, &seen_ch, &seen_bk, err);
    }
    free(text);
    if (st != BWM_OK)
        return st;
    uint64_t all_ch = ((uint64_t)1 << nch) - 1, all_bk = ((uint64_t)1 << nbk) - 1;
    if (seen_ch == 0 && seen_bk == 0)
        return bwm_fail(err, BWM_EINPUT, "the XOR mapping is empty (expected chI=BIT^BIT... or bkI=...)");
    if (seen_ch != 0 && !is_pow2(m->n_channels))
        return bwm_fail(err, BWM_EINPUT, "XOR channel bits need a power-of-two channel count (got %d); "
                        "give only bk bits", m->n_channels);
    if (seen_ch != 0 && seen_ch != all_ch)
        return bwm_fail(err, BWM_EINPUT, "the XOR mapping must give all of ch0..ch%d or none", nch - 1);
    if (seen_bk != 0 && seen_bk != all_bk)
        return bwm_fail(err, BWM_EINPUT, "the XOR mapping must give all of bk0..bk%d or none", nbk - 1);
    m->kind = BWM_ADDRMAP_XOR;
    m->n_chan_bits = seen_ch ? nch : 0;
    m->n_bank_bits = seen_bk ? nbk : 0;
    return BWM_OK;
}

/* Sub-partitions with the channel count rounded up to a power of two (the
 * range IPOLY hashes into). */
static int pow2_sub_partitions(const bwm_addrmap *m)
{
    int n = 1;
    while (n < m->n_channels)
        n *= 2;
    return n * m->n_sub_partitions;
}

int bwm_addrmap_set_indexing(bwm_addrmap *m, int partition, int bank, int bankgroup,
                             bwm_err *err)
{
    int pow2_total = pow2_sub_partitions(m);
    if (partition < BWM_PART_CONSECUTIVE || partition > BWM_PART_CUSTOM)
        return bwm_fail(err, BWM_EINPUT, "partition indexing %d is not one of GPGPU-Sim's: 0 consecutive, "
                        "1 bitwise XOR, 2 IPOLY, 3 PAE, 4 random, 5 custom", partition);
    if (bank < 0 || bank > 1)
        return bwm_fail(err, BWM_EINPUT, "bank indexing %d is not modelled (0 = linear, 1 = XOR with the row)", bank);
    if (bankgroup < 0 || bankgroup > 1)
        return bwm_fail(err, BWM_EINPUT, "bank-group indexing %d is not modelled (0 = high bank bits, 1 = low bank bits)", bankgroup);
    if (partition == BWM_PART_BITWISE && (m->kind != BWM_ADDRMAP_MASK || !is_pow2(m->n_channels)))
        return bwm_fail(err, BWM_EINPUT, "partition indexing 1 needs the mask form and a power-of-two channel count");
    if (partition == BWM_PART_IPOLY && !bwm_ipoly_supports(pow2_total))
        return bwm_fail(err, BWM_EINPUT, "partition indexing 2 (IPOLY) hashes %d x %d sub-partitions into %d; "
                        "GPGPU-Sim defines IPOLY for 16, 32 or 64", m->n_channels, m->n_sub_partitions, pow2_total);
    if (partition == BWM_PART_PAE && (m->n_channels != 32 || m->kind != BWM_ADDRMAP_MASK))
        return bwm_fail(err, BWM_EINPUT, "partition indexing 3 (PAE) is defined for 32 channels and the mask form only "
                        "(got %d channels)", m->n_channels);
    if (partition == BWM_PART_CUSTOM)
        return bwm_fail(err, BWM_EINPUT, "partition indexing 5 (custom) has no function in GPGPU-Sim; "
                        "use 0 to 4");
    if (partition == BWM_PART_RANDOM && m->dramid_at < 0 && m->mask_chip == 0)
        return bwm_fail(err, BWM_EINPUT, "partition indexing 4 (random) needs channel bits (dramid@N or D bits)");
    m->partition_indexing = partition;
    m->bank_indexing = bank;
    m->bankgroup_indexing = bankgroup;
    return BWM_OK;
}

static uint32_t xor_bits(const uint64_t *masks, int n, uint64_t addr)
{
    uint32_t r = 0;
    for (int i = 0; i < n; i++)
        r |= (uint32_t)(popcount64(addr & masks[i]) & 1) << i;
    return r;
}

/* The lowest address bit of the channel (GPGPU-Sim's ADDR_CHIP_S). */
static int chip_low_bit(const bwm_addrmap *m)
{
    return m->dramid_at >= 0 ? m->dramid_at : (m->mask_chip ? ctz64(m->mask_chip) : 0);
}

/* splitmix64's finaliser: a fixed, well-mixed function of x. */
static uint64_t mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

/* Partition indexing 2 and 4 choose the global sub-partition directly. */
static int global_sub_partition(const bwm_addrmap *m, uint64_t addr, uint64_t high, uint32_t chip,
                                uint64_t bank, uint32_t *global)
{
    uint32_t nsub = (uint32_t)m->n_sub_partitions, total = (uint32_t)m->n_channels * nsub;
    if (m->partition_indexing == BWM_PART_IPOLY) {
        uint32_t sp = chip * nsub + (uint32_t)(bank & (nsub - 1));
        *global = bwm_ipoly_hash(high, sp, pow2_sub_partitions(m)) % total;
        return 1;
    }
    if (m->partition_indexing == BWM_PART_RANDOM) {
        int shift = chip_low_bit(m) - log2i(m->n_sub_partitions);
        *global = (uint32_t)(mix64(addr >> (shift > 0 ? shift : 0)) % total);
        return 1;
    }
    return 0;
}

void bwm_addrmap_decode(const bwm_addrmap *m, uint64_t addr, bwm_dram_addr *out)
{
    uint64_t rest = addr, chip, high = 0;
    uint64_t n = (uint64_t)m->n_channels;
    if (m->dramid_at >= 0 && !is_pow2(m->n_channels)) {
        int at = m->dramid_at;
        uint64_t above = addr >> at;
        chip = above % n;
        high = above / n;
        rest = (high << at) | (addr & (((uint64_t)1 << at) - 1));
    } else {
        chip = pack(m->mask_chip, addr);
        int shift = chip_low_bit(m) + log2i(m->n_channels) + log2i(m->n_sub_partitions);
        high = shift >= 64 ? 0 : addr >> shift;
    }
    uint64_t bank = pack(m->mask_bank, rest);
    out->row = (uint32_t)pack(m->mask_row, rest);
    out->col = (uint32_t)pack(m->mask_col, rest);
    out->burst = pack(m->mask_burst, rest);
    if (m->n_chan_bits > 0)
        chip = xor_bits(m->chan_xor, m->n_chan_bits, addr);
    if (m->n_bank_bits > 0)
        bank = xor_bits(m->bank_xor, m->n_bank_bits, rest);
    if (m->partition_indexing == BWM_PART_BITWISE)
        chip = bwm_bitwise_hash(high, (uint32_t)chip, m->n_channels);
    else if (m->partition_indexing == BWM_PART_PAE)
        chip = bwm_pae_hash(high, (uint32_t)chip);
    uint32_t global;
    if (global_sub_partition(m, addr, high, (uint32_t)chip, bank, &global)) {
        out->channel = global / (uint32_t)m->n_sub_partitions;
        out->sub_partition = global % (uint32_t)m->n_sub_partitions;
    } else {
        out->channel = (uint32_t)chip;
        out->sub_partition = (uint32_t)(bank & (uint64_t)(m->n_sub_partitions - 1));
    }
    if (m->bank_indexing == 1)
        bank ^= out->row & (uint64_t)(m->n_banks - 1);
    out->bank = (uint32_t)bank;
    if (m->bankgroup_indexing == 1)
        out->bank_group = (uint32_t)(bank & (uint64_t)(m->n_bank_groups - 1));
    else
        out->bank_group = (uint32_t)(bank / (uint64_t)(m->n_banks / m->n_bank_groups));
}

int bwm_addrmap_partition_is_linear(const bwm_addrmap *m)
{
    return !(m->dramid_at >= 0 && !is_pow2(m->n_channels));
}

uint64_t bwm_addrmap_partition_addr(const bwm_addrmap *m, uint64_t addr)
{
    /* the sub-partition bits: the lowest log2(n_sub_partitions) bank bits */
    uint64_t sub_mask = 0, bank = m->mask_bank;
    for (int i = 0; i < log2i(m->n_sub_partitions) && bank; i++) {
        uint64_t low = bank & (~bank + 1);
        sub_mask |= low;
        bank &= ~low;
    }
    if (!bwm_addrmap_partition_is_linear(m)) {
        int at = m->dramid_at;
        uint64_t rest = ((addr >> at) / (uint64_t)m->n_channels) << at;
        rest |= addr & (((uint64_t)1 << at) - 1);
        return pack(~sub_mask, rest);
    }
    return pack(~(m->mask_chip | sub_mask), addr);
}
