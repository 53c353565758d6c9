/* gpgpusim_log.c — reading GPGPU-Sim output logs with PCRE2 (see gpgpusim_log.h). */
#include "fit/gpgpusim_log.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/infile.h"
#include "io/line_reader.h"
#include "sim/config/rx.h"
#include "sim/dram/dram_config.h"
#include "util/grow.h"
#include "util/num.h"

/* The scalar statistics, in the order GPGPU-Sim prints them. */
enum { ST_CYCLE, ST_INSN, ST_IPC, ST_L2_ACC, ST_L2_MISS, ST_COUNT };
static const char *const stat_names[ST_COUNT] = {
    "gpu_tot_sim_cycle", "gpu_tot_sim_insn", "gpu_tot_ipc", "L2_total_cache_accesses", "L2_total_cache_misses",
};
/* Where a kernel's block keeps each statistic (gpu_tot_ipc: nowhere). */
#define NOWHERE ((size_t)-1)
static const size_t stat_field[ST_COUNT] = {
    offsetof(bwm_gpgpusim_kernel, cycles), offsetof(bwm_gpgpusim_kernel, insn), NOWHERE,
    offsetof(bwm_gpgpusim_kernel, l2_accesses), offsetof(bwm_gpgpusim_kernel, l2_misses),
};

/* The lines naming a block's kernels: in every block or in none. */
enum { TX_NAME, TX_UID, TX_COUNT };
static const char *const text_names[TX_COUNT] = {"kernel_name", "kernel_launch_uid"};

/* Options read from the echo; those after OPT_NEEDED are optional. */
enum { OPT_CLOCKS, OPT_N_MEM, OPT_PER_CTRLR, OPT_NEEDED, OPT_DL2 = OPT_NEEDED, OPT_RATIO, OPT_COUNT };
static const char *const opt_names[OPT_COUNT] = {
    "gpgpu_clock_domains", "gpgpu_n_mem", "gpgpu_n_mem_per_ctrlr", "gpgpu_cache:dl2", "dram_data_command_freq_ratio",
};

typedef struct channel {
    int seen;       /* a DRAM[i] header was read */
    int counted;    /* its n_cmd line (with n_rd, n_write) was read */
    int v4;         /* the line had 4.x's n_rd_L2_A and n_wr_bk */
    long blocks;    /* n_cmd lines read: one per kernel */
    double n_cmd, n_rd, n_rd_l2a, n_write, n_wr_bk, bw_util;
} channel;

typedef struct reader {
    const char *path;
    long line;
    bwm_rx stat, opt, dram, counts, clocks, text;
    double stat_val[ST_COUNT];
    long stat_seen[ST_COUNT];
    long text_seen[TX_COUNT];
    bwm_gpgpusim_kernels ks;  /* every kernel's block, in order */
    char *opt_val[OPT_COUNT];
    long opt_line[OPT_COUNT];
    int current;    /* channel of the last DRAM[i] header, or -1 */
    long bus_width, burst_length;
    channel ch[BWM_GPGPUSIM_MAX_CHANNELS];
} reader;

static const char *const patterns[] = {
    ("^\\s*(gpu_tot_sim_cycle|gpu_tot_sim_insn|gpu_tot_ipc|L2_total_cache_accesses|L2_total_cache_misses)"
     "\\s*=\\s*(\\S+)\\s*$"),
    "^-(gpgpu_clock_domains|gpgpu_n_mem|gpgpu_n_mem_per_ctrlr|gpgpu_cache:dl2|dram_data_command_freq_ratio)"
    "\\s+(\\S+)",
    "^\\s*DRAM\\[(\\d+)\\]:.*\\bbusW=(\\d+)\\s+BL=(\\d+)",
    /* n_cmd, then 3.x: n_rd n_write; 4.x: n_rd n_rd_L2_A n_write n_wr_bk; then bw_util */
    "^\\s*n_cmd=(\\d+)\\b.*\\bn_rd=(\\d+)\\s+(?:n_rd_L2_A=(\\d+)\\s+)?n_write=(\\d+)\\b(?:\\s+n_wr_bk=(\\d+))?"
    "(?:.*\\bbw_util=(\\S+))?",
    "^([0-9.]+):[0-9.]+:[0-9.]+:([0-9.]+)$",
    /* the whole text, and its first word */
    "^\\s*(kernel_name|kernel_launch_uid)\\s*=\\s*((\\S*).*?)\\s*$",
};

