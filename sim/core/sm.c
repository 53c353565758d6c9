/* sm.c — one SM's cycle (see sm.h): its warps, their issue by the warp
 * schedulers, the scoreboard and the load/store unit's steps, with the
 * features' state in their own structs (wake_wheel.h, sm_ldst.h, sm_xlat.h,
 * sm_ctas.h). */
#include "sim/core/sm.h"

#include <stdlib.h>
#include <string.h>


static uint64_t bit(int w)
{
    return 1ULL << w;
}

/* Warp w may issue again at cycle t. */
static void wake_at(bwm_sm *sm, int w, int64_t t)
{
    if (t <= sm->now)
        sm->ready |= bit(w);
    else
        bwm_wake_wheel_put(&sm->wheel, w, t, sm->now);
}

static int is_mem(const bwm_warp_op *op)
{
    return op->kind == BWM_WOP_LOAD || op->kind == BWM_WOP_STORE || op->kind == BWM_WOP_ATOMIC;
}

static void next_inst(bwm_sm *sm, int w)
{
    bwm_warp *wp = &sm->warps[w];
    if (sm->units)
        sm->unit_next[wp->op.unit] &= ~bit(w);
    sm->src->next(sm->src_state, sm, w);
    if (is_mem(&wp->op))
        sm->mem_next |= bit(w);
    else
        sm->mem_next &= ~bit(w);
    if (sm->units)
        sm->unit_next[wp->op.unit] |= bit(w);
}

/* The source's registers: one array of BWM_SM_REGS cycles per warp. */
#define BWM_SM_REGS 256

static int init_registers(bwm_sm *sm)
{
    sm->regs = malloc((size_t)sm->n_warps * BWM_SM_REGS * sizeof *sm->regs);
    if (!sm->regs)
        return 0;
    for (int w = 0; w < sm->n_warps; w++)
        sm->warps[w].reg_ready = sm->regs + (size_t)w * BWM_SM_REGS;
    return 1;
}

