/* mc_req.h — a request in the memory controller: what a caller offers
 * (bwm_mc_req), its entry in the controller's pool (bwm_mc_entry) and the
 * queue of one bank (bwm_mc_bank).  Types only: the pool and the bank
 * queues are kept by mc_queue.c, and read by the schedulers through mc.h. */
#ifndef BWM_MC_REQ_H
#define BWM_MC_REQ_H

#include <stdint.h>

#include "sim/dram/addrmap.h"

/* Per bank, waiting requests are counted by row modulo this (a power of
 * two), so opening a row with none of its bucket waiting needs no walk of
 * the queue to count the row's hits. */
#define BWM_MC_ROW_BUCKETS 256

/* The fields a command reads (da, is_write) come first. */
typedef struct bwm_mc_req {
    uint64_t addr;      /* physical address */
    bwm_dram_addr da;   /* decoded: the controller uses da.bank and da.row */
    uint8_t is_write;
    uint32_t bytes;     /* bytes to move (>= 1) */
    int32_t app;        /* application 0..n_apps-1 */
    int32_t sm, warp;   /* origin; -1 when unknown */
    uint64_t tag;       /* the caller's, handed back on completion */
    int64_t arrival;    /* DRAM cycle the request entered the controller (set by enqueue) */
    int64_t served;     /* DRAM cycle its bank took it from the queue to serve it (set then) */
    uint8_t walk_level; /* a page walk's read of level 1 (the root) .. (sim/tlb/mmu.h); 0: data */
} bwm_mc_req;

typedef enum bwm_row_outcome { BWM_ROW_HIT, BWM_ROW_MISS, BWM_ROW_CONFLICT } bwm_row_outcome;

/* A request in the controller.  Schedulers read these; only the controller
 * writes.  What a command reads and writes sits in the first 64 bytes (the
 * entry's own fields, then the request's address fields), and entries
 * start on host cache lines, so a command touches one line of its request. */
typedef struct bwm_mc_entry {
    _Alignas(64) uint64_t seq; /* arrival order within this controller */
    int32_t prev, next; /* neighbours in the bank queue (slot indices; -1 ends) */
    uint16_t bursts_left;
    uint8_t started;    /* a command has been issued for it */
    uint8_t outcome;    /* bwm_row_outcome, fixed by its first command */
    uint8_t n_act, n_pre; /* activates and precharges issued for it (DRAM energy) */
    bwm_mc_req req;
} bwm_mc_entry;

typedef struct bwm_mc_bank {
    int32_t head, tail; /* waiting requests, oldest first (-1: none) */
    int32_t n_queued;
    int32_t n_hits;     /* waiting requests for the bank's open row */
    int32_t cur;        /* request in service, -1 if none */
} bwm_mc_bank;

/* Column commands (bursts) that move bytes, burst_bytes a command. */
static inline uint32_t bwm_mc_bursts_for(uint32_t bytes, int burst_bytes)
{
    return (bytes + (uint32_t)burst_bytes - 1) / (uint32_t)burst_bytes;
}

#endif
