/* addrmap_test.c — known addresses decode to known channel, bank, row and
 * column: GPGPU-Sim's mask form (dramid@N with 6 and 4 channels, D bits),
 * the XOR-hash form, the index functions, and malformed mappings. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "sim/dram/addrmap.h"

#define GTX480_MAP "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS"
#define MEMSYS15_MAP "dramid@8;00000000.00000000.00000000.00000000.00000RRR.RRRRRRRR.RBBBCCCC.CCSSSSSS"
/* D bits at 6-7: 4 channels interleaved every 64 bytes */
#define DBITS_MAP "00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBBCCCC.DDSSSSSS"
/* for the XOR form: S 0-5, D 6-7, C 8-12, B 13-15, R 16-28 */
#define XOR_BASE "00000000.00000000.00000000.00000000.000RRRRR.RRRRRRRR.BBBCCCCC.DDSSSSSS"

static bwm_addrmap map(const char *spec, int ch, int sub, int banks, int groups)
{
    bwm_addrmap m;
    bwm_err err;
    cr_assert_eq(bwm_addrmap_parse_mask(&m, spec, ch, sub, banks, groups, &err), BWM_OK, "%s", err.msg);
    return m;
}

static void expect_addr(const bwm_addrmap *m, uint64_t addr, uint32_t ch, uint32_t bank, uint32_t row,
                        uint32_t col, uint32_t sub, uint32_t group)
{
    bwm_dram_addr a;
    bwm_addrmap_decode(m, addr, &a);
    cr_expect_eq(a.channel, ch, "0x%llx: channel %u, expected %u", (unsigned long long)addr, a.channel, ch);
    cr_expect_eq(a.bank, bank, "0x%llx: bank %u, expected %u", (unsigned long long)addr, a.bank, bank);
    cr_expect_eq(a.row, row, "0x%llx: row %u, expected %u", (unsigned long long)addr, a.row, row);
    cr_expect_eq(a.col, col, "0x%llx: col %u, expected %u", (unsigned long long)addr, a.col, col);
    cr_expect_eq(a.sub_partition, sub, "0x%llx: sub-partition %u, expected %u", (unsigned long long)addr,
                 a.sub_partition, sub);
    cr_expect_eq(a.bank_group, group, "0x%llx: bank group %u, expected %u", (unsigned long long)addr,
                 a.bank_group, group);
}

static void expect_bad(const char *spec, int ch, int sub, int banks, int groups, const char *what)
{
    bwm_addrmap m;
    bwm_err err = {{0}};
    cr_assert_eq(bwm_addrmap_parse_mask(&m, spec, ch, sub, banks, groups, &err), BWM_EINPUT, "accepted %s", spec);
    cr_expect(strstr(err.msg, what), "message '%s' does not say '%s'", err.msg, what);
}

Test(addrmap, six_channels_dramid8_gtx480)
{
    bwm_addrmap m = map(GTX480_MAP, 6, 2, 16, 4);
    /* 0x1234567 >> 8 = 0x12345 = 74565 = 6 * 12427 + 3: channel 3; the rest is
     * 12427 << 8 | 0x67 = 0x308B67: bank bits 8,13,14,15 = 1,0,0,1 -> 9;
     * column bits 0-7,9-12 = 0x67 | 1<<8 | 1<<10 = 0x567; row = 0x30 */
    expect_addr(&m, 0x1234567, 3, 9, 48, 0x567, 1, 2);
    bwm_dram_addr a;
    bwm_addrmap_decode(&m, 0x1234567, &a);
    cr_expect_eq(a.burst, 0x27u);
    /* the same rest, one row further: the quotient grows by 256 */
    expect_addr(&m, 0x1234567 + 0x60000, 3, 9, 49, 0x567, 1, 2);
    expect_addr(&m, 0x0, 0, 0, 0, 0, 0, 0);
    expect_addr(&m, 0x5FF, 5, 0, 0, 0xFF, 0, 0);
    /* 0x600 = 6 chunks: back to channel 0, next chunk of it (bit 8 = bank bit 0) */
    expect_addr(&m, 0x600, 0, 1, 0, 0, 1, 0);
    for (uint64_t k = 0; k < 24; k++) {
        bwm_addrmap_decode(&m, k * 256 + 100, &a);
        cr_expect_eq(a.channel, k % 6, "256-byte chunk %llu", (unsigned long long)k);
    }
}

