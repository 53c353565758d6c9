/* mmu.h — the GPU's shared address-translation hardware behind the SMs'
 * L1 TLBs (thesis Ch. 6, Table 6.1): the shared L2 TLB, the page-table
 * walker and its page-walk cache, for every application at once.
 *
 * A translation starts when an SM's L1 TLB misses a virtual page
 * (bwm_mmu_request, one per warp and page): after the L1 TLB's latency it
 * reaches the MMU, where every request for a page already being translated
 * joins it (one walk per page, however many warps and SMs wait).  Then, by
 * design (mmu_config.h):
 *   shared_tlb, static_tlb  the L2 TLB, `ports` lookups a cycle in arrival
 *                order; a hit answers after its latency, a miss queues for
 *                the walker after it;
 *   pwcache      straight to the walker.
 * The walker runs up to `walks` walks at once, the others waiting in
 * order.  A walk reads one entry per level, root first (sim/vm/vm.h gives
 * its address): under pwcache the page-walk cache is probed first (its
 * latency; a hit moves to the next level); a miss, and every level under
 * the other designs, is a read of the entry's line through the memory
 * system: a BWM_MREQ_WALK request through the request crossbar from the
 * cluster of the SM that missed first, the L2 slices and the DRAM
 * scheduler like any load (marked with its level), its reply coming back
 * to the walker (bwm_mmu_reply), which fills the page-walk cache.  After
 * the leaf the L2 TLB is filled (static_tlb: in the application's own ways)
 * and every waiting warp is answered at once (the link's done, which fills
 * its SM's L1 TLB).
 *
 * With large pages (thesis Ch. 7, sim/vm/vm.h) the L2 TLB has large-page
 * entries beside its base-page ones and probes them first (key: the large
 * virtual page); a walk learns from the page table what the page is: a
 * base page (every level, as above), a coalesced one (the same number of
 * reads, the leaf's being the leaf node's first entry, Fig. 7.7) or a
 * large-only one (one level less); a large page's translation fills the
 * large-page entries, and its waiters' L1 TLBs' (the link's done).
 * Requests still join per base page; a translation that missed the L2 TLB
 * and waited for the walker while another walk filled its large page's
 * entry is answered when the walker takes it, without a walk.
 *
 * MASK (thesis Sec. 6.4; on under --sched mask, bwm_mmu_set_mask):
 *   - TLB-fill tokens: every epoch each application's L2 TLB miss rate
 *     (L2 TLB and bypass cache together) is compared with the last
 *     epoch's; a rise of more than miss_delta takes token_step off the
 *     application's token share, a fall adds it (the share starts at
 *     initial_tokens after the first epoch, in which every warp fills).  On
 *     each SM the warps with the lowest ids, the share of them, hold
 *     tokens; a walk whose first requester holds one fills the L2 TLB,
 *     another the bypass cache, which every lookup probes beside the L2 TLB;
 *   - L2 bypass: every epoch each level's walk reads' L2 hit rate (the
 *     share the L2 served without DRAM) is compared with the data's (the
 *     same share of the loads it took); a level below it skips the L2 in
 *     the next epoch (its reads go straight to DRAM and back), and is
 *     sampled again the epoch after;
 *   - for the DRAM scheduler: stalled_max, the most warps that waited on
 *     one of an application's translations this epoch (reset each epoch),
 *     beside active_of.
 *
 * The MMU runs in the core clock.  Storage is sized at init for every
 * warp waiting on every page of one instruction (32), so it never fills. */
#ifndef BWM_TLB_MMU_H
#define BWM_TLB_MMU_H

#include <stdint.h>

#include "sim/config/mmu_config.h"
#include "sim/mem/delay_queue.h"
#include "sim/tlb/tag_array.h"
#include "sim/vm/vm.h"
#include "util/status.h"

#define BWM_MMU_MAX_APPS 4

/* MASK's translation-side settings (sim/mc/sched/mask.h fills them from
 * its knobs). */
typedef struct bwm_mmu_mask {
    int tokens, l2_bypass;
    int64_t epoch;          /* core cycles */
    double initial_tokens, token_step, miss_delta;
    int bypass_entries;
} bwm_mmu_mask;