int bwm_sm_init(bwm_sm *sm, const bwm_gpu_config *cfg, const bwm_sm_params *p, bwm_err *err)
{
    memset(sm, 0, sizeof *sm);
    if (p->n_warps < 0 || p->n_warps > cfg->max_warps_per_sm || p->n_warps > BWM_SM_MAX_WARPS)
        return bwm_fail(err, BWM_EINPUT, "SM %d: %d warps (the SM holds 0..%d)", p->id, p->n_warps,
                        cfg->max_warps_per_sm);
    if (cfg->n_warp_scheds < 1 || cfg->n_warp_scheds > BWM_SM_MAX_SCHEDS)
        return bwm_fail(err, BWM_EINPUT, "%d warp schedulers per SM (the model has 1..%d)",
                        cfg->n_warp_scheds, BWM_SM_MAX_SCHEDS);
    sm->id = p->id;
    sm->app = p->app;
    sm->prog = p->prog;
    sm->src = p->source ? p->source : &bwm_synth_source;
    sm->src_state = p->source_state;
    sm->units = p->source != NULL;
    sm->wait_stores = p->source != NULL;
    sm->loads_in_flight = p->prog ? p->prog->loads_in_flight : BWM_SYNTH_MAX_LOADS;
    sm->dep_distance = p->prog ? p->prog->dep_distance : 0;
    sm->batch_stride = p->prog ? p->prog->batch_stride : 1;
    sm->n_warps = p->n_warps;
    sm->n_scheds = cfg->n_warp_scheds;
    sm->wsched = cfg->warp_sched;
    sm->round_robin = sm->wsched->round_robin;
    sm->l1_latency = cfg->l1_latency;
    sm->warp_parts = cfg->warp_parts;
    sm->line_segments = !bwm_gpu_sector_requests(cfg);
    sm->app_insts = p->app_insts;
    sm->rank = p->rank;
    int st = p->prog ? bwm_sm_ctas_init(&sm->ctas, p->id, p->prog, p->n_warps, p->dispatch, p->pages, p->seed, err)
                     : BWM_OK;
    if (st != BWM_OK)
        return st;
    bwm_sm_ldst_init(&sm->ldst);
    bwm_wake_wheel_init(&sm->wheel);
    sm->stall_since = -1;
    sm->next_active = 0;
    bwm_cache_config l1;
    st = bwm_gpu_l1d_for(cfg, p->prog ? p->prog->smem_frac > 0 : p->uses_shmem, &l1, err);
    if (st == BWM_OK)
        st = bwm_cache_init(&sm->l1, &l1, p->app + 1, BWM_CACHE_SHARED, NULL, err);
    if (st != BWM_OK)
        return st;
    bwm_cache_bypass(&sm->l1, cfg->skip_l1);
    if ((st = bwm_sm_xlat_init(&sm->xlat, cfg, p->vm, err)) != BWM_OK) {
        bwm_cache_free(&sm->l1);
        return st;
    }
    sm->warps = calloc(p->n_warps > 0 ? (size_t)p->n_warps : 1, sizeof *sm->warps); /* 0: an idle SM */
    sm->tokens = calloc((size_t)bwm_cache_max_merge(&sm->l1), sizeof *sm->tokens);
    if (!sm->warps || !sm->tokens || (p->source && !init_registers(sm))) {
        bwm_sm_free(sm);
        return bwm_fail(err, BWM_EFAIL, "out of memory for SM %d", p->id);
    }
    if (sm->wsched->init && (st = sm->wsched->init(sm, cfg, &sm->wsched_state, err)) != BWM_OK) {
        bwm_sm_free(sm);
        return st;
    }
    for (int s = 0; s < sm->n_scheds; s++)
        sm->last[s] = -1;
    for (int w = 0; w < sm->n_warps; w++) {
        sm->sched_mask[w % sm->n_scheds] |= bit(w);
        if (!p->prog)
            continue; /* a source's warps start with its CTAs */
        /* one stream per warp, seeded from the run's seed and the warp's place */
        uint64_t gw = p->first_warp + (uint64_t)w;
        bwm_warp_stream_init(&sm->warps[w].stream, p->prog, p->app, gw, p->app_warps,
                             p->seed ^ ((uint64_t)(p->app + 1) << 48) ^ (gw * 0x9E3779B97F4A7C15ULL));
        if (p->sweep)
            bwm_warp_stream_share(&sm->warps[w].stream, p->sweep);
        if (sm->ctas.warps)
            continue; /* ready once its CTA starts */
        next_inst(sm, w);
        sm->ready |= bit(w);
        sm->live |= bit(w);
    }
    return BWM_OK;
}

int bwm_sm_set_ctas(bwm_sm *sm, int slots, int warps, bwm_err *err)
{
    if (slots < 1 || warps < 1 || slots * warps > sm->n_warps || slots > BWM_SM_MAX_CTAS)
        return bwm_fail(err, BWM_EINPUT, "SM %d: %d CTAs of %d warps do not fit its %d warps", sm->id, slots, warps,
                        sm->n_warps);
    sm->ctas.slots = slots;
    sm->ctas.warps = warps;
    for (int k = 0; k < slots; k++)
        sm->ctas.live[k] = 0;
    return BWM_OK;
}

static void release_barrier(bwm_sm *sm, int slot, int64_t now);

void bwm_sm_start_cta(bwm_sm *sm, int slot, int64_t now)
{
    int n = sm->src->take_cta(sm->src_state, sm, slot, now);
    if (!n)
        return;
    int empty = 0;
    for (int i = 0; i < n; i++) {
        int w = slot * sm->ctas.warps + i;
        bwm_warp *wp = &sm->warps[w];
        sm->src->start_warp(sm->src_state, sm, slot, i, w);
        wp->issued = 0;
        wp->load_head = wp->load_count = wp->loads_out = 0;
        wp->blocked = 0;
        wp->atomic_out = 0;
        wp->finished = 0;
        wp->at_bar = 0;
        wp->not_before = now;
        wp->writes_done = now;
        if (wp->left == 0) { /* a warp with no instructions has exited already */
            empty++;
            continue;
        }
        if (wp->reg_ready)
            for (int r = 0; r < BWM_SM_REGS; r++)
                wp->reg_ready[r] = 0;
        sm->live |= bit(w);
        if (sm->wsched->warp_started)
            sm->wsched->warp_started(sm->wsched_state, w, now);
        next_inst(sm, w);
        wake_at(sm, w, now);
    }
    sm->ctas.live[slot] -= empty;
    if (sm->ctas.live[slot] == 0) { /* nothing to run at all */
        sm->stats.ctas++;
        if (sm->src->cta_done)
            sm->src->cta_done(sm->src_state, sm, slot, now);
        bwm_sm_start_cta(sm, slot, now);
        return;
    }
    if (now < sm->next_active)
        sm->next_active = now;
}

