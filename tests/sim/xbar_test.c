/* xbar_test.c — sim/icnt/xbar: the exact delivery time of one packet, one
 * flit per output per cycle, disjoint pairs in parallel, round-robin
 * fairness, back-pressure from a full input buffer and from a receiver that
 * never pops, the mask of inputs whose space grew, conservation and per-pair order under random traffic (also with
 * more than 64 inputs), skipping to bwm_xbar_next_event losing nothing,
 * determinism, and every bad parameter and bad send. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "sim/icnt/xbar.h"
#include "util/rng.h"

#define FLIT 32

static bwm_xbar *make(int n_in, int n_out, int in_buf, int out_buf, int latency)
{
    bwm_xbar_params p = {n_in, n_out, FLIT, in_buf, out_buf, latency};
    bwm_xbar *x = NULL;
    bwm_err err = {{0}};
    cr_assert_eq(bwm_xbar_new(&x, &p, &err), BWM_OK, "%s", err.msg);
    cr_assert_not_null(x);
    return x;
}

/* Bytes that make exactly f flits, not a multiple of the flit size. */
static int bytes_of(int f)
{
    return f * FLIT - 5;
}

/* ---- timing ---- */

/* The cycle a packet of f flits sent at cycle t becomes poppable, the caller
 * ticking every cycle; send_first: send before the tick of cycle t. */
static int64_t delivery_cycle(int f, int latency, int send_first)
{
    const int64_t t = 10;
    bwm_xbar *x = make(2, 2, 8, 8, latency);
    for (int64_t c = 0; c < t; c++)
        bwm_xbar_tick(x, c);
    if (!send_first)
        bwm_xbar_tick(x, t);
    cr_assert_eq(bwm_xbar_send(x, 1, 0, bytes_of(f), 77, t), 0);
    cr_assert_eq(bwm_xbar_next_event(x), t + 1);
    if (send_first)
        bwm_xbar_tick(x, t);
    cr_assert_not(bwm_xbar_idle(x));
    int64_t c = t + 1;
    for (; c < t + 100 && !bwm_xbar_peek(x, 0, NULL); c++) {
        bwm_xbar_tick(x, c);
        if (c == t + f && latency > 0)
            cr_expect_eq(bwm_xbar_next_event(x), t + f + latency, "only the latency pipeline is left");
    }
    uint64_t payload = 0;
    cr_assert_eq(bwm_xbar_pop(x, 0, &payload), 1);
    cr_expect_eq(payload, 77);
    cr_expect(bwm_xbar_idle(x));
    cr_expect_eq(bwm_xbar_next_event(x), INT64_MAX);
    cr_expect_eq(bwm_xbar_get_stats(x)->flits, (uint64_t)f);
    bwm_xbar_free(x);
    return c - 1 - t; /* cycles from the send to the tick after which it was poppable */
}

Test(xbar, single_packet_poppable_flits_plus_latency_after_send)
{
    int flits[] = {1, 3, 5}, lats[] = {0, 1, 4};
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++)
            for (int order = 0; order < 2; order++)
                cr_expect_eq(delivery_cycle(flits[a], lats[b], order), flits[a] + lats[b],
                             "%d flits, latency %d, send %s tick", flits[a], lats[b], order ? "before" : "after");
}

/* Ticks only at bwm_xbar_next_event until it is INT64_MAX, popping output 0
 * after each tick; seen[payload] = the cycle it was popped.  Returns the
 * number of ticks. */
static int run_skipping(bwm_xbar *x, int64_t *seen, uint64_t n_seen)
{
    int64_t c;
    int ticks = 0;
    while ((c = bwm_xbar_next_event(x)) != INT64_MAX) {
        cr_assert_lt(c, 1000);
        bwm_xbar_tick(x, c);
        ticks++;
        uint64_t p;
        while (bwm_xbar_pop(x, 0, &p)) {
            cr_assert_lt(p, n_seen);
            seen[p] = c;
        }
    }
    return ticks;
}

