/* accelsim_log.c — reading Accel-Sim's per-kernel statistics dumps with
 * PCRE2 (see accelsim_log.h). */
#include "fit/accelsim_log.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/infile.h"
#include "io/line_reader.h"
#include "sim/config/rx.h"
#include "util/grow.h"
#include "util/num.h"

static const char *const stat_names[BWM_AS_NALL] = {
    "cycles", "insts", "warp_insts", "l1d_reads", "l1d_read_misses", "l1d_writes", "l1d_write_misses",
    "l2_reads", "l2_read_misses", "l2_writes", "l2_write_misses", "dram_reads", "dram_writes",
    "l1d_accesses", "l1d_misses", "l2_accesses", "l2_misses",
};
static const char *const ref_names[BWM_AS_NALL] = {
    "gpu_sim_cycle", "gpu_sim_insn", "gpgpu_n_tot_w_icount", "L1D_accesses_R", "L1D_misses_R",
    "L1D_accesses_W", "L1D_misses_W", "L2_accesses_R", "L2_misses_R", "L2_accesses_W", "L2_misses_W",
    "total_dram_reads", "total_dram_writes", "L1D_total_cache_accesses", "L1D_total_cache_misses",
    "L2_total_cache_accesses", "L2_total_cache_misses",
};

const char *bwm_accelsim_stat_name(int s)
{
    return s >= 0 && s < BWM_AS_NALL ? stat_names[s] : "";
}

const char *bwm_accelsim_stat_ref(int s)
{
    return s >= 0 && s < BWM_AS_NALL ? ref_names[s] : "";
}

/* The scalar lines of a dump, as the log spells them. */
enum { SC_UID, SC_CYCLE, SC_INSN, SC_TOT_CYCLE, SC_TOT_INSN, SC_L1D_ACC, SC_L1D_MISS, SC_WARP, SC_DRAM_R,
       SC_DRAM_W, SC_L2_ACC, SC_L2_MISS, SC_STREAM, SC_NEEDED = SC_STREAM, SC_COUNT };
static const char *const scalar_names[SC_COUNT] = {
    "kernel_launch_uid", "gpu_sim_cycle", "gpu_sim_insn", "gpu_tot_sim_cycle", "gpu_tot_sim_insn",
    "L1D_total_cache_accesses", "L1D_total_cache_misses", "gpgpu_n_tot_w_icount", "total dram reads",
    "total dram writes", "L2_total_cache_accesses", "L2_total_cache_misses", "kernel_stream_id",
};
/* Totals over the run differenced between consecutive dumps, and where the kernel keeps them. */
static const int global_scalar[] = {SC_WARP, SC_DRAM_R, SC_DRAM_W, SC_L1D_ACC, SC_L1D_MISS, SC_L2_ACC, SC_L2_MISS};
static const int global_stat[] = {BWM_AS_WARP_INSTS, BWM_AS_DRAM_READS, BWM_AS_DRAM_WRITES, BWM_AS_L1D_ACCESSES,
                                  BWM_AS_L1D_MISSES, BWM_AS_L2_ACCESSES, BWM_AS_L2_MISSES};
#define N_GLOBAL (sizeof global_scalar / sizeof global_scalar[0])
/* The breakdown sums: BWM_AS_L1D_READS .. BWM_AS_L2_WRITE_MISSES, per stream. */
#define N_SPLIT (BWM_AS_L2_WRITE_MISSES - BWM_AS_L1D_READS + 1)

#define END_LINE "L2_total_cache_reservation_fail_breakdown"
#define MAX_TYPES 32 /* access types a breakdown lists (GPGPU-Sim 4.x has 12) */

typedef struct type_seen {
    char name[32];
    unsigned outcomes;   /* bit per outcome line read (by its position in outcome_names, or 31: another) */
    double accesses;     /* outcomes but RESERVATION_FAIL and MSHR_HIT */
    double total;        /* its TOTAL_ACCESS line, -1 without */
    long total_line;
} type_seen;

typedef struct stream_sums {
    long long stream;
    double v[N_SPLIT];
} stream_sums;

