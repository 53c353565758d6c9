/* workload_test.c — synthetic applications: parameters, CSV, instruction
 * streams and the sectors their lanes touch. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/cache/sector.h"
#include "sim/workload/synth_app.h"
#include "sim/workload/warp_stream.h"
#include "util/buf.h"

static bwm_synth_app base_app(void)
{
    bwm_synth_app a;
    bwm_synth_app_init(&a);
    snprintf(a.abbr, sizeof a.abbr, "T");
    a.warps = 48;
    a.mem_frac = 0.2;
    a.store_frac = 0.25;
    a.coalesce = 4;
    a.pattern = BWM_PATTERN_STREAM;
    a.footprint_mb = 64;
    a.reuse = 0;
    a.smem_frac = 0.3;
    a.smem_latency = 20;
    a.compute_latency = 8;
    a.loads_in_flight = 2;
    a.lanes = 32;
    return a;
}

Test(workload, instruction_mix_follows_the_fractions)
{
    bwm_synth_app a = base_app();
    bwm_warp_stream w;
    bwm_warp_stream_init(&w, &a, 0, 0, 1, 7);
    int count[4] = {0};
    bwm_inst in;
    for (int i = 0; i < 100000; i++) {
        bwm_warp_stream_next(&w, &a, &in);
        count[in.kind]++;
    }
    cr_assert_float_eq(count[BWM_INST_LOAD] + count[BWM_INST_STORE], 20000, 600);
    cr_assert_float_eq(count[BWM_INST_SMEM], 30000, 700);
    cr_assert_float_eq(count[BWM_INST_STORE], 5000, 350);
}

Test(workload, stream_warps_take_the_next_positions_of_a_shared_sweep)
{
    bwm_synth_app a = base_app();
    a.mem_frac = 1;
    a.smem_frac = 0;
    bwm_warp_stream w0, w1;
    uint64_t cursor = 0;
    bwm_warp_stream_init(&w0, &a, 1, 0, 2, 1);
    bwm_warp_stream_init(&w1, &a, 1, 1, 2, 2);
    bwm_warp_stream_share(&w0, &cursor);
    bwm_warp_stream_share(&w1, &cursor);
    bwm_inst i0, i1, i2, i3;
    bwm_warp_stream_next(&w0, &a, &i0);
    bwm_warp_stream_next(&w0, &a, &i1); /* warp 0 runs ahead: it takes the next lines */
    bwm_warp_stream_next(&w1, &a, &i2);
    bwm_warp_stream_next(&w0, &a, &i3);
    uint64_t b = bwm_app_base(1);
    cr_assert_eq(i0.nlines, 4);
    for (int j = 0; j < 4; j++) {
        cr_assert_eq(i0.line[j], b + (uint64_t)j * 128);        /* warp 0: lines 0..3 */
        cr_assert_eq(i1.line[j], b + (uint64_t)(4 + j) * 128);  /* warp 0: 4..7 */
        cr_assert_eq(i2.line[j], b + (uint64_t)(8 + j) * 128);  /* warp 1: 8..11 */
        cr_assert_eq(i3.line[j], b + (uint64_t)(12 + j) * 128); /* warp 0: 12..15 */
    }
    cr_assert_eq(cursor, 16);
}

Test(workload, a_stream_warp_sharing_nothing_sweeps_alone)
{
    bwm_synth_app a = base_app();
    a.mem_frac = 1;
    a.smem_frac = 0;
    bwm_warp_stream w;
    bwm_warp_stream_init(&w, &a, 0, 5, 8, 3);
    bwm_inst in;
    for (uint64_t k = 0; k < 3; k++) {
        bwm_warp_stream_next(&w, &a, &in);
        cr_assert_eq(in.line[0], (k * 4) * 128);
    }
}

/* base_app hopping at random, every instruction a memory one. */
static bwm_synth_app random_app(void)
{
    bwm_synth_app a = base_app();
    a.pattern = BWM_PATTERN_RANDOM;
    a.mem_frac = 1;
    a.smem_frac = 0;
    return a;
}