Test(addrmap, six_channels_memsys15)
{
    bwm_addrmap m = map(MEMSYS15_MAP, 6, 1, 8, 4);
    /* 0xABCDEF >> 8 = 43981 = 6 * 7330 + 1; rest = 7330 << 8 | 0xEF = 0x1CA2EF:
     * column = bits 0-11 = 0x2EF, bank = bits 12-14 = 2, row = bits 15-26 = 57;
     * 2 banks per group: group = 2 >> 1 = 1 */
    expect_addr(&m, 0xABCDEF, 1, 2, 57, 0x2EF, 0, 1);
}

/* A channel-local address is used by one physical address only (GPGPU-Sim's
 * sweep test), for the 6-channel map. */
static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

Test(addrmap, six_channel_decoding_never_aliases)
{
    bwm_addrmap m = map(GTX480_MAP, 6, 2, 16, 4);
    enum { N = 1 << 16 };
    uint64_t *keys = malloc(N * sizeof *keys);
    cr_assert(keys);
    for (uint64_t i = 0; i < N; i++) {
        bwm_dram_addr a;
        bwm_addrmap_decode(&m, i * 64, &a); /* 64 bytes: one burst */
        cr_assert(a.channel < 6 && a.bank < 16 && a.row < 4096 && a.col < 4096);
        keys[i] = ((((uint64_t)a.channel * 16 + a.bank) * 4096 + a.row) << 12) | a.col;
    }
    qsort(keys, N, sizeof *keys, cmp_u64);
    for (size_t i = 1; i < N; i++)
        cr_assert_neq(keys[i], keys[i - 1], "two addresses decode to the same place");
    free(keys);
}

Test(addrmap, four_channels_dramid8_inserts_channel_bits)
{
    bwm_addrmap m = map(GTX480_MAP, 4, 2, 16, 4);
    /* two channel bits at 8-9; every mask bit from 8 up moves up by two */
    cr_expect_eq(m.mask_chip, 0x300u);
    cr_expect_eq(m.mask_bank, (1u << 10) | (7u << 15));
    cr_expect_eq(m.mask_col, 0xFFu | (0xFu << 11));
    cr_expect_eq(m.mask_row, 0xFFFull << 18);
    expect_addr(&m, 0x300, 3, 0, 0, 0, 0, 0);
    expect_addr(&m, 0x400, 0, 1, 0, 0, 1, 0);
    /* row 5, bank bit 2 (address bit 16), channel 2, column 0x15 | 1<<9 (bit 12) */
    expect_addr(&m, (5u << 18) | (1u << 16) | (1u << 12) | (2u << 8) | 0x15, 2, 4, 5, 0x215, 0, 1);
}

Test(addrmap, explicit_channel_bits)
{
    bwm_addrmap m = map(DBITS_MAP, 4, 1, 16, 4);
    cr_expect_eq(m.dramid_at, -1);
    expect_addr(&m, 0xC0, 3, 0, 0, 0, 0, 0);
    expect_addr(&m, 0x1000, 0, 1, 0, 0, 0, 0);
    expect_addr(&m, 0x10000, 0, 0, 1, 0, 0, 0);
    /* S bits 0-5 and C bits 8-11 make the column: 0x3F | 0xF << 6 */
    expect_addr(&m, 0x0F3F, 0, 0, 0, 0x3FF, 0, 0);
    /* one channel needs no channel bits */
    bwm_addrmap one = map("00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBBCCCC.CCSSSSSS", 1, 1, 16, 1);
    expect_addr(&one, 0xFFFFFFF, 0, 15, 0xFFF, 0xFFF, 0, 0);
}

Test(addrmap, xor_form)
{
    bwm_addrmap m = map(XOR_BASE, 4, 1, 8, 4);
    bwm_err err;
    cr_assert_eq(bwm_addrmap_parse_xor(&m, "ch0=6^16;ch1=7^17; bk0=13^16 bk1=14^17;bk2=15^18", &err), BWM_OK,
                 "%s", err.msg);
    cr_expect_eq(m.kind, BWM_ADDRMAP_XOR);
    cr_expect_eq(m.n_chan_bits, 2);
    cr_expect_eq(m.n_bank_bits, 3);
    /* row bit 0 (address bit 16) flips channel bit 0 and bank bit 0 */
    expect_addr(&m, 1u << 16, 1, 1, 1, 0, 0, 0);
    /* ... and bits 6 and 13 flip them back */
    expect_addr(&m, (1u << 16) | (1u << 6) | (1u << 13), 0, 0, 1, 0, 0, 0);
    /* bank 7 ^ row 0b101 (bits 16,18) = 0b010; channel 3 ^ 0b01 = 2 */
    expect_addr(&m, (5u << 16) | (7u << 13) | (3u << 6) | (0x1Fu << 8), 2, 2, 5, 0x1F << 6, 0, 1);
}

