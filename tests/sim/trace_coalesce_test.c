/* trace_coalesce_test.c — a traced warp's global accesses, derived by hand
 * from GPGPU-Sim's memory_coalescing_arch (abstract_hardware_model.cc): a
 * part's lanes touch segments (32 bytes, or with 128-byte segments 32, 64
 * or 128 by width), each transaction marks the sectors of its lanes' first
 * (and, when in another segment, last) bytes, and the load/store unit takes
 * them last part first, highest address first. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/cache/sector.h"
#include "sim/core/trace_coalesce.h"

#define BASE UINT64_C(0x7f0000001000) /* 128-byte aligned */

typedef struct accesses {
    int n;
    uint64_t line[BWM_MAX_ACCESSES];
    uint8_t sec[BWM_MAX_ACCESSES];
    uint8_t part[BWM_MAX_ACCESSES]; /* a store's sectors written only in part */
} accesses;

/* Active lanes of mask at base + stride x lane (+ offset), width bytes each. */
static accesses run(uint32_t mask, uint64_t offset, uint64_t stride, int width, int parts, int line_segments,
                    int is_write)
{
    uint64_t addr[32];
    int k = 0;
    for (int l = 0; l < 32; l++)
        if (mask >> l & 1)
            addr[k++] = BASE + offset + stride * (uint64_t)l;
    accesses r;
    memset(&r, 0, sizeof r);
    r.n = bwm_trace_coalesce(mask, addr, width, parts, 32, line_segments, is_write, r.line, r.sec, r.part);
    return r;
}

static void expect(const accesses *r, int n, const uint64_t *line, const uint8_t *sec)
{
    cr_assert_eq(r->n, n, "%d accesses, not %d", r->n, n);
    for (int i = 0; i < n; i++) {
        cr_expect_eq(r->line[i], line[i], "access %d: line %#llx, not %#llx", i, (unsigned long long)r->line[i],
                     (unsigned long long)line[i]);
        cr_expect_eq(r->sec[i], sec[i], "access %d: sectors %#x, not %#x", i, r->sec[i], sec[i]);
    }
}

/* vectorAdd's load: 32 lanes x 4 bytes from a line's start, 128 bytes: one
 * line, its 4 sectors, with either segment size. */
Test(trace_coalesce, a_coalesced_warp_is_one_line_of_four_sectors)
{
    accesses a = run(0xFFFFFFFFu, 0, 4, 4, 1, 0, 0), b = run(0xFFFFFFFFu, 0, 4, 4, 1, 1, 0);
    expect(&a, 1, (uint64_t[]){BASE}, (uint8_t[]){0xF});
    expect(&b, 1, (uint64_t[]){BASE}, (uint8_t[]){0xF});
}

/* Lanes 128 bytes apart: a line each, its first sector, highest first. */
Test(trace_coalesce, a_strided_access_is_a_line_per_lane)
{
    accesses a = run(0xFFFFFFFFu, 0, 128, 4, 1, 0, 0);
    cr_assert_eq(a.n, 32);
    for (int i = 0; i < 32; i++) {
        cr_expect_eq(a.line[i], BASE + 128 * (uint64_t)(31 - i), "access %d", i);
        cr_expect_eq(a.sec[i], 0x1, "access %d", i);
    }
}

/* 8 bytes a lane: 256 bytes, two whole lines; 16 bytes: 512, four; the
 * higher line first. */
Test(trace_coalesce, wide_accesses_cover_more_lines)
{
    accesses a8 = run(0xFFFFFFFFu, 0, 8, 8, 1, 0, 0), a16 = run(0xFFFFFFFFu, 0, 16, 16, 1, 0, 0);
    expect(&a8, 2, (uint64_t[]){BASE + 128, BASE}, (uint8_t[]){0xF, 0xF});
    expect(&a16, 4, (uint64_t[]){BASE + 384, BASE + 256, BASE + 128, BASE}, (uint8_t[]){0xF, 0xF, 0xF, 0xF});
}

/* One lane of 8 bytes at byte 28: its bytes 28..35 cross into sector 1.
 * With 32-byte segments both sectors; with 128-byte ones GPGPU-Sim marks
 * its first byte's sector only (the segment holds the last byte too). */
