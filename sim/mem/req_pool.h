/* req_pool.h — the line requests in flight between the SMs and DRAM.
 * A request names a line and which of its 32-byte sectors it moves: the
 * whole line unless a sector cache asks for less.
 *
 * Every request the memory system carries (an L1D miss, a store, an L2
 * write-back) lives in one slot of the pool from the moment it is created to
 * the moment it is answered, and travels through the crossbars, queues and
 * the controller as its slot number.  The pool is sized once and never
 * grows: when it is full, SMs wait (it bounds the requests in flight, like
 * the finite buffers of real hardware).  It counts what it created and
 * freed, so the simulator can check that every request was answered once.
 * Beside each request it keeps the request's life by stage (req_life.h),
 * apart from the request itself, which the hot paths read far more often. */
#ifndef BWM_REQ_POOL_H
#define BWM_REQ_POOL_H

#include <stdint.h>

#include "sim/dram/addrmap.h"
#include "sim/mem/req_life.h"
#include "util/status.h"

typedef enum bwm_mreq_kind {
    BWM_MREQ_LOAD,        /* an L1D read miss, or a load that skipped the L1D (entry >= 0):
                             answered by a reply to its SM */
    BWM_MREQ_STORE,       /* a global store: answered by a write acknowledgement to its SM */
    BWM_MREQ_WRITEBACK,   /* a dirty L2 line on its way to DRAM: nobody is answered */
    BWM_MREQ_BYPASS,      /* a load that skips the L2 (MeDiC): DRAM's data go straight to a reply */
    BWM_MREQ_STORE_WRITE, /* a store's data on their way to DRAM (write-through, no allocation,
                             write allocation "W"): acknowledged to its SM once DRAM wrote them */
    BWM_MREQ_WALK,        /* a page walk's read of a page-table line (sim/tlb/mmu.h): a load
                             whose reply goes to the walker, not the SM's L1D */
    BWM_MREQ_ATOMIC       /* an atomic or reduction, which skipped its SM's L1D: read at the L2
                             like a load, its sectors left dirty there (bwm_cache_access_atomic),
                             and answered with its data to its warp, not to the L1D */
} bwm_mreq_kind;

typedef struct bwm_mreq {
    uint64_t line_addr;
    bwm_dram_addr da;   /* the line's channel, bank, row (decoded once) */
    int32_t parent;     /* a sector request a sector L2 split off (subpart.h): the request it
                           belongs to; -1 for every other request */
    int64_t issued;     /* core cycle the SM sent it */
    int32_t app, sm, warp;
    int32_t subpart;    /* memory sub-partition (global number) */
    uint8_t kind;       /* bwm_mreq_kind */
    uint8_t sectors;    /* the sectors of the line it reads or writes (sector.h): what a load's
                           reply carries, what a store or write-back writes */
    uint8_t dram_sectors; /* the sectors it reads from or writes to DRAM, once it goes there */
    uint8_t partial;    /* a store: its sectors it writes only in part (GPGPU-Sim's byte mask;
                           bwm_cache_access_store); 0 for every other request */
    uint8_t children;   /* a load split into sector requests: how many are not back yet */
    int8_t entry;       /* a load that skipped its SM's L1D (cache operator CACHE_GLOBAL, sm.h's
                           BWM_SM_LOAD_L2): its warp's scoreboard entry, which its reply goes to
                           instead of the L1D; -1 for every other request */
    int32_t link;       /* free: the next free slot; in a bwm_req_list: the next in it */
} bwm_mreq;

/* What a walk request (BWM_MREQ_WALK) is to the walker, kept beside it. */
typedef struct bwm_req_walk {
    int32_t walk;       /* the walker's number for the translation */
    uint8_t level;      /* 1 (the root) .. the leaf */
    uint8_t dram;       /* DRAM served it (it missed in the L2, or skipped it) */
    uint8_t l2_bypass;  /* it skips the L2 (MASK's L2 bypass): DRAM's data go straight back */
} bwm_req_walk;

typedef struct bwm_req_pool {
    bwm_mreq *v;
    bwm_req_life *life; /* per slot (a load's; req_life.h) */
    bwm_req_walk *walk; /* per slot (a walk request's) */
    int32_t cap, used, free_head;
    uint64_t created, freed;
} bwm_req_pool;

int bwm_req_pool_init(bwm_req_pool *p, int32_t cap, bwm_err *err);
void bwm_req_pool_free(bwm_req_pool *p);
/* A free slot (-1 when the pool is full) with no parent, no children and
 * no scoreboard entry; the caller fills the rest. */
int32_t bwm_req_alloc(bwm_req_pool *p);
/* Frees slot id; its life record stays as it was until the slot is
 * allocated again. */
void bwm_req_release(bwm_req_pool *p, int32_t id);
static inline bwm_mreq *bwm_req_at(bwm_req_pool *p, int32_t id) { return &p->v[id]; }
static inline bwm_req_life *bwm_req_life_of(bwm_req_pool *p, int32_t id) { return &p->life[id]; }
static inline bwm_req_walk *bwm_req_walk_of(bwm_req_pool *p, int32_t id) { return &p->walk[id]; }
static inline int32_t bwm_req_room(const bwm_req_pool *p) { return p->cap - p->used; }

/* Whether a request of kind k reads a line for someone: a load, a walk
 * request or an atomic (not a load MeDiC sent past the L2). */
static inline int bwm_mreq_is_read(int k) { return k == BWM_MREQ_LOAD || k == BWM_MREQ_WALK || k == BWM_MREQ_ATOMIC; }

/* Whether a request of kind k is answered with a write acknowledgement. */
static inline int bwm_mreq_is_store(int k) { return k == BWM_MREQ_STORE || k == BWM_MREQ_STORE_WRITE; }

/* A first-in first-out list of requests in use, linked through their pool
 * slots, so that it never fills and allocates nothing (a request is in at
 * most one list at a time). */
typedef struct bwm_req_list {
    int32_t head, tail; /* -1: empty */
} bwm_req_list;

static inline void bwm_req_list_init(bwm_req_list *l) { l->head = l->tail = -1; }
static inline int32_t bwm_req_list_peek(const bwm_req_list *l) { return l->head; }
void bwm_req_list_push(bwm_req_pool *p, bwm_req_list *l, int32_t id);
void bwm_req_list_pop(bwm_req_pool *p, bwm_req_list *l);

#endif