static int reader_init(reader *r, const char *path, bwm_err *err)
{
    memset(r, 0, sizeof *r);
    r->path = path;
    r->current = -1;
    bwm_rx *rx[] = {&r->stat, &r->opt, &r->dram, &r->counts, &r->clocks, &r->text};
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
    bwm_rx *rx[] = {&r->stat, &r->opt, &r->dram, &r->counts, &r->clocks, &r->text};
    for (size_t i = 0; i < sizeof rx / sizeof rx[0]; i++)
        bwm_rx_free(rx[i]);
    for (int i = 0; i < OPT_COUNT; i++)
        free(r->opt_val[i]);
    bwm_gpgpusim_kernels_free(&r->ks);
}

void bwm_gpgpusim_kernels_free(bwm_gpgpusim_kernels *ks)
{
    for (size_t i = 0; i < ks->n; i++)
        free(ks->k[i].name);
    free(ks->k);
    memset(ks, 0, sizeof *ks);
}

/* The block of the k-th kernel (0-based), made (empty, starting at the
 * current line) when first named; NULL when out of memory. */
static bwm_gpgpusim_kernel *block_at(reader *r, long k)
{
    while (r->ks.n <= (size_t)k) {
        bwm_gpgpusim_kernel *blocks = bwm_grow(r->ks.k, &r->ks.cap, r->ks.n, sizeof *blocks);
        if (!blocks)
            return NULL;
        r->ks.k = blocks;
        blocks[r->ks.n] = (bwm_gpgpusim_kernel){.uid = -1, .line = r->line};
        r->ks.n++;
    }
    return &r->ks.k[k];
}

/* Copies group g of the last match of rx on s into dst (size n). */
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

/* What a number read from the log may be. */
typedef struct range {
    double lo, hi;
    int whole;
    const char *says;
} range;

/* Counters: whole numbers small enough to be exact in a double. */
static const range COUNT = {0, BWM_GPGPUSIM_COUNT_MAX, 1, "a count in 0..2^53"};
static const range RATE = {0, BWM_GPGPUSIM_COUNT_MAX, 0, "a number in 0..2^53"};
static const range CHANNEL = {0, BWM_GPGPUSIM_MAX_CHANNELS - 1, 1, "a channel number below 256"};
static const range DRAM_FIELD = {1, BWM_GPGPUSIM_DRAM_FIELD_MAX, 1, "a whole number in 1..1024"};
static const range UTIL = {0, 1, 0, "a fraction in 0..1"};

static int group_number(const reader *r, const bwm_rx *rx, int g, const char *s, const char *what,
                        const range *ok, double *out, bwm_err *err)
{
    char text[64];
    group_text(rx, g, s, text, sizeof text);
    int64_t whole;
    if (bwm_parse_double(text, out) != 0 || !(*out >= ok->lo && *out <= ok->hi) ||
        (ok->whole && bwm_whole_in(*out, (int64_t)ok->lo, (int64_t)ok->hi, &whole) != 0))
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: %s: '%s' is not %s", r->path, r->line, what, text, ok->says);
    return BWM_OK;
}

static int find_name(const char *const *names, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], s) == 0)
            return i;
    return -1;
}

/* kernel_name = NAME ... / kernel_launch_uid = UID ...: the next block's. */
static int on_kernel_line(reader *r, const char *s, bwm_err *err)
{
    char name[32];
    group_text(&r->text, 1, s, name, sizeof name);
    int k = find_name(text_names, TX_COUNT, name);
    if (k < 0) /* cannot happen: the pattern lists the names */
        return BWM_OK;
    bwm_gpgpusim_kernel *b = block_at(r, r->text_seen[k]++);
    if (!b)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    size_t from = 0, to = 0;
    bwm_rx_group(&r->text, 2, &from, &to);
    if (k == TX_NAME) {
        b->name = from < to ? strndup(s + from, to - from) : NULL;
        return from == to || b->name ? BWM_OK : bwm_fail(err, BWM_EFAIL, "out of memory");
    }
    if (from == to) /* an empty line: no uid */
        return BWM_OK;
    double uid;
    int st = group_number(r, &r->text, 3, s, "kernel_launch_uid", &COUNT, &uid, err);
    if (st == BWM_OK)
        b->uid = (long long)uid; /* a whole number up to 2^53 */
    return st;
}

/* Half a unit of the last digit GPGPU-Sim prints of v > 0 ("%.4g": four
 * significant digits): the most its printed bw_util can be off by. */
