/* mc.c — memory controller: what every run does — init, the tick, the free
 * banks' picks and the command choice that drives the channel (see mc.h).
 * The request pool and bank queues are mc_queue.c's; the write queue, the
 * completion ring, refresh and statistics are features in their own files,
 * each called at its event. */
#include "sim/mc/mc.h"

#include <stdlib.h>
#include <string.h>

#include "sim/mc/mc_internal.h"
#include "util/select.h"

static int64_t min64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

/* ---- init ------------------------------------------------------------ */

void bwm_mc_free(bwm_mc *mc)
{
    if (mc->sched && mc->sched->free)
        mc->sched->free(mc->sched_state);
    bwm_dram_channel_free(&mc->dram);
    bwm_mc_queue_free(mc);
    bwm_mc_returns_free(&mc->ret);
    bwm_mc_tally_free(&mc->stats, &mc->apps);
    bwm_mc_wq_free(&mc->wq);
    memset(mc, 0, sizeof *mc);
}

int bwm_mc_init(bwm_mc *mc, int id, const bwm_dram_config *cfg, const bwm_mc_params *p,
                bwm_err *err)
{
    memset(mc, 0, sizeof *mc);
    if (!p->sched || !p->sched->pick)
        return bwm_fail(err, BWM_EINPUT, "memory controller needs a scheduler");
    if (p->queue_size < 0 || p->n_apps < 1 || p->window < 0)
        return bwm_fail(err, BWM_EINPUT, "memory controller: queue size %d, %d applications, window %lld",
                        p->queue_size, p->n_apps, (long long)p->window);
    if (cfg->n_banks > BWM_MC_MAX_BANKS)
        return bwm_fail(err, BWM_EINPUT, "%d banks per channel: at most %d are supported",
                        cfg->n_banks, BWM_MC_MAX_BANKS);
    int st = p->spec ? BWM_OK : bwm_dram_spec_build(&mc->own_spec, cfg, err);
    if (st != BWM_OK)
        return st;
    mc->spec = p->spec ? p->spec : &mc->own_spec;
    int burst_bytes = cfg->chips_per_channel * cfg->bus_width_bytes * cfg->burst_length;
    if (cfg->chips_per_channel < 1 || cfg->bus_width_bytes < 1 || burst_bytes < 1)
        return bwm_fail(err, BWM_EINPUT, "chips per channel (%d) and bus width (%d bytes) must be >= 1",
                        cfg->chips_per_channel, cfg->bus_width_bytes);
    st = bwm_dram_channel_init(&mc->dram, mc->spec, cfg->n_banks, cfg->n_bank_groups,
                               cfg->bankgroup_indexing == 1, err);
    if (st != BWM_OK)
        return st;
    bwm_dram_channel_dual_bus(&mc->dram, cfg->dual_bus);
    if ((st = bwm_mc_wq_init(&mc->wq, cfg, err)) != BWM_OK) {
        bwm_mc_free(mc);
        return st;
    }
    mc->id = id;
    mc->n_banks = cfg->n_banks;
    mc->burst_bytes = burst_bytes;
    mc->growable = p->queue_size == 0;
    mc->n_apps = p->n_apps;
    int no_memory = bwm_mc_queue_init(mc, (p->queue_size ? p->queue_size : 64) + mc->wq.cap) != 0;
    no_memory |= bwm_mc_returns_init(&mc->ret, bwm_mc_returns_cap(mc->spec)) != 0;
    no_memory |= bwm_mc_tally_init(&mc->stats, &mc->apps, mc->n_banks, p->n_apps, p->bank_latency) != 0;
    if (no_memory) {
        bwm_mc_free(mc);
        return bwm_fail(err, BWM_EFAIL, "out of memory for a memory controller");
    }
    for (int b = 0; b < mc->n_banks; b++)
        for (int o = 0; o < mc->n_banks; o++)
            if (mc->dram.banks[o].group == mc->dram.banks[b].group)
                mc->group_banks[b] |= (uint64_t)1 << o;
    mc->next_event = BWM_DRAM_NEVER;
    mc->cmd_next = BWM_DRAM_NEVER;
    mc->first_ready = BWM_DRAM_NEVER;
    mc->first_bank = -1;
    bwm_mc_refresh_init(&mc->refresh, mc->spec);
    mc->window = p->window;
    mc->next_window = p->window > 0 && p->sched->on_window ? p->window : BWM_DRAM_NEVER;
    mc->done = p->done;
    mc->done_ctx = p->done_ctx;
    mc->sched = p->sched;
    mc->sched_ctx = p->sched_ctx;
    if (p->sched->init && (st = p->sched->init(mc, &mc->sched_state, err)) != BWM_OK) {
        mc->sched = NULL;
        bwm_mc_free(mc);
        return st;
    }
    return BWM_OK;
}

