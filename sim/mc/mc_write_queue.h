/* mc_write_queue.h — the memory controller's separate write queue
 * (-dram_seperate_write_queue_enable; bwm_mc_wq, embedded in bwm_mc as wq).
 *
 * With it, writes wait apart from the bank queues (the scheduler sees reads
 * only), oldest first, and are served, a bank's oldest write to its open
 * row first, only while the controller drains them: from the queue's high
 * watermark until fewer than its low watermark wait, or whenever writes
 * wait and no read does.  The queue holds slot indices of the controller's
 * pool (mc_req.h); the pool keeps room for SIZE writes beside the reads. */
#ifndef BWM_MC_WRITE_QUEUE_H
#define BWM_MC_WRITE_QUEUE_H

#include <stdint.h>

#include "sim/dram/dram_config.h"
#include "sim/mc/mc_req.h"
#include "util/status.h"

typedef struct bwm_mc_wq {
    int32_t *slot, n;  /* waiting writes' slots, oldest first (NULL: no separate queue) */
    int mode;          /* draining writes (reads wait) */
    uint64_t banks;    /* banks with a waiting write */
    int32_t live;      /* write slots taken: waiting or in service */
    int32_t cap, high, low;
} bwm_mc_wq;

/* Builds the queue cfg asks for (none when cfg->write_queue is 0).  Returns
 * BWM_OK or an error (a bad SIZE:HIGH:LOW, out of memory). */
int bwm_mc_wq_init(bwm_mc_wq *q, const bwm_dram_config *cfg, bwm_err *err);
void bwm_mc_wq_free(bwm_mc_wq *q);

/* Whether the controller has a separate write queue. */
static inline int bwm_mc_wq_on(const bwm_mc_wq *q) { return q->slot != NULL; }

/* A write (slot s, for bank) enters the queue (which must have room). */
static inline void bwm_mc_wq_add(bwm_mc_wq *q, int32_t s, int bank)
{
    q->slot[q->n++] = s;
    q->live++;
    q->banks |= (uint64_t)1 << bank;
}

/* A write the queue gave out has completed: its slot is free again. */
static inline void bwm_mc_wq_release(bwm_mc_wq *q) { q->live--; }

/* Switches the mode: drain from the high watermark until fewer than the
 * low one wait, and whenever writes wait and no read does (reads_waiting:
 * whether any bank queue holds a read).  GPGPU-Sim drains only above the
 * watermark; a controller that never drains an idle queue would hold the
 * last writes of a run forever. */
void bwm_mc_wq_update_mode(bwm_mc_wq *q, int reads_waiting);

/* Takes bank's oldest waiting write to open_row (-1: none open), else its
 * oldest, out of the queue and returns its slot (bank must have one). */
int32_t bwm_mc_wq_take(bwm_mc_wq *q, const bwm_mc_entry *slots, int bank, int64_t open_row);

#endif
