/* request_floor.c — the host time per memory request below which no
 * simulator of SM7_QV100's memory path can go on this machine, for a random
 * access stream as GUPS makes.
 *
 * Each request does the fewest touches of simulated state it needs, on state
 * as compact as it can be: its SM's L1D (4 sets of 256 ways, as QV100's
 * unified L1D) found through an open-addressing index of 4-byte tags, with the
 * LRU victim the tail of a per-set list; a 64-byte request record from a
 * free list; its L2 slice's set (64 slices of 32 sets of 24 ways) scanned for
 * the tag and for the LRU victim; a DRAM bank's queue and open row (32
 * channels of 16 banks, its open row set); and at completion, IN_FLIGHT requests later, the
 * bank's queue and the L1D line again.  Nothing else: no timing, crossbar,
 * MSHRs, sectors, warps or statistics.  The simulator (bench_sim_gpu's
 * SM7_QV100 line) does all of that for the same requests; this is the part
 * of its cost that no design could avoid.  Run twice: the requests spread
 * over 40 SMs, as GUPS's half of QV100, and all on one SM (the same work on
 * state that stays in the host's caches).  Prints; asserts nothing. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "util/rng.h"

#define L1_SETS 4
#define L1_WAYS 256
#define L1_LINES (L1_SETS * L1_WAYS)
#define L1_SLOTS (2 * L1_LINES) /* index slots, a power of two */
#define L2_SLICES 64
#define L2_SETS 32
#define L2_WAYS 24
#define BANKS (32 * 16)
#define IN_FLIGHT 4800 /* about QV100's L1D miss latency (640 cycles) x 7.5 requests a cycle */
#define POOL 8192
#define NO_TAG UINT32_MAX
#define REQUESTS 3000000L
/* BLK+GUPS on SM7_QV100: 1,519,799 memory requests in 201,966 core cycles
   (bench_sim_gpu). */
#define REQUESTS_PER_CYCLE 7.52

typedef struct line {
    uint32_t tag;
    int16_t prev, next; /* LRU list of the set: head most recent */
} line;

typedef struct slot {
    uint32_t tag;
    int32_t way; /* -1: empty */
} slot;

typedef struct l1d {
    slot index[L1_SLOTS];
    line lines[L1_LINES];
    int16_t head[L1_SETS], tail[L1_SETS];
} l1d;

typedef struct l2_slice {
    uint32_t tag[L2_SETS][L2_WAYS];
    uint32_t stamp[L2_SETS][L2_WAYS];
} l2_slice;

typedef struct request {
    uint64_t line_addr;
    int32_t sm, next; /* next in its bank's queue */
    uint8_t rest[48]; /* what a real request carries: one host cache line in all */
} request;

typedef struct bank {
    uint32_t open_row;
    int32_t head, tail;
} bank;

typedef struct state {
    l1d *l1;
    l2_slice *l2;
    bank banks[BANKS];
    request pool[POOL];
    int32_t free_ids[POOL];
    int n_free;
    int32_t in_flight[IN_FLIGHT];
    int oldest, n_in_flight;
    uint32_t clock;
    long l2_hits;
} state;

static uint32_t slot_of(uint32_t tag)
{
    return (tag * 2654435761u) >> (32 - 11); /* 11 bits: L1_SLOTS */
}

static int index_find(const l1d *c, uint32_t tag)
{
    for (uint32_t i = slot_of(tag);; i = (i + 1) & (L1_SLOTS - 1)) {
        if (c->index[i].way < 0)
            return -1;
        if (c->index[i].tag == tag)
            return c->index[i].way;
    }
}

static void index_put(l1d *c, uint32_t tag, int way)
{
    uint32_t i = slot_of(tag);
    while (c->index[i].way >= 0)
        i = (i + 1) & (L1_SLOTS - 1);
    c->index[i] = (slot){tag, way};
}

/* Removes tag (present) by backward-shift deletion. */
static void index_remove(l1d *c, uint32_t tag)
{
    uint32_t i = slot_of(tag);
    while (c->index[i].way < 0 || c->index[i].tag != tag)
        i = (i + 1) & (L1_SLOTS - 1);
    for (;;) {
        c->index[i].way = -1;
        uint32_t j = i;
        for (;;) {
            j = (j + 1) & (L1_SLOTS - 1);
            if (c->index[j].way < 0)
                return;
            uint32_t home = slot_of(c->index[j].tag);
            int stays = j > i ? (home > i && home <= j) : (home > i || home <= j);
            if (!stays)
                break;
        }
        c->index[i] = c->index[j];
        i = j;
    }
}

static void unlink_line(l1d *c, int set, int w)
{
    line *l = &c->lines[w];
    if (l->prev >= 0)
        c->lines[l->prev].next = l->next;
    else
        c->head[set] = l->next;
    if (l->next >= 0)
        c->lines[l->next].prev = l->prev;
    else
        c->tail[set] = l->prev;
}

static void push_front(l1d *c, int set, int w)
{
    line *l = &c->lines[w];
    l->prev = -1;
    l->next = c->head[set];
    if (c->head[set] >= 0)
        c->lines[c->head[set]].prev = (int16_t)w;
    else
        c->tail[set] = (int16_t)w;
    c->head[set] = (int16_t)w;
}

static void l1_touch(l1d *c, int set, int w)
{
    unlink_line(c, set, w);
    push_front(c, set, w);
}

/* The L1D access of a miss-heavy stream: finds the line or replaces the LRU
 * one of its set. */