/* ---- commands -------------------------------------------------------- */

/* Request k's data has crossed the bus: count it, and tell the caller. */
static void complete(bwm_mc *mc, const bwm_completion *k)
{
    bwm_mc_stats_complete(&mc->stats, &mc->apps[k->req.app], k, mc->burst_bytes);
    if (mc->done)
        mc->done(mc->done_ctx, &k->req, k->done);
}

static bwm_dram_cmd next_cmd(const bwm_mc *mc, int b)
{
    const bwm_mc_entry *e = &mc->slots[mc->banks[b].cur];
    int64_t open = mc->dram.banks[b].open_row;
    if (open < 0)
        return BWM_CMD_ACT;
    if (open != (int64_t)e->req.da.row)
        return BWM_CMD_PRE;
    return e->req.is_write ? BWM_CMD_WR : BWM_CMD_RD;
}

static void issue_for_request(bwm_mc *mc, int b, bwm_dram_cmd cmd, int64_t now)
{
    bwm_mc_bank *bk = &mc->banks[b];
    int32_t s = bk->cur;
    bwm_mc_entry *e = &mc->slots[s];
    int64_t done = bwm_dram_issue_ready(&mc->dram, cmd, b, (int64_t)e->req.da.row, now);
    mc->cmd_stale |= (uint64_t)1 << b;
    mc->floor_stale |= mc->group_banks[b];
    bwm_mc_stats_cmd(e, cmd);
    if (cmd == BWM_CMD_ACT) {
        bwm_mc_count_hits(mc, b);
    } else if (cmd == BWM_CMD_PRE) {
        bk->n_hits = 0;
    } else if (--e->bursts_left == 0) {
        bwm_completion k = {done, e->seq, e->req, b, 0, e->outcome, e->n_act, e->n_pre};
        k.bursts = (uint16_t)bwm_mc_bursts_for(e->req.bytes, mc->burst_bytes);
        if (bwm_mc_returns_push(&mc->ret, &k) != 0)
            complete(mc, &k); /* cannot happen (see mc_returns.h): report it now rather than lose it */
        if (bwm_mc_wq_on(&mc->wq) && e->req.is_write)
            bwm_mc_wq_release(&mc->wq);
        bwm_mc_slot_free(mc, s);
        bk->cur = -1;
        mc->busy_mask &= ~((uint64_t)1 << b);
        if (bk->n_queued > 0)
            mc->pick_mask |= (uint64_t)1 << b;
    }
}

/* One step of a due refresh (mc_refresh.h); a precharge changes its bank's
 * command and its group's floors, REF every bank's floor.  Returns 1 if a
 * command issued; lowers *next to the earliest cycle one could. */
static int refresh_step(bwm_mc *mc, int64_t now, int64_t *next)
{
    int b = bwm_mc_refresh_step(&mc->refresh, &mc->dram, now, next);
    if (b == BWM_MC_REFRESH_WAIT)
        return 0;
    if (b == BWM_MC_REFRESH_REF) {
        mc->floor_stale = ~(uint64_t)0;
        return 1;
    }
    mc->banks[b].n_hits = 0;
    mc->cmd_stale |= (uint64_t)1 << b; /* its command changes with its row */
    mc->floor_stale |= mc->group_banks[b];
    return 1;
}
/* The channel-wide part of each command kind's ready cycle (REF aside):
 * the buses and the channel-scope rules. */
static void channel_floors(const bwm_mc *mc, int64_t floor[BWM_CMD_REF])
{
    for (int c = 0; c < BWM_CMD_REF; c++)
        floor[c] = bwm_dram_channel_floor(&mc->dram, (bwm_dram_cmd)c);
}

/* Whether bank b's next command is a column command (RD, WR). */
static inline int is_col(const bwm_mc *mc, int b)
{
    return mc->cmd[b] == BWM_CMD_RD || mc->cmd[b] == BWM_CMD_WR;
}

/* Bank b's place in the command choice, the smaller first: column commands
 * first, then the oldest request. */
static inline uint64_t choice_key(const bwm_mc *mc, int b)
{
    return (uint64_t)!is_col(mc, b) << 63 | mc->slots[mc->banks[b].cur].seq;
}