typedef struct reader {
    const char *path;
    long line;
    bwm_rx dump, scalar, breakdown, breakdown_any, end;
    /* the dump being read */
    int open, ended;
    bwm_accelsim_kernel cur;
    double sc[SC_COUNT];
    long sc_line[SC_COUNT];
    double split[N_SPLIT];    /* this dump's breakdown sums (the stream's totals) */
    type_seen types[2][MAX_TYPES];
    size_t n_types[2];
    /* what the dumps before it said */
    double prev_global[N_GLOBAL];
    double sum_cycles, sum_insn;
    stream_sums *streams;
    size_t n_streams, cap_streams;
} reader;

static const char *const patterns[] = {
    "^kernel_name\\s*=\\s*(.*?)\\s*$",
    "^\\s*(kernel_launch_uid|kernel_stream_id|gpu_sim_cycle|gpu_sim_insn|gpu_tot_sim_cycle|gpu_tot_sim_insn|"
    "L1D_total_cache_accesses|L1D_total_cache_misses|gpgpu_n_tot_w_icount|total dram reads|total dram writes|"
    "L2_total_cache_accesses|L2_total_cache_misses)\\s*=\\s*(.*?)\\s*$",
    "^\\s*(Total_core_cache_stats_breakdown|L2_cache_stats_breakdown)\\[([A-Z0-9_]{1,31})\\]\\[([A-Z_]+)\\]"
    "\\s*=\\s*(.*?)\\s*$",
    "^\\s*(Total_core_cache_stats_breakdown|L2_cache_stats_breakdown)\\b",
    "^\\s*" END_LINE ":",
};

static int reader_init(reader *r, const char *path, bwm_err *err)
{
    memset(r, 0, sizeof *r);
    r->path = path;
    bwm_rx *rx[] = {&r->dump, &r->scalar, &r->breakdown, &r->breakdown_any, &r->end};
    for (size_t i = 0; i < sizeof rx / sizeof rx[0]; i++) {
        int st = bwm_rx_compile(rx[i], patterns[i], err);
        if (st != BWM_OK) {
            for (size_t k = 0; k < i; k++)
                bwm_rx_free(rx[k]);
            return st;
        }
    }
    return BWM_OK;
}

static void reader_free(reader *r)
{
    bwm_rx *rx[] = {&r->dump, &r->scalar, &r->breakdown, &r->breakdown_any, &r->end};
    for (size_t i = 0; i < sizeof rx / sizeof rx[0]; i++)
        bwm_rx_free(rx[i]);
    free(r->cur.name);
    free(r->streams);
}

void bwm_accelsim_log_free(bwm_accelsim_log *log)
{
    for (size_t i = 0; i < log->n; i++)
        free(log->k[i].name);
    free(log->k);
    memset(log, 0, sizeof *log);
}

/* Group g of rx's last match on s, copied into dst (size n, cut to fit). */
static void group_text(const bwm_rx *rx, int g, const char *s, char *dst, size_t n)
{
    size_t a = 0, b = 0;
    dst[0] = '\0';
    if (!bwm_rx_group(rx, g, &a, &b))
        return;
    size_t len = b - a < n - 1 ? b - a : n - 1;
    memcpy(dst, s + a, len);
    dst[len] = '\0';
}

/* Group g as a whole number in 0..2^53. */
static int group_count(const reader *r, const bwm_rx *rx, int g, const char *s, const char *what, double *out,
                       bwm_err *err)
{
    char text[64];
    group_text(rx, g, s, text, sizeof text);
    size_t a = 0, b = 0;
    bwm_rx_group(rx, g, &a, &b);
    int64_t v;
    if (b - a >= sizeof text || bwm_parse_i64(text, &v) != 0 || v < 0 || v > ((int64_t)1 << 53))
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: %s: '%s' is not a count in 0..2^53", r->path, r->line, what,
                        text);
    *out = (double)v;
    return BWM_OK;
}

static int open_dump(reader *r, const char *s, bwm_err *err)
{
    size_t a = 0, b = 0;
    bwm_rx_group(&r->dump, 1, &a, &b);
    free(r->cur.name);
    memset(&r->cur, 0, sizeof r->cur);
    r->cur.name = strndup(s + a, b - a);
    if (!r->cur.name)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    r->cur.line = r->line;
    for (int i = 0; i < SC_COUNT; i++)
        r->sc_line[i] = 0;
    memset(r->split, 0, sizeof r->split);
    r->n_types[0] = r->n_types[1] = 0;
    r->open = 1;
    r->ended = 0;
    return BWM_OK;
}