/* Warp w has issued its last instruction and has its loads back. */
static void warp_exit(bwm_sm *sm, int w, int64_t now)
{
    sm->warps[w].finished = 0;
    sm->live &= ~bit(w);
    sm->finished &= ~bit(w);
    int slot = w / sm->ctas.warps;
    if (!bwm_sm_ctas_exit(&sm->ctas, w)) {
        if (sm->at_bar)
            release_barrier(sm, slot, now);
        return;
    }
    sm->stats.ctas++;
    if (sm->src->cta_done)
        sm->src->cta_done(sm->src_state, sm, slot, now);
    bwm_sm_start_cta(sm, slot, now);
}

/* Finished warp w has nothing out below from cycle t: it exits then, or,
 * with a source, once its last pipeline result is written (GPGPU-Sim
 * frees a warp only when its scoreboard holds no pending write), woken
 * from the wheel (bwm_sm_cycle). */
static void warp_done(bwm_sm *sm, int w, int64_t t)
{
    int64_t written = sm->warps[w].writes_done;
    if (sm->units && written > t)
        bwm_wake_wheel_put(&sm->wheel, w, written, sm->now);
    else
        warp_exit(sm, w, t);
}

void bwm_sm_free(bwm_sm *sm)
{
    bwm_cache_free(&sm->l1);
    if (sm->wsched && sm->wsched->free)
        sm->wsched->free(sm->wsched_state);
    sm->wsched_state = NULL;
    bwm_sm_xlat_free(&sm->xlat);
    free(sm->regs);
    sm->regs = NULL;
    free(sm->warps);
    free(sm->tokens);
    sm->warps = NULL;
    sm->tokens = NULL;
}

/* Scoreboard tokens name a warp and one of its load entries. */
static uint64_t token_of(int w, int slot)
{
    return (uint64_t)w * BWM_SYNTH_MAX_LOADS + (uint64_t)slot;
}

/* Whether warp w may issue its next instruction as far as the scoreboard
 * is concerned: no atomic of its is out, the oldest load it still waits
 * for is not needed yet, and a load (or atomic) finds a free entry. */
static int scoreboard_allows(const bwm_sm *sm, const bwm_warp *wp)
{
    if (wp->atomic_out)
        return 0;
    if (wp->load_count > 0 && wp->load[wp->load_head].use_at <= wp->issued)
        return 0;
    if ((wp->op.kind == BWM_WOP_LOAD || wp->op.kind == BWM_WOP_ATOMIC) &&
        (wp->loads_out >= sm->loads_in_flight || wp->load_count == BWM_SYNTH_MAX_LOADS))
        return 0;
    for (int i = 0; i < wp->op.n_wait; i++)
        if (wp->reg_ready[wp->op.wait[i]] == INT64_MAX)
            return 0; /* a load writes it */
    return 1;
}

/* When a warp the scoreboard allows may issue: its last instruction's
 * stall is over and the registers it waits for are ready. */
static int64_t issue_at(const bwm_warp *wp)
{
    int64_t t = wp->not_before;
    for (int i = 0; i < wp->op.n_wait; i++)
        if (wp->reg_ready[wp->op.wait[i]] > t)
            t = wp->reg_ready[wp->op.wait[i]];
    return t;
}

/* The warp has issued and its next instruction is known: it runs again
 * once its latency is over, or waits on the scoreboard. */
static void schedule_next(bwm_sm *sm, int w)
{
    bwm_warp *wp = &sm->warps[w];
    if (scoreboard_allows(sm, wp))
        wake_at(sm, w, issue_at(wp));
    else
        wp->blocked = 1;
}

/* A line of the load behind `token` is back (or hit) and usable from
 * ready_at: once all its lines are, the entry frees, and a warp waiting
 * on it may run on. */
