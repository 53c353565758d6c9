/* xbar.h — a crossbar: one direction of the interconnect between the SMs and
 * the memory sub-partitions (the simulator builds two: requests and replies).
 *
 * n_in input ports send packets to n_out output ports.  A packet of B bytes
 * is ceil(B / flit_bytes) flits.  Each input port has a buffer of
 * in_buffer_flits flits (bwm_xbar_send refuses a packet that does not fit:
 * back-pressure on the sender); each output port has a buffer of
 * out_buffer_flits flits that the receiver drains with bwm_xbar_pop (a full
 * output buffer stops traffic to it: back-pressure from the receiver).
 * Every cycle each input moves at most one flit and each output accepts at
 * most one flit (the bandwidth: one flit per port per cycle); when several
 * inputs want one output, a round-robin arbiter per output chooses, and a
 * packet once started holds its output until its last flit has crossed (no
 * interleaving of packets at an output).  A packet becomes visible at its
 * output `latency` cycles after its last flit crossed.  Packets between one
 * input and one output arrive in the order they were sent.
 *
 * Timing, exactly: a packet of F flits sent at cycle t to an idle input and
 * output has its flits cross at ticks t+1 .. t+F (whether the caller ticks
 * t before or after sending) and is poppable after bwm_xbar_tick(t+F+latency):
 * F + latency cycles after the send.  A free output grants and takes the
 * first flit in the same cycle, so back-to-back packets leave no bubble; an
 * output whose last flit crossed this cycle arbitrates the next.  The
 * arbiter takes the first input (from its pointer on) whose head packet
 * asks for the output; if the output buffer lacks room for all of that
 * packet's flits (reserved at grant, freed at pop) the output waits, and the
 * pointer stays, so a large packet is not starved by small ones.  An input
 * buffer slot is freed when the packet's last flit has crossed.
 *
 * Time is the interconnect's cycle (>= 0), passed to bwm_xbar_tick; a
 * caller may skip to bwm_xbar_next_event when nothing is sent or popped in
 * between, and loses no work.  Nothing is allocated after init; the
 * crossbar owns its buffers. */
#ifndef BWM_XBAR_H
#define BWM_XBAR_H

#include <stdint.h>

#include "util/status.h"

typedef struct bwm_xbar_params {
    int n_in, n_out;        /* ports, >= 1 */
    int flit_bytes;         /* >= 1 (GPGPU-Sim -icnt_flit_size) */
    int in_buffer_flits;    /* per input, >= 1 (-icnt_in_buffer_limit) */
    int out_buffer_flits;   /* per output, >= 1 (-icnt_out_buffer_limit) */
    int latency;            /* cycles from the last flit crossing to delivery, >= 0 */
} bwm_xbar_params;

typedef struct bwm_xbar_stats {
    uint64_t packets, flits;      /* delivered */
    uint64_t refused;             /* sends refused for lack of input buffer space */
    uint64_t out_blocked;         /* cycles an output's chosen packet waited for room in its buffer */
} bwm_xbar_stats;

typedef struct bwm_xbar bwm_xbar; /* opaque; see xbar.c */

/* The bytes bwm_xbar_new allocates for p (a double: no product overflows). */
double bwm_xbar_footprint_bytes(const bwm_xbar_params *p);

/* Builds a crossbar; bad parameters are BWM_EINPUT naming the field. */
int bwm_xbar_new(bwm_xbar **out, const bwm_xbar_params *p, bwm_err *err);
void bwm_xbar_free(bwm_xbar *x);

/* Whether input src has room now for a packet of bytes bytes (that is,
 * whether bwm_xbar_send would return 0). */
int bwm_xbar_can_send(const bwm_xbar *x, int src, int bytes);
/* Whether input src has room now for n (>= 1) packets of bytes bytes each,
 * sent one after another. */
int bwm_xbar_can_send_many(const bwm_xbar *x, int src, int bytes, int n);
/* Queues a packet from src to dst carrying payload (the caller's handle) at
 * cycle now.  Returns 0 when accepted, 1 when the input buffer is full (try
 * again later).  A packet larger than the input or the output buffer can
 * never be sent: callers size buffers for their largest packet (init checks
 * nothing about packet sizes; bwm_xbar_send returns -1 for it, for bytes < 1
 * and for ports out of range). */
int bwm_xbar_send(bwm_xbar *x, int src, int dst, int bytes, uint64_t payload, int64_t now);
/* Advances to cycle now (cycles never go backwards; a tick before
 * bwm_xbar_next_event does nothing). */
void bwm_xbar_tick(bwm_xbar *x, int64_t now);
/* The oldest delivered packet at output dst: 1 and *payload when there is
 * one, else 0.  Pop removes it and frees its output buffer space. */
int bwm_xbar_peek(const bwm_xbar *x, int dst, uint64_t *payload);
int bwm_xbar_pop(bwm_xbar *x, int dst, uint64_t *payload);
/* Earliest cycle a tick can change anything: the last tick + 1 while flits
 * move, else the earliest delivery or first cycle of a newly sent packet;
 * INT64_MAX when nothing can happen before the next send or pop (empty, or
 * every waiting packet is held back by a receiver that does not pop). */
int64_t bwm_xbar_next_event(const bwm_xbar *x);
/* No packet anywhere in the crossbar (delivered but unpopped ones count). */
int bwm_xbar_idle(const bwm_xbar *x);

/* A mask of the outputs with a packet to pop: bit o % 64 of word o / 64.
 * It changes with every tick and pop; a receiver scanning many outputs
 * reads it instead of trying each one. */
const uint64_t *bwm_xbar_deliverable(const bwm_xbar *x);
/* A mask of the inputs whose buffer space grew (a packet's last flit
 * crossed) since the last bwm_xbar_clear_freed: bwm_xbar_can_send turns
 * from false to true for an input only when its bit is set, so a sender
 * refused for lack of room needs to try again only then. */
const uint64_t *bwm_xbar_freed(const bwm_xbar *x);
void bwm_xbar_clear_freed(bwm_xbar *x);
const bwm_xbar_stats *bwm_xbar_get_stats(const bwm_xbar *x);

#endif
