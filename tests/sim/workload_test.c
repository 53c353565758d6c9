/* workload_test.c — synthetic applications: parameters, CSV, instruction streams. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/workload/synth_app.h"
#include "sim/workload/warp_stream.h"
#include "util/buf.h"

static bwm_synth_app base_app(void)
{
    bwm_synth_app a;
    memset(&a, 0, sizeof a);
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

Test(workload, stream_pattern_is_a_grid_stride_sweep)
{
    bwm_synth_app a = base_app();
    a.mem_frac = 1;
    a.smem_frac = 0;
    bwm_warp_stream w0, w1;
    bwm_warp_stream_init(&w0, &a, 1, 0, 2, 1);
    bwm_warp_stream_init(&w1, &a, 1, 1, 2, 2);
    bwm_inst i0, i1, i2;
    bwm_warp_stream_next(&w0, &a, &i0);
    bwm_warp_stream_next(&w1, &a, &i1);
    bwm_warp_stream_next(&w0, &a, &i2);
    uint64_t b = bwm_app_base(1);
    cr_assert_eq(i0.nlines, 4);
    for (int j = 0; j < 4; j++) {
        cr_assert_eq(i0.line[j], b + (uint64_t)j * 128);       /* warp 0: lines 0..3 */
        cr_assert_eq(i1.line[j], b + (uint64_t)(4 + j) * 128); /* warp 1: lines 4..7 */
        cr_assert_eq(i2.line[j], b + (uint64_t)(8 + j) * 128); /* warp 0 again: 8..11 */
    }
}

Test(workload, random_pattern_stays_in_footprint_and_address_space)
{
    bwm_synth_app a = base_app();
    a.pattern = BWM_PATTERN_RANDOM;
    a.mem_frac = 1;
    a.smem_frac = 0;
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

Test(workload, parameter_checks_name_the_field)
{
    bwm_err e;
    bwm_synth_app a = base_app();
    cr_assert_eq(bwm_synth_app_check(&a, &e), BWM_OK);
    a.warps = 49;
    cr_assert_eq(bwm_synth_app_check(&a, &e), BWM_EINPUT);
    cr_assert(strstr(e.msg, "warps must be in 1..48 (got 49)"), "%s", e.msg);
    a = base_app();
    a.mem_frac = 0.8;
    cr_assert_eq(bwm_synth_app_check(&a, &e), BWM_EINPUT);
    cr_assert(strstr(e.msg, "mem_frac + smem_frac"));
    a = base_app();
    a.footprint_mb = 0;
    cr_assert_eq(bwm_synth_app_check(&a, &e), BWM_EINPUT);
    cr_assert(strstr(e.msg, "footprint_mb"));
    a = base_app();
    a.coalesce = 33;
    cr_assert_eq(bwm_synth_app_check(&a, &e), BWM_EINPUT);
}

static const char *header =
    "name,abbr,mpki,bw_frac,warps,mem_frac,store_frac,coalesce,pattern,footprint_mb,reuse,smem_frac,"
    "smem_latency,compute_latency,loads_in_flight,lanes\n";

static void write_file(char *path, const char *body)
{
    FILE *f = fopen(path, "w");
    fputs(header, f);
    fputs(body, f);
    fclose(f);
}

Test(workload, csv_rows_and_their_errors)
{
    char path[] = "/tmp/bwm_synth_XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    bwm_synth_app *apps;
    size_t n;
    bwm_err e;
    write_file(path, "Random Access,GUPS,57.1,0.93,48,0.3,0.1,32,random,512,0,0,20,4,4,32\n"
                     "Stream Triad,TRD,0.1,0.014,48,0.01,0.3,4,stream,64,0.1,0,20,8,1,32\n");
    cr_assert_eq(bwm_synth_load(path, &apps, &n, &e), BWM_OK, "%s", e.msg);
    cr_assert_eq(n, 2);
    cr_assert_eq(apps[0].pattern, BWM_PATTERN_RANDOM);
    cr_assert_eq(apps[1].coalesce, 4);
    cr_assert_not_null(bwm_synth_find(apps, n, "trd"));
    free(apps);
    write_file(path, "Random Access,GUPS,57.1,0.93,48,0.3,0.1,32,zigzag,512,0,0,20,4,4,32\n");
    cr_assert_eq(bwm_synth_load(path, &apps, &n, &e), BWM_EINPUT);
    cr_assert(strstr(e.msg, ":2: column 'pattern': 'zigzag'"), "%s", e.msg);
    write_file(path, "Random Access,GUPS,57.1,0.93,4.5,0.3,0.1,32,random,512,0,0,20,4,4,32\n");
    cr_assert_eq(bwm_synth_load(path, &apps, &n, &e), BWM_EINPUT);
    cr_assert(strstr(e.msg, ":2: column 'warps': '4.5' is not a whole number"), "%s", e.msg);
    write_file(path, "Random Access,GUPS,57.1,0.93,48,0.3,0.1,32,random,512,0,0,20,4,4,0\n");
    cr_assert_eq(bwm_synth_load(path, &apps, &n, &e), BWM_EINPUT);
    cr_assert(strstr(e.msg, ":2: application 'GUPS': lanes must be in 1..32 (got 0)"), "%s", e.msg);
    write_file(path, "Random Access,GUPS,57.1,0.93,48,0.3\n");
    cr_assert_eq(bwm_synth_load(path, &apps, &n, &e), BWM_EINPUT);
    cr_assert(strstr(e.msg, ":2: expected 16 fields, found 6"), "%s", e.msg);
    remove(path);
}

/* A name longer than an application holds is refused, not cut short. */
Test(workload, csv_name_longer_than_an_application_holds)
{
    char path[] = "/tmp/bwm_synth_XXXXXX";
    close(mkstemp(path));
    char row[256];
    bwm_synth_app *apps;
    size_t n;
    bwm_err e;
    snprintf(row, sizeof row, "%.64s,GUPS,57.1,0.93,48,0.3,0.1,32,random,512,0,0,20,4,4,32\n",
             "An application name of sixty-four characters: one more than fits");
    write_file(path, row);
    cr_assert_eq(bwm_synth_load(path, &apps, &n, &e), BWM_EINPUT);
    cr_assert(strstr(e.msg, ":2: column 'name': at most 63 characters"), "%s", e.msg);
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
