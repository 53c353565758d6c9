/* mc_write_queue.c — the memory controller's separate write queue (see
 * mc_write_queue.h). */
#include "sim/mc/mc_write_queue.h"

#include <stdlib.h>
#include <string.h>

int bwm_mc_wq_init(bwm_mc_wq *q, const bwm_dram_config *cfg, bwm_err *err)
{
    memset(q, 0, sizeof *q);
    if (!cfg->write_queue)
        return BWM_OK;
    if (cfg->write_queue_size < 1 || cfg->write_high > cfg->write_queue_size || cfg->write_low > cfg->write_high)
        return bwm_fail(err, BWM_EINPUT, "write queue %d:%d:%d: need LOW <= HIGH <= SIZE, SIZE >= 1",
                        cfg->write_queue_size, cfg->write_high, cfg->write_low);
    q->cap = cfg->write_queue_size;
    q->high = cfg->write_high;
    q->low = cfg->write_low;
    q->slot = malloc((size_t)q->cap * sizeof *q->slot);
    if (!q->slot) {
        q->cap = 0;
        return bwm_fail(err, BWM_EFAIL, "out of memory for a write queue");
    }
    return BWM_OK;
}

void bwm_mc_wq_free(bwm_mc_wq *q)
{
    free(q->slot);
    memset(q, 0, sizeof *q);
}

void bwm_mc_wq_update_mode(bwm_mc_wq *q, int reads_waiting)
{
    if (!q->mode && (q->n >= q->high || (q->n > 0 && !reads_waiting)))
        q->mode = 1;
    else if (q->mode && q->n < q->low && (reads_waiting || q->n == 0))
        q->mode = 0;
}

int32_t bwm_mc_wq_take(bwm_mc_wq *q, const bwm_mc_entry *slots, int bank, int64_t open_row)
{
    int at = -1, n_bank = 0;
    for (int i = 0; i < q->n; i++) {
        const bwm_mc_req *r = &slots[q->slot[i]].req;
        if ((int)r->da.bank != bank)
            continue;
        n_bank++;
        if (at < 0 || (open_row >= 0 && (int64_t)r->da.row == open_row &&
                       (int64_t)slots[q->slot[at]].req.da.row != open_row))
            at = i;
    }
    int32_t s = q->slot[at];
    memmove(q->slot + at, q->slot + at + 1, (size_t)(q->n - at - 1) * sizeof *q->slot);
    q->n--;
    if (n_bank == 1)
        q->banks &= ~((uint64_t)1 << bank);
    return s;
}