Test(xbar, skipping_to_next_event_gives_the_same_delivery)
{
    bwm_xbar *x = make(1, 1, 8, 8, 6);
    cr_assert_eq(bwm_xbar_send(x, 0, 0, bytes_of(4), 1, 0), 0);
    int64_t seen[2] = {0};
    cr_expect_eq(run_skipping(x, seen, 2), 3,
                 "the grant (first flit), a jump to the last flit, a jump over the latency");
    cr_expect_eq(seen[1], 4 + 6);
    cr_expect(bwm_xbar_idle(x));
    bwm_xbar_free(x);
}

/* Two 4-flit packets for one output: the second is granted the cycle after
 * the first one's last flit, although only latency is left for the first.
 * The flits between a grant and a packet's last flit need no tick. */
Test(xbar, skipping_does_not_sleep_through_a_waiting_grant)
{
    bwm_xbar *x = make(2, 1, 8, 8, 6);
    cr_assert_eq(bwm_xbar_send(x, 0, 0, bytes_of(4), 1, 0), 0);
    cr_assert_eq(bwm_xbar_send(x, 1, 0, bytes_of(4), 2, 0), 0);
    int64_t seen[3] = {0};
    cr_expect_eq(run_skipping(x, seen, 3), 6, "grants at 1 and 5, last flits at 4 and 8, deliveries at 10 and 14");
    cr_expect_eq(seen[1], 4 + 6);
    cr_expect_eq(seen[2], 8 + 6);
    bwm_xbar_free(x);
}

/* One input sends a packet to output 0, then one to output 1: the second
 * starts asking while output 0 is being stepped, and that wake-up must
 * survive the tick (it was lost when the tick folded step_output's answer
 * into a value of the wake-up read before the call: the result then
 * depended on the compiler's evaluation order). */
Test(xbar, a_request_raised_during_a_tick_keeps_its_wake_up)
{
    bwm_xbar *x = make(1, 2, 8, 8, 0);
    cr_assert_eq(bwm_xbar_send(x, 0, 0, bytes_of(2), 1, 0), 0);
    cr_assert_eq(bwm_xbar_send(x, 0, 1, bytes_of(2), 2, 0), 0);
    int64_t seen[3] = {0}, c;
    while ((c = bwm_xbar_next_event(x)) != INT64_MAX) {
        cr_assert_lt(c, 100);
        bwm_xbar_tick(x, c);
        uint64_t p;
        for (int o = 0; o < 2; o++)
            while (bwm_xbar_pop(x, o, &p))
                seen[p] = c;
    }
    cr_expect(bwm_xbar_idle(x), "the crossbar went to sleep with a packet inside");
    cr_expect_eq(seen[1], 2, "flits at 1 and 2");
    cr_expect_eq(seen[2], 4, "flits at 3 and 4");
    bwm_xbar_free(x);
}

Test(xbar, back_to_back_packets_leave_no_bubble)
{
    bwm_xbar *x = make(1, 1, 10, 10, 3);
    for (int k = 1; k <= 5; k++)
        cr_assert_eq(bwm_xbar_send(x, 0, 0, bytes_of(2), (uint64_t)k, 0), 0);
    for (int64_t c = 0; c < 20; c++) {
        bwm_xbar_tick(x, c);
        uint64_t want = 0; /* packet k crosses at 2k-1 and 2k, delivered at 2k+3 */
        for (int k = 1; k <= 5; k++)
            want += 2 * k + 3 <= c;
        cr_expect_eq(bwm_xbar_get_stats(x)->packets, want, "cycle %lld", (long long)c);
    }
    bwm_xbar_free(x);
}

/* ---- bandwidth ---- */

typedef struct flood {
    int64_t per_out_flits[4];   /* flits popped in the window, per output */
    int64_t per_in_packets[8];  /* packets popped in the window, per input */
    int max_gap_violation;      /* an output delivered two packets closer than the later one's flits */
} flood;

/* Every input in [0, n_in) keeps its buffer full of f-flit packets to
 * dst[i]; receivers pop everything after each tick.  Counts over cycles
 * [warm, warm + window). */
