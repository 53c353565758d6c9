/* trace_test.c — the trace reader (both formats, comments, gzip, every kind
 * of bad input with FILE:LINE) and trace mode on the paper's memory system:
 * a sequential trace near peak bandwidth with near-1 row hits, a random
 * trace with few hits, timed offering, conservation. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef BWM_HAVE_ZLIB
#include <zlib.h>
#endif

#include "sim/config/memsys_config.h"
#include "sim/mc/report.h"
#include "sim/trace/trace_run.h"
#include "util/rng.h"

#define FIX BWM_SOURCE_DIR "/tests/fixtures/traces/"
#define MEMSYS15 BWM_SOURCE_DIR "/data/configs/memsys15.config"

static char tmp[64];

static FILE *new_tmp(void)
{
    strcpy(tmp, "/tmp/bwm_trace_XXXXXX");
    int fd = mkstemp(tmp);
    cr_assert(fd >= 0);
    FILE *f = fdopen(fd, "w");
    cr_assert(f);
    return f;
}

/* Reads a whole trace; returns the status, the records in recs (up to max). */
static int read_all(const char *path, bwm_trace_rec *recs, int max, int *n, bwm_err *err)
{
    bwm_trace t;
    int st = bwm_trace_open(&t, path, err);
    *n = 0;
    while (st == BWM_OK) {
        bwm_trace_rec r;
        int got;
        st = bwm_trace_next(&t, &r, &got, err);
        if (st != BWM_OK || !got)
            break;
        if (*n < max)
            recs[*n] = r;
        (*n)++;
    }
    bwm_trace_close(&t);
    return st;
}

Test(trace, parses_both_formats)
{
    bwm_trace_rec r;
    bwm_err err;
    char a[] = "0x1F80 R";
    cr_assert_eq(bwm_trace_parse_line(a, &r, &err), 1);
    cr_assert_eq(r.addr, 0x1f80);
    cr_assert_eq(r.is_write, 0);
    cr_assert_eq(r.cycle, -1);
    char b[] = "\t0xdeadBEEF   WRITE  1234 # comment";
    cr_assert_eq(bwm_trace_parse_line(b, &r, &err), 1);
    cr_assert_eq(r.addr, 0xdeadbeef);
    cr_assert_eq(r.is_write, 1);
    cr_assert_eq(r.cycle, 1234);
    char c[] = "0x10 P_FETCH 7\r";
    cr_assert_eq(bwm_trace_parse_line(c, &r, &err), 1);
    cr_assert_eq(r.is_write, 0);
    char d[] = "   # only a comment";
    cr_assert_eq(bwm_trace_parse_line(d, &r, &err), 0);
    char e[] = "";
    cr_assert_eq(bwm_trace_parse_line(e, &r, &err), 0);
    char f[] = "0x10 W#comment";
    cr_assert_eq(bwm_trace_parse_line(f, &r, &err), 1);
    cr_assert_eq(r.is_write, 1);
}

/* What Ramulator and DRAMsim3 write and read: types in any case, DRAMSim2's
 * k6 types, and hexadecimal addresses without 0x. */
Test(trace, reads_the_peers_spellings)
{
    static const struct {
        const char *line;
        uint64_t addr;
        int is_write;
        int64_t cycle;
    } ok[] = {
        {"0x1f r", 0x1f, 0, -1},           {"1f w", 0x1f, 1, -1},
        {"DEADBEEF R", 0xdeadbeef, 0, -1}, {"0x40 read 3", 0x40, 0, 3},
        {"40 write 3", 0x40, 1, 3},        {"0x40 P_LOCK_RD 9", 0x40, 0, 9},
        {"0x40 P_LOCK_WR 9", 0x40, 1, 9},  {"0x40 P_I/O_RD 9", 0x40, 0, 9},
        {"0x40 P_I/O_WR 9", 0x40, 1, 9},   {"0x40 BOFF 9", 0x40, 1, 9},
        {"0x40 p_mem_wr 9", 0x40, 1, 9},
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        char buf[64];
        snprintf(buf, sizeof buf, "%s", ok[i].line);
        bwm_trace_rec r;
        bwm_err err;
        cr_assert_eq(bwm_trace_parse_line(buf, &r, &err), 1, "'%s': %s", ok[i].line, err.msg);
        cr_assert_eq(r.addr, ok[i].addr, "'%s'", ok[i].line);
        cr_assert_eq(r.is_write, ok[i].is_write, "'%s'", ok[i].line);
        cr_assert_eq(r.cycle, ok[i].cycle, "'%s'", ok[i].line);
    }
}

