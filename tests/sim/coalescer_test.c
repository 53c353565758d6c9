/* coalescer_test.c — a warp instruction's accesses per warp part, derived
 * by hand from GPGPU-Sim's memory_coalescing_arch: with one part the
 * accesses are the instruction's lines; with more, a line whose lanes fall
 * in several parts is accessed once per part, for that part's words only;
 * they come as GPGPU-Sim's load/store unit takes them, the last part first
 * and the highest address first within a part. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/cache/sector.h"
#include "sim/core/coalescer.h"

static bwm_synth_app app(int lanes, int coalesce)
{
    bwm_synth_app a;
    memset(&a, 0, sizeof a);
    a.lanes = lanes;
    a.coalesce = coalesce;
    return a;
}

/* The accesses of an instruction of a on lines 0x1000, 0x1080, ... from
 * word first of each (with the sectors the warp stream gives them), in
 * parts warp parts. */
typedef struct accesses {
    bwm_inst in;
    int n;
    uint64_t line[BWM_MAX_ACCESSES];
    uint8_t sec[BWM_MAX_ACCESSES];
} accesses;

static accesses coalesce_kind(const bwm_synth_app *a, unsigned first, int parts, bwm_inst_kind kind,
                              int line_segments)
{
    accesses r;
    memset(&r, 0, sizeof r);
    r.in.kind = kind;
    r.in.nlines = a->coalesce;
    unsigned per = bwm_warp_stream_lanes_per_line(a);
    for (int j = 0; j < a->coalesce; j++) {
        r.in.line[j] = 0x1000 + 0x80 * (uint64_t)j;
        r.in.first_word[j] = (uint8_t)first;
        r.in.sectors[j] = (uint8_t)bwm_sector_span(first * BWM_WORD_BYTES, per * BWM_WORD_BYTES);
    }
    r.n = bwm_coalesce(&r.in, a, parts, 32, line_segments, r.line, r.sec);
    return r;
}

/* A load's accesses with 128-byte segments. */
static accesses coalesce(const bwm_synth_app *a, unsigned first, int parts)
{
    return coalesce_kind(a, first, parts, BWM_INST_LOAD, 1);
}

Test(coalescer, one_part_gives_the_lines_highest_first)
{
    bwm_synth_app a = app(24, 3);
    accesses r = coalesce(&a, 0, 1);
    cr_assert_eq(r.n, 3);
    for (int j = 0; j < 3; j++) {
        cr_expect_eq(r.line[j], r.in.line[2 - j]);
        cr_expect_eq(r.sec[j], r.in.sectors[2 - j]);
    }
}

/* 32 lanes on one line: half-warp 0 has words 0-15 (sectors 0 and 1),
 * half-warp 1 words 16-31 (sectors 2 and 3): two 64-byte accesses. */
Test(coalescer, two_parts_split_a_whole_line_in_halves)
{
    bwm_synth_app a = app(32, 1);
    accesses r = coalesce(&a, 0, 2);
    cr_assert_eq(r.n, 2);
    cr_expect_eq(r.line[0], 0x1000);
    cr_expect_eq(r.sec[0], 0xC, "half-warp 1 first");
    cr_expect_eq(r.line[1], 0x1000);
    cr_expect_eq(r.sec[1], 0x3);
}

/* 32 lanes on 3 lines, 11 each: line 0 lanes 0-10, line 1 lanes 11-21,
 * line 2 lanes 22-32.  Part 0 (lanes 0-15): line 0 words 0-10 (bytes 0-43,
 * sectors 0-1), line 1 words 0-4 (bytes 0-19, sector 0); part 1: line 1
 * words 5-10 (bytes 20-43, sectors 0-1), line 2 words 0-10 (sectors 0-1). */
Test(coalescer, a_line_across_the_halves_is_accessed_from_each)
{
    bwm_synth_app a = app(32, 3);
    accesses r = coalesce(&a, 0, 2);
    cr_assert_eq(r.n, 4);
    static const uint64_t want_line[] = {0x1100, 0x1080, 0x1080, 0x1000};
    static const uint8_t want_sec[] = {0x3, 0x3, 0x1, 0x3};
    for (int k = 0; k < 4; k++) {
        cr_expect_eq(r.line[k], want_line[k], "access %d", k);
        cr_expect_eq(r.sec[k], want_sec[k], "access %d: sectors 0x%x", k, r.sec[k]);
    }
}

