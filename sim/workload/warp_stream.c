/* warp_stream.c — synthetic per-warp instruction streams (see warp_stream.h). */
#include "sim/workload/warp_stream.h"

#include "sim/cache/sector.h"

uint64_t bwm_app_base(int app)
{
    return (uint64_t)app << 40;
}

static uint64_t footprint_lines(const bwm_synth_app *a)
{
    uint64_t n = (uint64_t)(a->footprint_mb * 1024 * 1024 / BWM_LINE_BYTES);
    return n ? n : 1;
}

static uint64_t hot_lines(const bwm_synth_app *a)
{
    uint64_t n = (uint64_t)(a->hot_kb * 1024 / BWM_LINE_BYTES);
    return n ? n : 1;
}

uint64_t bwm_cta_chunk_lines(const bwm_synth_app *a)
{
    double lines = (double)a->cta_warps * a->cta_insts * a->mem_frac * (1 - a->reuse) * (1 - a->hot_frac) *
                   a->coalesce;
    uint64_t n = lines < 1 ? 1 : (uint64_t)(lines + 0.5), fp = footprint_lines(a);
    return n < fp ? n : fp;
}

uint64_t bwm_cta_grid(const bwm_synth_app *a)
{
    return footprint_lines(a) / bwm_cta_chunk_lines(a);
}