static flood run_flood(int n_in, int n_out, const int *dst, int f, int64_t warm, int64_t window)
{
    bwm_xbar *x = make(n_in, n_out, 2 * f, 8 * f, 3);
    flood r;
    memset(&r, 0, sizeof r);
    int64_t last[4] = {-1000, -1000, -1000, -1000};
    uint64_t seq = 0;
    for (int64_t c = 0; c < warm + window; c++) {
        bwm_xbar_tick(x, c);
        for (int o = 0; o < n_out; o++) {
            uint64_t p;
            while (bwm_xbar_pop(x, o, &p)) {
                if (c - last[o] < f)
                    r.max_gap_violation = 1;
                last[o] = c;
                if (c >= warm) {
                    r.per_out_flits[o] += f;
                    r.per_in_packets[p % 8]++;
                }
            }
        }
        for (int i = 0; i < n_in; i++)
            while (bwm_xbar_can_send(x, i, bytes_of(f)))
                cr_assert_eq(bwm_xbar_send(x, i, dst[i], bytes_of(f), (seq++) * 8 + (uint64_t)i, c), 0);
    }
    bwm_xbar_free(x);
    return r;
}

Test(xbar, one_output_many_inputs_gets_one_flit_per_cycle)
{
    int dst[8] = {0};
    for (int f = 1; f <= 4; f += 3) {
        flood r = run_flood(8, 1, dst, f, 100, 1000);
        cr_expect_eq(r.per_out_flits[0], 1000, "%d-flit packets", f);
        cr_expect_not(r.max_gap_violation, "%d-flit packets: an output took two flits in a cycle", f);
    }
}

Test(xbar, disjoint_pairs_proceed_in_parallel)
{
    int pairs[4] = {2, 0, 3, 1}; /* a permutation: each output has one input */
    flood r = run_flood(4, 4, pairs, 1, 100, 1000);
    for (int o = 0; o < 4; o++)
        cr_expect_eq(r.per_out_flits[o], 1000, "output %d", o);
    int shared[4] = {0, 0, 3, 1}; /* inputs 0 and 1 share output 0 */
    r = run_flood(4, 4, shared, 1, 100, 1000);
    cr_expect_eq(r.per_out_flits[0], 1000);
    cr_expect_eq(r.per_out_flits[2], 0);
    cr_expect_eq(r.per_in_packets[0] + r.per_in_packets[1], 1000);
    cr_expect_eq(r.per_out_flits[3] + r.per_out_flits[1], 2000);
}

Test(xbar, one_input_moves_one_flit_per_cycle_across_outputs)
{
    bwm_xbar *x = make(1, 2, 4, 8, 3);
    int64_t got = 0;
    uint64_t seq = 0, p;
    for (int64_t c = 0; c < 1100; c++) {
        bwm_xbar_tick(x, c);
        for (int o = 0; o < 2; o++)
            while (bwm_xbar_pop(x, o, &p)) {
                cr_expect_eq(p % 2, (uint64_t)o);
                got += c >= 100;
            }
        while (bwm_xbar_can_send(x, 0, 1)) {
            cr_assert_eq(bwm_xbar_send(x, 0, (int)(seq % 2), 1, seq, c), 0);
            seq++;
        }
    }
    cr_expect_eq(got, 1000, "1-flit packets alternating between two free outputs");
    bwm_xbar_free(x);
}

Test(xbar, round_robin_is_fair_between_inputs)
{
    int dst[3] = {0, 0, 0};
    bwm_xbar *x = make(3, 1, 4, 8, 2);
    int64_t got[3] = {0};
    uint64_t seq = 0;
    for (int64_t c = 0; c < 3000; c++) {
        bwm_xbar_tick(x, c);
        uint64_t p;
        while (bwm_xbar_pop(x, 0, &p))
            got[p % 4]++;
        int64_t lo = got[0] < got[1] ? got[0] : got[1], hi = got[0] + got[1] - lo;
        lo = got[2] < lo ? got[2] : lo;
        hi = got[2] > hi ? got[2] : hi;
        cr_assert_leq(hi - lo, 1, "cycle %lld: %lld %lld %lld", (long long)c, (long long)got[0],
                      (long long)got[1], (long long)got[2]);
        for (int i = 0; i < 3; i++)
            while (bwm_xbar_can_send(x, i, bytes_of(2)))
                cr_assert_eq(bwm_xbar_send(x, i, dst[i], bytes_of(2), (seq++) * 4 + (uint64_t)i, c), 0);
    }
    cr_expect_geq(got[0] + got[1] + got[2], 1490, "2-flit packets at one per 2 cycles");
    bwm_xbar_free(x);
}

