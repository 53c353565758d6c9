/* colors_test.c — page colours from address maps (sim/vm/colors.h): GTX
 * 1080's module hash (paper 003, Fig. 6, as the authors' repository lists
 * it) has 2 colours on 4 KB pages and none on 64 KB; every line of every
 * frame of the first 4 GB (all the bits the hash reads) lies in a module of
 * its frame's colour; a crafted 5-bit map with 3 page-fixed combinations
 * has 8; maps without colours are refused, saying why. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/vm/colors.h"

static uint64_t bits(const int *b, int n)
{
    uint64_t m = 0;
    for (int i = 0; i < n; i++)
        m |= (uint64_t)1 << b[i];
    return m;
}

/* GTX 1080's three module bits (= bank bits b0-b2 = set bits c0-c2). */
static void gtx1080(uint64_t row[3])
{
    static const int m0[] = {10, 12, 16, 20, 23, 26, 29, 30};
    static const int m1[] = {11, 12, 13, 15, 17, 20, 21, 23, 25, 26, 30};
    static const int m2[] = {12, 13, 18, 19, 22, 25, 26, 27, 30, 31};
    row[0] = bits(m0, 8);
    row[1] = bits(m1, 11);
    row[2] = bits(m2, 10);
}

static unsigned module_of(const uint64_t *row, int d, uint64_t addr)
{
    unsigned m = 0;
    for (int i = 0; i < d; i++)
        m |= bwm_parity64(addr & row[i]) << i;
    return m;
}

Test(colors, gtx1080_has_two_colours_and_every_line_stays_in_its_colour, .timeout = 300)
{
    uint64_t row[3];
    gtx1080(row);
    bwm_colors c;
    bwm_err err;
    cr_assert_eq(bwm_colors_of_rows(row, 3, 12, &c, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(c.module_bits, 3);
    cr_assert_eq(c.color_bits, 1, "2 colours (paper 003: 2 on GTX 1080)");
    cr_assert_eq(c.func[0] & 0xfff, 0, "a colour reads no offset bit");
    /* m2 reads no bit below 12: it is the colour, up to the basis */
    cr_assert_eq(c.func[0], row[2]);
    uint64_t per_color[2] = {0, 0};
    for (uint64_t frame = 0; frame < (uint64_t)1 << 20; frame++) { /* bits 12..31 */
        uint64_t base = frame << 12;
        unsigned color = bwm_color_of_addr(&c, base);
        per_color[color]++;
        for (uint64_t line = 0; line < 4096; line += 128) {
            unsigned m = module_of(row, 3, base + line);
            if (bwm_color_of_module(&c, m) != color)
                cr_assert_fail("frame %#llx line %llu: module %u of colour %u, frame colour %u",
                               (unsigned long long)frame, (unsigned long long)line, m,
                               bwm_color_of_module(&c, m), color);
        }
    }
    cr_assert_eq(per_color[0], per_color[1], "the colours split the frames evenly");
    /* each colour holds half of the 8 modules */
    int of_color[2] = {0, 0};
    for (unsigned m = 0; m < 8; m++)
        of_color[bwm_color_of_module(&c, m)]++;
    cr_assert_eq(of_color[0], 4);
    cr_assert_eq(of_color[1], 4);
    /* 64 KB pages: m2 reads bits 12 and 13, so a page spans every module */
    cr_assert_eq(bwm_colors_of_rows(row, 3, 16, &c, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(c.color_bits, 0);
}

Test(colors, three_page_fixed_combinations_make_eight_colours)
{
    /* five module bits: the first two read offset bits (8, 9), the other
       three none */
    uint64_t row[5] = {
        (1u << 8) | (1u << 13), (1u << 9) | (1u << 14), (1u << 15) | (1u << 20),
        (1u << 16) | (1u << 21), (1u << 17) | (1u << 22),
    };
    bwm_colors c;
    bwm_err err;
    cr_assert_eq(bwm_colors_of_rows(row, 5, 12, &c, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(c.color_bits, 3, "8 colours (paper 003: 8 on V100)");
    for (int j = 0; j < 3; j++)
        cr_assert_eq(c.func[j] & 0xfff, 0);
    /* a row that mixes offset bits into a page-fixed one still leaves it:
       (bit 8 ^ bit 24) ^ (bit 8 ^ bit 25) reads no offset bit */
    uint64_t mixed[3] = {(1u << 8) | (1u << 24), (1u << 8) | (1u << 25), (1u << 9) | (1u << 26)};
    cr_assert_eq(bwm_colors_of_rows(mixed, 3, 12, &c, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(c.color_bits, 1);
    cr_assert_eq(c.func[0], (1u << 24) | (1u << 25));
    cr_assert_eq(c.of_module[0], 3u);
}

Test(colors, maps_without_colours_are_refused)
{
    uint64_t dep[2] = {(1u << 13) | (1u << 14), (1u << 13) | (1u << 14)};
    bwm_colors c;
    bwm_err err;
    cr_assert_eq(bwm_colors_of_rows(dep, 2, 12, &c, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "not independent"), "%s", err.msg);
    /* memsys15's channels: 256-byte chunks among 6 */
    bwm_addrmap m;
    const char *mask = "dramid@8;00000000.00000000.00000000.00000000.00000RRR.RRRRRRRR.RBBBCCCC.CCSSSSSS";
    cr_assert_eq(bwm_addrmap_parse_mask(&m, mask, 6, 1, 8, 4, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_colors_of_map(&m, 12, &c, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "modulo 6"), "%s", err.msg);
    /* 8 channels at bits 8-10: a 4 KB page spans every one */
    cr_assert_eq(bwm_addrmap_parse_mask(&m, mask, 8, 1, 8, 4, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_colors_of_map(&m, 12, &c, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "spans every one of the 8 memory modules"), "%s", err.msg);
    /* the same channels hashed with page-number bits: one of them is a colour */
    cr_assert_eq(bwm_addrmap_parse_xor(&m, "ch0=8^13;ch1=9^14;ch2=15^20", &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_colors_of_map(&m, 12, &c, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(c.color_bits, 1);
    cr_assert_eq(bwm_color_of_addr(&c, (uint64_t)1 << 15), 1u);
    cr_assert_eq(bwm_color_of_addr(&c, ((uint64_t)1 << 15) | ((uint64_t)1 << 20)), 0u);
}