static void l1_access(l1d *c, uint64_t line_addr)
{
    int set = (int)(line_addr & (L1_SETS - 1));
    uint32_t tag = (uint32_t)line_addr;
    int w = index_find(c, tag);
    if (w < 0) {
        w = c->tail[set];
        if (c->lines[w].tag != NO_TAG)
            index_remove(c, c->lines[w].tag);
        c->lines[w].tag = tag;
        index_put(c, tag, w);
    }
    l1_touch(c, set, w);
}

static void l2_access(state *s, uint64_t hash, uint32_t tag)
{
    l2_slice *sl = &s->l2[hash >> 58];
    int set = (int)((hash >> 50) & (L2_SETS - 1));
    const uint32_t *tags = sl->tag[set], *stamps = sl->stamp[set];
    int way = -1;
    for (int w = 0; w < L2_WAYS; w++)
        way = tags[w] == tag ? w : way;
    if (way >= 0) {
        s->l2_hits++;
    } else {
        way = 0;
        for (int w = 1; w < L2_WAYS; w++)
            way = stamps[w] < stamps[way] ? w : way;
        sl->tag[set][way] = tag;
    }
    sl->stamp[set][way] = ++s->clock;
}

static uint64_t hash_of(uint64_t line_addr)
{
    return line_addr * 0x9E3779B97F4A7C15ull;
}

static void enqueue(state *s, int32_t id, uint64_t hash)
{
    bank *b = &s->banks[(hash >> 40) & (BANKS - 1)];
    s->pool[id].next = -1;
    if (b->head >= 0)
        s->pool[b->tail].next = id;
    else
        b->head = id;
    b->tail = id;
    uint32_t row = (uint32_t)(hash >> 20) & 0xffff;
    b->open_row = row;
}

/* The oldest request in flight completes: it leaves its bank's queue (served
 * in order here) and fills its L1D line. */
static void complete_oldest(state *s)
{
    int32_t id = s->in_flight[s->oldest];
    s->oldest = (s->oldest + 1) % IN_FLIGHT;
    s->n_in_flight--;
    request *r = &s->pool[id];
    bank *b = &s->banks[(hash_of(r->line_addr) >> 40) & (BANKS - 1)];
    if (b->head == id)
        b->head = r->next;
    l1d *c = &s->l1[r->sm];
    int w = index_find(c, (uint32_t)r->line_addr);
    if (w >= 0)
        l1_touch(c, (int)(r->line_addr & (L1_SETS - 1)), w);
    s->free_ids[s->n_free++] = id;
}

static int state_init(state *s, int sms)
{
    s->l1 = malloc((size_t)sms * sizeof *s->l1);
    s->l2 = calloc(L2_SLICES, sizeof *s->l2);
    if (!s->l1 || !s->l2)
        return -1;
    for (int k = 0; k < sms; k++) {
        l1d *c = &s->l1[k];
        for (int i = 0; i < L1_SLOTS; i++)
            c->index[i].way = -1;
        for (int set = 0; set < L1_SETS; set++) {
            c->head[set] = c->tail[set] = -1;
            for (int w = set * L1_WAYS; w < (set + 1) * L1_WAYS; w++) {
                c->lines[w].tag = NO_TAG;
                push_front(c, set, w);
            }
        }
    }
    for (int b = 0; b < BANKS; b++)
        s->banks[b] = (bank){UINT32_MAX, -1, -1};
    for (int i = 0; i < POOL; i++)
        s->free_ids[i] = POOL - 1 - i;
    s->n_free = POOL;
    return 0;
}

/* Nanoseconds per request for REQUESTS random lines from `sms` SMs in turn;
 * *l2_hits: how many found their line in the L2. */
static double run(int sms, long *l2_hits)
{
    state *s = calloc(1, sizeof *s);
    if (!s || state_init(s, sms) != 0) {
        fprintf(stderr, "bench: out of memory\n");
        exit(1);
    }
    bwm_rng rng;
    bwm_rng_seed(&rng, 1);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long n = 0; n < REQUESTS; n++) {
        int sm = (int)(n % sms);
        uint64_t line_addr = bwm_rng_next(&rng) >> 40; /* a 2 GiB table of 128-byte lines */
        l1_access(&s->l1[sm], line_addr);
        int32_t id = s->free_ids[--s->n_free];
        s->pool[id].line_addr = line_addr;
        s->pool[id].sm = sm;
        uint64_t hash = hash_of(line_addr);
        l2_access(s, hash, (uint32_t)line_addr);
        enqueue(s, id, hash);
        s->in_flight[(s->oldest + s->n_in_flight) % IN_FLIGHT] = id;
        if (++s->n_in_flight == IN_FLIGHT)
            complete_oldest(s);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ns = ((double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec)) / REQUESTS;
    *l2_hits = s->l2_hits;
    free(s->l1);
    free(s->l2);
    free(s);
    return ns;
}

int main(void)
{
    long hits_spread, hits_hot;
    double spread = run(40, &hits_spread), hot = run(1, &hits_hot);
    printf("request floor, GUPS on SM7_QV100's memory path: %.0f ns per request over 40 SMs (%.0f ns on one SM, "
           "its state in the host's caches); L2 hits %ld and %ld of %ld\n",
           spread, hot, hits_spread, hits_hot, REQUESTS);
    printf("  at BLK+GUPS's %.2f requests per core cycle: at most %.2g simulated core cycles per second, "
           "before any timing, crossbar, MSHR, warp or statistics work\n",
           REQUESTS_PER_CYCLE, 1e9 / (spread * REQUESTS_PER_CYCLE));
    return 0;
}
