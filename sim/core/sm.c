/* sm.c — warps, warp schedulers, scoreboard and load/store unit of one SM
 * (see sm.h). */
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
    if (t <= sm->now) {
        sm->ready |= bit(w);
    } else if (t - sm->now < BWM_SM_WHEEL) {
        int slot = (int)(t % BWM_SM_WHEEL);
        sm->wheel[slot] |= bit(w);
        sm->wheel_used[slot / 64] |= 1ULL << (slot % 64);
    } else {
        sm->far |= bit(w);
        sm->warps[w].far_until = t;
        if (t < sm->far_min)
            sm->far_min = t;
    }
}

static void next_inst(bwm_sm *sm, int w)
{
    bwm_warp *wp = &sm->warps[w];
    bwm_warp_stream_next(&wp->stream, sm->prog, &wp->next);
    if (wp->next.kind == BWM_INST_LOAD || wp->next.kind == BWM_INST_STORE)
        sm->mem_next |= bit(w);
    else
        sm->mem_next &= ~bit(w);
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
    sm->n_warps = p->n_warps;
    sm->n_scheds = cfg->n_warp_scheds;
    sm->wsched = cfg->warp_sched;
    sm->round_robin = sm->wsched->round_robin;
    sm->l1_latency = cfg->l1_latency;
    sm->warp_parts = cfg->warp_parts;
    sm->line_segments = !bwm_gpu_sector_requests(cfg);
    sm->app_insts = p->app_insts;
    sm->vm = p->vm;
    sm->seed = p->seed;
    sm->rank = p->rank;
    if (p->prog->cta_warps > 0) {
        sm->cta_warps = p->prog->cta_warps;
        sm->cta_slots = p->n_warps / sm->cta_warps;
        sm->dispatch = p->dispatch;
        sm->pages = p->pages;
        sm->cta_grid = bwm_cta_grid(p->prog);
        if (!p->dispatch || sm->cta_slots * sm->cta_warps != p->n_warps || sm->cta_slots > BWM_SM_MAX_CTAS)
            return bwm_fail(err, BWM_EINPUT, "SM %d: %d warps are not whole CTAs of %d warps (at most %d)", p->id,
                            p->n_warps, sm->cta_warps, BWM_SM_MAX_CTAS);
    }
    sm->ldst_warp = -1;
    sm->ldst_tried = -1;
    sm->stall_since = -1;
    sm->far_min = INT64_MAX;
    sm->next_active = 0;
    bwm_cache_config l1;
    int st = bwm_gpu_l1d_for(cfg, p->prog->smem_frac > 0, &l1, err);
    if (st == BWM_OK)
        st = bwm_cache_init(&sm->l1, &l1, p->app + 1, BWM_CACHE_SHARED, NULL, err);
    if (st != BWM_OK)
        return st;
    bwm_cache_bypass(&sm->l1, cfg->skip_l1);
    sm->page_shift = cfg->vm.page_shift;
    bwm_err sub;
    int large = cfg->mmu.design != BWM_MMU_IDEAL && cfg->vm.large_shift;
    if ((cfg->mmu.design != BWM_MMU_IDEAL &&
         bwm_tag_array_init(&sm->tlb, cfg->mmu.l1_entries, cfg->mmu.l1_ways, 1, &sub) != BWM_OK) ||
        (large && bwm_tag_array_init(&sm->tlb_large, cfg->mmu.l1_large_entries, cfg->mmu.l1_large_entries, 1,
                                     &sub) != BWM_OK)) {
        bwm_cache_free(&sm->l1);
        bwm_tag_array_free(&sm->tlb);
        return bwm_fail(err, BWM_EINPUT, "option -bwm_l1_tlb: %s", sub.msg);
    }
    sm->warps = calloc(p->n_warps > 0 ? (size_t)p->n_warps : 1, sizeof *sm->warps); /* 0: an idle SM */
    sm->tokens = calloc((size_t)bwm_cache_max_merge(&sm->l1), sizeof *sm->tokens);
    if (!sm->warps || !sm->tokens) {
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
        /* one stream per warp, seeded from the run's seed and the warp's place */
        uint64_t gw = p->first_warp + (uint64_t)w;
        bwm_warp_stream_init(&sm->warps[w].stream, p->prog, p->app, gw, p->app_warps,
                             p->seed ^ ((uint64_t)(p->app + 1) << 48) ^ (gw * 0x9E3779B97F4A7C15ULL));
        if (p->sweep)
            bwm_warp_stream_share(&sm->warps[w].stream, p->sweep);
        sm->sched_mask[w % sm->n_scheds] |= bit(w);
        if (sm->cta_warps)
            continue; /* ready once its CTA starts */
        next_inst(sm, w);
        sm->ready |= bit(w);
        sm->live |= bit(w);
    }
    return BWM_OK;
}

