/* xbar.c — the crossbar of xbar.h.  Each input owns a ring of queued
 * packets; each output owns a ring of the packets granted to it (crossing,
 * in the latency pipeline, delivered), a round-robin pointer and a bitmask of
 * the inputs whose head packet asks for it.  A bitmask of outputs with work
 * keeps a tick to the ports that have something to do. */
#include "sim/icnt/xbar.h"

#include <stdlib.h>
#include <string.h>

#include "util/select.h"

#define MAX_PORTS (1 << 16)
#define MAX_BUFFER (1 << 24)
#define MAX_LATENCY (1 << 30)

typedef struct in_pkt {
    uint64_t payload;
    int32_t dst, flits;
} in_pkt;

typedef struct out_pkt {
    uint64_t payload;
    int64_t deliver; /* cycle it becomes poppable; INT64_MAX while crossing */
    int32_t flits;
} out_pkt;

typedef struct xin {
    int head, n, used; /* ring of queued packets, flits they occupy */
    int64_t ready;     /* first cycle the head packet may cross */
} xin;

typedef struct xout {
    int head, n;        /* ring of granted packets, oldest first */
    int crossed, vis;   /* of those, whose last flit has crossed; of those, delivered */
    int used;           /* flits reserved by the n packets */
    int held;           /* input whose packet is crossing (-1: none) */
    int64_t last_flit;  /* the cycle its last flit crosses (one flit per cycle from the grant) */
    int rr;             /* input with priority at the next arbitration */
    int n_req;          /* inputs asking for this output */
    int blocked;        /* the arbiter's choice waits for room since cycle blocked_at */
    int64_t blocked_at;
} xout;

struct bwm_xbar {
    bwm_xbar_params p;
    int words_in;       /* uint64_t words in one mask of inputs */
    xin *in;
    in_pkt *in_ring;    /* n_in x in_buffer_flits */
    xout *out;
    out_pkt *out_ring;  /* n_out x out_buffer_flits */
    uint64_t *req;      /* n_out x words_in: inputs whose ungranted head targets the output */
    uint64_t *active;   /* outputs with a packet crossing, asking, or in the latency pipeline */
    int64_t *out_wake;  /* per output: the earliest cycle stepping it can change anything */
    uint64_t *deliverable; /* outputs with a packet to pop (vis > 0) */
    uint64_t *freed;       /* inputs whose buffer space grew since the last clear */
    int64_t now;        /* last cycle ticked */
    int64_t wake;       /* bwm_xbar_next_event */
    uint64_t n_packets; /* anywhere in the crossbar */
    bwm_xbar_stats st;
};

static int64_t min64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

static int wrap(int i, int cap)
{
    return i >= cap ? i - cap : i;
}

static int64_t flits_of(const bwm_xbar *x, int bytes)
{
    return ((int64_t)bytes + x->p.flit_bytes - 1) / x->p.flit_bytes;
}

static in_pkt *in_head(const bwm_xbar *x, int i)
{
    return &x->in_ring[(size_t)i * (size_t)x->p.in_buffer_flits + (size_t)x->in[i].head];
}

static out_pkt *out_at(const bwm_xbar *x, int o, int k)
{
    const xout *q = &x->out[o];
    int cap = x->p.out_buffer_flits;
    return &x->out_ring[(size_t)o * (size_t)cap + (size_t)wrap(q->head + k, cap)];
}

static int check_param(const char *name, int v, int lo, int hi, bwm_err *err)
{
    if (v < lo || v > hi)
        return bwm_fail(err, BWM_EINPUT, "crossbar %s must be in %d..%d, got %d", name, lo, hi, v);
    return BWM_OK;
}

static int check_params(const bwm_xbar_params *p, bwm_err *err)
{
    int rc;
    if ((rc = check_param("n_in", p->n_in, 1, MAX_PORTS, err)) ||
        (rc = check_param("n_out", p->n_out, 1, MAX_PORTS, err)) ||
        (rc = check_param("flit_bytes", p->flit_bytes, 1, MAX_BUFFER, err)) ||
        (rc = check_param("in_buffer_flits", p->in_buffer_flits, 1, MAX_BUFFER, err)) ||
        (rc = check_param("out_buffer_flits", p->out_buffer_flits, 1, MAX_BUFFER, err)) ||
        (rc = check_param("latency", p->latency, 0, MAX_LATENCY, err)))
        return rc;
    return BWM_OK;
}