Test(trace_coalesce, a_lane_across_a_sector_boundary)
{
    accesses a = run(0x1u, 28, 0, 8, 1, 0, 0), b = run(0x1u, 28, 0, 8, 1, 1, 0);
    expect(&a, 1, (uint64_t[]){BASE}, (uint8_t[]){0x3});
    expect(&b, 1, (uint64_t[]){BASE}, (uint8_t[]){0x1});
}

/* One lane of 8 bytes at byte 124: bytes 124..131 end in the next line's
 * sector 0: two lines with either segment size, the higher first. */
Test(trace_coalesce, a_lane_across_a_line_boundary)
{
    accesses a = run(0x1u, 124, 0, 8, 1, 0, 0), b = run(0x1u, 124, 0, 8, 1, 1, 0);
    expect(&a, 2, (uint64_t[]){BASE + 128, BASE}, (uint8_t[]){0x1, 0x8});
    expect(&b, 2, (uint64_t[]){BASE + 128, BASE}, (uint8_t[]){0x1, 0x8});
}

/* Lanes 0-15 active, 4 bytes each: 64 bytes, sectors 0 and 1; lanes 16-31
 * at their own words: sectors 2 and 3; every other lane over the whole
 * line: all four. */
Test(trace_coalesce, a_partial_mask_touches_its_lanes_sectors)
{
    accesses lo = run(0x0000FFFFu, 0, 4, 4, 1, 0, 0), hi = run(0xFFFF0000u, 0, 4, 4, 1, 0, 0),
             odd = run(0x55555555u, 0, 4, 4, 1, 0, 0), none = run(0, 0, 4, 4, 1, 0, 0);
    expect(&lo, 1, (uint64_t[]){BASE}, (uint8_t[]){0x3});
    expect(&hi, 1, (uint64_t[]){BASE}, (uint8_t[]){0xC});
    expect(&odd, 1, (uint64_t[]){BASE}, (uint8_t[]){0xF});
    cr_expect_eq(none.n, 0);
}

/* Two parts of 16 lanes: the line once per part, the second part's
 * sectors (2, 3) first; with only the first part's lanes active, once. */
Test(trace_coalesce, two_parts_access_a_line_twice)
{
    accesses a = run(0xFFFFFFFFu, 0, 4, 4, 2, 0, 0), b = run(0x0000FFFFu, 0, 4, 4, 2, 0, 0),
             c = run(0xFFFFFFFFu, 0, 8, 8, 2, 0, 0);
    expect(&a, 2, (uint64_t[]){BASE, BASE}, (uint8_t[]){0xC, 0x3});
    expect(&b, 1, (uint64_t[]){BASE}, (uint8_t[]){0x3});
    /* 8 bytes: part 1's lanes fill line 1, part 0's line 0 */
    expect(&c, 2, (uint64_t[]){BASE + 128, BASE}, (uint8_t[]){0xF, 0xF});
}

/* A store with 128-byte segments sends the segment GPGPU-Sim reduces its
 * transaction to: sectors 0-1, the lower 64 bytes; sectors 1-2, both
 * halves, the whole 128; a load keeps its sectors, and so does a store
 * with 32-byte segments (one request per sector). */
Test(trace_coalesce, a_store_with_128_byte_segments_sends_its_segment)
{
    accesses lo = run(0x0000FFFFu, 0, 4, 4, 1, 1, 1), mid = run(0x0000FFFFu, 32, 4, 4, 1, 1, 1),
             load = run(0x0000FFFFu, 32, 4, 4, 1, 1, 0), sect = run(0x0000FFFFu, 32, 4, 4, 1, 0, 1),
             all = run(0xFFFFFFFFu, 0, 4, 4, 1, 1, 1);
    expect(&lo, 1, (uint64_t[]){BASE}, (uint8_t[]){0x3});
    expect(&mid, 1, (uint64_t[]){BASE}, (uint8_t[]){0xF});
    expect(&load, 1, (uint64_t[]){BASE}, (uint8_t[]){0x6});
    expect(&sect, 1, (uint64_t[]){BASE}, (uint8_t[]){0x6});
    expect(&all, 1, (uint64_t[]){BASE}, (uint8_t[]){0xF});
}

/* Bytes and halves: with 128-byte segments GPGPU-Sim coalesces 1-byte
 * accesses in 32-byte segments and 2-byte ones in 64-byte ones, each its
 * own access: lanes 4 bytes apart over a line are four 1-sector accesses
 * (1 byte) or two 2-sector ones (2 bytes), highest first; with 32-byte
 * segments the line's sectors are one entry. */
