/* mask.c — MASK's address-space-aware DRAM scheduler (Ausavarungnirun et
 * al., ASPLOS 2018; seed 001 Ch. 6, Sec. 6.4.4), and the knobs of MASK's
 * other two parts, which the GPU sets up (mask.h, sim/tlb/mmu.h).
 *
 * Three priority classes, strictly ordered:
 *   - golden: page-walk reads (walk_level > 0), oldest first (the thesis's
 *     FIFO: walks have no row locality to exploit);
 *   - silver: data reads of the one application whose turn it is, up to
 *     its quota thresh_i = thresh_max x ConPTW_i x WarpsStalled_i /
 *     sum_j ConPTW_j x WarpsStalled_j (Eq. 6.1); once it has sent its quota
 *     the turn passes to the next application;
 *   - normal: everything else.
 * FR-FCFS within silver and normal.  ConPTW_i is the application's walks
 * running when its turn starts; WarpsStalled_i the most warps that waited
 * on one of its translations in the MMU's current epoch (the thesis's
 * per-MSHR 6-bit counters, reset every epoch).
 *
 * Knobs (thesis defaults): golden on, silver on, thresh-max 500, tokens
 * on, l2-bypass on, epoch 100000 cycles, initial-tokens 0.8, bypass-cache
 * 32 entries; the thesis leaves token-step and miss-delta open (0.1 and
 * 0.02, its "2 %" read as two points of miss rate).  Choices the thesis
 * leaves open:
 *   - the three queues share the controller's one request buffer (the
 *     thesis's 16/64/192 entries are not separate capacities here);
 *   - each controller keeps its own silver turn and quota;
 *   - a turn whose quota comes to 0 (no walks, or no stalled warps) is
 *     skipped; when every application's is 0 each gets thresh_max / N;
 *   - only reads count against the quota (writes are never silver).
 * With golden and silver off the order is FR-FCFS's. */
#include "sim/mc/sched/mask.h"

#include <math.h>
#include <stdlib.h>

#include "sim/mc/sched/key_pick.h"
#include "sim/mc/sched/sched_ctx.h"
#include "sim/mc/sched/slot_array.h"

enum {
    K_GOLDEN,
    K_SILVER,
    K_THRESH_MAX,
    K_TOKENS,
    K_L2_BYPASS,
    K_EPOCH,
    K_INITIAL,
    K_STEP,
    K_DELTA,
    K_BYPASS_CACHE,
    K_COUNT
};

static const char *const on_off[] = {"off", "on", NULL};

static const bwm_sched_knob mask_knobs[K_COUNT] = {
    {"golden", BWM_KNOB_CHOICE, 1, 0, 1, on_off, "page-walk reads are served first, oldest first (on)"},
    {"silver", BWM_KNOB_CHOICE, 1, 0, 1, on_off,
     "one application at a time has its data reads served next, up to its quota of Eq. 6.1 (on)"},
    {"thresh-max", BWM_KNOB_WHOLE, 500, 1, 1e9, NULL, "the silver quotas' sum, thresh_max of Eq. 6.1 (MASK: 500)"},
    {"tokens", BWM_KNOB_CHOICE, 1, 0, 1, on_off,
     "only warps with a token fill the L2 TLB, the others a bypass cache (MASK-TLB; on)"},
    {"l2-bypass", BWM_KNOB_CHOICE, 1, 0, 1, on_off,
     "walk reads of a level whose L2 hit rate is below the data's skip the L2 (MASK-Cache; on)"},
    {"epoch", BWM_KNOB_CYCLES, 100000, 1, 1e12, NULL, "tokens, bypass decisions and stall counters are redone this "
                                                      "often (MASK: 100000 cycles)"},
    {"initial-tokens", BWM_KNOB_SHARE, 0.8, 0, 0, NULL,
     "share of each SM's warps (the lowest ids) holding a token after the first epoch (MASK: 0.8)"},
    {"token-step", BWM_KNOB_SHARE, 0.1, 0, 0, NULL,
     "the token share moves by this when the L2 TLB miss rate moves (not given by the thesis)"},
    {"miss-delta", BWM_KNOB_SHARE, 0.02, 0, 0, NULL,
     "... by more than this, absolute (MASK: 2 %; whether absolute is not given)"},
    {"bypass-cache", BWM_KNOB_WHOLE, 32, 1, 4096, NULL, "entries of the TLB bypass cache (MASK: 32)"},
};

void bwm_mask_setup_of(const bwm_sched_settings *s, bwm_mmu_mask *out)
{
    double v[K_COUNT];
    bwm_sched_knob_values(&bwm_sched_mask, s, v);
    out->tokens = v[K_TOKENS] != 0;
    out->l2_bypass = v[K_L2_BYPASS] != 0;
    out->epoch = (int64_t)v[K_EPOCH];
    out->initial_tokens = v[K_INITIAL];
    out->token_step = v[K_STEP];
    out->miss_delta = v[K_DELTA];
    out->bypass_entries = (int)v[K_BYPASS_CACHE];
}