double bwm_xbar_footprint_bytes(const bwm_xbar_params *p)
{
    double n_in = p->n_in, n_out = p->n_out, words_in = (double)((p->n_in + 63) / 64),
           words_out = (double)((p->n_out + 63) / 64);
    return (double)sizeof(bwm_xbar) + n_in * (double)sizeof(xin) +
           n_in * p->in_buffer_flits * (double)sizeof(in_pkt) + n_out * (double)sizeof(xout) +
           n_out * p->out_buffer_flits * (double)sizeof(out_pkt) + n_out * words_in * 8 /* req */ +
           2 * words_out * 8 /* active, deliverable */ + n_out * 8 /* out_wake */ + words_in * 8 /* freed */;
}

int bwm_xbar_new(bwm_xbar **out, const bwm_xbar_params *p, bwm_err *err)
{
    *out = NULL;
    if (!p)
        return bwm_fail(err, BWM_EINPUT, "crossbar parameters missing");
    int rc = check_params(p, err);
    if (rc)
        return rc;
    bwm_xbar *x = calloc(1, sizeof *x);
    if (!x)
        return bwm_fail(err, BWM_EFAIL, "out of memory for the crossbar");
    x->p = *p;
    x->words_in = (p->n_in + 63) / 64;
    x->in = calloc((size_t)p->n_in, sizeof *x->in);
    x->in_ring = calloc((size_t)p->n_in * (size_t)p->in_buffer_flits, sizeof *x->in_ring);
    x->out = calloc((size_t)p->n_out, sizeof *x->out);
    x->out_ring = calloc((size_t)p->n_out * (size_t)p->out_buffer_flits, sizeof *x->out_ring);
    x->req = calloc((size_t)p->n_out * (size_t)x->words_in, sizeof *x->req);
    x->active = calloc((size_t)(p->n_out + 63) / 64, sizeof *x->active);
    x->out_wake = calloc((size_t)p->n_out, sizeof *x->out_wake);
    x->deliverable = calloc((size_t)(p->n_out + 63) / 64, sizeof *x->deliverable);
    x->freed = calloc((size_t)x->words_in, sizeof *x->freed);
    if (!x->in || !x->in_ring || !x->out || !x->out_ring || !x->req || !x->active || !x->out_wake ||
        !x->deliverable || !x->freed) {
        bwm_xbar_free(x);
        return bwm_fail(err, BWM_EFAIL, "out of memory for a %dx%d crossbar's buffers", p->n_in, p->n_out);
    }
    for (int o = 0; o < p->n_out; o++)
        x->out[o].held = -1;
    x->now = -1;
    x->wake = INT64_MAX;
    *out = x;
    return BWM_OK;
}

void bwm_xbar_free(bwm_xbar *x)
{
    if (!x)
        return;
    free(x->in);
    free(x->in_ring);
    free(x->out);
    free(x->out_ring);
    free(x->req);
    free(x->active);
    free(x->out_wake);
    free(x->deliverable);
    free(x->freed);
    free(x);
}

/* Input i's head packet (not yet granted) starts asking for its output;
 * it may cross from cycle ready on. */
static void ask(bwm_xbar *x, int i, int64_t ready)
{
    int o = in_head(x, i)->dst;
    x->in[i].ready = ready;
    x->req[(size_t)o * (size_t)x->words_in + (size_t)(i / 64)] |= 1ull << (i % 64);
    x->out[o].n_req++;
    x->active[o / 64] |= 1ull << (o % 64);
    x->out_wake[o] = min64(x->out_wake[o], ready);
    x->wake = min64(x->wake, ready);
}

int bwm_xbar_can_send_many(const bwm_xbar *x, int src, int bytes, int n)
{
    if (src < 0 || src >= x->p.n_in || bytes < 1 || n < 1)
        return 0;
    int64_t f = flits_of(x, bytes);
    return f <= x->p.out_buffer_flits && f * n <= x->p.in_buffer_flits - x->in[src].used;
}

int bwm_xbar_can_send(const bwm_xbar *x, int src, int bytes)
{
    return bwm_xbar_can_send_many(x, src, bytes, 1);
}