static int on_scalar(reader *r, const char *s, bwm_err *err)
{
    char name[32], text[64];
    group_text(&r->scalar, 1, s, name, sizeof name);
    int k = 0;
    while (k < SC_COUNT && strcmp(scalar_names[k], name) != 0)
        k++;
    if (k == SC_COUNT) /* cannot happen: the pattern lists the names */
        return BWM_OK;
    if (r->sc_line[k])
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: '%s' given twice in the statistics starting at line %ld (first "
                        "at line %ld)", r->path, r->line, name, r->cur.line, r->sc_line[k]);
    group_text(&r->scalar, 2, s, text, sizeof text);
    if (k == SC_UID && strchr(text, ' '))
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: kernel_launch_uid '%s': several kernels in one statistics dump "
                        "(kernels of several streams overlapped; their figures cannot be told apart)",
                        r->path, r->line, text);
    if (k == SC_UID && !text[0])
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: kernel_launch_uid is empty: a statistics dump of no kernel "
                        "(kernels of several streams overlapped; their figures cannot be told apart)",
                        r->path, r->line);
    int st = group_count(r, &r->scalar, 2, s, name, &r->sc[k], err);
    if (st == BWM_OK)
        r->sc_line[k] = r->line;
    return st;
}

static const char *const outcome_names[] = {"HIT", "HIT_RESERVED", "MISS", "RESERVATION_FAIL", "SECTOR_MISS",
                                            "MSHR_HIT"};
#define N_OUTCOMES (sizeof outcome_names / sizeof outcome_names[0])

/* The breakdown sum (index into split, from BWM_AS_L1D_READS) an access of
 * this type counts in, -1 for none; misses are the next index. */
static int split_slot(int l2, const char *type)
{
    size_t n = strlen(type);
    if (!l2) {
        if (!strcmp(type, "GLOBAL_ACC_R") || !strcmp(type, "LOCAL_ACC_R"))
            return BWM_AS_L1D_READS - BWM_AS_L1D_READS;
        if (!strcmp(type, "GLOBAL_ACC_W") || !strcmp(type, "LOCAL_ACC_W"))
            return BWM_AS_L1D_WRITES - BWM_AS_L1D_READS;
        return -1;
    }
    if (n >= 2 && !strcmp(type + n - 2, "_R"))
        return BWM_AS_L2_READS - BWM_AS_L1D_READS;
    if ((n >= 2 && !strcmp(type + n - 2, "_W")) || (n >= 9 && !strcmp(type + n - 9, "_WRBK_ACC")))
        return BWM_AS_L2_WRITES - BWM_AS_L1D_READS;
    return -1;
}

static int on_breakdown(reader *r, const char *s, bwm_err *err)
{
    char cache[40], type[32], outcome[32];
    group_text(&r->breakdown, 1, s, cache, sizeof cache);
    group_text(&r->breakdown, 2, s, type, sizeof type);
    group_text(&r->breakdown, 3, s, outcome, sizeof outcome);
    int l2 = cache[0] == 'L';
    double v = 0;
    int st = group_count(r, &r->breakdown, 4, s, cache, &v, err);
    if (st != BWM_OK)
        return st;
    type_seen *t = NULL;
    for (size_t i = 0; i < r->n_types[l2] && !t; i++)
        if (!strcmp(r->types[l2][i].name, type))
            t = &r->types[l2][i];
    if (!t) {
        if (r->n_types[l2] == MAX_TYPES)
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: %s: more than %d access types", r->path, r->line, cache,
                            MAX_TYPES);
        t = &r->types[l2][r->n_types[l2]++];
        memset(t, 0, sizeof *t);
        snprintf(t->name, sizeof t->name, "%s", type);
        t->total = -1;
    }
    if (!strcmp(outcome, "TOTAL_ACCESS")) {
        if (t->total >= 0)
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: %s[%s][TOTAL_ACCESS] given twice", r->path, r->line, cache,
                            type);
        t->total = v;
        t->total_line = r->line;
        return BWM_OK;
    }
    unsigned bit = 31;
    for (unsigned i = 0; i < N_OUTCOMES; i++)
        if (!strcmp(outcome, outcome_names[i]))
            bit = i;
    if (bit < 31 && (t->outcomes & (1u << bit)))
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: %s[%s][%s] given twice in one dump", r->path, r->line, cache,
                        type, outcome);
    t->outcomes |= 1u << bit;
    int counts = strcmp(outcome, "RESERVATION_FAIL") != 0 && strcmp(outcome, "MSHR_HIT") != 0;
    int miss = !strcmp(outcome, "MISS") || !strcmp(outcome, "SECTOR_MISS");
    if (counts)
        t->accesses += v;
    int slot = split_slot(l2, type);
    if (slot >= 0 && counts)
        r->split[slot] += v;
    if (slot >= 0 && miss)
        r->split[slot + 1] += v;
    return BWM_OK;
}