static double half_last_digit(double v)
{
    return 0.5 * pow(10, floor(log10(v)) - 3);
}

/* Adds a channel's n_cmd line to its kernel's block (one line per kernel). */
static int add_channel(reader *r, channel *c, bwm_err *err)
{
    bwm_gpgpusim_kernel *b = block_at(r, c->blocks++);
    if (!b)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    b->n_cmd += c->n_cmd;
    b->n_rd += c->n_rd;
    b->n_rd_l2a += c->n_rd_l2a;
    b->n_write += c->n_write;
    b->n_wr_bk += c->n_wr_bk;
    b->busy = b->busy >= 0 && c->bw_util >= 0 ? b->busy + c->bw_util * c->n_cmd : -1;
    b->busy_err += c->bw_util > 0 ? half_last_digit(c->bw_util) * c->n_cmd : 0;
    return BWM_OK;
}

static int on_line(reader *r, const char *s, size_t len, bwm_err *err)
{
    char name[64];
    if (bwm_rx_match(&r->stat, s, len, 0, 0)) {
        group_text(&r->stat, 1, s, name, sizeof name);
        int k = find_name(stat_names, ST_COUNT, name);
        if (k < 0) /* cannot happen: the pattern lists the names */
            return BWM_OK;
        r->stat_seen[k]++;
        int st = group_number(r, &r->stat, 2, s, name, k == ST_IPC ? &RATE : &COUNT, &r->stat_val[k], err);
        if (st != BWM_OK || stat_field[k] == NOWHERE)
            return st;
        bwm_gpgpusim_kernel *b = block_at(r, r->stat_seen[k] - 1);
        if (!b)
            return bwm_fail(err, BWM_EFAIL, "out of memory");
        *(double *)((char *)b + stat_field[k]) = r->stat_val[k];
        return BWM_OK;
    }
    if (bwm_rx_match(&r->text, s, len, 0, 0))
        return on_kernel_line(r, s, err);
    if (bwm_rx_match(&r->opt, s, len, 0, 0)) {
        group_text(&r->opt, 1, s, name, sizeof name);
        int k = find_name(opt_names, OPT_COUNT, name);
        if (k < 0) /* cannot happen: the pattern lists the names */
            return BWM_OK;
        size_t a = 0, b = 0;
        bwm_rx_group(&r->opt, 2, &a, &b);
        free(r->opt_val[k]);
        r->opt_val[k] = strndup(s + a, b - a);
        r->opt_line[k] = r->line;
        return r->opt_val[k] ? BWM_OK : bwm_fail(err, BWM_EFAIL, "out of memory");
    }
    if (bwm_rx_match(&r->dram, s, len, 0, 0)) {
        double id, busw, bl;
        int st = group_number(r, &r->dram, 1, s, "DRAM channel", &CHANNEL, &id, err);
        if (st == BWM_OK)
            st = group_number(r, &r->dram, 2, s, "busW", &DRAM_FIELD, &busw, err);
        if (st == BWM_OK)
            st = group_number(r, &r->dram, 3, s, "BL", &DRAM_FIELD, &bl, err);
        if (st != BWM_OK)
            return st;
        /* whole numbers within their ranges (group_number): exact conversions */
        r->current = (int)id;
        r->ch[r->current].seen = 1;
        r->bus_width = (long)busw;
        r->burst_length = (long)bl;
        return BWM_OK;
    }
    if (r->current >= 0 && bwm_rx_match(&r->counts, s, len, 0, 0)) {
        channel *c = &r->ch[r->current];
        size_t a, b;
        c->v4 = bwm_rx_group(&r->counts, 3, &a, &b) && bwm_rx_group(&r->counts, 5, &a, &b);
        c->n_rd_l2a = c->n_wr_bk = 0;
        c->bw_util = -1;
        int st = group_number(r, &r->counts, 1, s, "n_cmd", &COUNT, &c->n_cmd, err);
        if (st == BWM_OK)
            st = group_number(r, &r->counts, 2, s, "n_rd", &COUNT, &c->n_rd, err);
        if (st == BWM_OK)
            st = group_number(r, &r->counts, 4, s, "n_write", &COUNT, &c->n_write, err);
        if (st == BWM_OK && c->v4)
            st = group_number(r, &r->counts, 3, s, "n_rd_L2_A", &COUNT, &c->n_rd_l2a, err);
        if (st == BWM_OK && c->v4)
            st = group_number(r, &r->counts, 5, s, "n_wr_bk", &COUNT, &c->n_wr_bk, err);
        if (st == BWM_OK && bwm_rx_group(&r->counts, 6, &a, &b))
            st = group_number(r, &r->counts, 6, s, "bw_util", &UTIL, &c->bw_util, err);
        c->counted = 1;
        r->current = -1;
        return st == BWM_OK ? add_channel(r, c, err) : st;
    }
    return BWM_OK;
}