typedef struct bwm_mmu_link {
    /* Whether a walk request can leave SM sm's cluster now. */
    int (*can_send)(void *ctx, int sm);
    /* Sends application app's read of the page-table entry at pa for walk
       `walk` (level 1 .. levels) from SM sm's cluster on behalf of warp;
       must accept what can_send allowed. */
    void (*send)(void *ctx, int sm, int warp, int app, uint64_t pa, int32_t walk, int level, int l2_bypass,
                 int64_t now);
    /* Warp warp of SM sm has the translation of vpage, in a large page or
       not, at core cycle now. */
    void (*done)(void *ctx, int sm, int warp, uint64_t vpage, int large, int64_t now);
    /* The L2's data reads so far, every application's: the loads it took
       and, of them, those it served without DRAM (hits, and reads that
       joined a pending miss, as a walk read's is counted); for MASK's L2
       bypass; may be NULL without it. */
    void (*l2_data)(void *ctx, uint64_t *accesses, uint64_t *hits);
    void *ctx;
} bwm_mmu_link;

/* Per application, running totals. */
typedef struct bwm_mmu_stats {
    uint64_t requests;               /* L1 TLB misses that reached the MMU (warp and page) */
    uint64_t l2_lookups, l2_hits;    /* L2 TLB (with MASK's bypass cache: a hit in either) */
    uint64_t bypass_cache_hits;      /* of them, MASK's bypass cache's */
    uint64_t bypass_reads;           /* walk reads sent past the L2 (MASK's L2 bypass) */
    uint64_t pwc_lookups, pwc_hits;  /* page-walk cache */
    uint64_t walks, walks_done;
    uint64_t large_walks;            /* finished walks that found a large page */
    uint64_t late_hits;              /* L2 TLB misses answered, when the walker took them, by a
                                        large-page entry another walk filled meanwhile */
    uint64_t waiters_done;           /* warps the finished walks answered */
    uint64_t sm_misses_done;         /* (walk, SM) pairs they answered: the SMs' misses */
    uint64_t walk_reads[BWM_MMU_MAX_LEVELS + 1];    /* memory reads by level (1..levels), answered */
    uint64_t walk_l2_hits[BWM_MMU_MAX_LEVELS + 1];  /* of them, served by the L2 */
    uint64_t walk_read_cycles[BWM_MMU_MAX_LEVELS + 1]; /* of them, core cycles from joining the
                                                         walker's memory queue to the answer */
    uint64_t walk_cycles;            /* sum over finished walks of core cycles from walk start to end */
    uint64_t active_cycles;          /* sum over core cycles of its walks running (up to the last
                                        change; bwm_mmu_active_cycles counts on to a cycle) */
} bwm_mmu_stats;

typedef struct bwm_mmu_waiter {
    int32_t sm, warp, app, next;
    uint64_t vpage;
} bwm_mmu_waiter;

typedef struct bwm_mmu_xlat {
    uint64_t vpage;
    int32_t app, sm, warp;   /* the first requester: its cluster carries the walk's reads */
    int32_t first, last;     /* waiters */
    int32_t level;           /* the level being read (1..levels) */
    int32_t n_waiting;       /* warps waiting on it */
    int32_t bypassed;        /* its current read skips the L2 */
    int32_t kind;            /* bwm_page_kind: what its walk found (or its L2 TLB hit: a
                                large page's entry or not) */
    int32_t last_level;      /* the walk's last level: levels, or one less (BWM_PAGE_LARGE) */
    int64_t started;         /* core cycle its walk started */
    int64_t read_queued;     /* core cycle its current read joined the memory queue */
    int32_t next_free;
} bwm_mmu_xlat;