static void line_returned(bwm_sm *sm, uint64_t token, int64_t ready_at)
{
    int w = (int)(token / BWM_SYNTH_MAX_LOADS);
    bwm_warp *wp = &sm->warps[w];
    bwm_load_slot *ld = &wp->load[token % BWM_SYNTH_MAX_LOADS];
    if (--ld->pending > 0)
        return;
    for (int i = 0; i < ld->n_dst; i++)
        wp->reg_ready[ld->dst[i]] = ready_at;
    if (ld->atomic) { /* its warp may issue again (it waits on the scoreboard: blocked) */
        ld->atomic = 0;
        wp->atomic_out = 0;
    }
    wp->loads_out--;
    while (wp->load_count > 0 && wp->load[wp->load_head].pending == 0) {
        wp->load_head = (wp->load_head + 1) % BWM_SYNTH_MAX_LOADS;
        wp->load_count--;
    }
    if (wp->finished) {
        if (wp->loads_out == 0 && wp->stores_out == 0)
            warp_done(sm, w, ready_at);
        return;
    }
    if (wp->blocked && scoreboard_allows(sm, wp)) {
        wp->blocked = 0;
        int64_t t = issue_at(wp);
        wake_at(sm, w, ready_at > t ? ready_at : t);
    }
}

/* The load/store unit's current line is sent or served: the next one (if
 * any) is current from the next cycle. */
static void ldst_advance(bwm_sm *sm)
{
    sm->ldst.tried = -1;
    if (++sm->ldst.next == sm->ldst.n) {
        sm->ldst.warp = -1;
    } else if (bwm_cache_hinted(&sm->l1)) {
        /* one line a cycle: host hints (cache.h) for the next line, whose
           slots were asked for a cycle ago, and the slots of the one after */
        bwm_cache_prefetch_entries(&sm->l1, sm->ldst.line[sm->ldst.next]);
        if (sm->ldst.next + 1 < sm->ldst.n)
            bwm_cache_prefetch(&sm->l1, sm->ldst.line[sm->ldst.next + 1]);
    }
}

/* The link refused the load/store unit's current line at cycle now. */
static void ldst_refused(bwm_sm *sm, int64_t now)
{
    sm->stats.ldst_stall++;
    sm->ldst.wait_link = 1;
    sm->ldst.link_since = now;
}

/* An atomic's access, or one of a load that skips the L1D, goes straight
 * to the link, past the L1D (GPGPU-Sim's ldst_unit::memory_cycle with
 * cache operator CACHE_GLOBAL); the load's names its scoreboard entry. */
static void ldst_direct_step(bwm_sm *sm, int64_t now, const bwm_sm_link *link)
{
    int access = sm->ldst.access;
    uint64_t line = sm->ldst.line[sm->ldst.next];
    unsigned sectors = sm->ldst.sectors[sm->ldst.next];
    if (!link->can_send(link->ctx, sm->id, access, sectors)) {
        ldst_refused(sm, now);
        return;
    }
    int entry = access == BWM_SM_LOAD_L2 ? (int)(sm->ldst.token % BWM_SYNTH_MAX_LOADS) : -1;
    link->send(link->ctx, sm->id, sm->ldst.warp, sm->app, line, sectors, 0, access, entry, now, sm->ldst.tried);
    ldst_advance(sm);
}

