/* colors.c — page colours from an address map by linear algebra over
 * GF(2) (see colors.h). */
#include "sim/vm/colors.h"

#include <string.h>

/* A combination of module bits: which rows (`of`) and their XOR (`mask`). */
typedef struct combo {
    uint64_t mask;
    uint32_t of;
} combo;

/* Reduces v[0..n) to echelon form on the bits of `on` (highest first);
 * returns the rank.  Rows past the rank have no bit of `on` left. */
static int eliminate(combo *v, int n, uint64_t on)
{
    int rank = 0;
    for (int bit = 63; bit >= 0 && rank < n; bit--) {
        uint64_t b = (uint64_t)1 << bit;
        if (!(on & b))
            continue;
        int p = -1;
        for (int i = rank; i < n && p < 0; i++)
            if (v[i].mask & b)
                p = i;
        if (p < 0)
            continue;
        combo t = v[p];
        v[p] = v[rank];
        v[rank] = t;
        for (int i = 0; i < n; i++)
            if (i != rank && (v[i].mask & b)) {
                v[i].mask ^= v[rank].mask;
                v[i].of ^= v[rank].of;
            }
        rank++;
    }
    return rank;
}

int bwm_colors_of_rows(const uint64_t *row, int d, int page_shift, bwm_colors *out, bwm_err *err)
{
    memset(out, 0, sizeof *out);
    if (d < 1 || d > BWM_MAX_MODULE_BITS)
        return bwm_fail(err, BWM_EINPUT, "%d module bits (expected 1..%d)", d, BWM_MAX_MODULE_BITS);
    if (page_shift < 0 || page_shift > 62)
        return bwm_fail(err, BWM_EINPUT, "a page of 2^%d bytes", page_shift);
    combo v[BWM_MAX_MODULE_BITS];
    for (int i = 0; i < d; i++)
        v[i] = (combo){row[i], (uint32_t)1 << i};
    combo all[BWM_MAX_MODULE_BITS];
    memcpy(all, v, sizeof v);
    if (eliminate(all, d, ~(uint64_t)0) < d)
        return bwm_fail(err, BWM_EINPUT, "the %d module bits are not independent: fewer than %d modules", d, 1 << d);
    uint64_t offset = ((uint64_t)1 << page_shift) - 1;
    int used = eliminate(v, d, offset);
    out->module_bits = d;
    out->color_bits = d - used;
    for (int j = 0; j < out->color_bits; j++) { /* the combinations that read no offset bit */
        out->func[j] = v[used + j].mask;
        out->of_module[j] = v[used + j].of;
    }
    return BWM_OK;
}

int bwm_colors_of_map(const bwm_addrmap *m, int page_shift, bwm_colors *out, bwm_err *err)
{
    uint64_t row[BWM_MAX_MODULE_BITS];
    int d = 0;
    if (m->partition_indexing != BWM_PART_CONSECUTIVE)
        return bwm_fail(err, BWM_EINPUT,
                        "the channels are hashed (-gpgpu_memory_partition_indexing %d): page colours need channel "
                        "bits that are XORs of address bits", m->partition_indexing);
    if (m->kind == BWM_ADDRMAP_XOR && m->n_chan_bits > 0) {
        d = m->n_chan_bits;
        memcpy(row, m->chan_xor, (size_t)d * sizeof row[0]);
    } else if (!bwm_addrmap_partition_is_linear(m)) {
        return bwm_fail(err, BWM_EINPUT,
                        "the channel is the address modulo %d (dramid@%d), not a linear function of it: no page "
                        "colours (give -bwm_addr_xor channel bits, or a power-of-two channel count)",
                        m->n_channels, m->dramid_at);
    } else {
        for (int b = 0; b < 64 && d < BWM_MAX_MODULE_BITS; b++)
            if (m->mask_chip >> b & 1)
                row[d++] = (uint64_t)1 << b;
    }
    if (d == 0)
        return bwm_fail(err, BWM_EINPUT, "one memory module: no page colours");
    int st = bwm_colors_of_rows(row, d, page_shift, out, err);
    if (st == BWM_OK && out->color_bits == 0)
        return bwm_fail(err, BWM_EINPUT,
                        "a page of %llu bytes spans every one of the %d memory modules: no page colours",
                        (unsigned long long)1 << page_shift, 1 << d);
    return st;
}

int bwm_colors_of_banks(const bwm_addrmap *m, int page_shift, bwm_colors *out, bwm_err *err)
{
    uint64_t row[BWM_MAX_MODULE_BITS];
    int d = 0;
    if (m->bank_indexing != 0)
        return bwm_fail(err, BWM_EINPUT, "the bank is hashed with the row (-dram_bnk_indexing_policy %d): bank "
                        "colours need plain bank bits", m->bank_indexing);
    if (!bwm_addrmap_partition_is_linear(m))
        return bwm_fail(err, BWM_EINPUT, "the channel is the address modulo %d (dramid@%d): the bits above it are "
                        "not address bits, so banks have no page colours", m->n_channels, m->dramid_at);
    if (m->n_bank_bits > 0) {
        d = m->n_bank_bits;
        memcpy(row, m->bank_xor, (size_t)d * sizeof row[0]);
    } else {
        for (int b = 0; b < 64 && d < BWM_MAX_MODULE_BITS; b++)
            if (m->mask_bank >> b & 1)
                row[d++] = (uint64_t)1 << b;
    }
    if (d == 0)
        return bwm_fail(err, BWM_EINPUT, "one bank per channel: no bank colours");
    int st = bwm_colors_of_rows(row, d, page_shift, out, err);
    if (st == BWM_OK && out->color_bits == 0)
        return bwm_fail(err, BWM_EINPUT, "a page of %llu bytes spans every one of the %d banks: no bank colours (give "
                        "an address map whose bank bits lie above the page offset, paper 002's Fig. 2(c))",
                        (unsigned long long)1 << page_shift, 1 << d);
    return st;
}