typedef struct bwm_mmu {
    bwm_mmu_config cfg;
    int n_apps;
    bwm_vm *vm;
    bwm_tag_array l2_tlb, pwc;      /* as the design has them */
    bwm_tag_array l2_tlb_large;     /* the L2 TLB's large-page entries (large pages only) */
    int large;                      /* vm has large pages */
    int line_shift;                 /* the page-walk cache's line */
    int32_t cap;                    /* waiters and translations it holds */
    bwm_mmu_waiter *waiters;
    bwm_mmu_xlat *xlats;
    int32_t free_waiter, free_xlat;
    int32_t in_progress;            /* translations begun and not answered */
    int n_sms;
    const int *warps_per_sm;        /* n_sms values (token assignment) */
    uint64_t *sm_seen;              /* per SM: the last walk (serial) that answered it */
    uint64_t walk_serial;
    /* MASK (epoch 0: off) */
    bwm_mmu_mask mask;
    bwm_tag_array bypass_cache;
    int64_t epoch_end;
    int epochs;                     /* epochs ended */
    double token_share[BWM_MMU_MAX_APPS], last_miss[BWM_MMU_MAX_APPS];
    int have_last_miss[BWM_MMU_MAX_APPS];
    uint64_t ep_lookups[BWM_MMU_MAX_APPS], ep_misses[BWM_MMU_MAX_APPS];
    int stalled_max[BWM_MMU_MAX_APPS];
    unsigned char level_bypassed[BWM_MMU_MAX_LEVELS + 1];
    uint64_t ep_level_reads[BWM_MMU_MAX_LEVELS + 1], ep_level_hits[BWM_MMU_MAX_LEVELS + 1];
    uint64_t data_accesses, data_hits;   /* the L2's data reads at the epoch's start */
    int32_t *slot;                  /* open addressing: vpage to translation (-1 empty) */
    uint32_t slot_mask;
    bwm_delay_queue inbox;          /* waiters, after the L1 TLB's latency */
    bwm_delay_queue l2_queue;       /* translations for the L2 TLB */
    bwm_delay_queue answers;        /* L2 TLB hits, after its latency */
    bwm_delay_queue walk_queue;     /* translations for the walker */
    bwm_delay_queue pwc_queue;      /* walks probing the page-walk cache */
    bwm_delay_queue mem_queue;      /* walks whose read waits to be sent */
    int active;                     /* walks running */
    int active_of[BWM_MMU_MAX_APPS];/* of them, each application's */
    int64_t active_since;           /* core cycle they last changed */
    int64_t next_active;            /* no work before this core cycle (requests aside) */
    int failed;
    bwm_err fault;
    bwm_mmu_stats stats[BWM_MMU_MAX_APPS];
} bwm_mmu;

/* The MMU of cfg (a design other than ideal) for n_apps applications on
 * n_sms SMs, running warps_per_sm[] warps (must outlive it), whose pages vm
 * places (must outlive it), with room for `waiters` waiting warp pages;
 * line_bytes is the L2's line. */
int bwm_mmu_init(bwm_mmu *m, const bwm_mmu_config *cfg, int n_apps, int n_sms, const int *warps_per_sm, bwm_vm *vm,
                 int line_bytes, int32_t waiters, bwm_err *err);

/* The bytes bwm_mmu_init allocates besides its TLBs and page-walk cache
 * for `waiters` waiting warp pages on n_sms SMs: the waiters, the
 * translations, their index, the queues between the stages and the SMs'
 * last answers (the memory limit counts them, sim/config/config_limits.c). */
double bwm_mmu_queue_bytes(int64_t waiters, int n_sms);

/* Turns MASK's translation side on with these settings (before the run);
 * tokens need the L2 TLB of shared_tlb or static_tlb.  BWM_EINPUT, saying
 * why, otherwise. */
int bwm_mmu_set_mask(bwm_mmu *m, const bwm_mmu_mask *mask, bwm_err *err);
void bwm_mmu_free(bwm_mmu *m);

/* Warp warp of SM sm (running application app) missed vpage in its L1 TLB
 * at core cycle now. */
void bwm_mmu_request(bwm_mmu *m, int sm, int warp, int app, uint64_t vpage, int64_t now);

/* Core cycle now. */
void bwm_mmu_cycle(bwm_mmu *m, int64_t now, const bwm_mmu_link *link);

/* The read of walk `walk` came back at core cycle now; dram: DRAM served it. */
void bwm_mmu_reply(bwm_mmu *m, int32_t walk, int dram, int64_t now, const bwm_mmu_link *link);

/* The earliest core cycle at which bwm_mmu_cycle has work (INT64_MAX: none
 * until a request or reply). */
int64_t bwm_mmu_next_active(const bwm_mmu *m);

/* No translation in progress. */
int bwm_mmu_idle(const bwm_mmu *m);

/* Sum over core cycles up to now of application app's walks running (their
 * mean number is this over the cycles). */
uint64_t bwm_mmu_active_cycles(const bwm_mmu *m, int app, int64_t now);

#endif