Test(workload, random_pattern_stays_in_footprint_and_address_space)
{
    bwm_synth_app a = random_app();
    a.footprint_mb = 1;
    bwm_warp_stream w;
    bwm_warp_stream_init(&w, &a, 2, 3, 48, 99);
    bwm_inst in;
    uint64_t lo = bwm_app_base(2), hi = lo + 1024 * 1024;
    int distinct_first = 0;
    uint64_t last = 0;
    for (int i = 0; i < 10000; i++) {
        bwm_warp_stream_next(&w, &a, &in);
        for (int j = 0; j < in.nlines; j++) {
            cr_assert(in.line[j] >= lo && in.line[j] < hi);
            cr_assert_eq(in.line[j] % 128, 0);
        }
        distinct_first += in.line[0] != last;
        last = in.line[0];
    }
    cr_assert_gt(distinct_first, 9900);
}

Test(workload, reuse_repeats_the_previous_lines)
{
    bwm_synth_app a = base_app();
    a.mem_frac = 1;
    a.smem_frac = 0;
    a.reuse = 0.5;
    bwm_warp_stream w;
    bwm_warp_stream_init(&w, &a, 0, 0, 1, 3);
    bwm_inst prev, cur;
    bwm_warp_stream_next(&w, &a, &prev);
    int repeats = 0;
    for (int i = 0; i < 10000; i++) {
        bwm_warp_stream_next(&w, &a, &cur);
        repeats += cur.line[0] == prev.line[0];
        prev = cur;
    }
    cr_assert_float_eq(repeats, 5000, 300);
}

Test(workload, same_seed_same_stream_different_seed_differs)
{
    bwm_synth_app a = base_app();
    a.pattern = BWM_PATTERN_RANDOM;
    bwm_warp_stream x, y, z;
    bwm_warp_stream_init(&x, &a, 0, 0, 1, 5);
    bwm_warp_stream_init(&y, &a, 0, 0, 1, 5);
    bwm_warp_stream_init(&z, &a, 0, 0, 1, 6);
    int differ = 0;
    for (int i = 0; i < 1000; i++) {
        bwm_inst p, q, r;
        bwm_warp_stream_next(&x, &a, &p);
        bwm_warp_stream_next(&y, &a, &q);
        bwm_warp_stream_next(&z, &a, &r);
        cr_assert_eq(p.kind, q.kind);
        cr_assert_eq(p.nlines, q.nlines);
        if (p.nlines)
            cr_assert_eq(p.line[0], q.line[0]);
        differ += p.kind != r.kind || (p.nlines && r.nlines && p.line[0] != r.line[0]);
    }
    cr_assert_gt(differ, 100);
}

static void expect_refused(const bwm_synth_app *a, const char *what)
{
    bwm_err e;
    cr_assert_eq(bwm_synth_app_check(a, &e), BWM_EINPUT, "accepted: %s", what);
    cr_assert(strstr(e.msg, what), "%s", e.msg);
}

Test(workload, parameter_checks_name_the_field)
{
    bwm_err e;
    bwm_synth_app a = base_app();
    cr_assert_eq(bwm_synth_app_check(&a, &e), BWM_OK);
    a.warps = 65; /* a Pascal or Volta SM holds 64 warps */
    expect_refused(&a, "column 'warps': must be in 0.1..64 (got 65)");
    a = base_app();
    a.compute_latency = 33;
    expect_refused(&a, "column 'compute_latency': must be in 1..32 (got 33)");
    a = base_app();
    a.dep_distance = 0;
    expect_refused(&a, "column 'dep_distance'");
    a = base_app();
    a.loads_in_flight = 33;
    expect_refused(&a, "column 'loads_in_flight'");
    a = base_app();
    a.row_run = 0;
    expect_refused(&a, "column 'row_run'");
    a = base_app();
    a.hot_frac = 1.5;
    expect_refused(&a, "column 'hot_frac'");
    a = base_app();
    a.mem_frac = 0.8;
    expect_refused(&a, "'mem_frac' + 'smem_frac'");
    a = base_app();
    a.footprint_mb = 0;
    expect_refused(&a, "footprint_mb");
    a = base_app();
    a.coalesce = 33;
    expect_refused(&a, "column 'coalesce'");
}

static const char *header =
    "name,abbr,mpki,bw_frac,class,warps,mem_frac,store_frac,coalesce,pattern,row_run,footprint_mb,hot_frac,"
    "hot_kb,reuse,smem_frac,smem_latency,compute_latency,dep_distance,loads_in_flight,lanes\n";