typedef struct mask_state {
    const bwm_mmu *mmu;
    int golden, silver, n_apps;
    int64_t thresh_max;
    int turn;                 /* the silver application */
    int64_t quota;            /* reads it may still mark silver */
    unsigned char *marked;    /* per slot: silver */
    int32_t n_marked;
} mask_state;

static void mask_free(void *state)
{
    mask_state *s = state;
    if (s)
        free(s->marked);
    free(s);
}

/* The quota of application a's turn (Eq. 6.1). */
/* MASK's translation side: tokens and the walks' L2 bypass in the MMU. */
static int mask_attach(bwm_sched_attach *at, void **ext, bwm_err *err)
{
    *ext = NULL;
    if (!at->mmu)
        return BWM_OK; /* init says why mask needs one */
    bwm_mmu_mask mask;
    bwm_mask_setup_of(at->settings, &mask);
    return bwm_mmu_set_mask(at->mmu, &mask, err);
}

static const bwm_sched_hooks mask_hooks = {mask_attach, NULL};

static int64_t quota_of(const mask_state *s, int a)
{
    double sum = 0, mine = 0;
    for (int j = 0; j < s->n_apps; j++) {
        double p = (double)s->mmu->active_of[j] * (double)s->mmu->stalled_max[j];
        sum += p;
        if (j == a)
            mine = p;
    }
    if (sum <= 0)
        return s->thresh_max / s->n_apps;
    return (int64_t)floor((double)s->thresh_max * mine / sum);
}

/* The turn passes to the next application with a quota. */
static void next_turn(mask_state *s)
{
    for (int k = 0; k < s->n_apps; k++) {
        s->turn = (s->turn + 1) % s->n_apps;
        if ((s->quota = quota_of(s, s->turn)) > 0)
            return;
    }
}

static int mask_init(const bwm_mc *mc, void **state, bwm_err *err)
{
    const bwm_sched_params *p;
    int st = bwm_sched_params_get(mc, "mask", &p, err);
    if (st != BWM_OK)
        return st;
    if (!p->mmu)
        return bwm_fail(err, BWM_EINPUT, "scheduler mask needs address translation (-bwm_mmu shared_tlb, "
                        "static_tlb or pwcache): its golden queue serves page walks");
    double v[K_COUNT];
    bwm_sched_knobs_read(mc, &bwm_sched_mask, v);
    mask_state *s = calloc(1, sizeof *s);
    if (!s)
        return bwm_fail(err, BWM_EFAIL, "out of memory for scheduler mask");
    s->mmu = p->mmu;
    s->golden = v[K_GOLDEN] != 0;
    s->silver = v[K_SILVER] != 0;
    s->thresh_max = (int64_t)v[K_THRESH_MAX];
    s->n_apps = p->n_apps;
    s->turn = s->n_apps - 1;
    next_turn(s);
    *state = s;
    return BWM_OK;
}

static void mask_enqueue(void *state, const bwm_mc *mc, int32_t slot)
{
    mask_state *s = state;
    if (!s->silver)
        return;
    if (slot >= s->n_marked &&
        bwm_slot_array_fit((void **)&s->marked, &s->n_marked, mc->cap, sizeof *s->marked) != 0) {
        s->silver = 0; /* out of memory: no silver class from here on (FR-FCFS order) */
        return;
    }
    const bwm_mc_req *r = &mc->slots[slot].req;
    s->marked[slot] = !r->is_write && r->walk_level == 0 && r->app == s->turn && s->quota > 0;
    if (s->marked[slot] && --s->quota == 0)
        next_turn(s);
}

static uint64_t mask_key(const void *state, const bwm_mc *mc, int32_t slot)
{
    const mask_state *s = state;
    const bwm_mc_req *r = &mc->slots[slot].req;
    if (s->golden && r->walk_level > 0)
        return 0;
    uint64_t tier = s->silver && s->marked[slot] ? 1 : 2;
    return tier << 1 | bwm_key_miss(mc, slot);
}

static int32_t mask_pick(void *state, const bwm_mc *mc, int bank)
{
    return bwm_key_pick(state, mc, bank, mask_key);
}

const bwm_sched_ops bwm_sched_mask = {
    "mask", "page walks first, then one application's data reads up to its quota, then FR-FCFS (MASK)",
    mask_init, mask_enqueue, mask_pick, NULL, mask_free, mask_knobs, K_COUNT, 0, &mask_hooks,
    "mask (needs -bwm_mmu other than ideal)", 0,
};