uint64_t bwm_app_bytes(const bwm_synth_app *a)
{
    return (footprint_lines(a) + hot_lines(a)) * BWM_LINE_BYTES;
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* A step coprime to n near n × (golden ratio − 1): successive runs land far
 * apart and every run is visited once per sweep. */
static uint64_t permutation_step(uint64_t n)
{
    if (n <= 2)
        return 1;
    uint64_t s = (uint64_t)((double)n * 0.6180339887498949) | 1;
    while (gcd(s, n) != 1)
        s += 2;
    return s % n ? s % n : 1;
}

void bwm_warp_stream_init(bwm_warp_stream *w, const bwm_synth_app *a, int app, uint64_t warp_index,
                          uint64_t warp_count, uint64_t seed)
{
    bwm_rng_seed(&w->rng, seed);
    w->base = bwm_app_base(app);
    w->nlines = footprint_lines(a);
    w->run = (uint64_t)a->row_run < w->nlines ? (uint64_t)a->row_run : w->nlines;
    w->nruns = w->nlines / w->run;
    w->run_step = permutation_step(w->nruns);
    w->warp_index = warp_index;
    w->warp_count = warp_count ? warp_count : 1;
    w->block = w->nlines / w->warp_count;
    if (w->block == 0)
        w->block = 1;
    w->hot_base = w->nlines;
    w->hot_lines = hot_lines(a);
    w->mem_issued = 0;
    w->own_cursor = 0;
    w->cursor = &w->own_cursor;
    w->nprev = 0;
    w->chunk_first = 0;
    w->chunk_lines = 1;
}

void bwm_warp_stream_start_cta(bwm_warp_stream *w, const bwm_synth_app *a, uint64_t seq, uint64_t *cursor,
                               uint64_t seed)
{
    bwm_rng_seed(&w->rng, seed);
    w->mem_issued = 0;
    w->nprev = 0;
    if (a->pattern == BWM_PATTERN_CTA) {
        w->chunk_lines = bwm_cta_chunk_lines(a);
        w->chunk_first = seq % bwm_cta_grid(a) * w->chunk_lines;
        w->cursor = cursor;
    }
}

void bwm_warp_stream_share(bwm_warp_stream *w, uint64_t *cursor)
{
    w->cursor = cursor;
}

uint64_t bwm_warp_stream_place(const bwm_warp_stream *w, uint64_t pos)
{
    pos %= w->nruns * w->run;
    uint64_t r = pos / w->run;
    uint64_t to = r * w->run_step % w->nruns; /* < 2^29 × 2^29: no overflow */
    return to * w->run + pos % w->run;
}

/* Where this warp's next new memory instruction starts: for block, the
 * offset in the warp's own block; for stream, the sweep position, claiming
 * coalesce positions from the cursor. */
static uint64_t claim(bwm_warp_stream *w, const bwm_synth_app *a)
{
    uint64_t c = (uint64_t)a->coalesce;
    if (a->pattern == BWM_PATTERN_BLOCK)
        return w->mem_issued * c;
    uint64_t start = *w->cursor;
    *w->cursor = start + c;
    return start;
}

/* Sweep position of line j of an instruction that starts at start. */
static uint64_t position(const bwm_warp_stream *w, const bwm_synth_app *a, uint64_t start, int j)
{
    if (a->pattern == BWM_PATTERN_BLOCK)
        return w->warp_index * w->block + (start + (uint64_t)j) % w->block;
    if (a->pattern == BWM_PATTERN_CTA)
        return w->chunk_first + (start + (uint64_t)j) % w->chunk_lines;
    return start + (uint64_t)j;
}

unsigned bwm_warp_stream_lanes_per_line(const bwm_synth_app *a)
{
    unsigned lanes = (unsigned)((a->lanes + a->coalesce - 1) / a->coalesce);
    unsigned words = BWM_LINE_BYTES / BWM_WORD_BYTES;
    return lanes < words ? lanes : words;
}

unsigned bwm_warp_stream_first_word(const bwm_synth_app *a, uint64_t line_addr, int random)
{
    if (!random)
        return 0;
    unsigned words = BWM_LINE_BYTES / BWM_WORD_BYTES;
    uint64_t h = (line_addr / BWM_LINE_BYTES) * UINT64_C(0x9E3779B97F4A7C15);
    h ^= h >> 29;
    return (unsigned)((h >> 32) % (words - bwm_warp_stream_lanes_per_line(a) + 1));
}

/* The sectors an instruction of a touches in a line from word first on. */
static unsigned sectors_from(const bwm_synth_app *a, unsigned first)
{
    return bwm_sector_span(first * BWM_WORD_BYTES, bwm_warp_stream_lanes_per_line(a) * BWM_WORD_BYTES);
}

unsigned bwm_warp_stream_sectors(const bwm_synth_app *a, uint64_t line_addr, int random)
{
    return sectors_from(a, bwm_warp_stream_first_word(a, line_addr, random));
}

/* Line j of out is line_addr; it is also the warp's previous line j. */
static void put_line(bwm_warp_stream *w, const bwm_synth_app *a, bwm_inst *out, int j, uint64_t line_addr,
                     int random)
{
    unsigned first = bwm_warp_stream_first_word(a, line_addr, random);
    out->line[j] = line_addr;
    out->first_word[j] = (uint8_t)first;
    out->sectors[j] = (uint8_t)sectors_from(a, first);
    w->prev[j] = line_addr;
    w->prev_sectors[j] = out->sectors[j];
    w->prev_first_word[j] = out->first_word[j];
}

static void new_lines(bwm_warp_stream *w, const bwm_synth_app *a, bwm_inst *out)
{
    out->nlines = a->coalesce;
    w->nprev = a->coalesce;
    if (a->hot_frac > 0 && bwm_rng_uniform(&w->rng) < a->hot_frac) {
        uint64_t first = bwm_rng_below(&w->rng, w->hot_lines);
        for (int j = 0; j < a->coalesce; j++)
            put_line(w, a, out, j, w->base + (w->hot_base + (first + (uint64_t)j) % w->hot_lines) * BWM_LINE_BYTES,
                     0);
        return;
    }
    int random = a->pattern == BWM_PATTERN_RANDOM;
    uint64_t start = random ? 0 : claim(w, a);
    for (int j = 0; j < a->coalesce; j++) {
        uint64_t idx = random                            ? bwm_rng_below(&w->rng, w->nlines)
                       : a->pattern == BWM_PATTERN_CTA ? position(w, a, start, j)
                                                       : bwm_warp_stream_place(w, position(w, a, start, j));
        put_line(w, a, out, j, w->base + idx * BWM_LINE_BYTES, random);
    }
    w->mem_issued++;
}

void bwm_warp_stream_next(bwm_warp_stream *w, const bwm_synth_app *a, bwm_inst *out)
{
    double u = bwm_rng_uniform(&w->rng);
    out->nlines = 0;
    if (u >= a->mem_frac) {
        out->kind = u < a->mem_frac + a->smem_frac ? BWM_INST_SMEM : BWM_INST_COMPUTE;
        return;
    }
    out->kind = bwm_rng_uniform(&w->rng) < a->store_frac ? BWM_INST_STORE : BWM_INST_LOAD;
    if (w->nprev > 0 && bwm_rng_uniform(&w->rng) < a->reuse) {
        out->nlines = w->nprev;
        for (int j = 0; j < w->nprev; j++) {
            out->line[j] = w->prev[j];
            out->sectors[j] = w->prev_sectors[j];
            out->first_word[j] = w->prev_first_word[j];
        }
        return;
    }
    new_lines(w, a, out);
}
