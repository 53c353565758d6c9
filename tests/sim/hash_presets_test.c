/* hash_presets_test.c — the reverse-engineered GPU hashes
 * (sim/dram/hash_presets.h) and the GTX 1080 configuration built on them:
 * gtx1080.config is paper 003's GPU (20 SMs, 2 MB of L2 in 16 slices of
 * 64 sets x 16 ways, 8 channels of 16 banks, 320 GB/s) with 2 page colours
 * on 4 KB pages and none on 64 KB; V100's hash on a 32-channel GPU has 8;
 * every frame of V100's 16 GB lies in modules of its colour; the L2 set
 * rows a preset gives index every set of a slice and read nothing the
 * slice's choice reads; -bwm_l2_set_xor sets the slices' set index; bad
 * presets, geometries and rows are refused, naming the option. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/cache/tags.h"
#include "sim/config/gpu_read.h"
#include "sim/dram/hash_presets.h"
#include "sim/vm/colors.h"

#define GTX1080 BWM_SOURCE_DIR "/data/configs/gtx1080.config"
#define MEMSYS15 BWM_SOURCE_DIR "/data/configs/memsys15.config"
/* memsys15 reshaped into V100's module count, and without the partition hash */
#define V100_ON_MEMSYS15                                                                                    \
    "-gpgpu_n_mem 32 -gpgpu_n_sub_partition_per_mchannel 2 -gpgpu_mem_addr_mapping "                     \
    "00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BDDDDDSS -bwm_addr_hash v100 "         \
    "-bwm_vm color -gpgpu_dram_timing_opt \"nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:" \
    "WR=12:nbkgrp=4:CCDL=3:RTPL=2\""

static void load(const char *path, const char *set, bwm_gpu_config *c)
{
    bwm_err err;
    cr_assert_eq(bwm_gpu_config_load_with(path, set, "--set", c, NULL, &err), BWM_OK, "%s", err.msg);
}

static void expect_refused(const char *path, const char *set, const char *what)
{
    bwm_gpu_config c;
    bwm_err err = {{0}};
    cr_assert_eq(bwm_gpu_config_load_with(path, set, "--set", &c, NULL, &err), BWM_EINPUT, "accepted: %s", set);
    cr_assert(strstr(err.msg, what), "%s\nexpected: %s", err.msg, what);
}

