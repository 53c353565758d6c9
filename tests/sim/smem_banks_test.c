/* smem_banks_test.c — shared-memory bank conflicts, derived by hand from
 * GPGPU-Sim's generate_mem_accesses (shared_space): word w in bank
 * w mod banks, a part's cycles the most distinct words of one bank (with
 * limited broadcast: the most lanes of one bank, one word of the part
 * broadcast), summed over the parts. */
#include <criterion/criterion.h>

#include "sim/core/smem_banks.h"

/* A warp's access: the active lanes of mask at byte 0x1000 + offset +
 * stride x lane, width bytes each, on banks banks (limited broadcast or
 * not) in parts parts, and the cycles it takes. */
typedef struct smem_case {
    uint32_t mask;
    uint64_t offset, stride;
    int width, banks, limited, parts, want;
} smem_case;

static void expect_cycles(const smem_case *c, int n)
{
    for (int i = 0; i < n; i++) {
        uint64_t addr[32];
        int k = 0;
        for (int l = 0; l < 32; l++)
            if (c[i].mask >> l & 1)
                addr[k++] = 0x1000 + c[i].offset + c[i].stride * (uint64_t)l;
        int got = c[i].parts == 1 ? bwm_smem_cycles(c[i].mask, addr, c[i].width, c[i].banks, c[i].limited)
                                  : bwm_smem_cycles_parts(c[i].mask, addr, c[i].width, c[i].banks, c[i].limited,
                                                          c[i].parts, 32);
        cr_expect_eq(got, c[i].want, "case %d: %d cycles, not %d", i, got, c[i].want);
    }
}

#define ALL 0xFFFFFFFFu

/* Consecutive words: one per bank, 1 cycle; the bytes of one word are that
 * word. */
Test(smem_banks, consecutive_words_do_not_conflict)
{
    smem_case c[] = {{ALL, 0, 4, 4, 32, 0, 1, 1}, {ALL, 0, 4, 4, 32, 1, 1, 1}, {ALL, 0, 1, 1, 32, 0, 1, 1}};
    expect_cycles(c, 3);
}

/* All lanes one word: broadcast, 1 cycle, limited or not. */
Test(smem_banks, one_word_is_broadcast)
{
    smem_case c[] = {{ALL, 8, 0, 4, 32, 0, 1, 1}, {ALL, 8, 0, 4, 32, 1, 1, 1}};
    expect_cycles(c, 2);
}

/* Stride 2 words: banks 0, 2, ..., 30 with two words each (lanes l and
 * l + 16): 2 cycles; stride 32 words: 32 words in bank 0, 32 cycles, 16
 * with half the lanes; 16 banks: consecutive words wrap, 2 words a bank. */
Test(smem_banks, strides_conflict)
{
    smem_case c[] = {{ALL, 0, 8, 4, 32, 0, 1, 2}, {ALL, 0, 128, 4, 32, 0, 1, 32}, {ALL, 0, 128, 4, 32, 1, 1, 32},
                     {0x0000FFFFu, 0, 128, 4, 32, 0, 1, 16}, {ALL, 0, 4, 4, 16, 0, 1, 2}};
    expect_cycles(c, 5);
}

/* 8-byte accesses at consecutive 8-byte addresses: counted by their first
 * words, 2 words apart, 2 cycles; 16-byte ones 4 words apart, banks
 * 0, 4, ..., 28 with 4 words each, 4 cycles. */
Test(smem_banks, wide_accesses_count_their_first_word)
{
    smem_case c[] = {{ALL, 0, 8, 8, 32, 0, 1, 2}, {ALL, 0, 16, 16, 32, 0, 1, 4}};
    expect_cycles(c, 2);
}

/* Lanes 0-15 read word 0 and lanes 16-31 word 32, both in bank 0: two
 * words, 2 cycles; under limited broadcast only word 0 is broadcast and
 * word 32's 16 lanes are served one by one: 17.  Words 0 and 1 (banks 0
 * and 1): 1 cycle, or 16 under limited broadcast (word 1 not broadcast). */
Test(smem_banks, limited_broadcast_serves_one_word_at_once)
{
    uint64_t same_bank[32], two_banks[32];
    for (int l = 0; l < 32; l++) {
        same_bank[l] = l < 16 ? 0 : 128;
        two_banks[l] = l < 16 ? 0 : 4;
    }
    cr_expect_eq(bwm_smem_cycles(0xFFFFFFFFu, same_bank, 4, 32, 0), 2);
    cr_expect_eq(bwm_smem_cycles(0xFFFFFFFFu, same_bank, 4, 32, 1), 17);
    cr_expect_eq(bwm_smem_cycles(0xFFFFFFFFu, two_banks, 4, 32, 0), 1);
    cr_expect_eq(bwm_smem_cycles(0xFFFFFFFFu, two_banks, 4, 32, 1), 16);
}

/* Two parts served apart: conflict-free words 1 + 1; stride 32 words,
 * 16 + 16; only the first part's lanes, 16; only the second's, 1. */
Test(smem_banks, parts_add_up)
{
    smem_case c[] = {{ALL, 0, 4, 4, 32, 0, 2, 2}, {ALL, 0, 128, 4, 32, 0, 2, 32},
                     {0x0000FFFFu, 0, 128, 4, 32, 0, 2, 16}, {0xFFFF0000u, 0, 4, 4, 32, 0, 2, 1}};
    expect_cycles(c, 4);
}

Test(smem_banks, no_lane_no_cycle_and_bad_arguments)
{
    uint64_t addr[1] = {0};
    cr_expect_eq(bwm_smem_cycles(0, addr, 4, 32, 0), 0);
    cr_expect_eq(bwm_smem_cycles(1, addr, 0, 32, 0), -1);
    cr_expect_eq(bwm_smem_cycles(1, addr, 4, 0, 0), -1);
    cr_expect_eq(bwm_smem_cycles_parts(1, addr, 4, 32, 0, 3, 32), -1);
    cr_expect_eq(bwm_smem_cycles_parts(1u << 20, addr, 4, 32, 0, 1, 16), -1);
}