static void write_text(char *path, const char *head, const char *body)
{
    FILE *f = fopen(path, "w");
    fputs(head, f);
    fputs(body, f);
    fclose(f);
}

static void write_file(char *path, const char *body)
{
    write_text(path, header, body);
}

static void expect_error(const char *path, const char *what)
{
    bwm_synth_app *apps;
    size_t n;
    bwm_err e;
    cr_assert_eq(bwm_synth_load(path, &apps, &n, &e), BWM_EINPUT, "accepted: %s", what);
    cr_assert(strstr(e.msg, what), "%s", e.msg);
}

Test(workload, csv_rows_and_their_errors)
{
    char path[] = "/tmp/bwm_synth_XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    close(fd);
    bwm_synth_app *apps;
    size_t n;
    bwm_err e;
    write_file(path, "Random Access,GUPS,57.1,0.93,bandwidth,48,0.3,0.1,32,random,1,512,0,1,0,0,20,4,2,4,32\n"
                     "Stream Triad,TRD,0.1,0.014,compute,2.5,0.01,0.3,4,block,64,64,0.9,128,0.1,0,20,8,3,1,32\n");
    cr_assert_eq(bwm_synth_load(path, &apps, &n, &e), BWM_OK, "%s", e.msg);
    cr_assert_eq(n, 2);
    cr_assert_eq(apps[0].pattern, BWM_PATTERN_RANDOM);
    cr_assert_eq(apps[0].cls, BWM_CLASS_BANDWIDTH);
    cr_assert_eq(apps[1].cls, BWM_CLASS_COMPUTE);
    cr_assert_eq(apps[1].pattern, BWM_PATTERN_BLOCK);
    cr_assert_eq(apps[1].coalesce, 4);
    cr_assert_float_eq(apps[1].warps, 2.5, 0);
    cr_assert_eq(apps[1].row_run, 64);
    cr_assert_float_eq(apps[1].hot_frac, 0.9, 0);
    cr_assert_float_eq(apps[1].hot_kb, 128, 0);
    cr_assert_eq(apps[1].dep_distance, 3);
    cr_assert_not_null(bwm_synth_find(apps, n, "trd"));
    free(apps);
    write_file(path, "Random Access,GUPS,57.1,0.93,bandwidth,48,0.3,0.1,32,zigzag,1,512,0,1,0,0,20,4,2,4,32\n");
    expect_error(path, ":2: column 'pattern': 'zigzag' is not stream, block, random or cta");
    write_file(path, "Random Access,GUPS,57.1,0.93,memory,48,0.3,0.1,32,random,1,512,0,1,0,0,20,4,2,4,32\n");
    expect_error(path, ":2: column 'class': 'memory' is not bandwidth, latency or compute");
    write_file(path, "Random Access,GUPS,57.1,0.93,bandwidth,48,0.3,0.1,32,random,1.5,512,0,1,0,0,20,4,2,4,32\n");
    expect_error(path, ":2: column 'row_run': '1.5' is not a whole number");
    write_file(path, "Random Access,GUPS,57.1,0.93,bandwidth,48,0.3,0.1,32,random,1,512,0,1,0,0,20,2000,2,4,32\n");
    expect_error(path, ":2: column 'compute_latency': 2000 is out of range 1..32");
    write_file(path, "Random Access,GUPS,57.1,0.93,bandwidth,48,0.3,0.1,32,random,1,512,0,1,0,0,20,4,2,4,0\n");
    expect_error(path, ":2: column 'lanes': 0 is out of range 1..32");
    write_file(path, "Random Access,GUPS,57.1,0.93,bandwidth,48,0.3,0.1,32,random,1,512,0,1,0,0.8,20,4,2,4,32\n");
    expect_error(path, ":2: application 'GUPS': columns 'mem_frac' + 'smem_frac': must be <= 1");
    write_file(path, "Random Access,GUPS,57.1,0.93,bandwidth,48,0.3\n");
    expect_error(path, ":2: expected 21 fields, found 7");
    write_text(path,
               "name,abbr,mpki,bw_frac,class,warps,mem_frac,store_frac,coalesce,pattern,row_run,footprint_mb,"
               "hot_frac,hot_kb,reuse,smem_frac,smem_latency,compute_latency,dep_distance,loads_in_flight,lanes,"
               "calibrated\n",
               "Random Access,GUPS,57.1,0.93,bandwidth,48,0.3,0.1,32,random,1,512,0,1,0,0,20,4,2,4,32,maybe\n");
    expect_error(path, ":2: column 'calibrated': 'maybe' is not true or false");
    write_text(path,
               "name,abbr,mpki,bw_frac,warps,mem_frac,store_frac,coalesce,pattern,footprint_mb,reuse,smem_frac,"
               "smem_latency,compute_latency,loads_in_flight,lanes\n",
               "Random Access,GUPS,57.1,0.93,48,0.3,0.1,32,random,512,0,0,20,4,4,32\n");
    expect_error(path, "missing column 'class' in the header; the file predates the latency-bound workload model");
    /* every name finds one application: a repeated name, or a name that is
     * another row's abbreviation, is ambiguous */
    write_file(path, "Random Access,GUPS,57.1,0.93,bandwidth,48,0.3,0.1,32,random,1,512,0,1,0,0,20,4,2,4,32\n"
                     "Random Access,RA,57.1,0.93,bandwidth,48,0.3,0.1,32,random,1,512,0,1,0,0,20,4,2,4,32\n");
    expect_error(path, ":3: name 'Random Access' is already the name of application GUPS");
    write_file(path, "Random Access,GUPS,57.1,0.93,bandwidth,48,0.3,0.1,32,random,1,512,0,1,0,0,20,4,2,4,32\n"
                     "gups,GUP2,57.1,0.93,bandwidth,48,0.3,0.1,32,random,1,512,0,1,0,0,20,4,2,4,32\n");
    expect_error(path, ":3: name 'gups' is already the abbreviation of application GUPS");
    write_file(path, "Random Access,GUPS,57.1,0.93,bandwidth,48,0.3,0.1,32,random,1,512,0,1,0,0,20,4,2,4,32\n"
                     "Other,random access,57.1,0.93,bandwidth,48,0.3,0.1,32,random,1,512,0,1,0,0,20,4,2,4,32\n");
    expect_error(path, ":3: abbreviation 'random access' is already the name of application GUPS");
    write_file(path, "Random Access,GUPS,57.1,0.93,bandwidth,48,0.3,0.1,32,random,1,512,0,1,0,0,20,4,2,4,32\n"
                     "Other,GUPS,57.1,0.93,bandwidth,48,0.3,0.1,32,random,1,512,0,1,0,0,20,4,2,4,32\n");
    expect_error(path, ":3: application 'GUPS' appears twice");
    remove(path);
}