static int opt_long(const reader *r, int k, long *out, bwm_err *err)
{
    int64_t v;
    if (bwm_parse_i64(r->opt_val[k], &v) != 0 || v < 1 || v > BWM_GPGPUSIM_MAX_CHANNELS)
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: -%s: '%s' is not an integer in 1..%d", r->path, r->opt_line[k],
                        opt_names[k], r->opt_val[k], BWM_GPGPUSIM_MAX_CHANNELS);
    *out = (long)v;
    return BWM_OK;
}

/* The L2's bytes per miss (a sector cache misses 32-byte sectors) and the
 * data-to-command clock ratio, when the echo has them. */
static int optional_options(const reader *r, bwm_gpgpusim_log *log, bwm_err *err)
{
    log->miss_bytes = 0;
    const char *dl2 = r->opt_val[OPT_DL2];
    if (dl2) {
        long sets, line;
        if (dl2[0] == 'S' && dl2[1] == ':')
            log->miss_bytes = BWM_GPGPUSIM_SECTOR_BYTES;
        else if (sscanf(dl2 + (dl2[0] == 'N' && dl2[1] == ':' ? 2 : 0), "%ld:%ld", &sets, &line) == 2 && line > 0 &&
                 line <= 4096)
            log->miss_bytes = line;
        else
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: -gpgpu_cache:dl2: '%s' is not a cache string "
                            "([N|S:]sets:line:ways,...)", r->path, r->opt_line[OPT_DL2], dl2);
    }
    log->data_command_ratio = 2; /* GPGPU-Sim's default */
    if (r->opt_val[OPT_RATIO]) {
        int64_t v;
        if (bwm_parse_i64(r->opt_val[OPT_RATIO], &v) != 0 || v < 1 || v > 64)
            return bwm_fail(err, BWM_EINPUT, "%s:%ld: -dram_data_command_freq_ratio: '%s' is not an integer in 1..64",
                            r->path, r->opt_line[OPT_RATIO], r->opt_val[OPT_RATIO]);
        log->data_command_ratio = (long)v;
    }
    return BWM_OK;
}

/* The error for a statistic that the kernel after the first `seen` lacks. */
static int missing(const reader *r, const char *what, long seen, bwm_err *err)
{
    return bwm_fail(err, BWM_EINPUT, "%s: no '%s' for kernel %ld (its statistics start at line %ld; log cut short?)",
                    r->path, what, seen + 1, r->ks.k[seen].line);
}

/* The totals that may not shrink from one kernel's block to the next; the
 * strict ones must grow.  Instructions may stand still: GPGPU-Sim 4.2
 * builds with several streams print a block of a few cycles and no
 * instructions, its kernel_name and kernel_launch_uid lines empty. */
static const struct total {
    const char *name;
    size_t at;
    int strict;
} totals[] = {
    {"gpu_tot_sim_cycle", offsetof(bwm_gpgpusim_kernel, cycles), 1},
    {"gpu_tot_sim_insn", offsetof(bwm_gpgpusim_kernel, insn), 0}, /* a block may add none (below) */
    {"L2_total_cache_accesses", offsetof(bwm_gpgpusim_kernel, l2_accesses), 0},
    {"L2_total_cache_misses", offsetof(bwm_gpgpusim_kernel, l2_misses), 0},
    {"n_cmd (all channels)", offsetof(bwm_gpgpusim_kernel, n_cmd), 0},
    {"n_rd (all channels)", offsetof(bwm_gpgpusim_kernel, n_rd), 0},
    {"n_rd_L2_A (all channels)", offsetof(bwm_gpgpusim_kernel, n_rd_l2a), 0},
    {"n_write (all channels)", offsetof(bwm_gpgpusim_kernel, n_write), 0},
    {"n_wr_bk (all channels)", offsetof(bwm_gpgpusim_kernel, n_wr_bk), 0},
};