/* The load/store unit sends its current line, if it can. */
static void ldst_step(bwm_sm *sm, int64_t now, const bwm_sm_link *link)
{
    int w = sm->ldst.warp;
    uint64_t line = sm->ldst.line[sm->ldst.next];
    unsigned sectors = sm->ldst.sectors[sm->ldst.next];
    int is_write = sm->ldst.access == BWM_SM_STORE;
    if (sm->ldst.tried < 0)
        sm->ldst.tried = now;
    if (sm->ldst.access == BWM_SM_ATOMIC || sm->ldst.access == BWM_SM_LOAD_L2) {
        ldst_direct_step(sm, now, link);
        return;
    }
    if (sm->ldst.wait_fill) {
        sm->stats.ldst_stall++;
        return;
    }
    if (!link->can_send(link->ctx, sm->id, is_write, bwm_cache_sectors_of(&sm->l1, sectors)) &&
        (is_write || !bwm_cache_probe_sectors(&sm->l1, line, sectors))) {
        ldst_refused(sm, now);
        return;
    }
    unsigned partial = is_write ? sm->ldst.partial[sm->ldst.next] : 0;
    bwm_cache_result r;
    bwm_err err;
    if (is_write)
        bwm_cache_access_store(&sm->l1, line, sectors, partial, sm->app, sm->ldst.token, &r, &err);
    else
        bwm_cache_access_sectors(&sm->l1, line, sectors, sm->app, 0, sm->ldst.token, &r, &err);
    if (sm->wsched->l1_access)
        sm->wsched->l1_access(sm->wsched_state, sm, w, is_write, &r, now);
    switch (r.outcome) {
    case BWM_CACHE_RESERVATION_FAIL:
        /* MSHRs, merge slots or ways are busy: only a fill frees them */
        sm->ldst.wait_fill = 1;
        sm->stats.ldst_stall++;
        return;
    case BWM_CACHE_HIT:
        if (!is_write)
            line_returned(sm, sm->ldst.token, now + sm->l1_latency);
        break;
    case BWM_CACHE_MISS_NEW:
    case BWM_CACHE_WRITE_DOWN:
        link->send(link->ctx, sm->id, w, sm->app, r.line_addr, r.sectors, partial & r.sectors, is_write, -1, now,
                   sm->ldst.tried);
        if (is_write && sm->wait_stores)
            sm->warps[w].stores_out += bwm_sector_count(r.sectors);
        break;
    case BWM_CACHE_MISS_MERGED:
        break;
    }
    ldst_advance(sm);
}

/* A load takes the next scoreboard entry; its value is first used
 * dep_distance instructions on.  Returns the entry's token. */
static uint64_t scoreboard_add(bwm_sm *sm, bwm_warp *wp, int w, int accesses)
{
    int slot = (wp->load_head + wp->load_count) % BWM_SYNTH_MAX_LOADS;
    wp->load[slot].pending = accesses;
    wp->load[slot].use_at = sm->regs ? UINT64_MAX : wp->issued + (uint64_t)sm->dep_distance;
    wp->load[slot].n_dst = wp->op.n_dst;
    wp->load[slot].atomic = wp->op.kind == BWM_WOP_ATOMIC;
    for (int i = 0; i < wp->op.n_dst; i++) {
        wp->load[slot].dst[i] = wp->op.dst[i];
        wp->reg_ready[wp->op.dst[i]] = INT64_MAX;
    }
    wp->load_count++;
    wp->loads_out++;
    return token_of(w, slot);
}

uint64_t bwm_sm_mem_stall(const bwm_sm *sm, int64_t now)
{
    uint64_t n = sm->stats.mem_stall;
    if (sm->stall_since >= 0 && now > sm->stall_since)
        n += (uint64_t)(now - sm->stall_since);
    return n;
}

/* A stall that went on through the cycles not run ends before cycle now. */
static void end_stall(bwm_sm *sm, int64_t now)
{
    if (sm->stall_since < 0)
        return;
    if (now > sm->stall_since)
        sm->stats.mem_stall += (uint64_t)(now - sm->stall_since);
    sm->stall_since = -1;
}

/* Whether the pages of the n lines in ldst.line[] (warp w's next
 * instruction) are translated: in the L1 TLB, or just given to the warp.
 * If not, the missing ones go to the MMU and the warp waits for them. */
static int translated(bwm_sm *sm, int w, int n, int64_t now, const bwm_sm_link *link)
{
    bwm_warp *wp = &sm->warps[w];
    if (wp->xlat_granted) {
        wp->xlat_granted = 0;
        return 1;
    }
    uint64_t missing[BWM_MAX_ACCESSES];
    int k = bwm_sm_xlat_lookup(&sm->xlat, sm->ldst.line, n, missing);
    if (!k)
        return 1;
    for (int i = 0; i < k; i++)
        link->translate(link->ctx, sm->id, w, sm->app, missing[i], now);
    wp->xlat_wait = k;
    sm->stats.tlb_misses++;
    return 0;
}

