/* mc.c — memory controller: request pool, bank queues, command arbiter,
 * completions and statistics (see mc.h). */
#include "sim/mc/mc.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "util/select.h"

static int64_t min64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

/* Something changed that may let a command issue, or a bank pick, at now. */
static void wake(bwm_mc *mc, int64_t now)
{
    mc->next_event = min64(mc->next_event, now);
    mc->cmd_next = min64(mc->cmd_next, now);
}

static uint32_t bursts_for(const bwm_mc *mc, uint32_t bytes)
{
    return (bytes + (uint32_t)mc->burst_bytes - 1) / (uint32_t)mc->burst_bytes;
}

/* ---- request pool ---------------------------------------------------- */

static int grow_pool(bwm_mc *mc, int32_t cap)
{
    bwm_mc_entry *s = aligned_alloc(_Alignof(bwm_mc_entry), (size_t)cap * sizeof *s);
    if (!s)
        return -1;
    if (mc->cap > 0)
        memcpy(s, mc->slots, (size_t)mc->cap * sizeof *s);
    free(mc->slots);
    mc->slots = s;
    for (int32_t i = cap - 1; i >= mc->cap; i--) {
        s[i].next = mc->free_head;
        mc->free_head = i;
    }
    mc->cap = cap;
    return 0;
}

static int32_t alloc_slot(bwm_mc *mc)
{
    if (mc->free_head < 0 && (!mc->growable || grow_pool(mc, mc->cap * 2) != 0))
        return -1;
    int32_t i = mc->free_head;
    mc->free_head = mc->slots[i].next;
    mc->n_used++;
    return i;
}

static void free_slot(bwm_mc *mc, int32_t i)
{
    mc->slots[i].next = mc->free_head;
    mc->free_head = i;
    mc->n_used--;
}

/* ---- requests whose data is on its way ------------------------------ */

/* Column commands move their data one after another on the channel's one
 * data bus (each starts when the one before has ended: channel floor), so
 * requests complete in the order their last column commands issue, each
 * later than the one before: a ring in issue order is in completion order.
 * Returns -1 if it is full.  Not reached: one column command per cycle,
 * each done within max(CL, WL) + burst cycles, bounds the data in flight,
 * and init sizes the ring for that. */
static int returns_push(bwm_mc *mc, const bwm_completion *c)
{
    if (mc->ret_n == mc->ret_cap)
        return -1;
    int32_t i = mc->ret_head + mc->ret_n;
    if (i >= mc->ret_cap)
        i -= mc->ret_cap;
    assert(mc->ret_n == 0 || mc->ret[i == 0 ? mc->ret_cap - 1 : i - 1].done < c->done);
    mc->ret[i] = *c;
    if (mc->ret_n++ == 0)
        mc->ret_due = c->done;
    return 0;
}

static void returns_pop(bwm_mc *mc)
{
    if (++mc->ret_head == mc->ret_cap)
        mc->ret_head = 0;
    mc->ret_n--;
    mc->ret_due = mc->ret_n > 0 ? mc->ret[mc->ret_head].done : BWM_DRAM_NEVER;
}

/* ---- init ------------------------------------------------------------ */

