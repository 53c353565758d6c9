/* trace_streams_cli_test.c — kernels of several CUDA streams of one traced
 * application (sim/run/run_streams.h), through "bwmpki sim run --apps
 * trace:PATH" on QV100 with kernel launch latency 0.
 *
 * tests/fixtures/traces/two-streams (written by two-streams.sh beside it)
 * lists three kernels, each block one warp of 32 threads, all lanes active:
 *   1. _Z4longPi, stream 0: 2 blocks of 44 instructions (S2R, IMAD.WIDE, a
 *      load of 32 words, 40 dependent IADD3, EXIT);
 *   2. _Z5shortPi, stream 139911108608944: 1 block of 5 instructions;
 *   3. _Z5afterPi, stream 0: 1 block of 5 instructions.
 * By hand: thread instructions 2 × 44 × 32 = 2816, 5 × 32 = 160 and 160
 * (3136 in all), warp instructions 88, 5, 5, blocks 2, 1, 1; each block's
 * load reads one line of its own (4 sectors), cold: L1D reads and misses
 * 8, 4, 4, and the application's L2 reads, L2 misses and DRAM reads 16.
 *
 * With -gpgpu_concurrent_kernel_sm 1 (Accel-Sim's window: kernels of
 * streams not busy launch at once) kernels 1 and 2 launch together, so
 * kernel 2 starts before kernel 1 ends, and kernel 3 waits for kernel 1,
 * its stream's.  Without it, the three run one after another. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/cli_expect.h"
#include "tests/support/cli_run.h"

#define FIX BWM_SOURCE_DIR "/tests/fixtures/"
#define QV100 "--config " FIX "tested-cfgs/SM7_QV100.config --config " FIX "accel-sim/SM7_QV100/trace.config"

enum { C_KERNEL, C_NAME, C_COMPLETE, C_CYCLES, C_INSTS, C_WARP_INSTS, C_CTAS, C_L1_READS, C_L1_READ_MISSES,
       C_L2_READS, C_L2_READ_MISSES, C_DRAM_READS, C_STREAM, C_START, C_END, N_COLS };
static const char *const col_names[N_COLS] = {
    "kernel", "name", "complete", "cycles", "insts", "warp_insts", "ctas", "l1d_reads", "l1d_read_misses",
    "l2_reads", "l2_read_misses", "dram_reads", "stream", "start", "end"};

/* One row of the kernels table: its fields as text. */
typedef struct row {
    char f[N_COLS][64];
} row;

#define MAX_ROWS 8

/* Splits line (one CSV line, no quotes) into its fields. */
static int split(char *line, char **f, int max)
{
    int n = 0;
    for (char *p = line; n < max;) {
        f[n++] = p;
        char *c = strchr(p, ',');
        if (!c)
            break;
        *c = '\0';
        p = c + 1;
    }
    return n;
}

/* The kernels table of the CSV text into rows (in its order); the count. */
static int parse(const char *csv, row *rows)
{
    char *text = strdup(csv), *save = NULL;
    cr_assert(text);
    int idx[N_COLS], n = 0;
    for (int c = 0; c < N_COLS; c++)
        idx[c] = -1;
    char *line = strtok_r(text, "\n", &save);
    char *f[64];
    int nf = split(line, f, 64);
    for (int c = 0; c < N_COLS; c++)
        for (int i = 0; i < nf; i++)
            if (strcmp(f[i], col_names[c]) == 0)
                idx[c] = i;
    for (int c = 0; c < N_COLS; c++)
        cr_assert(idx[c] >= 0, "no column %s in %s", col_names[c], csv);
    while ((line = strtok_r(NULL, "\n", &save)) && n < MAX_ROWS) {
        nf = split(line, f, 64);
        for (int c = 0; c < N_COLS; c++) {
            cr_assert(idx[c] < nf, "short row");
            snprintf(rows[n].f[c], sizeof rows[n].f[c], "%s", f[idx[c]]);
        }
        n++;
    }
    free(text);
    return n;
}

static long long num(const row *r, int c)
{
    return strtoll(r->f[c], NULL, 10);
}

/* The row of kernel k ("1", "total"). */
static const row *kernel(const row *rows, int n, const char *k)
{
    for (int i = 0; i < n; i++)
        if (strcmp(rows[i].f[C_KERNEL], k) == 0)
            return &rows[i];
    cr_assert_fail("no row for kernel %s", k);
    return NULL;
}

/* Runs `trace` alone with the GPGPU-Sim options `set` (after launch
 * latency 0); the kernels table's CSV (to free). */
