/* trace_fuzz.c — libFuzzer harness: DRAM request traces (sim/trace),
 * plain and gzip-compressed.
 *
 * The input is a trace file.  It is read record by record as it is, and,
 * when it is not already gzip data, a second time gzip-compressed: both
 * readings must agree on the outcome, on every record and on the line each
 * came from.  Records must be well-formed (timed traces never go back in
 * time).  A short trace that reads is then run, as "sim dram" runs it,
 * through the shipped memory system (sim/trace/trace_run), which must
 * serve every request, or refuse the trace for one of the reasons it
 * documents. */
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz_support.h"
#include "sim/config/memsys_config.h"
#include "sim/mc/memsys.h"
#include "sim/trace/trace.h"
#include "sim/trace/trace_run.h"

#define MAX_RECORDS 4096
/* Traces run through the memory system have at most this many requests. */
#define MAX_RUN_RECORDS 256

static bwm_dram_config shipped;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char path[4096];
    bwm_err err;
    bwm_fuzz_require(bwm_memsys_config_load(bwm_fuzz_data_path("configs/memsys15.config", path, sizeof path),
                                            &shipped, NULL, &err) == BWM_OK,
                     "cannot load the shipped memory system");
    return 0;
}

typedef struct reading {
    int status;
    size_t n;
    bwm_trace_rec rec[MAX_RECORDS];
} reading;

static void read_all(const char *path, reading *r)
{
    bwm_trace t;
    bwm_err err;
    r->n = 0;
    r->status = bwm_trace_open(&t, path, &err);
    bwm_fuzz_require(r->status == BWM_OK, "cannot open the scratch trace");
    int64_t last = -1;
    for (;;) {
        bwm_trace_rec rec;
        int got;
        r->status = bwm_trace_next(&t, &rec, &got, &err);
        if (r->status != BWM_OK || !got)
            break;
        bwm_fuzz_require(rec.line >= 1 && rec.line <= t.line, "record line number");
        bwm_fuzz_require(rec.cycle == -1 || rec.cycle >= last, "timed trace went back in time");
        bwm_fuzz_require((rec.cycle == -1) == (t.kind == BWM_TRACE_UNTIMED), "one format per trace");
        last = rec.cycle;
        if (r->n < MAX_RECORDS)
            r->rec[r->n++] = rec;
    }
    bwm_trace_close(&t);
}

static int same_records(const reading *a, const reading *b)
{
    if (a->status != b->status || a->n != b->n)
        return 0;
    for (size_t i = 0; i < a->n; i++)
        if (a->rec[i].addr != b->rec[i].addr || a->rec[i].is_write != b->rec[i].is_write ||
            a->rec[i].cycle != b->rec[i].cycle || a->rec[i].line != b->rec[i].line)
            return 0;
    return 1;
}

/* Runs the trace at path, read as r, through the shipped memory system. */
static void run_trace(const char *path, const reading *r)
{
    bwm_memsys ms;
    bwm_memsys_params p = bwm_memsys_defaults();
    bwm_err err;
    bwm_fuzz_require(bwm_memsys_init(&ms, &shipped, &p, &err) == BWM_OK, "cannot build the memory system");
    bwm_trace t;
    bwm_fuzz_require(bwm_trace_open(&t, path, &err) == BWM_OK, "cannot open the scratch trace");
    bwm_trace_summary sum = {0, 0};
    if (bwm_trace_run(&ms, &t, 128, &sum, &err) == BWM_OK) {
        bwm_mc_stats total;
        bwm_memsys_totals(&ms, &total);
        bwm_fuzz_require(sum.records == r->n && total.c.requests == r->n, "requests served and records differ");
        bwm_fuzz_require(total.c.reads + total.c.writes == r->n, "reads and writes do not add up");
        bwm_fuzz_require(bwm_memsys_idle(&ms), "the memory system is busy after the run");
    } else {
        bwm_fuzz_require(strstr(err.msg, "outside the memory system") != NULL, "a trace that reads did not run");
    }
    bwm_trace_close(&t);
    bwm_memsys_free(&ms);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static reading plain, packed;
    const char *path = bwm_fuzz_file(0, data, size);
    read_all(path, &plain);
    if (plain.status == BWM_OK && plain.n <= MAX_RUN_RECORDS)
        run_trace(path, &plain);
    int is_gzip = size >= 2 && data[0] == 0x1f && data[1] == 0x8b;
    const char *gz = is_gzip ? NULL : bwm_fuzz_gzip_file(1, data, size);
    if (gz) {
        read_all(gz, &packed);
        bwm_fuzz_require(same_records(&plain, &packed), "the gzip-compressed trace reads differently");
    }
    return 0;
}