int bwm_xbar_send(bwm_xbar *x, int src, int dst, int bytes, uint64_t payload, int64_t now)
{
    if (src < 0 || src >= x->p.n_in || dst < 0 || dst >= x->p.n_out || bytes < 1)
        return -1;
    int64_t f = flits_of(x, bytes);
    if (f > x->p.in_buffer_flits || f > x->p.out_buffer_flits)
        return -1;
    xin *s = &x->in[src];
    if (f > x->p.in_buffer_flits - s->used) {
        x->st.refused++;
        return 1;
    }
    int cap = x->p.in_buffer_flits;
    in_pkt *pk = &x->in_ring[(size_t)src * (size_t)cap + (size_t)wrap(s->head + s->n, cap)];
    pk->payload = payload;
    pk->dst = dst;
    pk->flits = (int32_t)f;
    s->n++;
    s->used += (int)f;
    x->n_packets++;
    if (s->n == 1)
        ask(x, src, (now > x->now ? now : x->now) + 1);
    return 0;
}

/* The round-robin choice at output o: the first input from the pointer on
 * whose head may cross at cycle now, or -1.  *later is the earliest cycle
 * a passed-over input (sent too recently) may cross, INT64_MAX if none. */
static int arbitrate(const bwm_xbar *x, int o, int64_t now, int64_t *later)
{
    const uint64_t *mask = &x->req[(size_t)o * (size_t)x->words_in];
    int start = x->out[o].rr, w0 = start / 64, words = x->words_in;
    *later = INT64_MAX;
    for (int k = 0; k <= words; k++) {
        int w = (w0 + k) % words;
        uint64_t bits = mask[w];
        if (k == 0)
            bits &= ~0ull << (start % 64);
        else if (k == words)
            bits &= ~(~0ull << (start % 64));
        for (; bits; bits &= bits - 1) {
            int i = w * 64 + __builtin_ctzll(bits);
            if (x->in[i].ready <= now)
                return i;
            *later = min64(*later, x->in[i].ready);
        }
    }
    return -1;
}

/* Input i wins output o at cycle now: the packet's flits are reserved in
 * the output buffer and the input stops asking. */
static void grant(bwm_xbar *x, int o, int i, int64_t now)
{
    xout *q = &x->out[o];
    const in_pkt *pk = in_head(x, i);
    out_pkt *e = out_at(x, o, q->n);
    e->payload = pk->payload;
    e->flits = pk->flits;
    e->deliver = INT64_MAX;
    q->n++;
    q->used += pk->flits;
    q->held = i;
    q->last_flit = now + pk->flits - 1;
    q->rr = i + 1 == x->p.n_in ? 0 : i + 1;
    q->n_req--;
    x->req[(size_t)o * (size_t)x->words_in + (size_t)(i / 64)] &= ~(1ull << (i % 64));
    if (q->blocked) {
        x->st.out_blocked += (uint64_t)(now - 1 - q->blocked_at);
        q->blocked = 0;
    }
}

/* The last flit of output o's packet crosses at cycle now (its flits cross
 * one per cycle from the grant, and nothing can interrupt them, so the
 * cycles in between need no work): the packet enters the latency pipeline
 * and its input moves on. */
static void finish_crossing(bwm_xbar *x, int o, int64_t now)
{
    xout *q = &x->out[o];
    out_at(x, o, q->crossed)->deliver = now + x->p.latency;
    q->crossed++;
    int i = q->held;
    q->held = -1;
    xin *s = &x->in[i];
    s->used -= in_head(x, i)->flits;
    x->freed[i / 64] |= 1ull << (i % 64);
    s->head = wrap(s->head + 1, x->p.in_buffer_flits);
    if (--s->n > 0)
        ask(x, i, now + 1);
}

/* Arbitration at a free output o: a grant (whose first flit crosses at
 * once; returns 1), or a wait for room (counted in out_blocked), or nobody
 * ready yet.  *later: the earliest cycle a passed-over input may cross. */
static int arbitrate_and_grant(bwm_xbar *x, int o, int64_t now, int64_t *later)
{
    xout *q = &x->out[o];
    int i = arbitrate(x, o, now, later);
    if (i < 0)
        return 0;
    if (in_head(x, i)->flits > x->p.out_buffer_flits - q->used) {
        x->st.out_blocked += q->blocked ? (uint64_t)(now - q->blocked_at) : 1u;
        q->blocked = 1;
        q->blocked_at = now;
        return 0; /* only a pop can unblock it */
    }
    grant(x, o, i, now);
    if (q->last_flit == now)
        finish_crossing(x, o, now);
    return 1;
}