Test(workload, row_runs_are_a_permutation_of_whole_runs)
{
    bwm_synth_app a = base_app();
    a.footprint_mb = 1;            /* 8192 lines */
    a.row_run = 96;                /* 85 whole runs; the last 32 lines are never touched */
    bwm_warp_stream w;
    bwm_warp_stream_init(&w, &a, 0, 0, 1, 1);
    static unsigned char seen[8192];
    memset(seen, 0, sizeof seen);
    uint64_t runs = 8192 / 96;
    for (uint64_t pos = 0; pos < runs * 96; pos++) {
        uint64_t line = bwm_warp_stream_place(&w, pos);
        cr_assert_lt(line, runs * 96);
        cr_assert_not(seen[line], "line %llu placed twice", (unsigned long long)line);
        seen[line] = 1;
        if (pos % 96)
            cr_assert_eq(line, bwm_warp_stream_place(&w, pos - 1) + 1, "runs stay consecutive");
    }
    /* consecutive runs land far apart */
    uint64_t a0 = bwm_warp_stream_place(&w, 0) / 96, a1 = bwm_warp_stream_place(&w, 96) / 96;
    cr_assert_gt(a1 > a0 ? a1 - a0 : a0 - a1, 8);
    /* the sweep wraps around after the last whole run */
    cr_assert_eq(bwm_warp_stream_place(&w, runs * 96), bwm_warp_stream_place(&w, 0));
}

