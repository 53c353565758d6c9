/* its.c — ITS, the Instruction-Throughput-targeted Scheme (paper 000 Sec. 6):
 * at the end of every window (mc->window DRAM cycles) each controller
 * computes every application's MPKI locally, as
 *   (its reads that entered this controller during the window: L2 misses;
 *    writes are write-backs and do not count) × 1000
 *   / (instructions it committed during the window,
 *      from bwm_sched_params.committed_insts),
 * and ranks the applications by ascending MPKI (ties: lower index).  Misses
 * are counted in bytes (a line L2 misses 128, a sector L2 32 per sector), so
 * the key is MPKI × bytes per miss: the same order as MPKI when every miss
 * moves a line, and the order of GPGPU-Sim's sector MPKI on a sector L2.  An
 * application with misses but no instructions in the window has an infinite
 * MPKI (last); one with no misses has MPKI 0.  Requests are then served row
 * hits first, then by that rank (rank_pick.h).  Until the first window ends
 * every rank is equal: plain FR-FCFS. */
#include <math.h>

#include "sim/mc/sched/rank_pick.h"
#include "sim/mc/sched/sched_ctx.h"

static int its_init(const bwm_mc *mc, void **state, bwm_err *err)
{
    const bwm_sched_params *p;
    int st = bwm_sched_params_get(mc, "its", &p, err);
    if (st == BWM_OK && !p->committed_insts)
        st = bwm_fail(err, BWM_EINPUT, "scheduler its needs committed_insts (each application's "
                      "committed instructions)");
    if (st == BWM_OK)
        st = bwm_sched_need_window(mc, "its", err);
    bwm_rank_state *s = NULL;
    if (st == BWM_OK)
        st = bwm_rank_state_new(mc, p, &s, err);
    if (st != BWM_OK)
        return st;
    for (int a = 0; a < mc->n_apps; a++)
        s->prev[a] = p->committed_insts[a];
    *state = s;
    return BWM_OK;
}

static void its_enqueue(void *state, const bwm_mc *mc, int32_t slot)
{
    const bwm_mc_req *r = &mc->slots[slot].req;
    if (!r->is_write)
        ((bwm_rank_state *)state)->count[r->app] += r->bytes;
}

static void its_window(void *state, const bwm_mc *mc, int64_t now)
{
    (void)mc;
    (void)now;
    bwm_rank_state *s = state;
    for (int a = 0; a < s->n_apps; a++) {
        uint64_t insts = bwm_rank_delta(&s->prev[a], s->p->committed_insts[a]);
        uint64_t miss_bytes = s->count[a];
        s->key[a] = miss_bytes == 0 ? 0 : insts == 0 ? INFINITY : (double)miss_bytes * 1000.0 / (double)insts;
        s->count[a] = 0;
    }
    bwm_rank_by_key(s);
}

const bwm_sched_ops bwm_sched_its = {
    "its", "row hits first, then applications by ascending MPKI of the last window (ITS)",
    its_init, its_enqueue, bwm_rank_pick, its_window, bwm_rank_state_free, NULL, 0, 0, NULL, NULL, 0,
};