static char *run_csv(const char *trace, const char *set)
{
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps trace:" FIX "traces/%s " QV100
                " --set '-gpgpu_kernel_launch_latency 0 %s' --format csv", trace, set);
    bwm_expect_ok(&r);
    cr_expect_str_eq(r.err, "", "no warning: %s", r.err);
    char *out = strdup(r.out);
    bwm_run_free(&r);
    cr_assert(out);
    return out;
}

/* The counts derived by hand (above), whatever the kernels' timing. */
static void expect_counts(const row *rows, int n)
{
    static const struct {
        const char *k;
        long long insts, warp_insts, ctas, l1_reads;
        const char *stream;
    } want[] = {{"1", 2816, 88, 2, 8, "0"}, {"2", 160, 5, 1, 4, "139911108608944"}, {"3", 160, 5, 1, 4, "0"}};
    cr_assert_eq(n, 4, "3 kernels and a total: %d rows", n);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const row *r = kernel(rows, n, want[i].k);
        cr_expect_str_eq(r->f[C_COMPLETE], "true");
        cr_expect_eq(num(r, C_INSTS), want[i].insts, "kernel %s insts %lld", want[i].k, num(r, C_INSTS));
        cr_expect_eq(num(r, C_WARP_INSTS), want[i].warp_insts, "kernel %s warp_insts", want[i].k);
        cr_expect_eq(num(r, C_CTAS), want[i].ctas, "kernel %s ctas", want[i].k);
        cr_expect_eq(num(r, C_L1_READS), want[i].l1_reads, "kernel %s l1d_reads", want[i].k);
        cr_expect_eq(num(r, C_L1_READ_MISSES), want[i].l1_reads, "kernel %s l1d_read_misses", want[i].k);
        cr_expect_str_eq(r->f[C_STREAM], want[i].stream, "kernel %s stream", want[i].k);
        cr_expect_eq(num(r, C_END) - num(r, C_START), num(r, C_CYCLES), "kernel %s: end - start = cycles",
                     want[i].k);
    }
    const row *t = kernel(rows, n, "total");
    cr_expect_eq(num(t, C_INSTS), 3136, "the trace's thread instructions: %lld", num(t, C_INSTS));
    cr_expect_eq(num(t, C_WARP_INSTS), 98);
    cr_expect_eq(num(t, C_CTAS), 4);
    cr_expect_eq(num(t, C_L1_READS), 16);
    /* every sector the L1Ds missed reaches the L2 once, and the DRAM once */
    cr_expect_eq(num(t, C_L2_READS), 16, "total l2_reads %lld", num(t, C_L2_READS));
    cr_expect_eq(num(t, C_L2_READ_MISSES), 16);
    cr_expect_eq(num(t, C_DRAM_READS), 16);
}

/* Cycles in which at least one kernel ran: the union of [start, end). */
static long long busy_cycles(const row *rows, int n)
{
    long long s[3], e[3];
    for (int i = 0; i < 3; i++) {
        char k[2] = {(char)('1' + i), '\0'};
        s[i] = num(kernel(rows, n, k), C_START);
        e[i] = num(kernel(rows, n, k), C_END);
    }
    long long lo = s[0], hi = e[0];
    for (int i = 1; i < 3; i++) {
        lo = s[i] < lo ? s[i] : lo;
        hi = e[i] > hi ? e[i] : hi;
    }
    long long busy = 0;
    for (long long c = lo; c < hi; c++) {
        int any = 0;
        for (int i = 0; i < 3; i++)
            any |= c >= s[i] && c < e[i];
        busy += any;
    }
    return busy;
}

Test(trace_streams_cli, streams_run_side_by_side_with_concurrent_kernels)
{
    char *csv = run_csv("two-streams", "-gpgpu_concurrent_kernel_sm 1");
    row rows[MAX_ROWS];
    int n = parse(csv, rows);
    expect_counts(rows, n);
    const row *k1 = kernel(rows, n, "1"), *k2 = kernel(rows, n, "2"), *k3 = kernel(rows, n, "3");
    /* kernels 1 and 2 launch together; 2 starts before 1 ends */
    cr_expect_eq(num(k1, C_START), num(k2, C_START));
    cr_expect_lt(num(k2, C_START), num(k1, C_END), "kernel 2 [%s, %s) overlaps kernel 1 [%s, %s)", k2->f[C_START],
                 k2->f[C_END], k1->f[C_START], k1->f[C_END]);
    /* kernel 3 waits for kernel 1, its stream's */
    cr_expect_geq(num(k3, C_START), num(k1, C_END));
    cr_expect_lt(num(k3, C_START), num(k1, C_END) + 2, "kernel 3 launches as kernel 1 ends");
    /* rows come in the order the kernels end: the short one first */
    cr_expect_str_eq(rows[0].f[C_KERNEL], "2");
    cr_expect_str_eq(rows[1].f[C_KERNEL], "1");
    cr_expect_str_eq(rows[2].f[C_KERNEL], "3");
    const row *t = kernel(rows, n, "total");
    cr_expect_eq(num(t, C_CYCLES), busy_cycles(rows, n), "the total's cycles: those in which a kernel ran");
    cr_expect_lt(num(t, C_CYCLES), num(k1, C_CYCLES) + num(k2, C_CYCLES) + num(k3, C_CYCLES),
                 "overlap: fewer cycles than the kernels' sum");
    free(csv);
}