/* Each type's TOTAL_ACCESS, where the dump has one (GPGPU-Sim prints it as
 * an unsigned int, for the types with accesses), agrees with its outcomes. */
static int check_types(const reader *r, bwm_err *err)
{
    static const char *const caches[2] = {"Total_core_cache_stats_breakdown", "L2_cache_stats_breakdown"};
    for (int c = 0; c < 2; c++)
        for (size_t i = 0; i < r->n_types[c]; i++) {
            const type_seen *t = &r->types[c][i];
            double printed = fmod(t->accesses, 4294967296.0);
            if (t->total >= 0 && t->total != printed)
                return bwm_fail(err, BWM_EINPUT, "%s:%ld: %s[%s][TOTAL_ACCESS] = %.0f but its outcomes add up to "
                                "%.0f", r->path, t->total_line, caches[c], t->name, t->total, t->accesses);
        }
    return BWM_OK;
}

static stream_sums *stream_of(reader *r, long long stream)
{
    for (size_t i = 0; i < r->n_streams; i++)
        if (r->streams[i].stream == stream)
            return &r->streams[i];
    stream_sums *s = bwm_grow(r->streams, &r->cap_streams, r->n_streams, sizeof *s);
    if (!s)
        return NULL;
    r->streams = s;
    s = &r->streams[r->n_streams++];
    memset(s, 0, sizeof *s);
    s->stream = stream;
    return s;
}

/* The k-th total's difference to the one before; an error when it shrank. */
static int difference(const reader *r, size_t k, const char *what, double now, double before, double *out,
                      bwm_err *err)
{
    if (now < before)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: kernel %zu: %s %.0f is below the kernel before's %.0f (not "
                        "one run's log?)", r->path, r->cur.line, k + 1, what, now, before);
    *out = now - before;
    return BWM_OK;
}

/* The open dump is complete (its end line read, or the log ended): checks
 * it and appends the kernel to log. */
