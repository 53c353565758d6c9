/* weis.c — WEIS, the Weighted-speedup-targeted Scheme (paper 000 Sec. 6): at
 * the end of every window (mc->window DRAM cycles) each controller ranks the
 * applications by the bytes they moved on its own data bus during the
 * window (reads and writes, from the controller's per-application
 * statistics), ascending (ties: lower index).  Requests are then served row
 * hits first, then by that rank (rank_pick.h).  Until the first window ends
 * every rank is equal: plain FR-FCFS.  Needs a window but no other
 * parameter; sched_ctx may be NULL. */
#include "sim/mc/sched/rank_pick.h"
#include "sim/mc/sched/sched_ctx.h"

static int weis_init(const bwm_mc *mc, void **state, bwm_err *err)
{
    int st = bwm_sched_need_window(mc, "weis", err);
    bwm_rank_state *s = NULL;
    if (st == BWM_OK)
        st = bwm_rank_state_new(mc, mc->sched_ctx, &s, err);
    if (st != BWM_OK)
        return st;
    for (int a = 0; a < mc->n_apps; a++)
        s->prev[a] = mc->apps[a].c.bytes;
    *state = s;
    return BWM_OK;
}

static void weis_window(void *state, const bwm_mc *mc, int64_t now)
{
    (void)now;
    bwm_rank_state *s = state;
    for (int a = 0; a < s->n_apps; a++)
        s->key[a] = (double)bwm_rank_delta(&s->prev[a], mc->apps[a].c.bytes);
    bwm_rank_by_key(s);
}

const bwm_sched_ops bwm_sched_weis = {
    "weis", "row hits first, then applications by ascending bandwidth of the last window (WEIS)",
    weis_init, NULL, bwm_rank_pick, weis_window, bwm_rank_state_free, NULL, 0, 0, NULL, NULL, 0,
};