/* ---- back-pressure ---- */

Test(xbar, full_input_buffer_refuses_then_accepts_after_draining)
{
    bwm_xbar *x = make(1, 1, 4, 16, 0);
    cr_assert_eq(bwm_xbar_send(x, 0, 0, bytes_of(2), 1, 0), 0);
    cr_assert_eq(bwm_xbar_send(x, 0, 0, bytes_of(2), 2, 0), 0);
    cr_expect_not(bwm_xbar_can_send(x, 0, 1));
    cr_expect_eq(bwm_xbar_send(x, 0, 0, 1, 3, 0), 1);
    cr_expect_eq(bwm_xbar_get_stats(x)->refused, 1);
    bwm_xbar_tick(x, 0);
    bwm_xbar_tick(x, 1); /* first flit of packet 1 crosses: its slot is still held */
    cr_expect_not(bwm_xbar_can_send(x, 0, 1));
    cr_expect_eq(bwm_xbar_send(x, 0, 0, 1, 3, 1), 1);
    bwm_xbar_tick(x, 2); /* its last flit crosses: 2 flits free, not 3 */
    cr_expect(bwm_xbar_can_send(x, 0, bytes_of(2)));
    cr_expect_not(bwm_xbar_can_send(x, 0, bytes_of(3)));
    cr_expect_eq(bwm_xbar_send(x, 0, 0, bytes_of(2), 3, 2), 0);
    cr_expect_eq(bwm_xbar_get_stats(x)->refused, 2);
    uint64_t want = 1, p;
    for (int64_t c = 3; c < 20; c++) {
        bwm_xbar_tick(x, c);
        while (bwm_xbar_pop(x, 0, &p))
            cr_expect_eq(p, want++);
    }
    cr_expect_eq(want, 4);
    cr_expect(bwm_xbar_idle(x));
    bwm_xbar_free(x);
}

/* An input's freed bit is set exactly when its buffer space grows (the last
 * flit of its head packet crossed), also when the ticks in between were
 * skipped, and stays until cleared: so a refused sender that retries only
 * on its bit never misses the cycle it could send again. */
Test(xbar, freed_marks_the_inputs_whose_space_grew_until_cleared)
{
    bwm_xbar *x = make(70, 2, 4, 16, 3);
    const int src = 68; /* in the second word of the mask */
    cr_assert_eq(bwm_xbar_send(x, src, 1, bytes_of(2), 1, 0), 0);
    cr_assert_eq(bwm_xbar_send(x, src, 1, bytes_of(2), 2, 0), 0);
    cr_assert_eq(bwm_xbar_send(x, 3, 0, bytes_of(1), 3, 0), 0);
    cr_expect_not(bwm_xbar_can_send(x, src, 1));
    bwm_xbar_tick(x, 0);
    bwm_xbar_tick(x, 1); /* first flit of packet 1; input 3's only flit crosses */
    const uint64_t *freed = bwm_xbar_freed(x);
    cr_expect_eq(freed[0], 1ull << 3);
    cr_expect_eq(freed[1], 0, "a crossing first flit frees nothing");
    cr_expect_not(bwm_xbar_can_send(x, src, 1));
    bwm_xbar_clear_freed(x);
    cr_expect_eq(freed[0], 0);
    bwm_xbar_tick(x, bwm_xbar_next_event(x)); /* skipped to packet 1's last flit */
    cr_expect_eq(freed[1], 1ull << (src - 64));
    cr_expect(bwm_xbar_can_send(x, src, bytes_of(2)));
    bwm_xbar_tick(x, 3);
    cr_expect_eq(freed[1], 1ull << (src - 64), "the bit stays until cleared");
    bwm_xbar_clear_freed(x);
    for (int64_t c = 4; c < 12; c++)
        bwm_xbar_tick(x, c); /* packet 2 crosses at 4: its space is freed at its last flit */
    cr_expect_eq(freed[1], 1ull << (src - 64));
    cr_expect_eq(freed[0], 0);
    bwm_xbar_free(x);
}