/* Computes the ready cycle of each bank in service afresh from the
 * channel-wide floors (once per command kind) and its bank floor
 * (recomputed only if stale), and the command choice's first candidate:
 * the earliest ready cycle (BWM_DRAM_NEVER for none) and, among the banks
 * ready then, the one first in the choice.  Called after every command,
 * the controller wakes exactly when the next command can issue, never to
 * find that another bank's command took the cycle it waited for. */
static void update_ready(bwm_mc *mc)
{
    uint64_t busy = mc->busy_mask;
    int64_t floor[BWM_CMD_REF];
    channel_floors(mc, floor);
    for (uint64_t m = busy & mc->cmd_stale; m; m &= m - 1) {
        int b = __builtin_ctzll(m);
        mc->cmd[b] = (uint8_t)next_cmd(mc, b);
        mc->key[b] = choice_key(mc, b);
    }
    for (uint64_t m = busy & (mc->cmd_stale | mc->floor_stale); m; m &= m - 1) {
        int b = __builtin_ctzll(m);
        mc->bank_floor[b] = bwm_dram_bank_floor(&mc->dram, (bwm_dram_cmd)mc->cmd[b], b);
    }
    mc->cmd_stale &= ~busy;
    mc->floor_stale &= ~busy;
    int64_t first = BWM_DRAM_NEVER;
    int best = -1;
    uint64_t best_key = UINT64_MAX;
    for (uint64_t m = busy; m; m &= m - 1) {
        int b = __builtin_ctzll(m);
        int64_t t = mc->bank_floor[b] > floor[mc->cmd[b]] ? mc->bank_floor[b] : floor[mc->cmd[b]];
        mc->ready_at[b] = t;
        /* without a branch (the compiler keeps masks as they are): which
         * bank comes first follows no pattern */
        uint64_t key = mc->key[b];
        uint64_t take = bwm_mask_of((t < first) | ((t == first) & (key < best_key)));
        first = (int64_t)bwm_select(take, (uint64_t)t, (uint64_t)first);
        best = (int)bwm_select(take, (uint64_t)b, (uint64_t)(int64_t)best);
        best_key = bwm_select(take, key, best_key);
    }
    mc->first_ready = first;
    mc->first_bank = best;
}

static void pick_for_free_banks(bwm_mc *mc);

/* Whether the controller should pick for free banks now. */
static int has_picks(const bwm_mc *mc)
{
    return mc->pick_mask || mc->wq.n || mc->wq.mode;
}

/* One command among the banks' requests: ready column commands first, then
 * the oldest request; only (-1 any, 0 row, 1 column) restricts the class
 * (the second command of a dual command bus).  *issued receives the class
 * issued (-1: none).  Returns the earliest cycle after now at which a bank
 * in service may issue. */
static int64_t request_step(bwm_mc *mc, int64_t now, int only, int *issued)
{
    int best = -1;
    *issued = -1;
    if (mc->busy_mask & (mc->cmd_stale | mc->floor_stale)) /* new in service, or a refresh since */
        update_ready(mc);
    if (only < 0 && mc->first_ready >= now) {
        /* update_ready's candidate is the choice: no bank is ready before it */
        if (mc->first_ready > now)
            return mc->first_ready;
        best = mc->first_bank;
    } else {
        int64_t next = BWM_DRAM_NEVER;
        uint64_t best_key = UINT64_MAX;
        for (uint64_t m = mc->busy_mask; m; m &= m - 1) {
            int b = __builtin_ctzll(m);
            int64_t t = mc->ready_at[b];
            if (t > now)
                next = min64(next, t);
            else if (only >= 0 && is_col(mc, b) != only)
                next = min64(next, now + 1); /* its bus is taken this cycle */
            else if (mc->key[b] < best_key) {
                best = b;
                best_key = mc->key[b];
            }
        }
        if (best < 0)
            return next; /* exact: nothing changed since the ready cycles were computed */
    }
    int col = is_col(mc, best);
    issue_for_request(mc, best, (bwm_dram_cmd)mc->cmd[best], now);
    *issued = col;
    if (has_picks(mc))
        pick_for_free_banks(mc); /* the bank just freed chooses at once */
    update_ready(mc);
    return mc->first_ready > now ? mc->first_ready : now + 1;
}

/* ---- picks ----------------------------------------------------------- */

/* Bank b starts serving request slot s (already out of any queue). */
static void serve(bwm_mc *mc, int b, int32_t s)
{
    mc->banks[b].cur = s;
    mc->slots[s].req.served = mc->now;
    bwm_mc_stats_serve(&mc->apps[mc->slots[s].req.app], mc->now);
    mc->cmd_stale |= (uint64_t)1 << b;
    mc->pick_mask &= ~((uint64_t)1 << b);
    mc->busy_mask |= (uint64_t)1 << b;
}