void bwm_mc_free(bwm_mc *mc)
{
    if (mc->sched && mc->sched->free)
        mc->sched->free(mc->sched_state);
    bwm_dram_channel_free(&mc->dram);
    free(mc->slots);
    free(mc->banks);
    free(mc->row_waiting);
    free(mc->ret);
    free(mc->apps);
    free(mc->bank_stats);
    free(mc->bank_latency);
    free(mc->wq);
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
    if (cfg->write_queue) {
        if (cfg->write_queue_size < 1 || cfg->write_high > cfg->write_queue_size || cfg->write_low > cfg->write_high) {
            bwm_mc_free(mc);
            return bwm_fail(err, BWM_EINPUT, "write queue %d:%d:%d: need LOW <= HIGH <= SIZE, SIZE >= 1",
                            cfg->write_queue_size, cfg->write_high, cfg->write_low);
        }
        mc->wq_cap = cfg->write_queue_size;
        mc->wq_high = cfg->write_high;
        mc->wq_low = cfg->write_low;
        mc->wq = malloc((size_t)mc->wq_cap * sizeof *mc->wq);
        if (!mc->wq) {
            bwm_mc_free(mc);
            return bwm_fail(err, BWM_EFAIL, "out of memory for a write queue");
        }
    }
    mc->id = id;
    mc->n_banks = cfg->n_banks;
    mc->burst_bytes = burst_bytes;
    mc->free_head = -1;
    mc->growable = p->queue_size == 0;
    mc->n_apps = p->n_apps;
    mc->ret_cap = (mc->spec->read_latency > mc->spec->write_latency ? mc->spec->read_latency
                                                                  : mc->spec->write_latency)
                  + mc->spec->burst_cycles + 2;
    mc->banks = malloc((size_t)mc->n_banks * sizeof *mc->banks);
    mc->row_waiting = calloc((size_t)mc->n_banks * BWM_MC_ROW_BUCKETS, sizeof *mc->row_waiting);
    mc->ret = malloc((size_t)mc->ret_cap * sizeof *mc->ret);
    mc->apps = calloc((size_t)p->n_apps, sizeof *mc->apps);
    mc->bank_stats = aligned_alloc(_Alignof(bwm_mc_bank_stats), (size_t)mc->n_banks * sizeof *mc->bank_stats);
    if (mc->bank_stats)
        memset(mc->bank_stats, 0, (size_t)mc->n_banks * sizeof *mc->bank_stats);
    if (p->bank_latency)
        mc->bank_latency = calloc((size_t)mc->n_banks, sizeof *mc->bank_latency);
    if (!mc->banks || !mc->row_waiting || !mc->ret || !mc->apps || !mc->bank_stats
        || (p->bank_latency && !mc->bank_latency)
        || grow_pool(mc, (p->queue_size ? p->queue_size : 64) + mc->wq_cap) != 0) {
        bwm_mc_free(mc);
        return bwm_fail(err, BWM_EFAIL, "out of memory for a memory controller");
    }
    for (int b = 0; b < mc->n_banks; b++) {
        mc->banks[b] = (bwm_mc_bank){.head = -1, .tail = -1, .cur = -1};
        for (int o = 0; o < mc->n_banks; o++)
            if (mc->dram.banks[o].group == mc->dram.banks[b].group)
                mc->group_banks[b] |= (uint64_t)1 << o;
    }
    mc->next_event = BWM_DRAM_NEVER;
    mc->cmd_next = BWM_DRAM_NEVER;
    mc->first_ready = BWM_DRAM_NEVER;
    mc->ret_due = BWM_DRAM_NEVER;
    mc->first_bank = -1;
    mc->next_refresh = mc->spec->refi > 0 ? mc->spec->refi : BWM_DRAM_NEVER;
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

/* ---- queues ---------------------------------------------------------- */

static int row_open_for(const bwm_mc *mc, int bank, int64_t row)
{
    return mc->dram.banks[bank].open_row == row;
}

/* The count of bank's waiting requests in row's bucket. */
static uint32_t *row_waiting(bwm_mc *mc, int bank, uint32_t row)
{
    return &mc->row_waiting[(size_t)bank * BWM_MC_ROW_BUCKETS + (row & (BWM_MC_ROW_BUCKETS - 1))];
}

int bwm_mc_is_hit(const bwm_mc *mc, int32_t slot)
{
    const bwm_mc_req *r = &mc->slots[slot].req;
    return row_open_for(mc, (int)r->da.bank, (int64_t)r->da.row);
}

int32_t bwm_mc_oldest_hit(const bwm_mc *mc, int bank)
{
    if (mc->banks[bank].n_hits == 0)
        return -1;
    int64_t row = mc->dram.banks[bank].open_row;
    for (int32_t s = mc->banks[bank].head; s >= 0; s = mc->slots[s].next)
        if ((int64_t)mc->slots[s].req.da.row == row)
            return s;
    return -1;
}

/* A write into the separate write queue (slot s already filled). */
static void write_queue_add(bwm_mc *mc, int32_t s, int64_t now)
{
    mc->wq[mc->wq_n++] = s;
    mc->wq_live++;
    mc->wq_banks |= (uint64_t)1 << mc->slots[s].req.da.bank;
    mc->apps[mc->slots[s].req.app].queued++;
    wake(mc, now);
}

int bwm_mc_full(const bwm_mc *mc, int is_write)
{
    if (mc->wq && is_write)
        return mc->wq_n == mc->wq_cap;
    if (mc->growable)
        return 0;
    return mc->wq ? mc->n_used - mc->wq_live >= mc->cap - mc->wq_cap : mc->free_head < 0;
}

int bwm_mc_enqueue(bwm_mc *mc, const bwm_mc_req *req, int64_t now)
{
    uint32_t bursts = bursts_for(mc, req->bytes);
    if (req->da.bank >= (uint32_t)mc->n_banks || req->app < 0 || req->app >= mc->n_apps
        || req->bytes < 1 || bursts > UINT16_MAX)
        return BWM_MC_INVALID;
    int separate = mc->wq && req->is_write;
    if (bwm_mc_full(mc, req->is_write))
        return BWM_MC_FULL;
    int32_t s = alloc_slot(mc);
    if (s < 0)
        return BWM_MC_FULL;
    int b = (int)req->da.bank;
    bwm_mc_entry *e = &mc->slots[s];
    e->req = *req;
    e->req.arrival = now;
    mc->now = now;
    e->seq = mc->seq++;
    e->bursts_left = (uint16_t)bursts;
    e->started = 0;
    e->outcome = BWM_ROW_HIT;
    e->n_act = e->n_pre = 0;
    if (separate) {
        write_queue_add(mc, s, now);
        return BWM_MC_ACCEPTED;
    }
    bwm_mc_bank *bk = &mc->banks[b];
    e->prev = bk->tail;
    e->next = -1;
    if (bk->tail >= 0)
        mc->slots[bk->tail].next = s;
    else
        bk->head = s;
    bk->tail = s;
    bk->n_queued++;
    (*row_waiting(mc, b, req->da.row))++;
    if (row_open_for(mc, b, (int64_t)req->da.row))
        bk->n_hits++;
    if (bk->cur < 0)
        mc->pick_mask |= (uint64_t)1 << b;
    mc->apps[req->app].queued++;
    if (mc->sched->enqueue)
        mc->sched->enqueue(mc->sched_state, mc, s);
    /* A bank in service issues what it would have issued anyway; with a
     * write queue a waiting read may end the drain. */
    if (bk->cur < 0 || mc->wq)
        wake(mc, now);
    return BWM_MC_ACCEPTED;
}

static void unlink_waiting(bwm_mc *mc, int b, int32_t s)
{
    bwm_mc_bank *bk = &mc->banks[b];
    bwm_mc_entry *e = &mc->slots[s];
    if (e->prev >= 0)
        mc->slots[e->prev].next = e->next;
    else
        bk->head = e->next;
    if (e->next >= 0)
        mc->slots[e->next].prev = e->prev;
    else
        bk->tail = e->prev;
    bk->n_queued--;
    (*row_waiting(mc, b, e->req.da.row))--;
    if (row_open_for(mc, b, (int64_t)e->req.da.row))
        bk->n_hits--;
}

static void count_hits(bwm_mc *mc, int b)
{
    int64_t row = mc->dram.banks[b].open_row;
    int32_t n = 0;
    if (row >= 0 && *row_waiting(mc, b, (uint32_t)row) > 0)
        for (int32_t s = mc->banks[b].head; s >= 0; s = mc->slots[s].next)
            n += (int64_t)mc->slots[s].req.da.row == row;
    mc->banks[b].n_hits = n;
}

/* ---- statistics ------------------------------------------------------ */

static void count(bwm_mc_counts *c, const bwm_completion *k, int burst_bytes)
{
    c->requests++;
    if (k->req.is_write)
        c->writes++;
    else
        c->reads++;
    c->bursts += k->bursts;
    c->bytes += (uint64_t)k->bursts * (uint64_t)burst_bytes;
    if (k->outcome == BWM_ROW_HIT)
        c->row_hits++;
    else if (k->outcome == BWM_ROW_MISS)
        c->row_misses++;
    else
        c->row_conflicts++;
}

/* Adds a request's commands: n_act, n_pre, and bursts column commands. */
static void add_cmds(uint64_t out[BWM_CMD_REF], int n_act, int n_pre, int is_write, uint64_t bursts)
{
    out[BWM_CMD_ACT] += (uint64_t)n_act;
    out[BWM_CMD_PRE] += (uint64_t)n_pre;
    out[is_write ? BWM_CMD_WR : BWM_CMD_RD] += bursts;
}

static void complete(bwm_mc *mc, const bwm_completion *k)
{
    count(&mc->bank_stats[k->bank].c, k, mc->burst_bytes);
    bwm_mc_app_stats *a = &mc->apps[k->req.app];
    count(&a->c, k, mc->burst_bytes);
    a->queued--;
    a->service_cycles += (uint64_t)(k->done - k->req.served);
    if (--a->in_service == 0 && k->done > a->busy_since)
        a->busy_cycles += (uint64_t)(k->done - a->busy_since);
    add_cmds(a->cmds, k->n_act, k->n_pre, k->req.is_write, k->bursts);
    if (!k->req.is_write) {
        uint64_t lat = (uint64_t)(k->done - k->req.arrival);
        bwm_lat_hist_add(&mc->read_latency, lat);
        if (mc->bank_latency)
            bwm_lat_hist_add(&mc->bank_latency[k->bank], lat);
        a->read_latency_sum += lat;
    }
    if (k->done > mc->last_done)
        mc->last_done = k->done;
    if (mc->done)
        mc->done(mc->done_ctx, &k->req, k->done);
}

/* ---- commands -------------------------------------------------------- */

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
    if (!e->started) {
        e->started = 1;
        e->outcome = cmd == BWM_CMD_ACT ? BWM_ROW_MISS
                     : cmd == BWM_CMD_PRE ? BWM_ROW_CONFLICT : BWM_ROW_HIT;
    }
    if (cmd == BWM_CMD_ACT) {
        e->n_act++;
        count_hits(mc, b);
    } else if (cmd == BWM_CMD_PRE) {
        e->n_pre++;
        bk->n_hits = 0;
    } else if (--e->bursts_left == 0) {
        bwm_completion k = {done, e->seq, e->req, b, 0, e->outcome, e->n_act, e->n_pre};
        k.bursts = (uint16_t)bursts_for(mc, e->req.bytes);
        if (returns_push(mc, &k) != 0)
            complete(mc, &k); /* cannot happen (see returns_push): report it now rather than lose it */
        if (mc->wq && e->req.is_write)
            mc->wq_live--;
        free_slot(mc, s);
        bk->cur = -1;
        mc->busy_mask &= ~((uint64_t)1 << b);
        if (bk->n_queued > 0)
            mc->pick_mask |= (uint64_t)1 << b;
    }
}