Test(xbar, receiver_that_never_pops_stops_traffic_and_loses_nothing)
{
    bwm_xbar *x = make(3, 1, 4, 5, 2);
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 2; k++)
            cr_assert_eq(bwm_xbar_send(x, i, 0, bytes_of(2), (uint64_t)(10 * i + k), 0), 0);
    for (int64_t c = 0; c < 200; c++)
        bwm_xbar_tick(x, c);
    const bwm_xbar_stats *st = bwm_xbar_get_stats(x);
    /* two 2-flit packets fill the 5-flit output buffer but for one flit:
     * flits cross at 1..4 */
    cr_expect_eq(st->packets, 2);
    cr_expect_eq(st->flits, 4);
    cr_expect_eq(bwm_xbar_next_event(x), INT64_MAX, "nothing can move until a pop");
    cr_expect_not(bwm_xbar_idle(x));
    for (int i = 0; i < 2; i++) {
        cr_expect(bwm_xbar_can_send(x, i, bytes_of(2)), "input %d: its first packet left", i);
        cr_expect_not(bwm_xbar_can_send(x, i, bytes_of(3)), "input %d still holds its second packet", i);
    }
    cr_expect_not(bwm_xbar_can_send(x, 2, 1), "input 2 still holds both packets");
    uint64_t p;
    cr_assert_eq(bwm_xbar_pop(x, 0, &p), 1);
    cr_expect_eq(bwm_xbar_next_event(x), 200);
    bwm_xbar_tick(x, 200); /* the 3rd packet is granted: the output waited over cycles 5..199 */
    cr_expect_eq(st->out_blocked, 195);
    int seen[30] = {0};
    seen[p]++;
    int n = 1;
    for (int64_t c = 201; c < 400; c++) {
        bwm_xbar_tick(x, c);
        while (bwm_xbar_pop(x, 0, &p)) {
            cr_assert_lt(p, 30);
            seen[p]++;
            n++;
        }
    }
    cr_expect_eq(n, 6);
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 2; k++)
            cr_expect_eq(seen[10 * i + k], 1, "packet %d", 10 * i + k);
    cr_expect(bwm_xbar_idle(x));
    cr_expect_eq(bwm_xbar_next_event(x), INT64_MAX);
    bwm_xbar_free(x);
}

/* ---- random traffic ---- */

typedef struct traffic {
    int n_in, n_out, in_buf, out_buf, latency;
    uint64_t seed;
    int skip;           /* tick only at send cycles and bwm_xbar_next_event */
    int64_t cycles;     /* sending stops here; then the crossbar drains */
} traffic;

typedef struct delivery {
    int64_t cycle;
    int dst;
    uint64_t payload;
} delivery;

typedef struct outcome {
    delivery *log;
    int n_log, n_sent, ticks;
} outcome;

#define MAX_SENT 40000

/* payload = src | dst << 8 | seq << 16, seq counting per (src, dst) pair */
static void check_delivery(uint64_t p, int o, int n_in, int n_out, uint64_t *next_seq)
{
    int src = (int)(p & 0xff), dst = (int)((p >> 8) & 0xff);
    uint64_t seq = p >> 16;
    cr_assert_eq(dst, o, "payload for output %d popped at %d", dst, o);
    cr_assert_lt(src, n_in);
    cr_assert_eq(seq, next_seq[src * n_out + dst], "pair %d->%d: got #%llu", src, dst, (unsigned long long)seq);
    next_seq[src * n_out + dst]++;
}

/* How many packets receiver o pops at cycle c (0..2): a function of the
 * cycle, not of how many cycles the caller visited. */
static int pops_at(uint64_t seed, int64_t c, int o)
{
    bwm_rng r;
    bwm_rng_seed(&r, seed * 1000003u + (uint64_t)c * 64u + (uint64_t)o);
    uint64_t v = bwm_rng_next(&r);
    return (v & 1) ? 1 + (int)((v >> 1) & 1) : 0;
}

/* Random sizes (1..5 flits), sources, destinations and send cycles (bursts
 * with gaps); each receiver pops 0, 1 or 2 packets a cycle (1/2, 1/4, 1/4).
 * Every payload is checked as it is popped. */