/* Each free bank with waiting writes takes its oldest write to the open
 * row, else its oldest write. */
static void pick_writes(bwm_mc *mc)
{
    for (uint64_t m = mc->wq.banks & ~mc->busy_mask; m; m &= m - 1) {
        int b = __builtin_ctzll(m);
        serve(mc, b, bwm_mc_wq_take(&mc->wq, mc->slots, b, mc->dram.banks[b].open_row));
    }
}

/* Each free bank with waiting reads takes the one its policy picks (or
 * none: the policy holds the bank). */
static void pick_reads(bwm_mc *mc)
{
    for (uint64_t m = mc->pick_mask; m; m &= m - 1) {
        int b = __builtin_ctzll(m);
        int32_t s = mc->sched->pick(mc->sched_state, mc, b);
        if (s < 0 || s >= mc->cap || (int)mc->slots[s].req.da.bank != b)
            continue; /* the policy holds this bank for now */
        bwm_mc_unlink_waiting(mc, b, s);
        serve(mc, b, s);
    }
}

/* The write queue's mode follows the queues (mc_write_queue.h): whether a read
 * waits in a bank queue. */
static void update_write_mode(bwm_mc *mc)
{
    int reads_waiting = 0;
    for (int b = 0; b < mc->n_banks && !reads_waiting; b++)
        reads_waiting = mc->banks[b].n_queued > 0;
    bwm_mc_wq_update_mode(&mc->wq, reads_waiting);
}

/* Free banks take requests.  With a write queue the mode follows the
 * queues at once: a pick that takes the last waiting read, or brings the
 * write queue below its low watermark, may switch it, and the banks still
 * free then pick in the new mode.  Without a change of state the mode
 * cannot switch back (the two conditions exclude each other), so this
 * ends; and the mode never depends on which cycles the controller ticks. */
static void pick_for_free_banks(bwm_mc *mc)
{
    if (!bwm_mc_wq_on(&mc->wq)) {
        pick_reads(mc);
        return;
    }
    update_write_mode(mc);
    for (;;) {
        int mode = mc->wq.mode;
        if (mode)
            pick_writes(mc);
        else
            pick_reads(mc);
        update_write_mode(mc);
        if (mc->wq.mode == mode)
            return;
    }
}

/* ---- the tick -------------------------------------------------------- */

void bwm_mc_tick(bwm_mc *mc, int64_t now)
{
    if (now < mc->next_event)
        return;
    mc->now = now;
    while (mc->ret.due <= now) {
        complete(mc, bwm_mc_returns_first(&mc->ret));
        bwm_mc_returns_pop(&mc->ret);
    }
    if (now >= mc->next_window) {
        mc->sched->on_window(mc->sched_state, mc, now);
        while (mc->next_window <= now)
            mc->next_window += mc->window;
        mc->cmd_next = now; /* the policy may pick otherwise */
    }
    if (bwm_mc_refresh_arm(&mc->refresh, now))
        mc->cmd_next = now;
    if (now >= mc->cmd_next) {
        if (has_picks(mc))
            pick_for_free_banks(mc);
        int64_t next = BWM_DRAM_NEVER;
        if (mc->refresh.due) {
            if (refresh_step(mc, now, &next))
                next = now + 1;
        } else {
            int issued;
            next = request_step(mc, now, -1, &issued);
            /* The row bus of a dual command bus may carry one more after a
             * column command.  Not after a row command: it was chosen because
             * no column command could issue, and a row command neither frees a
             * bank nor lets a column command issue sooner.  The second step
             * sees the channel after both, so its answer is the one to keep. */
            if (issued == 1 && mc->dram.dual_bus)
                next = request_step(mc, now, 0, &issued);
        }
        if (mc->pick_mask && !mc->wq.mode)
            next = now + 1; /* the policy held a bank: ask again */
        if (mc->wq.mode && (mc->wq.banks & ~mc->busy_mask))
            next = now + 1;
        mc->cmd_next = next > now ? next : now + 1;
    }
    int64_t next = mc->cmd_next;
    next = min64(next, mc->ret.due);
    if (!mc->refresh.due)
        next = min64(next, mc->refresh.next);
    next = min64(next, mc->next_window);
    mc->next_event = next > now ? next : now + 1;
}

int bwm_mc_idle(const bwm_mc *mc)
{
    return mc->n_used == 0 && mc->ret.n == 0;
}

void bwm_mc_get_stats(const bwm_mc *mc, bwm_mc_stats *out)
{
    bwm_mc_tally_get(&mc->stats, mc->n_banks, &mc->dram, out);
}
