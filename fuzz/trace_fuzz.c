/* trace_fuzz.c — libFuzzer harness: DRAM request traces (sim/trace),
 * plain and gzip-compressed.
 *
 * The input is a trace file.  It is read record by record as it is, and,
 * when it is not already gzip data, a second time gzip-compressed: both
 * readings must agree on the outcome, on every record and on the line each
 * came from.  Records must be well-formed (timed traces never go back in
 * time). */
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz_support.h"
#include "sim/trace/trace.h"

#define MAX_RECORDS 4096

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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static reading plain, packed;
    read_all(bwm_fuzz_file(0, data, size), &plain);
    int is_gzip = size >= 2 && data[0] == 0x1f && data[1] == 0x8b;
    const char *gz = is_gzip ? NULL : bwm_fuzz_gzip_file(1, data, size);
    if (gz) {
        read_all(gz, &packed);
        bwm_fuzz_require(same_records(&plain, &packed), "the gzip-compressed trace reads differently");
    }
    return 0;
}