static outcome run_traffic(const traffic *t)
{
    bwm_xbar *x = make(t->n_in, t->n_out, t->in_buf, t->out_buf, t->latency);
    bwm_rng r;
    bwm_rng_seed(&r, t->seed);
    outcome out = {calloc(MAX_SENT, sizeof(delivery)), 0, 0, 0};
    uint64_t *sent_seq = calloc((size_t)(t->n_in * t->n_out), sizeof(uint64_t));
    uint64_t *next_seq = calloc((size_t)(t->n_in * t->n_out), sizeof(uint64_t));
    cr_assert(out.log && sent_seq && next_seq);
    int64_t c = 0, next_send = 0;
    while (c < t->cycles || !bwm_xbar_idle(x)) {
        cr_assert_lt(c, t->cycles + 100000, "crossbar did not drain");
        bwm_xbar_tick(x, c);
        out.ticks++;
        for (int o = 0; o < t->n_out; o++) {
            uint64_t p;
            for (int k = pops_at(t->seed, c, o); k > 0 && bwm_xbar_pop(x, o, &p); k--) {
                check_delivery(p, o, t->n_in, t->n_out, next_seq);
                cr_assert_lt(out.n_log, MAX_SENT);
                out.log[out.n_log++] = (delivery){c, o, p};
            }
        }
        if (c == next_send && c < t->cycles) {
            int burst = (int)bwm_rng_below(&r, 2 * t->n_in);
            for (int k = 0; k < burst && out.n_sent < MAX_SENT; k++) {
                int src = (int)bwm_rng_below(&r, (uint64_t)t->n_in), dst = (int)bwm_rng_below(&r, (uint64_t)t->n_out);
                int bytes = 1 + (int)bwm_rng_below(&r, 5 * FLIT);
                uint64_t *s = &sent_seq[src * t->n_out + dst];
                uint64_t p = (uint64_t)src | (uint64_t)dst << 8 | *s << 16;
                int rc = bwm_xbar_send(x, src, dst, bytes, p, c);
                cr_assert(rc == 0 || rc == 1);
                if (rc == 0) {
                    (*s)++;
                    out.n_sent++;
                }
            }
            next_send = c + 1 + (int64_t)bwm_rng_below(&r, 12);
        }
        if (c >= t->cycles && bwm_xbar_idle(x))
            break;
        int64_t next = c + 1;
        if (t->skip) {
            int64_t ev = bwm_xbar_next_event(x);
            next = c < t->cycles && next_send < ev ? next_send : ev;
            /* a receiver with unpopped packets pops at the next cycle */
            for (int o = 0; o < t->n_out; o++)
                if (bwm_xbar_peek(x, o, NULL))
                    next = c + 1;
            cr_assert_gt(next, c);
            cr_assert_lt(next, INT64_MAX, "work left but no event");
        }
        c = next;
    }
    for (int i = 0; i < t->n_in * t->n_out; i++)
        cr_expect_eq(next_seq[i], sent_seq[i], "pair %d: delivered %llu of %llu", i,
                     (unsigned long long)next_seq[i], (unsigned long long)sent_seq[i]);
    cr_expect_eq(bwm_xbar_get_stats(x)->packets, (uint64_t)out.n_sent);
    cr_expect_eq(bwm_xbar_next_event(x), INT64_MAX);
    free(sent_seq);
    free(next_seq);
    bwm_xbar_free(x);
    return out;
}

Test(xbar, random_traffic_delivers_every_packet_once_in_pair_order)
{
    traffic cases[] = {
        {7, 3, 10, 8, 0, 1, 0, 3000},
        {3, 7, 5, 5, 4, 2, 0, 3000},
        {70, 2, 6, 12, 1, 3, 0, 1000}, /* more than 64 inputs */
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        outcome o = run_traffic(&cases[k]);
        cr_expect_eq(o.n_log, o.n_sent, "case %zu", k);
        cr_expect_gt(o.n_sent, 500, "case %zu: too little traffic to mean anything", k);
        free(o.log);
    }
}