Test(trace_streams_cli, without_concurrent_kernels_they_run_in_list_order)
{
    char *csv = run_csv("two-streams", "");
    row rows[MAX_ROWS];
    int n = parse(csv, rows);
    expect_counts(rows, n);
    for (int i = 0; i < 3; i++) {
        char k[2] = {(char)('1' + i), '\0'};
        cr_expect_str_eq(rows[i].f[C_KERNEL], k, "row %d is kernel %s", i, k);
    }
    for (int i = 1; i < 3; i++)
        cr_expect_geq(num(&rows[i], C_START), num(&rows[i - 1], C_END), "kernel %d starts after kernel %d ends",
                      i + 1, i);
    const row *t = kernel(rows, n, "total");
    cr_expect_eq(num(t, C_CYCLES), num(&rows[0], C_CYCLES) + num(&rows[1], C_CYCLES) + num(&rows[2], C_CYCLES));
    free(csv);
}

/* A window of one kernel is one kernel at a time: the same run, byte for
 * byte, as without concurrent kernels; and a trace of one stream runs as
 * without them too. */
Test(trace_streams_cli, one_at_a_time_matches_the_sequential_run)
{
    char *seq = run_csv("two-streams", "");
    char *one = run_csv("two-streams", "-gpgpu_concurrent_kernel_sm 1 -gpgpu_max_concurrent_kernel 1");
    cr_expect_str_eq(one, seq);
    free(seq);
    free(one);
    seq = run_csv("l2-reread", "-gpgpu_flush_l2_cache 1");
    one = run_csv("l2-reread", "-gpgpu_flush_l2_cache 1 -gpgpu_concurrent_kernel_sm 1");
    cr_expect_str_eq(one, seq);
    free(seq);
    free(one);
}

/* Two runs are byte-identical, and the run ends with every request
 * answered (the drain's conservation check, else exit 1). */
Test(trace_streams_cli, concurrent_runs_are_deterministic)
{
    char *a = run_csv("two-streams", "-gpgpu_concurrent_kernel_sm 1 -gpgpu_TB_launch_latency 3");
    char *b = run_csv("two-streams", "-gpgpu_concurrent_kernel_sm 1 -gpgpu_TB_launch_latency 3");
    cr_expect_str_eq(a, b);
    row rows[MAX_ROWS];
    int n = parse(a, rows);
    expect_counts(rows, n);
    /* with a block launch latency too, kernel 2 overlaps kernel 1 */
    const row *k1 = kernel(rows, n, "1"), *k2 = kernel(rows, n, "2");
    cr_expect_lt(num(k2, C_START), num(k1, C_END));
    free(a);
    free(b);
}

/* Beside a catalogue row in paper mode the application's first pass is
 * its whole list once: exactly the trace's thread instructions. */
Test(trace_streams_cli, paper_mode_counts_the_first_pass)
{
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps trace:S=" FIX "traces/two-streams,BLK " QV100
                " --set '-gpgpu_kernel_launch_latency 0 -gpgpu_concurrent_kernel_sm 1' --paper-mode --insts 200000 "
                "--format json");
    bwm_expect_ok(&r);
    const char *s = strstr(r.out, "\"name\":\"S\"");
    cr_assert(s, "%s", r.out);
    cr_expect_eq(bwm_json_number(s, "insts"), 3136);
    bwm_run_free(&r);
}

/* The two options are checked as GPGPU-Sim's are: a bool, and a window of
 * at least one kernel. */
Test(trace_streams_cli, bad_window_options_are_exit_2)
{
    bwm_expect_bad_cli("sim run --apps trace:" FIX "traces/two-streams " QV100
                       " --set '-gpgpu_concurrent_kernel_sm 2'",
                       "option -gpgpu_concurrent_kernel_sm: 2 is out of range 0..1");
    bwm_expect_bad_cli("sim run --apps trace:" FIX "traces/two-streams " QV100
                       " --set '-gpgpu_concurrent_kernel_sm 1 -gpgpu_max_concurrent_kernel 0'",
                       "option -gpgpu_max_concurrent_kernel: 0 is out of range 1..");
}