Test(hash_presets, gtx1080_config_is_paper_003s_gpu)
{
    bwm_gpu_config c;
    load(GTX1080, NULL, &c);
    cr_expect_eq(c.n_sms, 20);
    cr_expect_eq(c.dram.n_channels, 8);
    cr_expect_eq(c.dram.n_sub_partitions, 2);
    cr_expect_eq(c.dram.n_banks, 16, "128 banks in all, the bank hash's 7 bits");
    cr_expect_eq(c.l2.sets, 64);
    cr_expect_eq(c.l2.ways, 16);
    cr_expect_eq(c.l2.line_bytes, 128);
    cr_expect_eq(16L * bwm_cache_config_bytes(&c.l2), 2L << 20, "2 MB of L2");
    cr_expect_float_eq(bwm_dram_peak_gbs(&c.dram), 320.0, 1e-9);
    const bwm_addrmap *m = &c.dram.map;
    cr_assert_eq(m->n_chan_bits, 3);
    cr_expect_eq(m->chan_xor[0], (1ULL << 10 | 1ULL << 12 | 1ULL << 16 | 1ULL << 20 | 1ULL << 23 | 1ULL << 26 |
                                  1ULL << 29 | 1ULL << 30), "mbit0 of the authors' table");
    cr_assert_eq(m->n_bank_bits, 4);
    cr_assert_eq(m->n_set_bits, 6);
    /* module, the bank bit that picks the slice and the set rows: 10 independent rows */
    uint64_t rows[10];
    memcpy(rows, m->chan_xor, 3 * sizeof *rows);
    rows[3] = m->bank_xor[0];
    memcpy(rows + 4, m->set_xor, 6 * sizeof *rows);
    bwm_colors col;
    bwm_err err;
    cr_expect_eq(bwm_colors_of_rows(rows, 10, 0, &col, &err), BWM_OK, "independent: %s", err.msg);
    cr_assert_eq(bwm_colors_of_map(m, 12, &col, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(1 << col.color_bits, 2, "2 colours on 4 KB pages");
    cr_expect_eq(bwm_colors_of_map(m, 16, &col, &err), BWM_EINPUT, "none on 64 KB pages");
}

Test(hash_presets, v100_has_8_colours_and_every_frame_stays_in_its_modules, .timeout = 600)
{
    bwm_gpu_config c;
    load(MEMSYS15, V100_ON_MEMSYS15, &c);
    const bwm_addrmap *m = &c.dram.map;
    bwm_colors col;
    bwm_err err;
    cr_assert_eq(bwm_colors_of_map(m, 12, &col, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(1 << col.color_bits, 8);
    /* the colour reads no offset bit, so each frame's lines share one colour:
       check it, then every frame of 16 GB (bits 0-33, the highest the hash reads) */
    for (int j = 0; j < col.color_bits; j++)
        cr_assert_eq(col.func[j] & 0xFFF, 0);
    for (uint64_t frame = 0; frame < (1ULL << 34 >> 12); frame++) {
        uint64_t base = frame << 12;
        unsigned color = bwm_color_of_addr(&col, base);
        for (uint64_t line = 0; line < 4096; line += 128 * 31) {
            bwm_dram_addr d;
            bwm_addrmap_decode(m, base + line, &d);
            if (bwm_color_of_module(&col, d.channel) != color)
                cr_assert_fail("frame %llu of colour %u has line %llu in channel %u of another colour",
                               (unsigned long long)frame, color, (unsigned long long)line, d.channel);
        }
    }
}

Test(hash_presets, set_rows_replace_the_slices_index)
{
    bwm_gpu_config c;
    load(GTX1080, NULL, &c);
    bwm_tags t;
    bwm_err err;
    cr_assert_eq(bwm_tags_init(&t, c.l2.sets, c.l2.ways, c.l2.line_bytes, c.l2.repl, c.l2.set_index, 1,
                               BWM_TAGS_SHARED, NULL, &err), BWM_OK, "%s", err.msg);
    bwm_tags_index_by(&t, &c.dram.map);
    int seen[64] = {0};
    for (uint64_t line = 0; line < (1ULL << 24); line += 128) {
        int set = bwm_tags_set_of(&t, line);
        uint32_t want = 0;
        for (int k = 0; k < 6; k++)
            want |= (uint32_t)__builtin_parityll(line & c.dram.map.set_xor[k]) << k;
        cr_assert_eq((uint32_t)set, want);
        cr_assert_eq(set, bwm_tags_set_by_definition(&t, line));
        seen[set]++;
    }
    for (int s = 0; s < 64; s++)
        cr_expect_eq(seen[s], (1 << 24) / 128 / 64, "set %d", s);
    bwm_tags_free(&t);

    load(MEMSYS15, "-bwm_l2_set_xor \"s0=7^20;s1=8;s2=9;s3=10;s4=11;s5=12\"", &c);
    cr_expect_eq(c.dram.map.n_set_bits, 6);
    cr_expect_eq(c.dram.map.set_xor[0], 1ULL << 7 | 1ULL << 20);
}

Test(hash_presets, bad_presets_and_rows_are_refused)
{
    expect_refused(MEMSYS15, "-bwm_addr_hash gtx1081", "unknown address hash 'gtx1081' (known: gtx1080, v100)");
    expect_refused(MEMSYS15, "-bwm_addr_hash gtx1080", "gtx1080 has 8 memory modules, one per channel (-gpgpu_n_mem 8); "
                   "the configuration has 6 channels");
    expect_refused(GTX1080, "-bwm_addr_xor \"bk0=13;bk1=14;bk2=15;bk3=16\"", "give -bwm_addr_hash or -bwm_addr_xor");
    expect_refused(GTX1080, "-gpgpu_memory_partition_indexing 2", "would hash again the channels");
    bwm_gpu_config c;
    load(GTX1080, NULL, &c);
    bwm_addrmap m = c.dram.map;
    m.n_banks = 64;
    bwm_err err;
    cr_assert_eq(bwm_hash_preset_apply(bwm_hash_preset_find("gtx1080"), &m, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, "indexes 16 banks per module; the configuration has 64"), "%s", err.msg);
    cr_expect_null(bwm_hash_preset_find("gtx 1080"));
    expect_refused(GTX1080, "-gpgpu_cache:dl2 S:1024:128:16,L:B:m:L:L,A:256:64,16:0,32",
                   "set hash indexes 128 sets per L2 slice; the configuration has 1024");
    expect_refused(MEMSYS15, "-bwm_l2_set_xor \"s0=7;s1=8\"", "give every one of s0..s5 (6 rows)");
    expect_refused(MEMSYS15, "-bwm_l2_set_xor \"s0=7;s1=8;s2=9;s3=10;s4=11;s5=64\"", "'64' is not an address bit");
    expect_refused(MEMSYS15, "-bwm_l2_set_xor \"set0=7\"", "expected sI=BIT^BIT");
}