/* Cycle now at output o; returns the earliest cycle it may change again. */
static int64_t step_output(bwm_xbar *x, int o, int64_t now)
{
    xout *q = &x->out[o];
    int64_t next = INT64_MAX;
    int moved = 0; /* the output took a flit: it arbitrates next cycle at the earliest */
    if (q->held >= 0) {
        if (now >= q->last_flit) {
            finish_crossing(x, o, q->last_flit);
            moved = 1;
        }
    } else if (q->n_req > 0) {
        moved = arbitrate_and_grant(x, o, now, &next);
    }
    if (q->held >= 0)
        next = q->last_flit;
    else if (moved && q->n_req > 0)
        next = now + 1;
    while (q->vis < q->crossed) {
        const out_pkt *e = out_at(x, o, q->vis);
        if (e->deliver > now) {
            next = min64(next, e->deliver);
            break;
        }
        q->vis++;
        x->deliverable[o / 64] |= 1ull << (o % 64);
        x->st.packets++;
        x->st.flits += (uint64_t)e->flits;
    }
    if (q->held < 0 && q->n_req == 0 && q->vis == q->crossed)
        x->active[o / 64] &= ~(1ull << (o % 64));
    return next;
}

void bwm_xbar_tick(bwm_xbar *x, int64_t now)
{
    if (now <= x->now)
        return;
    x->now = now;
    if (now < x->wake)
        return;
    x->wake = INT64_MAX; /* rebuilt from every output with work, and lowered by ask() */
    int64_t wake = INT64_MAX;
    int words = (x->p.n_out + 63) / 64;
    for (int w = 0; w < words; w++) {
        /* The outputs with work that are due now, and the earliest wake-up
         * of the others, with masks rather than a branch per output (which
         * are due follows no pattern).  Stepping an output makes no other
         * due in this cycle: ask() and pop wake outputs for a later one. */
        uint64_t due = 0;
        for (uint64_t bits = x->active[w]; bits; bits &= bits - 1) {
            int k = __builtin_ctzll(bits);
            int64_t t = x->out_wake[w * 64 + k];
            due |= (uint64_t)(t <= now) << k;
            wake = (int64_t)bwm_select(bwm_mask_of((t > now) & (t < wake)), (uint64_t)t, (uint64_t)wake);
        }
        for (; due; due &= due - 1) {
            int o = w * 64 + __builtin_ctzll(due);
            /* step_output may lower x->wake and out_wake itself (through
             * ask()): call it first, then fold its answer in, so no wake-up
             * is lost. */
            int64_t next = step_output(x, o, now);
            x->out_wake[o] = min64(x->out_wake[o] > now ? x->out_wake[o] : INT64_MAX, next);
            wake = min64(wake, x->out_wake[o]);
        }
    }
    x->wake = min64(x->wake, wake);
}

int bwm_xbar_peek(const bwm_xbar *x, int dst, uint64_t *payload)
{
    /* out[dst].vis == 0, read from the bits: one host cache line for every output */
    if (dst < 0 || dst >= x->p.n_out || !(x->deliverable[dst / 64] >> (dst % 64) & 1))
        return 0;
    if (payload)
        *payload = out_at(x, dst, 0)->payload;
    return 1;
}

int bwm_xbar_pop(bwm_xbar *x, int dst, uint64_t *payload)
{
    if (!bwm_xbar_peek(x, dst, payload))
        return 0;
    xout *q = &x->out[dst];
    q->used -= out_at(x, dst, 0)->flits;
    q->head = wrap(q->head + 1, x->p.out_buffer_flits);
    q->n--;
    q->crossed--;
    if (--q->vis == 0)
        x->deliverable[dst / 64] &= ~(1ull << (dst % 64));
    x->n_packets--;
    if (q->blocked) { /* the room may unblock it */
        x->out_wake[dst] = min64(x->out_wake[dst], x->now + 1);
        x->wake = min64(x->wake, x->now + 1);
    }
    return 1;
}

int64_t bwm_xbar_next_event(const bwm_xbar *x)
{
    return x->wake;
}

int bwm_xbar_idle(const bwm_xbar *x)
{
    return x->n_packets == 0;
}

const uint64_t *bwm_xbar_deliverable(const bwm_xbar *x)
{
    return x->deliverable;
}

const bwm_xbar_stats *bwm_xbar_get_stats(const bwm_xbar *x)
{
    return &x->st;
}

const uint64_t *bwm_xbar_freed(const bwm_xbar *x)
{
    return x->freed;
}

void bwm_xbar_clear_freed(bwm_xbar *x)
{
    memset(x->freed, 0, (size_t)x->words_in * sizeof *x->freed);
}
