/* delay_queue.c — allocation of the bounded delay FIFO (see delay_queue.h). */
#include "sim/mem/delay_queue.h"

#include <stdlib.h>
#include <string.h>

int bwm_delay_queue_init(bwm_delay_queue *q, int32_t cap, bwm_err *err)
{
    memset(q, 0, sizeof *q);
    if (cap < 1)
        return bwm_fail(err, BWM_EINPUT, "queue of %d entries", cap);
    q->v = calloc((size_t)cap, sizeof *q->v);
    if (!q->v)
        return bwm_fail(err, BWM_EFAIL, "out of memory for a queue of %d entries", cap);
    q->cap = cap;
    q->head_ready = INT64_MAX;
    return BWM_OK;
}

void bwm_delay_queue_free(bwm_delay_queue *q)
{
    free(q->v);
    memset(q, 0, sizeof *q);
}