/* Warp w reached a barrier, or a warp of its CTA exited: once every live
 * warp of the CTA waits at the barrier or has issued its last instruction,
 * the waiting ones go on from the next cycle. */
static void release_barrier(bwm_sm *sm, int slot, int64_t now)
{
    int warps = sm->ctas.warps;
    uint64_t mine = (warps == 64 ? ~0ULL : ((1ULL << warps) - 1)) << (slot * warps);
    if ((sm->live & mine & ~(sm->at_bar | sm->finished)) != 0)
        return;
    for (uint64_t bits = sm->at_bar & mine; bits; bits &= bits - 1) {
        int w = __builtin_ctzll(bits);
        sm->warps[w].at_bar = 0;
        if (sm->warps[w].not_before < now + 1)
            sm->warps[w].not_before = now + 1;
        schedule_next(sm, w);
    }
    sm->at_bar &= ~mine;
}

/* The load or store of warp w goes to the load/store unit: its n accesses
 * in ldst.line[] and ldst.sectors[]. */
static void start_ldst(bwm_sm *sm, bwm_warp *wp, int w, int n)
{
    int is_write = wp->op.kind == BWM_WOP_STORE;
    sm->ldst.warp = w;
    sm->ldst.access = is_write                         ? BWM_SM_STORE
                      : wp->op.kind == BWM_WOP_ATOMIC ? BWM_SM_ATOMIC
                      : wp->op.past_l1d               ? BWM_SM_LOAD_L2
                                                      : BWM_SM_LOAD;
    sm->ldst.next = 0;
    sm->ldst.n = n;
    bwm_sm_ctas_touch(&sm->ctas, w, sm->batch_stride, sm->ldst.line, n);
    if (sm->xlat.vm) /* virtual lines to physical, at the load/store unit */
        bwm_vm_translate_lines(sm->xlat.vm, sm->app, sm->rank, sm->ldst.line, sm->ldst.n);
    if (is_write) {
        sm->stats.stores++;
        sm->stats.store_lines += wp->op.lines;
    } else {
        sm->stats.loads++;
        sm->stats.load_lines += wp->op.lines;
        sm->ldst.token = scoreboard_add(sm, wp, w, sm->ldst.n);
        if (sm->ldst.access == BWM_SM_ATOMIC) {
            wp->atomic_out = 1;
            wp->atomic_slot = (int)(sm->ldst.token % BWM_SYNTH_MAX_LOADS);
        }
    }
    /* the unit sends one line a cycle from the next: host hints for
       the first two (ldst_step hints the others a cycle ahead) */
    for (int i = 0; i < sm->ldst.n && i < 2; i++)
        bwm_cache_prefetch(&sm->l1, sm->ldst.line[i]);
}

/* Issues warp w's next instruction; 0 when it waits for translations instead. */
static int issue(bwm_sm *sm, int w, int64_t now, const bwm_sm_link *link)
{
    bwm_warp *wp = &sm->warps[w];
    const bwm_warp_op *op = &wp->op;
    sm->ready &= ~bit(w);
    int n = 0;
    if (is_mem(op)) {
        n = sm->src->accesses(sm->src_state, sm, w, sm->ldst.line, sm->ldst.sectors, sm->ldst.partial);
        if (bwm_sm_xlat_on(&sm->xlat) && !translated(sm, w, n, now, link))
            return 0; /* it waits for its pages, its instruction not issued */
    }
    sm->stats.insts += op->lanes;
    sm->stats.warp_insts++;
    if (sm->wsched->issued)
        sm->wsched->issued(sm->wsched_state);
    if (sm->app_insts)
        *sm->app_insts += op->lanes;
    wp->not_before = now + op->stall;
    if (op->unit == BWM_UNIT_SHARED)
        sm->shared_free = now + op->initiation;
    else if (op->unit)
        sm->unit_free[w % sm->n_scheds][op->unit] = now + op->initiation;
    if (is_mem(op) && n > 0)
        start_ldst(sm, wp, w, n);
    else { /* no access (a source may find none): its results after its latency */
        for (int i = 0; i < op->n_dst; i++)
            wp->reg_ready[op->dst[i]] = now + op->latency;
        if (op->n_dst && now + op->latency > wp->writes_done)
            wp->writes_done = now + op->latency;
    }
    wp->issued++;
    if (sm->ctas.warps && --wp->left == 0) { /* its CTA's last instruction */
        wp->finished = 1;
        sm->finished |= bit(w);
        sm->mem_next &= ~bit(w);
        if (wp->loads_out == 0 && wp->stores_out == 0)
            warp_done(sm, w, now + 1);
        else if (sm->at_bar)
            release_barrier(sm, w / sm->ctas.warps, now);
        return 1;
    }
    int at_bar = op->kind == BWM_WOP_BARRIER;
    next_inst(sm, w);
    if (at_bar) {
        wp->at_bar = 1;
        sm->at_bar |= bit(w);
        release_barrier(sm, w / sm->ctas.warps, now);
    } else {
        schedule_next(sm, w);
    }
    return 1;
}