static double total_of(const bwm_gpgpusim_kernel *b, const struct total *t)
{
    return *(const double *)((const char *)b + t->at);
}

/* Every block's totals are at least the previous block's; in a log that
 * prints no kernel_launch_uid a block's uid is its position. */
static int check_blocks(reader *r, bwm_err *err)
{
    for (size_t k = 0; k < r->ks.n; k++) {
        bwm_gpgpusim_kernel *b = &r->ks.k[k];
        if (r->text_seen[TX_UID] == 0)
            b->uid = (long long)k + 1;
        for (size_t i = 0; k > 0 && i < sizeof totals / sizeof totals[0]; i++) {
            double now = total_of(b, &totals[i]), before = total_of(b - 1, &totals[i]);
            if (now < before || (totals[i].strict && now == before))
                return bwm_fail(err, BWM_EINPUT, "%s:%ld: kernel %zu: %s %.0f %s kernel %zu's %.0f (it counts from "
                                "the start of the run; not one run?)", r->path, b->line, k + 1, totals[i].name, now,
                                now < before ? "is below" : "stays at", k, before);
        }
    }
    return BWM_OK;
}

/* Checks that everything needed was seen and fills log. */
static int finish(reader *r, bwm_gpgpusim_log *log, bwm_err *err)
{
    for (int k = 0; k < OPT_NEEDED; k++)
        if (!r->opt_val[k])
            return bwm_fail(err, BWM_EINPUT, "%s: no '-%s' option in the log's option echo (not a GPGPU-Sim log?)",
                            r->path, opt_names[k]);
    for (int k = 0; k < ST_COUNT; k++)
        if (!r->stat_seen[k])
            return bwm_fail(err, BWM_EINPUT, "%s: no '%s' (log cut short?)", r->path, stat_names[k]);
    for (int k = 0; k < ST_COUNT; k++)
        if (r->stat_seen[k] < (long)r->ks.n)
            return missing(r, stat_names[k], r->stat_seen[k], err);
    for (int k = 0; k < TX_COUNT; k++)
        if (r->text_seen[k] > 0 && r->text_seen[k] < (long)r->ks.n)
            return missing(r, text_names[k], r->text_seen[k], err);
    const char *clk = r->opt_val[OPT_CLOCKS];
    double core = 0, dram = 0;
    if (bwm_rx_match(&r->clocks, clk, strlen(clk), 0, 0)) {
        char text[64];
        group_text(&r->clocks, 1, clk, text, sizeof text);
        int bad = bwm_parse_double(text, &core) != 0;
        group_text(&r->clocks, 2, clk, text, sizeof text);
        bad |= bwm_parse_double(text, &dram) != 0;
        if (bad)
            core = 0;
    }
    if (!(core >= BWM_CLOCK_MHZ_MIN && core <= BWM_CLOCK_MHZ_MAX) ||
        !(dram >= BWM_CLOCK_MHZ_MIN && dram <= BWM_CLOCK_MHZ_MAX))
        return bwm_fail(err, BWM_EINPUT, "%s:%ld: -gpgpu_clock_domains: '%s' is not CORE:ICNT:L2:DRAM in MHz "
                        "(each %g..%g)", r->path, r->opt_line[OPT_CLOCKS], clk, BWM_CLOCK_MHZ_MIN, BWM_CLOCK_MHZ_MAX);
    int st = opt_long(r, OPT_N_MEM, &log->n_mem, err);
    if (st == BWM_OK)
        st = opt_long(r, OPT_PER_CTRLR, &log->n_mem_per_ctrlr, err);
    if (st != BWM_OK)
        return st;
    log->n_rd = log->n_rd_l2a = log->n_write = log->n_wr_bk = log->bw_util = 0;
    log->v4 = 1;
    for (long i = 0; i < log->n_mem; i++) {
        if (!r->ch[i].seen)
            return bwm_fail(err, BWM_EINPUT, "%s: no 'DRAM[%ld]' statistics (log cut short, or run without "
                            "DRAM statistics?)", r->path, i);
        if (!r->ch[i].counted)
            return bwm_fail(err, BWM_EINPUT, "%s: no 'n_rd'/'n_write' line after 'DRAM[%ld]' (log cut short?)",
                            r->path, i);
        if (r->ch[i].blocks < (long)r->ks.n) {
            char what[32];
            snprintf(what, sizeof what, "DRAM[%ld]", i);
            return missing(r, what, r->ch[i].blocks, err);
        }
        log->n_rd += r->ch[i].n_rd;
        log->n_rd_l2a += r->ch[i].n_rd_l2a;
        log->n_write += r->ch[i].n_write;
        log->n_wr_bk += r->ch[i].n_wr_bk;
        log->v4 &= r->ch[i].v4;
        log->bw_util = log->bw_util >= 0 && r->ch[i].bw_util >= 0 ? log->bw_util + r->ch[i].bw_util / log->n_mem : -1;
    }
    st = optional_options(r, log, err);
    if (st != BWM_OK)
        return st;
    log->insn = r->stat_val[ST_INSN];
    log->cycles = r->stat_val[ST_CYCLE];
    log->ipc_reported = r->stat_val[ST_IPC];
    log->l2_accesses = r->stat_val[ST_L2_ACC];
    log->l2_misses = r->stat_val[ST_L2_MISS];
    log->core_mhz = core;
    log->dram_mhz = dram;
    log->bus_width = r->bus_width;
    log->burst_length = r->burst_length;
    log->kernels = r->stat_seen[ST_CYCLE];
    if (!(log->insn > 0))
        return bwm_fail(err, BWM_EINPUT, "%s: gpu_tot_sim_insn is 0 (no instructions simulated)", r->path);
    if (!(log->cycles > 0))
        return bwm_fail(err, BWM_EINPUT, "%s: gpu_tot_sim_cycle is 0 (no cycles simulated)", r->path);
    return check_blocks(r, err);
}

