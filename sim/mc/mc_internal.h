/* mc_internal.h — what the memory controller's own files (mc.c, mc_queue.c)
 * call in each other: the request pool and the bank queues of mc_queue.c, used
 * by the command choice in mc.c.  Not for schedulers or callers (mc.h is
 * theirs).  The controller is only declared here, so that this header
 * closes no include circle with mc.h. */
#ifndef BWM_MC_INTERNAL_H
#define BWM_MC_INTERNAL_H

#include <stdint.h>

struct bwm_mc;

/* Allocates the bank queues and a pool of n entries (the write queue's
 * included); -1 when out of memory (bwm_mc_queue_free frees what was). */
int bwm_mc_queue_init(struct bwm_mc *mc, int32_t n);
void bwm_mc_queue_free(struct bwm_mc *mc);

/* Returns slot s, whose request completed, to the pool. */
void bwm_mc_slot_free(struct bwm_mc *mc, int32_t s);
/* Takes waiting request s out of bank's queue (its bank takes it). */
void bwm_mc_unlink_waiting(struct bwm_mc *mc, int bank, int32_t s);
/* Counts bank's waiting requests for its open row afresh (a row opened). */
void bwm_mc_count_hits(struct bwm_mc *mc, int bank);

#endif