/* After cycle now: when the SM next has work of its own.  A ready warp
 * whose next instruction is a load or store waits while the load/store
 * unit is busy; so does the unit while the L1D or the link refuses its
 * line.  A fill or bwm_sm_link_ready ends those waits.  Returns whether
 * every warp now waits on memory: none can issue and none waits out a
 * pipeline latency, so each is blocked on its scoreboard or is ready with a
 * memory instruction the busy load/store unit cannot take. */
static int plan(bwm_sm *sm, int64_t now)
{
    int ldst_busy = sm->ldst.warp >= 0;
    uint64_t can_issue = sm->halted ? 0 : ldst_busy ? sm->ready & ~sm->mem_next : sm->ready;
    if (can_issue || (ldst_busy && !sm->ldst.wait_fill && !sm->ldst.wait_link)) {
        sm->next_active = now + 1;
        return !can_issue && !sm->halted && bwm_wake_wheel_empty(&sm->wheel);
    }
    int64_t t = bwm_wake_wheel_next(&sm->wheel, now);
    sm->next_active = t < sm->wheel.far_min ? t : sm->wheel.far_min;
    return !sm->halted && t == INT64_MAX && !sm->wheel.far;
}

/* The warps of scheduler s whose next instruction needs a unit that is
 * still busy at cycle now: a pipeline of s, or the SM's one load/store
 * unit, which takes a shared-memory instruction only when it holds no
 * global access and a load or store only when its shared-memory stage is
 * free (one dispatch register, GPGPU-Sim's ldst_unit). */
static uint64_t busy_units(const bwm_sm *sm, int s, int64_t now)
{
    uint64_t busy = 0;
    for (int u = BWM_UNIT_NONE + 1; u < BWM_UNIT_SHARED; u++)
        if (sm->unit_free[s][u] > now)
            busy |= sm->unit_next[u];
    if (sm->shared_free > now)
        busy |= sm->unit_next[BWM_UNIT_SHARED] | sm->mem_next;
    else if (sm->ldst.warp >= 0)
        busy |= sm->unit_next[BWM_UNIT_SHARED];
    return busy;
}

void bwm_sm_cycle(bwm_sm *sm, int64_t now, const bwm_sm_link *link)
{
    sm->now = now;
    end_stall(sm, now);
    uint64_t woke = bwm_wake_wheel_take(&sm->wheel, now);
    uint64_t done = woke & sm->finished; /* finished warps whose last result is written */
    sm->ready |= woke & ~done;
    for (; done; done &= done - 1)
        warp_exit(sm, __builtin_ctzll(done), now);
    if (sm->ldst.warp >= 0 && !sm->ldst.wait_link)
        ldst_step(sm, now, link);
    int issued = 0;
    if (sm->ready && !sm->halted) {
        uint64_t held = 0;
        if (sm->wsched->held_back && sm->ldst.warp < 0) {
            held = sm->wsched->held_back(sm->wsched_state, sm, now);
            sm->stats.held += held != 0;
        }
        for (int s = 0; s < sm->n_scheds; s++) {
            uint64_t cand = sm->ready & sm->sched_mask[s];
            cand &= ~(sm->ldst.warp >= 0 ? sm->mem_next : held); /* held: some of mem_next */
            if (cand && sm->units)
                cand &= ~busy_units(sm, s, now);
            if (!cand)
                continue;
            int w = bwm_warp_pick(sm->round_robin, cand, sm->last[s]);
            sm->last[s] = w;
            issued |= issue(sm, w, now, link);
        }
    }
    if (plan(sm, now)) { /* a stall from the next cycle until one run says otherwise */
        sm->stats.mem_stall += (uint64_t)!issued; /* and this cycle, if nothing issued */
        sm->stall_since = now + 1;
    }
}