Test(addrmap, xor_bank_bits_on_six_channels)
{
    bwm_addrmap m = map(MEMSYS15_MAP, 6, 1, 8, 4);
    bwm_err err;
    cr_assert_eq(bwm_addrmap_parse_xor(&m, "bk0=12^15;bk1=13^16;bk2=14^17", &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(m.n_chan_bits, 0);
    /* rest 0x1CA2EF: bits 12-14 = 0,1,0 and 15-17 = 1,0,0 -> bank 1,1,0 = 3;
     * the channel stays (addr >> 8) % 6 */
    expect_addr(&m, 0xABCDEF, 1, 3, 57, 0x2EF, 0, 1);
}

Test(addrmap, bad_xor_specs)
{
    const struct { const char *spec; const char *what; } bad[] = {
        {"ch0=6^16;bk0=13;bk1=14;bk2=15", "all of ch0..ch1 or none"},
        {"bk0=13;bk1=14", "all of bk0..bk2 or none"},
        {"bk0=13;bk1=14;bk2=15;bk2=16", "given twice"},
        {"bk0=13;bk1=14;bk3=15", "index must be in 0..2"},
        {"bk0=13;bk1=14;bk2=64", "'64' is not an address bit"},
        {"bk0=13^13;bk1=14;bk2=15", "bit 13 listed twice"},
        {"bk0=;bk1=14;bk2=15", "'' is not an address bit"},
        {"xx0=13", "expected chI=BIT^BIT"},
        {" ; ", "the XOR mapping is empty"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        bwm_addrmap m = map(XOR_BASE, 4, 1, 8, 4);
        bwm_err err = {{0}};
        cr_expect_eq(bwm_addrmap_parse_xor(&m, bad[i].spec, &err), BWM_EINPUT, "accepted %s", bad[i].spec);
        cr_expect(strstr(err.msg, bad[i].what), "'%s': message '%s' does not say '%s'", bad[i].spec,
                  err.msg, bad[i].what);
    }
}

Test(addrmap, index_functions)
{
    bwm_err err;
    /* partition indexing 1: channel ^= address bits above channel and sub-partition */
    bwm_addrmap p = map(GTX480_MAP, 4, 1, 16, 4);
    cr_assert_eq(bwm_addrmap_set_indexing(&p, 1, 0, 0, &err), BWM_OK, "%s", err.msg);
    expect_addr(&p, 0x400, 1, 1, 0, 0, 0, 0);
    expect_addr(&p, 0x500, 0, 1, 0, 0, 0, 0);
    /* bank indexing 1: bank ^= low row bits; the sub-partition keeps the bank before */
    bwm_addrmap b = map(GTX480_MAP, 6, 2, 16, 4);
    cr_assert_eq(bwm_addrmap_set_indexing(&b, 0, 1, 0, &err), BWM_OK, "%s", err.msg);
    expect_addr(&b, 0x1234567 + 0x60000, 3, 9 ^ 1, 49, 0x567, 1, 2);
    /* bank-group indexing 1: the low bank bits */
    bwm_addrmap g = map(GTX480_MAP, 6, 2, 16, 4);
    cr_assert_eq(bwm_addrmap_set_indexing(&g, 0, 0, 1, &err), BWM_OK, "%s", err.msg);
    expect_addr(&g, 0x1234567, 3, 9, 48, 0x567, 1, 1);
    /* not modelled or not possible */
    bwm_addrmap six = map(GTX480_MAP, 6, 2, 16, 4);
    cr_expect_eq(bwm_addrmap_set_indexing(&six, 1, 0, 0, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, "power-of-two channel count"), "%s", err.msg);
    bwm_addrmap six1 = map(GTX480_MAP, 6, 1, 16, 4);
    cr_expect_eq(bwm_addrmap_set_indexing(&six1, 2, 0, 0, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, "GPGPU-Sim defines IPOLY for 16, 32 or 64"), "%s", err.msg);
    cr_expect_eq(bwm_addrmap_set_indexing(&six, 3, 0, 0, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, "32 channels"), "%s", err.msg);
    cr_expect_eq(bwm_addrmap_set_indexing(&six, 5, 0, 0, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, "no function in GPGPU-Sim"), "%s", err.msg);
    cr_expect_eq(bwm_addrmap_set_indexing(&six, 6, 0, 0, &err), BWM_EINPUT);
    cr_expect_eq(bwm_addrmap_set_indexing(&six, 0, 2, 0, &err), BWM_EINPUT);
    cr_expect_eq(bwm_addrmap_set_indexing(&six, 0, 0, -1, &err), BWM_EINPUT);
}

Test(addrmap, malformed_masks)
{
    expect_bad("00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBBCCCC.CCSSSSSS", 4, 1, 16, 1,
               "no channel bits");
    expect_bad("00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBBCCCC.0DSSSSSS", 4, 1, 16, 1,
               "1 channel bits (D), 4 channels need 2");
    expect_bad(DBITS_MAP, 6, 1, 16, 1, "6 channels is not a power of two: use dramid@N");
    expect_bad("dramid@8;" DBITS_MAP, 4, 1, 16, 1, "either as dramid@N or as D bits");
    expect_bad(GTX480_MAP, 6, 2, 8, 1, "4 bank bits (B), 8 banks need 3");
    expect_bad("dramid@8;000000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS", 6, 2, 16, 1,
               "more than 64 bits");
    expect_bad("dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSS", 6, 2, 16, 1,
               "63 bits, expected 64");
    expect_bad("dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSx", 6, 2, 16, 1,
               "invalid character 'x'");
    expect_bad("dramid@64;" DBITS_MAP, 4, 1, 16, 1, "0..63");
    expect_bad("dramid@8" DBITS_MAP, 4, 1, 16, 1, "expected dramid@BIT;");
    expect_bad("dramid@8;RR000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS", 4, 2, 16, 1,
               "past bit 63");
    expect_bad(GTX480_MAP, 6, 3, 16, 1, "sub-partition count 3");
    expect_bad(GTX480_MAP, 6, 2, 16, 32, "bank-group count 32");
    expect_bad(GTX480_MAP, 0, 2, 16, 4, "channel count 0");
}

/* SM7_QV100: 32 channels inserted at bit 8 (channel bits 8-12), then B 13,
 * C 14-16, B 17-19, R 20-32; the sub-partition is bank bit 0 (address bit
 * 13) and the bits above channel and sub-partition start at bit 14. */
#define QV100_MAP "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS"

Test(addrmap, ipoly_32_channels_2_subs)
{
    bwm_err err;
    bwm_addrmap m = map(QV100_MAP, 32, 2, 16, 4);
    cr_assert_eq(bwm_addrmap_set_indexing(&m, 2, 0, 1, &err), BWM_OK, "%s", err.msg);
    /* nothing above bit 13: the hash is the identity, sub-partition 1 */
    expect_addr(&m, 0x2000, 0, 1, 0, 0, 1, 1);
    /* 0x4100: channel bits = 1, bank 0: sub-partition 2; high = 1 (a0), which
     * IPOLY(67) rows 0 and 1 contain: 2 ^ 0b11 = 1 -> channel 0, sub 1; bit
     * 14 is column bit 8 */
    expect_addr(&m, 0x4100, 0, 0, 0, 0x100, 1, 0);
    /* 0x80000: bank bit 3 (bank 8), sub-partition 0; high = 32 (a5), in rows
     * 0, 1 and 5: 0b100011 = 35 -> channel 17, sub 1; the bank stays 8 */
    expect_addr(&m, 0x80000, 17, 8, 0, 0, 1, 0);
}

Test(addrmap, ipoly_24_channels_takes_the_modulo)
{
    bwm_err err;
    /* SM7_TITANV: 24 channels, so dramid@8 divides: channel = (addr >> 8) % 24,
     * high = (addr >> 8) / 24, and IPOLY hashes into 32 x 2 = 64 */
    bwm_addrmap m = map(QV100_MAP, 24, 2, 16, 4);
    cr_assert_eq(bwm_addrmap_set_indexing(&m, 2, 0, 0, &err), BWM_OK, "%s", err.msg);
    /* (addr >> 8) = 123 = 24 * 5 + 3: channel 3, high 5 (a0, a2); the rest
     * 5 << 8 has bank bit 0 set: sub-partition 3 * 2 + 1 = 7.  Rows 0-3 hold
     * a0 or a2 (not both), rows 4-5 neither: 7 ^ 0b001111 = 8 -> channel 4 */
    bwm_dram_addr a;
    bwm_addrmap_decode(&m, 123u << 8, &a);
    cr_expect_eq(a.channel, 4u);
    cr_expect_eq(a.sub_partition, 0u);
    /* (addr >> 8) = 384 = 24 * 16: high 16 (a4, rows 4 and 5): 0 ^ 48 = 48,
     * and 48 % 48 = 0 */
    bwm_addrmap_decode(&m, 384u << 8, &a);
    cr_expect_eq(a.channel, 0u);
    cr_expect_eq(a.sub_partition, 0u);
}

Test(addrmap, ipoly_16_channels_2_subs)
{
    bwm_err err;
    /* SM86_RTX3070: 16 channels (bits 8-11), B 12, ...; high from bit 13 */
    bwm_addrmap m = map("dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS",
                        16, 2, 16, 4);
    cr_assert_eq(bwm_addrmap_set_indexing(&m, 2, 0, 1, &err), BWM_OK, "%s", err.msg);
    /* 0x2000: high = 1 (a0): IPOLY(37) rows 0 and 2 hold a0: 0b00101 = 5 ->
     * channel 2, sub 1 */
    bwm_dram_addr a;
    bwm_addrmap_decode(&m, 0x2000, &a);
    cr_expect_eq(a.channel, 2u);
    cr_expect_eq(a.sub_partition, 1u);
}

Test(addrmap, pae_32_channels)
{
    bwm_err err;
    bwm_addrmap m = map(QV100_MAP, 32, 1, 16, 4);
    cr_assert_eq(bwm_addrmap_set_indexing(&m, 3, 0, 0, &err), BWM_OK, "%s", err.msg);
    /* high starts at bit 13 (also bank bit 0): a0 is only in row 0 -> channel 1 */
    expect_addr(&m, 0x2000, 1, 1, 0, 0, 0, 0);
    /* channel bits 8 = 0b01000 (b3): rows 0 and 1 hold b3 -> 0b00011 = 3 */
    expect_addr(&m, 0x800, 3, 0, 0, 0, 0, 0);
}

Test(addrmap, random_is_a_fixed_uniform_map)
{
    bwm_err err;
    bwm_addrmap m = map(QV100_MAP, 32, 2, 16, 4);
    cr_assert_eq(bwm_addrmap_set_indexing(&m, 4, 0, 0, &err), BWM_OK, "%s", err.msg);
    int count[64] = {0};
    for (uint64_t line = 0; line < 64 * 256; line++) {
        bwm_dram_addr a, b;
        bwm_addrmap_decode(&m, line << 7, &a);
        bwm_addrmap_decode(&m, (line << 7) | 0x7f, &b); /* bits below 7 do not choose */
        cr_assert(a.channel < 32 && a.sub_partition < 2);
        cr_assert(a.channel == b.channel && a.sub_partition == b.sub_partition);
        count[a.channel * 2 + a.sub_partition]++;
    }
    for (int i = 0; i < 64; i++)
        cr_expect(count[i] > 192 && count[i] < 320, "sub-partition %d holds %d of 16384 lines", i, count[i]);
}

Test(addrmap, partition_address_drops_channel_and_sub_partition)
{
    bwm_addrmap m = map(QV100_MAP, 32, 2, 16, 4);
    /* channel bits 8-12 and bank bit 13 go; bits 0-7 stay, bit 14 becomes 8 */
    cr_expect_eq(bwm_addrmap_partition_addr(&m, 0x3fff), 0xffu);
    cr_expect_eq(bwm_addrmap_partition_addr(&m, 0x4000), 0x100u);
    /* 6 channels at dramid@8: the quotient replaces the bits above 8; the
     * sub-partition (bank bit 8 of the rest) then goes */
    bwm_addrmap g = map(GTX480_MAP, 6, 2, 16, 4);
    cr_expect_eq(bwm_addrmap_partition_addr(&g, (6u * 3 + 5) << 8 | 0x12), (1u << 8) | 0x12);
}