/* Reads the log; keeps the kernels' blocks in ks unless it is NULL. */
static int read_log(const char *path, bwm_gpgpusim_log *log, bwm_gpgpusim_kernels *ks, bwm_err *err)
{
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
    bwm_line_reader lines;
    bwm_line_reader_init(&lines, f, path);
    int more = 1;
    while (st == BWM_OK && (st = bwm_line_next(&lines, &more, err)) == BWM_OK && more) {
        r->line = lines.line;
        st = on_line(r, lines.text, lines.len, err);
    }
    bwm_line_reader_free(&lines);
    if (st == BWM_OK)
        st = finish(r, log, err);
    if (st == BWM_OK && ks) {
        *ks = r->ks;
        memset(&r->ks, 0, sizeof r->ks);
    }
    reader_free(r);
    free(r);
    fclose(f);
    return st;
}

int bwm_gpgpusim_log_read(const char *path, bwm_gpgpusim_log *log, bwm_err *err)
{
    return read_log(path, log, NULL, err);
}

int bwm_gpgpusim_log_read_kernels(const char *path, bwm_gpgpusim_log *log, bwm_gpgpusim_kernels *ks, bwm_err *err)
{
    memset(ks, 0, sizeof *ks);
    return read_log(path, log, ks, err);
}

double bwm_gpgpusim_atom_bytes(const bwm_gpgpusim_log *log)
{
    return (double)log->bus_width * (double)log->burst_length * (double)log->n_mem_per_ctrlr;
}

double bwm_gpgpusim_ipc(const bwm_gpgpusim_log *log)
{
    return log->insn / log->cycles;
}

double bwm_gpgpusim_mpki(const bwm_gpgpusim_log *log)
{
    return log->insn > 0 ? log->l2_misses * 1000.0 / log->insn : NAN;
}

double bwm_gpgpusim_seconds(const bwm_gpgpusim_log *log)
{
    return log->cycles / (log->core_mhz * 1e6);
}

double bwm_gpgpusim_bw(const bwm_gpgpusim_log *log)
{
    return bwm_gpgpusim_commands(log) * bwm_gpgpusim_atom_bytes(log) / bwm_gpgpusim_seconds(log) / 1e9;
}

double bwm_gpgpusim_commands(const bwm_gpgpusim_log *log)
{
    return log->n_rd + log->n_rd_l2a + log->n_write + log->n_wr_bk;
}

double bwm_gpgpusim_peak(const bwm_gpgpusim_log *log)
{
    /* a column command moves one atom in BL / ratio command cycles */
    return (double)log->n_mem * bwm_gpgpusim_atom_bytes(log) * (double)log->data_command_ratio /
           (double)log->burst_length * log->dram_mhz * 1e6 / 1e9;
}

double bwm_gpgpusim_bw_util_gbs(const bwm_gpgpusim_log *log)
{
    return log->bw_util >= 0 ? log->bw_util * bwm_gpgpusim_peak(log) : -1;
}