int bwm_sm_fill(bwm_sm *sm, uint64_t line_addr, unsigned sectors, int64_t now, bwm_err *err)
{
    int n = 0;
    bwm_cache_writeback wb;
    bwm_err sub;
    if (bwm_cache_fill_sectors(&sm->l1, line_addr, sectors, sm->tokens, &n, &wb, &sub) != BWM_OK)
        return bwm_fail(err, BWM_EFAIL, "SM %d: %s", sm->id, sub.msg);
    /* every cycle up to now was idle: the wheel holds nothing before
       next_active, so time may move on to now */
    if (now > sm->now)
        sm->now = now;
    if (sm->ldst.wait_fill) {
        sm->ldst.wait_fill = 0;
        sm->next_active = now;
    }
    if (sm->wsched->l1_filled)
        sm->wsched->l1_filled(sm->wsched_state, sm);
    bwm_sm_link_ready(sm, now); /* a line waiting for the link may hit now */
    for (int i = 0; i < n; i++)
        line_returned(sm, sm->tokens[i], now + 1);
    int64_t t = sm->ready && !sm->halted ? now : bwm_wake_wheel_next(&sm->wheel, now - 1);
    if (t < sm->next_active)
        sm->next_active = t;
    return BWM_OK;
}

/* The L2 answered an access of the load (or atomic) behind token at cycle
 * now, past the L1D. */
static void answered(bwm_sm *sm, uint64_t token, int64_t now)
{
    /* as in bwm_sm_fill: the cycles up to now were idle */
    if (now > sm->now)
        sm->now = now;
    line_returned(sm, token, now + 1);
    int64_t t = sm->ready && !sm->halted ? now : bwm_wake_wheel_next(&sm->wheel, now - 1);
    if (t < sm->next_active)
        sm->next_active = t;
}

void bwm_sm_atomic_done(bwm_sm *sm, int warp, int64_t now)
{
    answered(sm, token_of(warp, sm->warps[warp].atomic_slot), now);
}

void bwm_sm_load_done(bwm_sm *sm, int warp, int entry, int64_t now)
{
    answered(sm, token_of(warp, entry), now);
}

void bwm_sm_store_acked(bwm_sm *sm, int warp, unsigned sectors, int64_t now)
{
    bwm_warp *wp = &sm->warps[warp];
    wp->stores_out -= bwm_sector_count(sectors);
    if (now > sm->now) /* as in bwm_sm_fill: the cycles up to now were idle */
        sm->now = now;
    if (wp->finished && wp->loads_out == 0 && wp->stores_out == 0) {
        warp_done(sm, warp, now);
        if (now < sm->next_active)
            sm->next_active = now;
    }
}

void bwm_sm_translated(bwm_sm *sm, int warp, uint64_t vpage, int large, int64_t now)
{
    bwm_sm_xlat_fill(&sm->xlat, vpage, large);
    if (now > sm->now) /* as in bwm_sm_fill: the cycles up to now were idle */
        sm->now = now;
    bwm_warp *wp = &sm->warps[warp];
    if (--wp->xlat_wait > 0)
        return;
    wp->xlat_granted = 1;
    wake_at(sm, warp, now + 1);
    if (now + 1 < sm->next_active)
        sm->next_active = now + 1;
}

void bwm_sm_link_ready(bwm_sm *sm, int64_t now)
{
    if (!sm->ldst.wait_link)
        return;
    sm->ldst.wait_link = 0;
    if (now > sm->ldst.link_since + 1)
        sm->stats.ldst_stall += (uint64_t)(now - sm->ldst.link_since - 1);
    if (now < sm->next_active)
        sm->next_active = now;
}

void bwm_sm_halt(bwm_sm *sm, int halted, int64_t now)
{
    end_stall(sm, now);
    sm->halted = halted;
    if (!halted && sm->ready && now < sm->next_active)
        sm->next_active = now;
}