static void expect_line_error(const char *text, const char *fragment)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    bwm_trace_rec r;
    bwm_err err;
    memset(&err, 0, sizeof err);
    cr_assert_eq(bwm_trace_parse_line(buf, &r, &err), -1, "'%s' accepted", text);
    cr_assert(strstr(err.msg, fragment), "'%s': message '%s' lacks '%s'", text, err.msg, fragment);
}

Test(trace, rejects_malformed_lines)
{
    expect_line_error("0x10", "got 1 fields");
    expect_line_error("0x10 R 5 9", "more than 3");
    expect_line_error("0x10 x", "unknown request type 'x' (expected R or W)");
    expect_line_error("0x10 READ", "unknown request type 'READ' (expected R or W)");
    expect_line_error("0x10 R 5", "unknown request type 'R' (expected READ or WRITE)");
    expect_line_error("0x10g R", "bad address '0x10g'");
    expect_line_error("0x R", "bad address '0x'");
    expect_line_error("12345678901234567 R", "bad address");
    expect_line_error("0x R", "bad address");
    expect_line_error("0x12345678901234567 R", "bad address");
    expect_line_error("0x1g R", "bad address");
    expect_line_error("0x10 READ -1", "bad cycle '-1'");
    expect_line_error("0x10 READ 1e3", "bad cycle");
}