/* One lane per line (GUPS): every line lies in one part, so the accesses
 * are the lines, the highest first, whatever the parts; a line's words
 * start at its own first word (word 20: bytes 80-83, sector 2). */
Test(coalescer, one_lane_per_line_is_never_split)
{
    bwm_synth_app a = app(32, 32);
    for (int parts = 1; parts <= 32; parts *= 2) {
        accesses r = coalesce(&a, 20, parts);
        cr_assert_eq(r.n, 32);
        for (int j = 0; j < 32; j++) {
            cr_expect_eq(r.line[j], r.in.line[31 - j]);
            cr_expect_eq(r.sec[j], 0x4);
        }
    }
}

/* The bound: 31 lines of 2 lanes in 32 parts of one lane cut into at most
 * lines + parts - 1 accesses; lanes past the warp (line 30 holds lanes 60
 * and 61 of the model's even spread) belong to the last part. */
Test(coalescer, accesses_stay_within_the_bound)
{
    bwm_synth_app a = app(32, 31);
    accesses r = coalesce(&a, 0, 32);
    cr_expect_leq(r.n, 31 + 32 - 1);
    cr_expect_eq(r.n, 16 * 2 + 15, "lines 0-15 span two one-lane parts each, lines 16-30 lie in the last");
}

/* A store with 128-byte segments sends the segment GPGPU-Sim's coalescer
 * reduces it to: 11 lanes from word 14 write bytes 56-99 (sectors 1-3,
 * both halves), so the whole line; from word 0, bytes 0-43 (the lower
 * half).  A load keeps its sectors, and so does a store with 32-byte
 * segments, which the GPU sends sector by sector. */
Test(coalescer, a_store_sends_its_reduced_segment)
{
    bwm_synth_app a = app(32, 3);
    cr_expect_eq(coalesce_kind(&a, 14, 1, BWM_INST_STORE, 1).sec[0], BWM_SECTORS_ALL);
    cr_expect_eq(coalesce_kind(&a, 0, 1, BWM_INST_STORE, 1).sec[0], 0x3);
    cr_expect_eq(coalesce_kind(&a, 14, 1, BWM_INST_LOAD, 1).sec[0], 0xE);
    cr_expect_eq(coalesce_kind(&a, 14, 1, BWM_INST_STORE, 0).sec[0], 0xE);
}

/* GPGPU-Sim's reduction of a 128-byte segment, mask by mask: a sector
 * alone stays 32 bytes, two in one half are that 64-byte half, anything in
 * both halves is the whole segment. */
Test(coalescer, segments_of_every_mask)
{
    static const unsigned want[16] = {0x0, 0x1, 0x2, 0x3, 0x4, 0xF, 0xF, 0xF,
                                      0x8, 0xF, 0xF, 0xF, 0xC, 0xF, 0xF, 0xF};
    for (unsigned m = 0; m < 16; m++)
        cr_expect_eq(bwm_sector_segment(m), want[m], "mask 0x%x", m);
}

/* Lines out of address order (a stream crossing into a lower run, or
 * random lines) are taken highest address first all the same. */
Test(coalescer, lines_come_highest_address_first)
{
    bwm_synth_app a = app(32, 4);
    accesses r = coalesce(&a, 0, 1);
    r.in.line[0] = 0x5000;
    r.in.line[1] = 0x9000;
    r.in.line[2] = 0x1000;
    r.in.line[3] = 0x7000;
    r.n = bwm_coalesce(&r.in, &a, 1, 32, 1, r.line, r.sec);
    static const uint64_t want[] = {0x9000, 0x7000, 0x5000, 0x1000};
    cr_assert_eq(r.n, 4);
    for (int k = 0; k < 4; k++)
        cr_expect_eq(r.line[k], want[k], "access %d", k);
}
