/* addrmap.h — decoding a physical address into channel, bank, row, column.
 *
 * Two forms: GPGPU-Sim's mask string (-gpgpu_mem_addr_mapping, e.g.
 * "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS")
 * and an XOR-hash form in which each channel or bank bit is the XOR of a list
 * of address bits (for page-colouring work).  A bwm_addrmap is plain data. */
#ifndef BWM_ADDRMAP_H
#define BWM_ADDRMAP_H

#include <stdint.h>

#include "util/status.h"

#define BWM_ADDRMAP_MAX_XOR_BITS 16

/* GPGPU-Sim's memory partition indexing functions (addrdec.cc), applied to
 * the channel after the mask fields are read; "high" is the address above the
 * channel and sub-partition bits (with a non-power-of-two channel count, the
 * quotient of dramid@N):
 *   0 consecutive: the mask's channel;
 *   1 bitwise: channel XOR the low log2(channels) high bits;
 *   2 IPOLY: the global sub-partition (channel × subs + low bank bits) hashed
 *     with the high bits into the next power of two of channels × subs
 *     (16, 32 or 64), taken modulo channels × subs;
 *   3 PAE: GPGPU-Sim's page-address-entropy hash, 32 channels;
 *   4 random: GPGPU-Sim draws rand() once per address above the channel
 *     (dramid@N minus the sub-partition bits) and remembers it; bwmpki uses a
 *     fixed hash of the same bits, uniform over the sub-partitions and
 *     reproducible from run to run;
 *   5 custom: GPGPU-Sim has none; refused. */
typedef enum bwm_partition_indexing {
    BWM_PART_CONSECUTIVE = 0,
    BWM_PART_BITWISE = 1,
    BWM_PART_IPOLY = 2,
    BWM_PART_PAE = 3,
    BWM_PART_RANDOM = 4,
    BWM_PART_CUSTOM = 5
} bwm_partition_indexing;

typedef enum bwm_addrmap_kind { BWM_ADDRMAP_MASK, BWM_ADDRMAP_XOR } bwm_addrmap_kind;

typedef struct bwm_dram_addr {
    uint32_t row;
    uint32_t col;
    uint32_t burst;         /* byte offset within the burst (the S bits) */
    uint16_t channel;
    uint16_t sub_partition; /* within the channel */
    uint16_t bank;          /* 0..n_banks-1 */
    uint16_t bank_group;    /* bank / (n_banks / n_bank_groups) unless the indexing policy says otherwise */
} bwm_dram_addr;

typedef struct bwm_addrmap {
    bwm_addrmap_kind kind;
    /* mask form: one 64-bit mask per field (bits set where the field's bits sit) */
    uint64_t mask_chip, mask_bank, mask_row, mask_col, mask_burst;
    int dramid_at;          /* "dramid@N": channel taken modulo n_channels at bit N; -1 if absent */
    /* xor form: channel/bank bit i = XOR of the address bits listed */
    int n_chan_bits, n_bank_bits;
    uint64_t chan_xor[BWM_ADDRMAP_MAX_XOR_BITS];
    uint64_t bank_xor[BWM_ADDRMAP_MAX_XOR_BITS];
    /* the L2 slices' set index, when an XOR hash gives it (-bwm_l2_set_xor or
     * -bwm_addr_hash): set bit i = parity(line address & set_xor[i]); 0 rows:
     * the cache string's set index on the partition address */
    int n_set_bits;
    uint64_t set_xor[BWM_ADDRMAP_MAX_XOR_BITS];
    /* geometry the decoder needs */
    int n_channels, n_sub_partitions, n_banks, n_bank_groups;
    /* index functions applied after the fields are extracted; 0 = plain
     * (the defaults, so a zero-initialised map needs no change) */
    int partition_indexing; /* -gpgpu_memory_partition_indexing: bwm_partition_indexing */
    int bank_indexing;      /* -dram_bnk_indexing_policy: 1 = bank ^= low bits of the row */
    int bankgroup_indexing; /* -dram_bnkgrp_indexing_policy: 0 = high bank bits, 1 = low bank bits */
} bwm_addrmap;

/* Parses the mask form.  A mask that yields no channel (neither D bits nor
 * dramid@N) is an error when n_channels > 1. */
int bwm_addrmap_parse_mask(bwm_addrmap *m, const char *spec, int n_channels,
                           int n_sub_partitions, int n_banks, int n_bank_groups,
                           bwm_err *err);
void bwm_addrmap_decode(const bwm_addrmap *m, uint64_t addr, bwm_dram_addr *out);

/* Turns a map made by bwm_addrmap_parse_mask into the XOR-hash form: spec
 * gives channel and/or bank bits as the XOR of address bits,
 * "ch0=8^13^17;ch1=9^14;bk0=13^18;bk1=14^19;bk2=15^20" (';' or white space
 * between entries).  Either all log2(n_channels) ch bits or none (the
 * channel then stays the mask's), and either all log2(n_banks) bk bits or
 * none.  Channel bits XOR physical-address bits (a power-of-two channel count
 * is needed); bank bits XOR bits of the address the mask's fields are read
 * from (the physical address, or with dramid@N and a non-power-of-two count
 * the address with the channel taken out).  Row, column and burst keep the
 * mask's R, C and S bits; the sub-partition is the low bits of the bank. */
int bwm_addrmap_parse_xor(bwm_addrmap *m, const char *spec, bwm_err *err);

/* One XOR row, "10^12^16" (address bits 0..63, each once), into *mask. */
int bwm_xor_row_parse(const char *bits, uint64_t *mask, bwm_err *err);

/* n_rows (1..63) named rows "P0=BIT^..;P1=.." (prefix P; ';' or white space
 * between entries, each index 0..n_rows-1 exactly once) into rows. */
int bwm_xor_rows_parse(const char *spec, const char *prefix, int n_rows, uint64_t *rows, bwm_err *err);

/* Sets the three index functions (see the fields above), checking that the
 * map can use them: partition indexing 0 to 4 (1 and 3 with the mask form
 * and a power-of-two channel count, 3 with 32 channels, 2 with 16, 32 or 64
 * sub-partitions after rounding the channels up to a power of two), bank and
 * bank-group indexing 0 or 1. */
int bwm_addrmap_set_indexing(bwm_addrmap *m, int partition, int bank, int bankgroup,
                             bwm_err *err);

/* GPGPU-Sim's partition address (addrdec.cc partition_address): addr with
 * the channel bits and the sub-partition bits taken out (with dramid@N and a
 * non-power-of-two channel count, the quotient in place of the bits above
 * N).  Within one sub-partition it names each line once; the L2 slices
 * index their sets with it. */
uint64_t bwm_addrmap_partition_addr(const bwm_addrmap *m, uint64_t addr);

/* Whether each bit of m's partition address is one address bit (the
 * channel count is a power of two, or the channel is not taken at dramid@N),
 * so that the partition address of a ^ b is that of a ^ that of b. */
int bwm_addrmap_partition_is_linear(const bwm_addrmap *m);

#endif