Test(trace_coalesce, narrow_accesses_use_narrow_segments)
{
    accesses b = run(0xFFFFFFFFu, 0, 4, 1, 1, 1, 0), h = run(0xFFFFFFFFu, 0, 4, 2, 1, 1, 1),
             s = run(0xFFFFFFFFu, 0, 4, 1, 1, 0, 0), packed = run(0xFFFFFFFFu, 0, 1, 1, 1, 1, 0);
    expect(&b, 4, (uint64_t[]){BASE, BASE, BASE, BASE}, (uint8_t[]){0x8, 0x4, 0x2, 0x1});
    expect(&h, 2, (uint64_t[]){BASE, BASE}, (uint8_t[]){0xC, 0x3});
    expect(&s, 1, (uint64_t[]){BASE}, (uint8_t[]){0xF});
    expect(&packed, 1, (uint64_t[]){BASE}, (uint8_t[]){0x1});
}

/* The worst case fits: 32 lanes of 16 bytes, each across a line boundary,
 * 64 accesses. */
/* A store's sectors written only in part (GPGPU-Sim's byte mask, as the
 * caches read it): one byte of a sector, a sector half written, and the
 * sectors a 128-byte segment adds without a byte of a lane; a load has
 * none. */
Test(trace_coalesce, a_store_says_which_sectors_it_writes_in_part)
{
    accesses r = run(0x1u, 0, 0, 1, 1, 0, 1); /* lane 0: one byte */
    cr_assert_eq(r.n, 1);
    cr_expect_eq(r.sec[0], 0x1u);
    cr_expect_eq(r.part[0], 0x1u, "one byte of sector 0");
    r = run(0xFFFFFFFFu, 0, 1, 1, 1, 0, 1); /* 32 lanes, consecutive bytes: sector 0 whole */
    cr_expect_eq(r.part[0], 0u, "32 bytes: all of sector 0");
    r = run(0xFFFFFFFFu, 0, 4, 4, 1, 0, 1); /* 32 lanes of 4 bytes: the whole line */
    cr_expect_eq(r.sec[0], 0xFu);
    cr_expect_eq(r.part[0], 0u);
    r = run(0x0000FFFFu, 16, 4, 4, 1, 0, 1); /* 16 lanes from byte 16: 64 bytes over sectors 0, 1, 2 */
    cr_expect_eq(r.sec[0], 0x7u);
    cr_expect_eq(r.part[0], 0x5u, "sectors 0 and 2 half written, sector 1 whole");
    r = run(0x3u, 0, 64, 4, 1, 1, 1); /* 128-byte segments: lanes at bytes 0 and 64, the whole line sent */
    cr_expect_eq(r.sec[0], 0xFu);
    cr_expect_eq(r.part[0], 0xFu, "every sector of the segment is written in part or not at all");
    r = run(0x1u, 0, 0, 1, 1, 0, 0);
    cr_expect_eq(r.part[0], 0u, "a load writes nothing");
}

Test(trace_coalesce, the_most_accesses_fit)
{
    accesses a = run(0xFFFFFFFFu, 120, 256, 16, 1, 0, 0);
    cr_assert_eq(a.n, BWM_MAX_ACCESSES);
    cr_expect_eq(a.line[0], BASE + 256 * 31 + 128);
    cr_expect_eq(a.sec[0], 0x1);
    cr_expect_eq(a.line[1], BASE + 256 * 31);
    cr_expect_eq(a.sec[1], 0x8);
}

Test(trace_coalesce, bad_arguments_are_refused)
{
    uint64_t addr[32] = {BASE}, line[BWM_MAX_ACCESSES];
    uint8_t sec[BWM_MAX_ACCESSES];
    cr_expect_eq(bwm_trace_coalesce(1, addr, 3, 1, 32, 0, 0, line, sec, NULL), -1);
    cr_expect_eq(bwm_trace_coalesce(1, addr, 32, 1, 32, 0, 0, line, sec, NULL), -1);
    cr_expect_eq(bwm_trace_coalesce(1, addr, 4, 3, 32, 0, 0, line, sec, NULL), -1);
    cr_expect_eq(bwm_trace_coalesce(1, addr, 4, 1, 64, 0, 0, line, sec, NULL), -1);
    cr_expect_eq(bwm_trace_coalesce(1u << 20, addr, 4, 1, 16, 0, 0, line, sec, NULL), -1);
    cr_expect_eq(bwm_trace_coalesce(1u << 15, addr, 4, 2, 16, 0, 0, line, sec, NULL), 1);
}