/* The seed of warp i of the CTA of sequence number seq: the CTA's stream
 * whichever SM and slot run it. */
static uint64_t cta_warp_seed(const bwm_sm *sm, uint64_t seq, int i)
{
    uint64_t gw = seq * (uint64_t)sm->cta_warps + (uint64_t)i;
    return sm->seed ^ ((uint64_t)(sm->app + 1) << 48) ^ (gw * 0x9E3779B97F4A7C15ULL) ^ 0xC7A0000000000000ULL;
}

void bwm_sm_start_cta(bwm_sm *sm, int slot, int64_t now)
{
    uint64_t seq;
    if (!bwm_cta_take(sm->dispatch, sm->rank, &seq))
        return;
    sm->cta_seq[slot] = seq;
    sm->cta_live[slot] = sm->cta_warps;
    sm->cta_cursor[slot] = 0;
    for (int i = 0; i < sm->cta_warps; i++) {
        int w = slot * sm->cta_warps + i;
        bwm_warp *wp = &sm->warps[w];
        bwm_warp_stream_start_cta(&wp->stream, sm->prog, seq, &sm->cta_cursor[slot], cta_warp_seed(sm, seq, i));
        wp->issued = 0;
        wp->load_head = wp->load_count = wp->loads_out = 0;
        wp->blocked = 0;
        wp->left = (uint64_t)sm->prog->cta_insts;
        wp->finished = 0;
        wp->not_before = now;
        sm->live |= bit(w);
        if (sm->wsched->warp_started)
            sm->wsched->warp_started(sm->wsched_state, w, now);
        next_inst(sm, w);
        wake_at(sm, w, now);
    }
    if (now < sm->next_active)
        sm->next_active = now;
}

/* Warp w has issued its last instruction and has its loads back. */
static void warp_exit(bwm_sm *sm, int w, int64_t now)
{
    int slot = w / sm->cta_warps;
    sm->warps[w].finished = 0;
    sm->live &= ~bit(w);
    if (--sm->cta_live[slot] > 0)
        return;
    sm->stats.ctas++;
    bwm_sm_start_cta(sm, slot, now);
}