Test(xbar, skipping_to_next_event_loses_no_work)
{
    traffic every = {9, 4, 6, 6, 3, 42, 0, 4000}, skip = every;
    skip.skip = 1;
    outcome a = run_traffic(&every), b = run_traffic(&skip);
    cr_assert_eq(a.n_log, b.n_log);
    for (int i = 0; i < a.n_log; i++)
        cr_assert(a.log[i].cycle == b.log[i].cycle && a.log[i].dst == b.log[i].dst &&
                      a.log[i].payload == b.log[i].payload,
                  "delivery %d: cycle %lld vs %lld", i, (long long)a.log[i].cycle, (long long)b.log[i].cycle);
    cr_expect_lt(b.ticks, a.ticks, "skipping visited every cycle");
    free(a.log);
    free(b.log);
}

Test(xbar, same_seed_same_deliveries)
{
    traffic t = {5, 3, 6, 6, 2, 9, 0, 2000}, u = t;
    u.seed = 10;
    outcome a = run_traffic(&t), b = run_traffic(&t), c = run_traffic(&u);
    cr_assert_eq(a.n_log, b.n_log);
    cr_expect_eq(memcmp(a.log, b.log, (size_t)a.n_log * sizeof *a.log), 0);
    cr_expect(a.n_log != c.n_log || memcmp(a.log, c.log, (size_t)a.n_log * sizeof *a.log) != 0,
              "another seed gave the same run: the traffic is not random");
    free(a.log);
    free(b.log);
    free(c.log);
}

/* ---- bad input ---- */

Test(xbar, bad_parameters_name_the_field)
{
    struct {
        const char *field;
        bwm_xbar_params p;
    } bad[] = {
        {"n_in", {0, 1, 32, 4, 4, 0}},
        {"n_out", {1, -1, 32, 4, 4, 0}},
        {"flit_bytes", {1, 1, 0, 4, 4, 0}},
        {"in_buffer_flits", {1, 1, 32, 0, 4, 0}},
        {"out_buffer_flits", {1, 1, 32, 4, 0, 0}},
        {"latency", {1, 1, 32, 4, 4, -1}},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        bwm_xbar *x = (bwm_xbar *)&bad[k]; /* must be overwritten with NULL */
        bwm_err err = {{0}};
        cr_expect_eq(bwm_xbar_new(&x, &bad[k].p, &err), BWM_EINPUT, "%s", bad[k].field);
        cr_expect_null(x);
        cr_expect_neq(strstr(err.msg, bad[k].field), NULL, "'%s' does not name %s", err.msg, bad[k].field);
    }
    bwm_xbar_params ok = {1, 1, 1, 1, 1, 0};
    bwm_xbar *x = NULL;
    cr_expect_eq(bwm_xbar_new(&x, &ok, NULL), BWM_OK, "the smallest crossbar is valid");
    bwm_xbar_free(x);
}

Test(xbar, bad_sends_return_minus_one_and_change_nothing)
{
    bwm_xbar *x = make(2, 3, 4, 3, 0);
    cr_expect_eq(bwm_xbar_send(x, -1, 0, 8, 1, 0), -1);
    cr_expect_eq(bwm_xbar_send(x, 2, 0, 8, 1, 0), -1);
    cr_expect_eq(bwm_xbar_send(x, 0, -1, 8, 1, 0), -1);
    cr_expect_eq(bwm_xbar_send(x, 0, 3, 8, 1, 0), -1);
    cr_expect_eq(bwm_xbar_send(x, 0, 0, 0, 1, 0), -1);
    cr_expect_eq(bwm_xbar_send(x, 0, 0, bytes_of(5), 1, 0), -1, "larger than the input buffer");
    cr_expect_eq(bwm_xbar_send(x, 0, 0, bytes_of(4), 1, 0), -1, "larger than the output buffer");
    cr_expect_not(bwm_xbar_can_send(x, 0, bytes_of(4)));
    cr_expect_not(bwm_xbar_can_send(x, 2, 8));
    cr_expect(bwm_xbar_can_send(x, 1, bytes_of(3)));
    cr_expect_eq(bwm_xbar_get_stats(x)->refused, 0);
    cr_expect(bwm_xbar_idle(x));
    cr_expect_eq(bwm_xbar_next_event(x), INT64_MAX);
    cr_expect_eq(bwm_xbar_peek(x, 3, NULL), 0);
    cr_expect_eq(bwm_xbar_pop(x, -1, NULL), 0);
    bwm_xbar_free(x);
}