static int close_dump(reader *r, bwm_accelsim_log *log, bwm_err *err)
{
    size_t k = log->n;
    for (int i = 0; i < SC_NEEDED; i++)
        if (!r->sc_line[i])
            return bwm_fail(err, BWM_EINPUT, "%s: no '%s' for kernel %zu (its statistics start at line %ld; log "
                            "cut short?)", r->path, scalar_names[i], k + 1, r->cur.line);
    if (!r->ended)
        return bwm_fail(err, BWM_EINPUT, "%s: no '" END_LINE ":' for kernel %zu (its statistics start at line "
                        "%ld; log cut short?)", r->path, k + 1, r->cur.line);
    int st = check_types(r, err);
    if (st != BWM_OK)
        return st;
    bwm_accelsim_kernel *kk = &r->cur;
    kk->uid = (long long)r->sc[SC_UID];
    kk->stream = r->sc_line[SC_STREAM] ? (long long)r->sc[SC_STREAM] : -1;
    kk->v[BWM_AS_CYCLES] = r->sc[SC_CYCLE];
    kk->v[BWM_AS_INSTS] = r->sc[SC_INSN];
    r->sum_cycles += r->sc[SC_CYCLE];
    r->sum_insn += r->sc[SC_INSN];
    if (r->sc[SC_TOT_CYCLE] != r->sum_cycles || r->sc[SC_TOT_INSN] != r->sum_insn)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: kernel %zu: gpu_tot_sim_cycle %.0f and gpu_tot_sim_insn %.0f are "
                        "not the sums of the kernels' gpu_sim_cycle (%.0f) and gpu_sim_insn (%.0f) (a dump missing, "
                        "or not one run's log?)", r->path, r->sc_line[SC_TOT_CYCLE], k + 1, r->sc[SC_TOT_CYCLE],
                        r->sc[SC_TOT_INSN], r->sum_cycles, r->sum_insn);
    for (size_t i = 0; i < N_GLOBAL && st == BWM_OK; i++) {
        st = difference(r, k, scalar_names[global_scalar[i]], r->sc[global_scalar[i]], r->prev_global[i],
                        &kk->v[global_stat[i]], err);
        r->prev_global[i] = r->sc[global_scalar[i]];
    }
    stream_sums *ss = st == BWM_OK ? stream_of(r, kk->stream) : NULL;
    if (st == BWM_OK && !ss)
        st = bwm_fail(err, BWM_EFAIL, "out of memory");
    for (int i = 0; i < (int)N_SPLIT && st == BWM_OK; i++) {
        st = difference(r, k, ref_names[BWM_AS_L1D_READS + i], r->split[i], ss->v[i], &kk->v[BWM_AS_L1D_READS + i],
                        err);
        ss->v[i] = r->split[i];
    }
    if (st != BWM_OK)
        return st;
    bwm_accelsim_kernel *ks = bwm_grow(log->k, &log->cap, log->n, sizeof *ks);
    if (!ks)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    log->k = ks;
    ks[log->n++] = *kk;
    kk->name = NULL; /* the log owns it */
    r->open = 0;
    return BWM_OK;
}

static int on_line(reader *r, bwm_accelsim_log *log, const char *s, size_t len, bwm_err *err)
{
    if (bwm_rx_match(&r->dump, s, len, 0, 1)) {
        int st = r->open ? close_dump(r, log, err) : BWM_OK;
        return st == BWM_OK ? open_dump(r, s, err) : st;
    }
    if (!r->open || r->ended)
        return BWM_OK;
    if (bwm_rx_match(&r->scalar, s, len, 0, 1))
        return on_scalar(r, s, err);
    if (bwm_rx_match(&r->breakdown, s, len, 0, 1))
        return on_breakdown(r, s, err);
    if (bwm_rx_match(&r->breakdown_any, s, len, 0, 1))
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: a cache breakdown line not of the form NAME[TYPE][OUTCOME] = "
                        "COUNT (cut short?)", r->path, r->line);
    if (bwm_rx_match(&r->end, s, len, 0, 1))
        r->ended = 1;
    return BWM_OK;
}

int bwm_accelsim_log_read(const char *path, bwm_accelsim_log *log, bwm_err *err)
{
    memset(log, 0, sizeof *log);
    FILE *f;
    int st = bwm_infile_open(path, &f, err);
    if (st != BWM_OK)
        return st;
    reader *r = malloc(sizeof *r);
    if (!r) {
        fclose(f);
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    }
    st = reader_init(r, path, err);
    if (st != BWM_OK) {
        free(r);
        fclose(f);
        return st;
    }
    bwm_line_reader lr;
    bwm_line_reader_init(&lr, f, path);
    int got = 1;
    while (st == BWM_OK) {
        st = bwm_line_next(&lr, &got, err);
        if (st != BWM_OK || !got)
            break;
        r->line = lr.line;
        st = on_line(r, log, lr.text, lr.len, err);
    }
    if (st == BWM_OK && r->open)
        st = close_dump(r, log, err);
    if (st == BWM_OK && log->n == 0)
        st = bwm_fail(err, BWM_EINPUT, "%s: no kernel statistics (no 'kernel_name = ' line: not an Accel-Sim or "
                      "GPGPU-Sim 4.x log, or it ended before the first kernel did)", path);
    bwm_line_reader_free(&lr);
    fclose(f);
    reader_free(r);
    free(r);
    return st;
}