/* Refresh: close every bank, then REF.  Returns 1 if a command issued;
 * lowers *next to the earliest cycle a refresh command could issue. */
static int refresh_step(bwm_mc *mc, int64_t now, int64_t *next)
{
    bwm_dram_channel *ch = &mc->dram;
    if (ch->n_open == 0) {
        int64_t t = bwm_dram_ready(ch, BWM_CMD_REF, 0);
        if (t <= now) {
            bwm_dram_issue(ch, BWM_CMD_REF, 0, -1, now);
            mc->floor_stale = ~(uint64_t)0;
            mc->refresh_due = 0;
            mc->next_refresh += mc->spec->refi;
            return 1;
        }
        *next = min64(*next, t);
        return 0;
    }
    int best = -1;
    for (int b = 0; b < mc->n_banks; b++) {
        if (ch->banks[b].open_row < 0)
            continue;
        int64_t t = bwm_dram_ready(ch, BWM_CMD_PRE, b);
        if (t <= now) {
            best = b;
            break;
        }
        *next = min64(*next, t);
    }
    if (best < 0)
        return 0;
    bwm_dram_issue(ch, BWM_CMD_PRE, best, -1, now);
    mc->ref_pre++;
    mc->banks[best].n_hits = 0;
    mc->cmd_stale |= (uint64_t)1 << best; /* its command changes with its row */
    mc->floor_stale |= mc->group_banks[best];
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
    return mc->pick_mask || mc->wq_n || mc->write_mode;
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

/* ---- separate write queue ------------------------------------------- */

/* Drain from the high watermark until fewer than the low one wait, and
 * whenever writes wait and no read does (GPGPU-Sim drains only above the
 * watermark; a controller that never drains an idle queue would hold the
 * last writes of a run forever). */
static void update_write_mode(bwm_mc *mc)
{
    int reads_waiting = 0;
    for (int b = 0; b < mc->n_banks && !reads_waiting; b++)
        reads_waiting = mc->banks[b].n_queued > 0;
    if (!mc->write_mode && (mc->wq_n >= mc->wq_high || (mc->wq_n > 0 && !reads_waiting)))
        mc->write_mode = 1;
    else if (mc->write_mode && mc->wq_n < mc->wq_low && (reads_waiting || mc->wq_n == 0))
        mc->write_mode = 0;
}

/* Bank b starts serving request slot s (already out of any queue). */
static void serve(bwm_mc *mc, int b, int32_t s)
{
    mc->banks[b].cur = s;
    mc->slots[s].req.served = mc->now;
    bwm_mc_app_stats *a = &mc->apps[mc->slots[s].req.app];
    if (a->in_service++ == 0)
        a->busy_since = mc->now;
    mc->cmd_stale |= (uint64_t)1 << b;
    mc->pick_mask &= ~((uint64_t)1 << b);
    mc->busy_mask |= (uint64_t)1 << b;
}

/* Each free bank with waiting writes takes its oldest write to the open
 * row, else its oldest write. */
static void pick_writes(bwm_mc *mc)
{
    for (uint64_t m = mc->wq_banks & ~mc->busy_mask; m; m &= m - 1) {
        int b = __builtin_ctzll(m);
        int64_t open = mc->dram.banks[b].open_row;
        int at = -1, n_bank = 0;
        for (int i = 0; i < mc->wq_n; i++) {
            const bwm_mc_req *r = &mc->slots[mc->wq[i]].req;
            if ((int)r->da.bank != b)
                continue;
            n_bank++;
            if (at < 0 || (open >= 0 && (int64_t)r->da.row == open &&
                           (int64_t)mc->slots[mc->wq[at]].req.da.row != open))
                at = i;
        }
        int32_t s = mc->wq[at];
        memmove(mc->wq + at, mc->wq + at + 1, (size_t)(mc->wq_n - at - 1) * sizeof *mc->wq);
        mc->wq_n--;
        if (n_bank == 1)
            mc->wq_banks &= ~((uint64_t)1 << b);
        serve(mc, b, s);
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
        unlink_waiting(mc, b, s);
        serve(mc, b, s);
    }
}

/* Free banks take requests.  With a write queue the mode follows the
 * queues at once: a pick that takes the last waiting read, or brings the
 * write queue below its low watermark, may switch it, and the banks still
 * free then pick in the new mode.  Without a change of state the mode
 * cannot switch back (the two conditions exclude each other), so this
 * ends; and the mode never depends on which cycles the controller ticks. */
static void pick_for_free_banks(bwm_mc *mc)
{
    if (!mc->wq) {
        pick_reads(mc);
        return;
    }
    update_write_mode(mc);
    for (;;) {
        int mode = mc->write_mode;
        if (mode)
            pick_writes(mc);
        else
            pick_reads(mc);
        update_write_mode(mc);
        if (mc->write_mode == mode)
            return;
    }
}

void bwm_mc_tick(bwm_mc *mc, int64_t now)
{
    if (now < mc->next_event)
        return;
    mc->now = now;
    while (mc->ret_due <= now) {
        complete(mc, &mc->ret[mc->ret_head]);
        returns_pop(mc);
    }
    if (now >= mc->next_window) {
        mc->sched->on_window(mc->sched_state, mc, now);
        while (mc->next_window <= now)
            mc->next_window += mc->window;
        mc->cmd_next = now; /* the policy may pick otherwise */
    }
    if (now >= mc->next_refresh && !mc->refresh_due) {
        mc->refresh_due = 1;
        mc->cmd_next = now;
    }
    if (now >= mc->cmd_next) {
        if (has_picks(mc))
            pick_for_free_banks(mc);
        int64_t next = BWM_DRAM_NEVER;
        if (mc->refresh_due) {
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
        if (mc->pick_mask && !mc->write_mode)
            next = now + 1; /* the policy held a bank: ask again */
        if (mc->write_mode && (mc->wq_banks & ~mc->busy_mask))
            next = now + 1;
        mc->cmd_next = next > now ? next : now + 1;
    }
    int64_t next = mc->cmd_next;
    next = min64(next, mc->ret_due);
    if (!mc->refresh_due)
        next = min64(next, mc->next_refresh);
    next = min64(next, mc->next_window);
    mc->next_event = next > now ? next : now + 1;
}

int bwm_mc_idle(const bwm_mc *mc)
{
    return mc->n_used == 0 && mc->ret_n == 0;
}

void bwm_mc_app_cmds(const bwm_mc *mc, int app, uint64_t out[BWM_CMD_REF])
{
    for (int k = 0; k < BWM_CMD_REF; k++)
        out[k] = mc->apps[app].cmds[k];
    for (int b = 0; b < mc->n_banks; b++) {
        int32_t s = mc->banks[b].cur;
        if (s < 0 || mc->slots[s].req.app != app)
            continue;
        const bwm_mc_entry *e = &mc->slots[s];
        add_cmds(out, e->n_act, e->n_pre, e->req.is_write, bursts_for(mc, e->req.bytes) - e->bursts_left);
    }
    for (int32_t i = 0, at = mc->ret_head; i < mc->ret_n; i++, at = at + 1 == mc->ret_cap ? 0 : at + 1) {
        const bwm_completion *k = &mc->ret[at];
        if (k->req.app == app)
            add_cmds(out, k->n_act, k->n_pre, k->req.is_write, k->bursts);
    }
}

void bwm_mc_counts_add(bwm_mc_counts *into, const bwm_mc_counts *from)
{
    into->requests += from->requests;
    into->reads += from->reads;
    into->writes += from->writes;
    into->bursts += from->bursts;
    into->bytes += from->bytes;
    into->row_hits += from->row_hits;
    into->row_misses += from->row_misses;
    into->row_conflicts += from->row_conflicts;
}

void bwm_mc_get_stats(const bwm_mc *mc, bwm_mc_stats *out)
{
    memset(out, 0, sizeof *out);
    for (int b = 0; b < mc->n_banks; b++)
        bwm_mc_counts_add(&out->c, &mc->bank_stats[b].c);
    out->read_latency = mc->read_latency;
    out->last_done = mc->last_done;
    for (int k = 0; k < BWM_CMD_COUNT; k++)
        out->n_cmds[k] = mc->dram.n_cmds[k];
    out->data_cycles = mc->dram.data_cycles;
}