/* Atomics (memory_coalescing_arch_atomic): lanes on distinct words of a
 * segment share its transaction — with 32-byte segments four, one a
 * sector, highest first; with 128-byte ones one — but 32 lanes on one
 * word make 32 transactions. */
Test(trace_coalesce, atomics_on_one_word_go_one_by_one)
{
    uint64_t words[32], same[32], line[BWM_MAX_ACCESSES];
    uint8_t sec[BWM_MAX_ACCESSES];
    for (int l = 0; l < 32; l++) {
        words[l] = BASE + 4 * (uint64_t)l;
        same[l] = BASE + 40;
    }
    cr_assert_eq(bwm_trace_coalesce_atomic(0xFFFFFFFFu, words, 4, 1, 32, 0, line, sec), 4);
    for (int i = 0; i < 4; i++) {
        cr_expect_eq(line[i], BASE);
        cr_expect_eq(sec[i], 0x8 >> i, "access %d: %#x", i, sec[i]);
    }
    cr_assert_eq(bwm_trace_coalesce_atomic(0xFFFFFFFFu, words, 4, 1, 32, 1, line, sec), 1);
    cr_expect_eq(sec[0], 0xF);
    cr_assert_eq(bwm_trace_coalesce_atomic(0xFFFFFFFFu, same, 4, 1, 32, 0, line, sec), 32);
    for (int i = 0; i < 32; i++)
        cr_expect(line[i] == BASE && sec[i] == 0x2, "access %d", i);
}

/* Lanes 0 and 1 on word 0, lanes 2-31 on words 2-31: lane 1 opens a
 * second transaction, taken first: sector 0 alone, then all four. */
Test(trace_coalesce, a_repeated_word_opens_a_second_transaction)
{
    uint64_t addr[32], line[BWM_MAX_ACCESSES];
    uint8_t sec[BWM_MAX_ACCESSES];
    for (int l = 0; l < 32; l++)
        addr[l] = BASE + 4 * (uint64_t)(l == 1 ? 0 : l);
    cr_assert_eq(bwm_trace_coalesce_atomic(0xFFFFFFFFu, addr, 4, 1, 32, 1, line, sec), 2);
    cr_expect(line[0] == BASE && sec[0] == 0x1, "%#x", sec[0]);
    cr_expect(line[1] == BASE && sec[1] == 0xF, "%#x", sec[1]);
    addr[0] = BASE + 30; /* 4 bytes across a sector: refused */
    cr_expect_eq(bwm_trace_coalesce_atomic(0x1u, addr, 4, 1, 32, 0, line, sec), -1);
}

/* vectorAdd (the public trace: 196 CTAs of 256 threads, n = 50000, two
 * loads and a store of 4-byte floats per thread, arrays 256-byte aligned):
 * a warp's 32 lanes are one line of 4 sectors, the last warp's 16 lanes
 * (50000 - 1562 x 32) 2 sectors, and the 4 warps past n no access; an
 * array is 1562 x 4 + 2 = 6250 sectors, the three 18,750 — Accel-Sim's L1D
 * accesses on SM7_QV100 and SM86_RTX3070, each a 32-byte sector request. */
Test(trace_coalesce, vectoradds_sectors_are_accelsims_l1d_accesses)
{
    const uint64_t base[3] = {UINT64_C(0x7f1000000000), UINT64_C(0x7f1000030e00), UINT64_C(0x7f1000061c00)};
    long sectors = 0, accesses = 0;
    for (int a = 0; a < 3; a++)
        for (int w = 0; w < 196 * 8; w++) {
            uint64_t addr[32], line[BWM_MAX_ACCESSES];
            uint8_t sec[BWM_MAX_ACCESSES];
            uint32_t mask = 0;
            int k = 0;
            for (int l = 0; l < 32; l++) {
                long i = 32L * w + l;
                if (i < 50000) {
                    mask |= 1u << l;
                    addr[k++] = base[a] + 4 * (uint64_t)i;
                }
            }
            int n = bwm_trace_coalesce(mask, addr, 4, 1, 32, 0, a == 2, line, sec, NULL);
            accesses += n;
            for (int j = 0; j < n; j++)
                sectors += bwm_sector_count(sec[j]);
        }
    cr_expect_eq(accesses, 3 * 1563);
    cr_expect_eq(sectors, 18750);
}
