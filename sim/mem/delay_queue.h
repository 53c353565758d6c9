/* delay_queue.h — a bounded FIFO of request numbers, each ready at a cycle:
 * the fixed-latency pipelines between units (GPGPU-Sim's ROP and DRAM
 * latency queues) and the plain queues between them (ready at once).
 * Entries leave in order; the head leaves only once its cycle has come.
 * Storage is allocated at init. */
#ifndef BWM_DELAY_QUEUE_H
#define BWM_DELAY_QUEUE_H

#include <stdint.h>

#include "util/status.h"

typedef struct bwm_delay_entry {
    int64_t ready;
    int32_t id;
} bwm_delay_entry;

typedef struct bwm_delay_queue {
    int64_t head_ready; /* the head's ready cycle, INT64_MAX when empty: kept here so that
                           asking whether a queue has work reads no entry */
    bwm_delay_entry *v;
    int32_t cap, head, n;
} bwm_delay_queue;

int bwm_delay_queue_init(bwm_delay_queue *q, int32_t cap, bwm_err *err);
void bwm_delay_queue_free(bwm_delay_queue *q);

static inline int32_t bwm_delay_room(const bwm_delay_queue *q) { return q->cap - q->n; }
/* Appends id, ready at cycle ready; the caller checked the room. */
static inline void bwm_delay_push(bwm_delay_queue *q, int32_t id, int64_t ready)
{
    int32_t i = q->head + q->n;
    if (i >= q->cap)
        i -= q->cap;
    q->v[i] = (bwm_delay_entry){ready, id};
    if (q->n++ == 0)
        q->head_ready = ready;
}
/* The head's id if it is ready at cycle now, else -1. */
static inline int32_t bwm_delay_peek(const bwm_delay_queue *q, int64_t now)
{
    return q->head_ready <= now ? q->v[q->head].id : -1;
}
/* The head's id, ready or not (-1 when empty). */
static inline int32_t bwm_delay_head(const bwm_delay_queue *q)
{
    return q->n > 0 ? q->v[q->head].id : -1;
}
static inline void bwm_delay_pop(bwm_delay_queue *q)
{
    if (++q->head == q->cap)
        q->head = 0;
    q->head_ready = --q->n > 0 ? q->v[q->head].ready : INT64_MAX;
}
/* Cycle the head becomes ready (INT64_MAX when empty). */
static inline int64_t bwm_delay_next(const bwm_delay_queue *q)
{
    return q->head_ready;
}

#endif