void bwm_sm_free(bwm_sm *sm)
{
    bwm_cache_free(&sm->l1);
    if (sm->wsched && sm->wsched->free)
        sm->wsched->free(sm->wsched_state);
    sm->wsched_state = NULL;
    bwm_tag_array_free(&sm->tlb);
    bwm_tag_array_free(&sm->tlb_large);
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
 * is concerned: the oldest load it still waits for is not needed yet, and
 * a load finds a free entry. */
static int scoreboard_allows(const bwm_sm *sm, const bwm_warp *wp)
{
    if (wp->load_count > 0 && wp->load[wp->load_head].use_at <= wp->issued)
        return 0;
    if (wp->next.kind == BWM_INST_LOAD &&
        (wp->loads_out >= sm->prog->loads_in_flight || wp->load_count == BWM_SYNTH_MAX_LOADS))
        return 0;
    return 1;
}

/* The warp has issued and its next instruction is known: it runs again
 * once its latency is over, or waits on the scoreboard. */
static void schedule_next(bwm_sm *sm, int w)
{
    bwm_warp *wp = &sm->warps[w];
    if (scoreboard_allows(sm, wp))
        wake_at(sm, w, wp->not_before);
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
    if (--wp->load[token % BWM_SYNTH_MAX_LOADS].pending > 0)
        return;
    wp->loads_out--;
    while (wp->load_count > 0 && wp->load[wp->load_head].pending == 0) {
        wp->load_head = (wp->load_head + 1) % BWM_SYNTH_MAX_LOADS;
        wp->load_count--;
    }
    if (wp->finished) {
        if (wp->loads_out == 0)
            warp_exit(sm, w, ready_at);
        return;
    }
    if (wp->blocked && scoreboard_allows(sm, wp)) {
        wp->blocked = 0;
        wake_at(sm, w, ready_at > wp->not_before ? ready_at : wp->not_before);
    }
}

/* The load/store unit sends its current line, if it can. */
static void ldst_step(bwm_sm *sm, int64_t now, const bwm_sm_link *link)
{
    int w = sm->ldst_warp;
    uint64_t line = sm->ldst_line[sm->ldst_next];
    unsigned sectors = sm->ldst_sectors[sm->ldst_next];
    int is_write = sm->ldst_write;
    if (sm->ldst_tried < 0)
        sm->ldst_tried = now;
    if (sm->ldst_wait_fill) {
        sm->stats.ldst_stall++;
        return;
    }
    if (!link->can_send(link->ctx, sm->id, is_write, bwm_cache_sectors_of(&sm->l1, sectors)) &&
        (is_write || !bwm_cache_probe_sectors(&sm->l1, line, sectors))) {
        sm->stats.ldst_stall++;
        sm->ldst_wait_link = 1;
        sm->ldst_link_since = now;
        return;
    }
    bwm_cache_result r;
    bwm_err err;
    bwm_cache_access_sectors(&sm->l1, line, sectors, sm->app, is_write, sm->ldst_token, &r, &err);
    if (sm->wsched->l1_access)
        sm->wsched->l1_access(sm->wsched_state, sm, w, is_write, &r, now);
    switch (r.outcome) {
    case BWM_CACHE_RESERVATION_FAIL:
        /* MSHRs, merge slots or ways are busy: only a fill frees them */
        sm->ldst_wait_fill = 1;
        sm->stats.ldst_stall++;
        return;
    case BWM_CACHE_HIT:
        if (!is_write)
            line_returned(sm, sm->ldst_token, now + sm->l1_latency);
        break;
    case BWM_CACHE_MISS_NEW:
    case BWM_CACHE_WRITE_DOWN:
        link->send(link->ctx, sm->id, w, sm->app, r.line_addr, r.sectors, is_write, now, sm->ldst_tried);
        break;
    case BWM_CACHE_MISS_MERGED:
        break;
    }
    sm->ldst_tried = -1;
    if (++sm->ldst_next == sm->ldst_n) {
        sm->ldst_warp = -1;
    } else if (bwm_cache_hinted(&sm->l1)) {
        /* one line a cycle: host hints (cache.h) for the next line, whose
           slots were asked for a cycle ago, and the slots of the one after */
        bwm_cache_prefetch_entries(&sm->l1, sm->ldst_line[sm->ldst_next]);
        if (sm->ldst_next + 1 < sm->ldst_n)
            bwm_cache_prefetch(&sm->l1, sm->ldst_line[sm->ldst_next + 1]);
    }
}

/* A load takes the next scoreboard entry; its value is first used
 * dep_distance instructions on.  Returns the entry's token. */
static uint64_t scoreboard_add(bwm_sm *sm, bwm_warp *wp, int w, int accesses)
{
    int slot = (wp->load_head + wp->load_count) % BWM_SYNTH_MAX_LOADS;
    wp->load[slot].pending = accesses;
    wp->load[slot].use_at = wp->issued + (uint64_t)sm->prog->dep_distance;
    wp->load_count++;
    wp->loads_out++;
    return token_of(w, slot);
}

/* Whether no warp waits out a pipeline latency: the wheel and the far set
 * are empty. */
static int none_waking(const bwm_sm *sm)
{
    uint64_t waking = sm->far;
    for (int i = 0; i < BWM_SM_WHEEL / 64; i++)
        waking |= sm->wheel_used[i];
    return !waking;
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

/* Whether the pages of the n lines in ldst_line[] (warp w's next
 * instruction) are translated: in the L1 TLB, or just given to the warp.
 * If not, the missing ones go to the MMU and the warp waits for them. */
static int translated(bwm_sm *sm, int w, int n, int64_t now, const bwm_sm_link *link)
{
    bwm_warp *wp = &sm->warps[w];
    if (wp->xlat_granted) {
        wp->xlat_granted = 0;
        return 1;
    }
    int missing = 0;
    for (int i = 0; i < n; i++) {
        uint64_t vpage = sm->ldst_line[i] >> sm->page_shift;
        int seen = 0; /* the page of an earlier line (lines of a page are mostly neighbours) */
        for (int j = i - 1; j >= 0 && !seen; j--)
            seen = sm->ldst_line[j] >> sm->page_shift == vpage;
        if (seen || (sm->tlb_large.key && bwm_tag_array_lookup(&sm->tlb_large, vpage >> BWM_LARGE_PAGE_BITS)) ||
            bwm_tag_array_lookup(&sm->tlb, vpage))
            continue;
        link->translate(link->ctx, sm->id, w, sm->app, vpage, now);
        missing++;
    }
    if (!missing)
        return 1;
    wp->xlat_wait = missing;
    sm->stats.tlb_misses++;
    return 0;
}

/* Issues warp w's next instruction; 0 when it waits for translations instead. */
static int issue(bwm_sm *sm, int w, int64_t now, const bwm_sm_link *link)
{
    bwm_warp *wp = &sm->warps[w];
    const bwm_synth_app *a = sm->prog;
    const bwm_inst *in = &wp->next;
    sm->ready &= ~bit(w);
    int is_mem = in->kind == BWM_INST_LOAD || in->kind == BWM_INST_STORE;
    int n = 0;
    if (is_mem) {
        n = bwm_coalesce(in, a, sm->warp_parts, BWM_WARP_SIZE, sm->line_segments, sm->ldst_line, sm->ldst_sectors);
        if (sm->tlb.key && !translated(sm, w, n, now, link))
            return 0; /* it waits for its pages, its instruction not issued */
    }
    sm->stats.insts += (uint64_t)a->lanes;
    sm->stats.warp_insts++;
    if (sm->wsched->issued)
        sm->wsched->issued(sm->wsched_state);
    if (sm->app_insts)
        *sm->app_insts += (uint64_t)a->lanes;
    wp->not_before = now + 1;
    switch (in->kind) {
    case BWM_INST_COMPUTE:
        wp->not_before = now + a->compute_latency;
        break;
    case BWM_INST_SMEM:
        wp->not_before = now + a->smem_latency;
        break;
    case BWM_INST_LOAD:
    case BWM_INST_STORE: {
        int is_write = in->kind == BWM_INST_STORE;
        sm->ldst_warp = w;
        sm->ldst_write = is_write;
        sm->ldst_next = 0;
        sm->ldst_n = n;
        if (sm->pages) {
            int64_t batch = (int64_t)(sm->cta_seq[w / sm->cta_warps] % sm->cta_grid / (uint64_t)a->batch_stride);
            for (int i = 0; i < n; i++)
                bwm_page_sharing_touch(sm->pages, sm->ldst_line[i], batch);
        }
        if (sm->vm) /* virtual lines to physical, at the load/store unit */
            bwm_vm_translate_lines(sm->vm, sm->app, sm->rank, sm->ldst_line, sm->ldst_n);
        if (is_write) {
            sm->stats.stores++;
            sm->stats.store_lines += (uint64_t)in->nlines;
        } else {
            sm->stats.loads++;
            sm->stats.load_lines += (uint64_t)in->nlines;
            sm->ldst_token = scoreboard_add(sm, wp, w, sm->ldst_n);
        }
        /* the unit sends one line a cycle from the next: host hints for
           the first two (ldst_step hints the others a cycle ahead) */
        for (int i = 0; i < sm->ldst_n && i < 2; i++)
            bwm_cache_prefetch(&sm->l1, sm->ldst_line[i]);
        break;
    }
    }
    wp->issued++;
    if (sm->cta_warps && --wp->left == 0) { /* its CTA's last instruction */
        wp->finished = 1;
        sm->mem_next &= ~bit(w);
        if (wp->loads_out == 0)
            warp_exit(sm, w, now + 1);
        return 1;
    }
    next_inst(sm, w);
    schedule_next(sm, w);
    return 1;
}

static void collect_wakeups(bwm_sm *sm, int64_t now)
{
    int slot = (int)(now % BWM_SM_WHEEL);
    sm->ready |= sm->wheel[slot];
    sm->wheel[slot] = 0;
    sm->wheel_used[slot / 64] &= ~(1ULL << (slot % 64));
    if (now < sm->far_min)
        return;
    sm->far_min = INT64_MAX;
    for (uint64_t m = sm->far; m; m &= m - 1) {
        int w = __builtin_ctzll(m);
        if (sm->warps[w].far_until <= now) {
            sm->far &= ~bit(w);
            sm->ready |= bit(w);
        } else if (sm->warps[w].far_until < sm->far_min) {
            sm->far_min = sm->warps[w].far_until;
        }
    }
}

/* The first cycle after now whose wheel slot holds a warp (INT64_MAX: none). */
static int64_t next_wheel_cycle(const bwm_sm *sm, int64_t now)
{
    enum { WORDS = BWM_SM_WHEEL / 64 };
    int start = (int)((now + 1) % BWM_SM_WHEEL);
    for (int k = 0; k <= WORDS; k++) {
        int w = (start / 64 + k) % WORDS;
        uint64_t bits = sm->wheel_used[w];
        if (k == 0)
            bits &= ~0ULL << (start % 64);
        else if (k == WORDS)
            bits &= start % 64 ? ~(~0ULL << (start % 64)) : 0;
        if (bits) {
            int slot = w * 64 + __builtin_ctzll(bits);
            return now + 1 + (slot - start + BWM_SM_WHEEL) % BWM_SM_WHEEL;
        }
    }
    return INT64_MAX;
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
    int ldst_busy = sm->ldst_warp >= 0;
    uint64_t can_issue = sm->halted ? 0 : ldst_busy ? sm->ready & ~sm->mem_next : sm->ready;
    if (can_issue || (ldst_busy && !sm->ldst_wait_fill && !sm->ldst_wait_link)) {
        sm->next_active = now + 1;
        return !can_issue && !sm->halted && none_waking(sm);
    }
    int64_t t = next_wheel_cycle(sm, now);
    sm->next_active = t < sm->far_min ? t : sm->far_min;
    return !sm->halted && t == INT64_MAX && !sm->far;
}

void bwm_sm_cycle(bwm_sm *sm, int64_t now, const bwm_sm_link *link)
{
    sm->now = now;
    end_stall(sm, now);
    collect_wakeups(sm, now);
    if (sm->ldst_warp >= 0 && !sm->ldst_wait_link)
        ldst_step(sm, now, link);
    int issued = 0;
    if (sm->ready && !sm->halted) {
        uint64_t held = 0;
        if (sm->wsched->held_back && sm->ldst_warp < 0) {
            held = sm->wsched->held_back(sm->wsched_state, sm, now);
            sm->stats.held += held != 0;
        }
        for (int s = 0; s < sm->n_scheds; s++) {
            uint64_t cand = sm->ready & sm->sched_mask[s];
            cand &= ~(sm->ldst_warp >= 0 ? sm->mem_next : held); /* held: some of mem_next */
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
    if (sm->ldst_wait_fill) {
        sm->ldst_wait_fill = 0;
        sm->next_active = now;
    }
    if (sm->wsched->l1_filled)
        sm->wsched->l1_filled(sm->wsched_state, sm);
    bwm_sm_link_ready(sm, now); /* a line waiting for the link may hit now */
    for (int i = 0; i < n; i++)
        line_returned(sm, sm->tokens[i], now + 1);
    int64_t t = sm->ready && !sm->halted ? now : next_wheel_cycle(sm, now - 1);
    if (t < sm->next_active)
        sm->next_active = t;
    return BWM_OK;
}

void bwm_sm_translated(bwm_sm *sm, int warp, uint64_t vpage, int large, int64_t now)
{
    if (large)
        bwm_tag_array_insert(&sm->tlb_large, vpage >> BWM_LARGE_PAGE_BITS, 0);
    else
        bwm_tag_array_insert(&sm->tlb, vpage, 0);
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
    if (!sm->ldst_wait_link)
        return;
    sm->ldst_wait_link = 0;
    if (now > sm->ldst_link_since + 1)
        sm->stats.ldst_stall += (uint64_t)(now - sm->ldst_link_since - 1);
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