Test(trace, reads_a_file_with_comments_and_blank_lines)
{
    bwm_trace_rec recs[16];
    int n;
    bwm_err err;
    cr_assert_eq(read_all(FIX "small.trace", recs, 16, &n, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(n, 6);
    cr_assert_eq(recs[0].line, 2);
    cr_assert_eq(recs[2].line, 5);
    cr_assert_eq(recs[2].addr, 0x100);
    cr_assert_eq(recs[2].is_write, 1);
    cr_assert_eq(recs[5].addr, 0x7fff0000);
    cr_assert_eq(read_all(FIX "small_timed.trace", recs, 16, &n, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(n, 6);
    cr_assert_eq(recs[4].cycle, 500);
    cr_assert_eq(recs[5].is_write, 1);
}

static void expect_file_error(const char *name, const char *fragment)
{
    char path[512];
    snprintf(path, sizeof path, FIX "%s", name);
    bwm_trace_rec recs[16];
    int n;
    bwm_err err;
    memset(&err, 0, sizeof err);
    cr_assert_eq(read_all(path, recs, 16, &n, &err), BWM_EINPUT, "%s accepted", name);
    char want[600];
    snprintf(want, sizeof want, "%s%s", path, fragment);
    cr_assert(strstr(err.msg, want) == err.msg, "%s: '%s' does not start with '%s'", name, err.msg, want);
}

Test(trace, bad_files_name_the_line)
{
    expect_file_error("bad_fields.trace", ":3: expected '0xADDR R|W'");
    expect_file_error("bad_op.trace", ":3: unknown request type 'X'");
    expect_file_error("bad_timed_op.trace", ":2: unknown request type 'R' (expected READ or WRITE)");
    expect_file_error("bad_addr.trace", ":2: bad address '0xzz'");
    expect_file_error("bad_cycle.trace", ":2: bad cycle '-3'");
    expect_file_error("back_in_time.trace", ":3: cycle 8 goes back in time (an earlier request is at cycle 9)");
    expect_file_error("empty.trace", ":3: empty trace");
    expect_file_error("mixed.trace", ":2: a timed 'ADDR READ|WRITE CYCLE' line, but line 1 made this an untimed trace");
}

Test(trace, missing_file)
{
    bwm_trace t;
    bwm_err err;
    cr_assert_eq(bwm_trace_open(&t, FIX "no_such.trace", &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "no_such.trace: cannot open"), "%s", err.msg);
}

Test(trace, an_empty_file_is_an_empty_trace)
{
    FILE *f = new_tmp();
    fclose(f);
    bwm_trace_rec r;
    int n;
    bwm_err err;
    cr_assert_eq(read_all(tmp, &r, 1, &n, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, ":1: empty trace"), "%s", err.msg);
    unlink(tmp);
}

/* A NUL byte makes a line no text: refused where it is, at the start of a
 * line, inside one or in a last line without its newline. */
Test(trace, nul_bytes_are_refused_at_their_line)
{
    static const struct {
        const char *text;
        size_t len;
        int line;
    } cases[] = {
#define NUL_CASE(text, line) {text, sizeof text - 1, line}
        NUL_CASE("0x0 R\n\0x80 R\n0x100 W\n", 2),
        NUL_CASE("0x0 R\n0x80 R\0 junk\n", 2),
        NUL_CASE("# head\n0x0 R\n0x8\0 R", 3),
#undef NUL_CASE
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        FILE *f = new_tmp();
        cr_assert_eq(fwrite(cases[i].text, 1, cases[i].len, f), cases[i].len);
        fclose(f);
        bwm_trace_rec r[4];
        int n;
        bwm_err err;
        cr_assert_eq(read_all(tmp, r, 4, &n, &err), BWM_EINPUT, "case %zu: %d records", i, n);
        char at[80];
        snprintf(at, sizeof at, "%s:%d: NUL byte", tmp, cases[i].line);
        cr_assert(strstr(err.msg, at), "case %zu: %s", i, err.msg);
        unlink(tmp);
    }
}

Test(trace, a_directory_is_bad_input)
{
    bwm_trace t;
    bwm_err err;
    cr_assert_eq(bwm_trace_open(&t, FIX, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "is a directory"), "%s", err.msg);
}

Test(trace, overlong_line)
{
    FILE *f = new_tmp();
    fputs("0x0 R\n0x", f);
    for (int i = 0; i < 2000; i++)
        fputc('0', f);
    fputs(" R\n", f);
    fclose(f);
    bwm_trace_rec r[2];
    int n;
    bwm_err err;
    cr_assert_eq(read_all(tmp, r, 2, &n, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, ":2: line longer than"), "%s", err.msg);
    unlink(tmp);
}

#ifdef BWM_HAVE_ZLIB
/* Writes n untimed lines, gzip-compressed, to tmp; returns the file's size. */
static off_t write_gz(int n)
{
    strcpy(tmp, "/tmp/bwm_trace_XXXXXX");
    int fd = mkstemp(tmp);
    cr_assert(fd >= 0);
    gzFile gz = gzdopen(fd, "wb");
    cr_assert(gz);
    for (int i = 0; i < n; i++)
        gzprintf(gz, "0x%x %s\n", i * 128, i % 3 ? "R" : "W");
    cr_assert_eq(gzclose(gz), Z_OK);
    struct stat st;
    cr_assert_eq(stat(tmp, &st), 0);
    return st.st_size;
}

/* A file cut anywhere, even just before its 8-byte trailer, is bad input
 * naming the file, not a shorter trace. */
Test(trace, cut_gzip_is_refused)
{
    const char *cuts[] = {"half", "trailer"};
    for (int c = 0; c < 2; c++) {
        off_t size = write_gz(1000);
        cr_assert_eq(truncate(tmp, c == 0 ? size / 2 : size - 8), 0);
        bwm_trace_rec r;
        int n;
        bwm_err err;
        cr_assert_eq(read_all(tmp, &r, 1, &n, &err), BWM_EINPUT, "cut (%s): %d records read", cuts[c], n);
        char named[80];
        snprintf(named, sizeof named, "%s: ", tmp);
        cr_assert(strncmp(err.msg, named, strlen(named)) == 0 && strstr(err.msg, "gzip data ends early"),
                  "cut (%s): %s", cuts[c], err.msg);
        unlink(tmp);
    }
}
#endif

Test(trace, gzip)
{
#ifdef BWM_HAVE_ZLIB
    write_gz(1000);
    bwm_trace_rec recs[1000];
    int n;
    bwm_err err;
    cr_assert_eq(read_all(tmp, recs, 1000, &n, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(n, 1000);
    cr_assert_eq(recs[999].addr, 999 * 128);
    cr_assert_eq(recs[999].is_write, 1);
#else
    strcpy(tmp, "/tmp/bwm_trace_XXXXXX");
    int fd = mkstemp(tmp);
    cr_assert(fd >= 0);
    const unsigned char magic[] = {0x1f, 0x8b, 8, 0};
    cr_assert_eq(write(fd, magic, sizeof magic), (ssize_t)sizeof magic);
    close(fd);
    bwm_trace t;
    bwm_err err;
    cr_assert_eq(bwm_trace_open(&t, tmp, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "built without zlib"), "%s", err.msg);
#endif
    unlink(tmp);
}

/* ---- trace mode on memsys15 ---------------------------------------- */

typedef struct outcome {
    bwm_trace_summary sum;
    bwm_dram_report r;
    bwm_mc_stats total;
} outcome;

/* The memory system of memsys15.config under sched (NULL: the
 * configuration's), queue requests per controller (-1: the configuration's). */
static void memsys15(bwm_memsys *ms, const char *sched, int queue)
{
    bwm_err err;
    bwm_dram_config cfg;
    bwm_optlist ign;
    cr_assert_eq(bwm_memsys_config_load(MEMSYS15, &cfg, &ign, &err), BWM_OK, "%s", err.msg);
    bwm_optlist_free(&ign);
    bwm_memsys_params p = bwm_memsys_defaults();
    p.sched = sched;
    p.queue_size = queue;
    cr_assert_eq(bwm_memsys_init(ms, &cfg, &p, &err), BWM_OK, "%s", err.msg);
}

static int run_trace(const char *path, const char *sched, int queue, outcome *o, bwm_err *err)
{
    bwm_memsys ms;
    memsys15(&ms, sched, queue);
    bwm_trace t;
    int st = bwm_trace_open(&t, path, err);
    if (st == BWM_OK) {
        st = bwm_trace_run(&ms, &t, 128, &o->sum, err);
        bwm_trace_close(&t);
    }
    if (st == BWM_OK) {
        bwm_memsys_totals(&ms, &o->total);
        bwm_dram_report_make(&o->r, &o->total.c, &o->total.read_latency, o->sum.dram_cycles,
                             bwm_dram_peak_gbs(&ms.cfg), ms.cfg.dram_mhz);
    }
    bwm_memsys_free(&ms);
    return st;
}

/* A trace of n 128-byte lines: consecutive (random == 0), or at random
 * addresses below 1 GiB with the given fraction of writes. */
static void write_lines(int n, int random, double writes)
{
    FILE *f = new_tmp();
    bwm_rng rng;
    bwm_rng_seed(&rng, 42);
    for (int i = 0; i < n; i++) {
        uint64_t addr = random ? bwm_rng_below(&rng, (uint64_t)1 << 30) & ~(uint64_t)127 : (uint64_t)i * 128;
        int w = random && bwm_rng_uniform(&rng) < writes;
        fprintf(f, "0x%llx %s\n", (unsigned long long)addr, w ? "W" : "R");
    }
    fclose(f);
}

Test(trace_mode, sequential_reaches_peak_with_row_hits)
{
    write_lines(60000, 0, 0);
    outcome o;
    bwm_err err;
    cr_assert_eq(run_trace(tmp, "frfcfs", -1, &o, &err), BWM_OK, "%s", err.msg);
    unlink(tmp);
    cr_assert_eq(o.r.requests, 60000);
    cr_assert_geq(o.r.bw_frac, 0.95, "bw_frac %g", o.r.bw_frac);
    cr_assert_leq(o.r.bw_frac, 1.0);
    cr_assert_geq(o.r.row_hit_rate, 0.9, "row hit rate %g", o.r.row_hit_rate);
}

Test(trace_mode, random_has_a_low_hit_rate)
{
    write_lines(20000, 1, 0.3);
    outcome o;
    bwm_err err;
    cr_assert_eq(run_trace(tmp, "frfcfs", -1, &o, &err), BWM_OK, "%s", err.msg);
    unlink(tmp);
    cr_assert_eq(o.r.requests, 20000);
    cr_assert_lt(o.r.row_hit_rate, 0.1, "row hit rate %g", o.r.row_hit_rate);
    cr_assert_lt(o.r.bw_frac, 0.95);
    cr_assert_gt(o.r.read_latency_p99, (uint64_t)o.r.read_latency_avg);
}

Test(trace_mode, every_record_is_served_once)
{
    write_lines(5000, 1, 0.5);
    outcome o;
    bwm_err err;
    cr_assert_eq(run_trace(tmp, "fcfs", -1, &o, &err), BWM_OK, "%s", err.msg);
    unlink(tmp);
    cr_assert_eq(o.sum.records, 5000);
    cr_assert_eq(o.total.c.requests, 5000);
    cr_assert_eq(o.total.c.reads + o.total.c.writes, 5000);
    cr_assert_eq(o.total.c.row_hits + o.total.c.row_misses + o.total.c.row_conflicts, 5000);
    cr_assert_eq(o.total.c.bytes, 5000 * 128);
}

Test(trace_mode, timed_requests_arrive_at_their_cycle)
{
    FILE *f = new_tmp();
    fputs("0x0 READ 1000\n", f);
    fclose(f);
    outcome o;
    bwm_err err;
    cr_assert_eq(run_trace(tmp, "frfcfs", -1, &o, &err), BWM_OK, "%s", err.msg);
    unlink(tmp);
    /* memsys15: 128 bytes are two 64-byte bursts of 4 data cycles each:
     * RCD + burst + CL + burst = 12 + 4 + 12 + 4 */
    cr_assert_eq(o.sum.dram_cycles, 1000 + 32);
    cr_assert_eq(o.r.read_latency_p99, 32);
}

/* "As fast as the queues accept them": a refused record enters in the first
 * cycle its queue has room, so the run equals one that offers and ticks in
 * every cycle, whenever the controllers would next wake by themselves. */
Test(trace_mode, a_refused_record_enters_as_soon_as_there_is_room)
{
    write_lines(3000, 1, 0.3);
    outcome o;
    bwm_err err;
    cr_assert_eq(run_trace(tmp, "frfcfs", 16, &o, &err), BWM_OK, "%s", err.msg);

    bwm_memsys ms;
    memsys15(&ms, NULL, 16);
    bwm_trace t;
    cr_assert_eq(bwm_trace_open(&t, tmp, &err), BWM_OK, "%s", err.msg);
    bwm_trace_rec rec;
    int have;
    cr_assert_eq(bwm_trace_next(&t, &rec, &have, &err), BWM_OK);
    for (int64_t now = 0; have || !bwm_memsys_idle(&ms); now++) {
        while (have) {
            bwm_mc_req req = {.addr = rec.addr, .app = 0, .sm = -1, .warp = -1, .bytes = 128,
                              .is_write = (uint8_t)rec.is_write};
            if (bwm_memsys_enqueue(&ms, &req, now) == BWM_MC_FULL)
                break;
            cr_assert_eq(bwm_trace_next(&t, &rec, &have, &err), BWM_OK);
        }
        bwm_memsys_tick(&ms, now);
        cr_assert_lt(now, 10000000, "the memory system does not finish");
    }
    bwm_trace_close(&t);
    unlink(tmp);
    bwm_mc_stats each;
    bwm_memsys_totals(&ms, &each);
    bwm_memsys_free(&ms);
    cr_assert_eq(each.c.requests, 3000);
    cr_assert_eq(o.total.last_done, each.last_done);
    cr_assert_eq(o.total.read_latency.sum, each.read_latency.sum, "read latency sums %llu and %llu",
                 (unsigned long long)o.total.read_latency.sum, (unsigned long long)each.read_latency.sum);
    cr_assert_eq(o.total.c.row_hits, each.c.row_hits);
}

Test(trace_mode, untimed_trace_needs_a_bounded_queue)
{
    outcome o;
    bwm_err err;
    cr_assert_eq(run_trace(FIX "small.trace", "frfcfs", 0, &o, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "small.trace:2: an untimed trace needs a bounded"), "%s", err.msg);
    cr_assert_eq(run_trace(FIX "small_timed.trace", "frfcfs", 0, &o, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(o.r.requests, 6);
}

Test(trace_mode, a_bad_line_mid_run_fails)
{
    FILE *f = new_tmp();
    for (int i = 0; i < 3000; i++)
        fprintf(f, "0x%x R\n", i * 128);
    fputs("0x0 Q\n", f);
    fclose(f);
    outcome o;
    bwm_err err;
    cr_assert_eq(run_trace(tmp, "frfcfs", -1, &o, &err), BWM_EINPUT);
    char want[128];
    snprintf(want, sizeof want, "%s:3001: unknown request type 'Q'", tmp);
    cr_assert(strstr(err.msg, want), "%s", err.msg);
    unlink(tmp);
}

Test(trace_mode, the_controllers_share_one_timing_table)
{
    bwm_memsys ms;
    memsys15(&ms, NULL, -1);
    bwm_err err;
    bwm_dram_spec own;
    cr_assert_eq(bwm_dram_spec_build(&own, &ms.cfg, &err), BWM_OK);
    cr_expect_eq(memcmp(&own, ms.spec, sizeof own), 0, "built from the configuration");
    cr_expect_eq(ms.n_channels, 6);
    for (int c = 0; c < ms.n_channels; c++) {
        cr_expect_eq(ms.mcs[c].spec, ms.spec, "controller %d", c);
        cr_expect_eq(ms.mcs[c].dram.spec, ms.spec, "channel %d", c);
    }
    bwm_memsys_free(&ms);
}

/* Under random offers and ticks (a driver may skip the cycles before the
 * next event, or tick in them), the memory system's next event never
 * passes any controller's, so no controller is left unticked. */
Test(trace_mode, the_memory_system_wakes_no_later_than_any_controller)
{
    bwm_memsys ms;
    memsys15(&ms, NULL, 8);
    bwm_rng rng;
    bwm_rng_seed(&rng, 7);
    int offered = 0;
    for (int64_t now = 0; offered < 4000 || !bwm_memsys_idle(&ms); now++) {
        if (offered < 4000 && bwm_rng_uniform(&rng) < 0.5) {
            bwm_mc_req req = {.addr = bwm_rng_below(&rng, (uint64_t)1 << 30) & ~(uint64_t)127, .app = 0,
                              .sm = -1, .warp = -1, .bytes = 128,
                              .is_write = (uint8_t)(bwm_rng_uniform(&rng) < 0.3)};
            offered += bwm_memsys_enqueue(&ms, &req, now) == BWM_MC_ACCEPTED;
        }
        if (now >= bwm_memsys_next_event(&ms) || bwm_rng_uniform(&rng) < 0.5)
            bwm_memsys_tick(&ms, now);
        int64_t first = BWM_DRAM_NEVER;
        for (int c = 0; c < ms.n_channels; c++)
            if (bwm_mc_next_event(&ms.mcs[c]) < first)
                first = bwm_mc_next_event(&ms.mcs[c]);
        cr_assert_leq(bwm_memsys_next_event(&ms), first, "cycle %lld", (long long)now);
        cr_assert_lt(now, 10000000, "the memory system does not finish");
    }
    bwm_mc_stats total;
    bwm_memsys_totals(&ms, &total);
    bwm_memsys_free(&ms);
    cr_assert_eq(total.c.requests, 4000);
}