Test(workload, block_pattern_gives_each_warp_its_own_contiguous_block)
{
    bwm_synth_app a = base_app();
    a.mem_frac = 1;
    a.smem_frac = 0;
    a.store_frac = 0;
    a.pattern = BWM_PATTERN_BLOCK;
    a.row_run = 1 << 20;           /* no jumps: plain blocks */
    a.footprint_mb = 1;            /* 8192 lines, 4 warps: 2048 each */
    bwm_warp_stream w;
    bwm_warp_stream_init(&w, &a, 0, 2, 4, 3);
    bwm_inst in;
    for (uint64_t k = 0; k < 600; k++) {
        bwm_warp_stream_next(&w, &a, &in);
        cr_assert_eq(in.nlines, 4);
        for (int j = 0; j < 4; j++)
            cr_assert_eq(in.line[j], (2 * 2048 + (k * 4 + (uint64_t)j) % 2048) * 128, "k %llu j %d",
                         (unsigned long long)k, j);
    }
}

Test(workload, the_hot_set_takes_its_share_and_stays_in_its_region)
{
    bwm_synth_app a = base_app();
    a.mem_frac = 1;
    a.smem_frac = 0;
    a.footprint_mb = 1;
    a.hot_frac = 0.25;
    a.hot_kb = 64;                 /* 512 lines after the footprint's 8192 */
    bwm_warp_stream w;
    bwm_warp_stream_init(&w, &a, 1, 0, 1, 9);
    uint64_t base = bwm_app_base(1);
    int hot = 0;
    bwm_inst in;
    for (int i = 0; i < 20000; i++) {
        bwm_warp_stream_next(&w, &a, &in);
        uint64_t first = (in.line[0] - base) / 128;
        int is_hot = first >= 8192;
        hot += is_hot;
        for (int j = 0; j < in.nlines; j++) {
            uint64_t l = (in.line[j] - base) / 128;
            cr_assert_eq(l >= 8192, is_hot, "an instruction stays in one region");
            cr_assert_lt(l, 8192 + 512);
        }
    }
    cr_assert_float_eq(hot, 5000, 250);
}

/* A name longer than an application holds is refused, not cut short. */
Test(workload, csv_name_longer_than_an_application_holds)
{
    char path[] = "/tmp/bwm_synth_XXXXXX";
    close(mkstemp(path));
    char row[256];
    snprintf(row, sizeof row, "%.64s,GUPS,57.1,0.93,bandwidth,48,0.3,0.1,32,random,1,512,0,1,0,0,20,4,2,4,32\n",
             "An application name of sixty-four characters: one more than fits");
    write_file(path, row);
    expect_error(path, ":2: column 'name': at most 63 characters");
    remove(path);
}

/* What bwm_synth_write writes loads back as the same applications, whatever
 * their names hold ('#' first would read as a comment line, ',' and '"'
 * need quotes). */
Test(workload, written_applications_load_back)
{
    bwm_synth_app a[3] = {base_app(), base_app(), base_app()};
    snprintf(a[0].name, sizeof a[0].name, "#1 in the list");
    snprintf(a[0].abbr, sizeof a[0].abbr, "ONE");
    snprintf(a[1].name, sizeof a[1].name, "Say \"two\", then three");
    snprintf(a[1].abbr, sizeof a[1].abbr, "TWO");
    snprintf(a[2].name, sizeof a[2].name, "%.63s", "A name of exactly sixty-three characters, the most a name holds");
    snprintf(a[2].abbr, sizeof a[2].abbr, "THREE");
    bwm_buf out;
    bwm_buf_init(&out);
    bwm_synth_write(a, 3, "# a comment\nof two lines", &out);
    char path[] = "/tmp/bwm_synth_XXXXXX";
    FILE *f = fdopen(mkstemp(path), "w");
    fputs(bwm_buf_str(&out), f);
    fclose(f);
    bwm_buf_free(&out);
    bwm_synth_app *back;
    size_t n;
    bwm_err e;
    cr_assert_eq(bwm_synth_load(path, &back, &n, &e), BWM_OK, "%s", e.msg);
    cr_assert_eq(n, 3);
    for (size_t i = 0; i < 3; i++) {
        cr_assert_str_eq(back[i].name, a[i].name);
        cr_assert_str_eq(back[i].abbr, a[i].abbr);
    }
    free(back);
    remove(path);
}

Test(workload, stream_lanes_touch_the_first_sectors_of_their_lines)
{
    static const struct {
        int lanes, coalesce;
        unsigned sectors;
    } cases[] = {
        {32, 1, 0xF}, /* 32 words = the whole line */
        {32, 4, 0x1}, /* 8 lanes per line: 32 bytes */
        {16, 2, 0x1},
        {24, 2, 0x3}, /* 12 lanes: 48 bytes, sectors 0 and 1 */
        {32, 3, 0x3}, /* ceil(32 / 3) = 11 lanes: 44 bytes */
        {1, 4, 0x1},  /* fewer lanes than lines: still one word per line */
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        bwm_synth_app a = base_app();
        a.mem_frac = 1;
        a.smem_frac = 0;
        a.lanes = cases[k].lanes;
        a.coalesce = cases[k].coalesce;
        bwm_warp_stream w;
        bwm_warp_stream_init(&w, &a, 0, 0, 1, 5);
        bwm_inst in;
        bwm_warp_stream_next(&w, &a, &in);
        for (int j = 0; j < in.nlines; j++)
            cr_expect_eq(in.sectors[j], cases[k].sectors, "lanes %d coalesce %d: sectors 0x%x", cases[k].lanes,
                         cases[k].coalesce, in.sectors[j]);
    }
}

Test(workload, a_random_lane_hits_a_sector_fixed_by_its_address)
{
    bwm_synth_app a = random_app();
    a.store_frac = 0;
    a.coalesce = 32;
    a.lanes = 32; /* GUPS: one lane, one 4-byte word, per line */
    bwm_warp_stream w, again;
    bwm_warp_stream_init(&w, &a, 0, 0, 1, 11);
    bwm_warp_stream_init(&again, &a, 0, 0, 1, 11);
    int per_sector[4] = {0};
    bwm_inst in, in2;
    for (int i = 0; i < 2000; i++) {
        bwm_warp_stream_next(&w, &a, &in);
        bwm_warp_stream_next(&again, &a, &in2);
        for (int j = 0; j < in.nlines; j++) {
            cr_assert_eq(bwm_sector_count(in.sectors[j]), 1, "one word touches one sector");
            cr_assert_eq(in.sectors[j], bwm_warp_stream_sectors(&a, in.line[j], 1), "not a function of the address");
            per_sector[__builtin_ctz(in.sectors[j])]++;
        }
        cr_assert_eq(in.line[0], in2.line[0], "the masks took draws of the generator");
    }
    for (int s = 0; s < 4; s++)
        cr_expect(per_sector[s] > 2000 * 32 / 4 * 9 / 10 && per_sector[s] < 2000 * 32 / 4 * 11 / 10,
                  "sector %d hit %d times of %d", s, per_sector[s], 2000 * 32);
    /* the lines a random stream touches do not depend on the lanes (no extra draws) */
    bwm_synth_app b = a;
    b.lanes = 8;
    bwm_warp_stream_init(&w, &a, 0, 0, 1, 3);
    bwm_warp_stream_init(&again, &b, 0, 0, 1, 3);
    for (int i = 0; i < 100; i++) {
        bwm_warp_stream_next(&w, &a, &in);
        bwm_warp_stream_next(&again, &b, &in2);
        cr_assert_eq(memcmp(in.line, in2.line, (size_t)in.nlines * sizeof in.line[0]), 0);
    }
}

Test(workload, a_random_span_stays_inside_its_line)
{
    bwm_synth_app a = base_app();
    a.pattern = BWM_PATTERN_RANDOM;
    a.coalesce = 2;
    a.lanes = 24; /* 12 words: two sectors, or three when the span straddles */
    int seen[16] = {0};
    for (uint64_t line = 0; line < 4096; line++) {
        unsigned m = bwm_warp_stream_sectors(&a, line * 128, 1);
        cr_assert(m == 0x3 || m == 0x6 || m == 0xC || m == 0x7 || m == 0xE, "0x%x is not 48 contiguous bytes", m);
        seen[m]++;
    }
    cr_expect(seen[0x3] && seen[0x6] && seen[0xC] && seen[0x7] && seen[0xE], "some offsets never drawn");
}
