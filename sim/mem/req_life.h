/* req_life.h — where a load's time goes: the stages of an L1D miss's life,
 * from the load/store unit's first try at its line to the fill at its SM.
 *
 * Every stage a load can be in, in the order it passes them:
 *   inject       in its SM: the load/store unit tried the line and could not
 *                send it yet (the link to the crossbar, the request pool or
 *                the L1D's MSHRs refused it);
 *   req_xbar     the request crossbar, from the SM until its L2 slice takes it;
 *   l2_queue     the slice's input (ROP) queue: its ROP latency and the
 *                requests ahead of it, until its first try at the L2;
 *   l2_blocked   at the head of that queue, refused by the L2 for want of room
 *                (an MSHR, the miss queue, the L2->DRAM queue, the reply queue,
 *                the request pool);
 *   l2_mshr      a miss merged into another request's MSHR entry, until its
 *                reply leaves the filled line for the reply queue;
 *   dram_queue   a miss on its way to the controller: the L2's miss queue, the
 *                L2->DRAM queue, the wait for room in the memory controller's
 *                queue and the -dram_latency pipeline;
 *   mc_queue     the controller's queue, until the scheduler gives it its bank;
 *   dram         DRAM service: the bank's commands and the data burst;
 *   fill         the data back at the slice, waiting to fill the L2, then for
 *                its turn to leave the filled line for the reply queue;
 *   reply_queue  the slice's reply queue (an L2 hit comes here from l2_queue);
 *   reply_xbar   the reply crossbar and the cluster's response FIFO, until the
 *                line fills the SM's L1D.
 * A load passes the stages in this order, skipping some (an L2 hit goes from
 * l2_queue, or l2_blocked, to reply_queue), entering each at most once.  So
 * its record (bwm_req_life, kept by the request pool beside the request)
 * holds the time it entered each stage, in femtoseconds of global time —
 * every clock domain's moments on one scale — and a stage lasts until the
 * next one entered: a load's stages add up to its round trip exactly.  A
 * move only writes its stage's entry time, reading nothing, so it costs the
 * simulator no wait on the host's memory; the record is read once, when the
 * load is answered.  Only loads are timed: any other request's moves write
 * into a record nobody reads. */
#ifndef BWM_REQ_LIFE_H
#define BWM_REQ_LIFE_H

#include <stdint.h>

typedef enum bwm_stage {
    BWM_STAGE_INJECT,
    BWM_STAGE_REQ_XBAR,
    BWM_STAGE_L2_QUEUE,
    BWM_STAGE_L2_BLOCKED,
    BWM_STAGE_L2_MSHR,
    BWM_STAGE_DRAM_QUEUE,
    BWM_STAGE_MC_QUEUE,
    BWM_STAGE_DRAM,
    BWM_STAGE_FILL,
    BWM_STAGE_REPLY_QUEUE,
    BWM_STAGE_REPLY_XBAR,
    BWM_STAGE_COUNT
} bwm_stage;

/* The stages' names ("inject", ...), as output columns use them after "lat_". */
extern const char *const bwm_stage_names[BWM_STAGE_COUNT];

/* The output columns of a load's time per stage, in the stages' order: the
 * round trip, its stages, and the share of SM cycles stalled on memory
 * (sim/stats/app_stats.h), for tables that list their columns as literals. */
#define BWM_STAGE_COLUMNS                                                                                 \
    "mem_round_trip", "lat_inject", "lat_req_xbar", "lat_l2_queue", "lat_l2_blocked", "lat_l2_mshr",  \
        "lat_dram_queue", "lat_mc_queue", "lat_dram", "lat_fill", "lat_reply_queue", "lat_reply_xbar", \
        "mem_stall_frac"
#define BWM_STAGE_NCOLUMNS (BWM_STAGE_COUNT + 2)

typedef struct bwm_req_life {
    int64_t at[BWM_STAGE_COUNT]; /* when it entered each stage (-1: it did not) */
} bwm_req_life;

/* Starts timing a load: it entered `stage` at time at_fs, none other yet. */
static inline void bwm_life_start(bwm_req_life *l, bwm_stage stage, int64_t at_fs)
{
    for (int s = 0; s < BWM_STAGE_COUNT; s++)
        l->at[s] = -1;
    l->at[stage] = at_fs;
}

/* The request enters `stage` at time now_fs (a later stage than any it
 * entered, at no earlier time). */
static inline void bwm_life_enter(bwm_req_life *l, bwm_stage stage, int64_t now_fs)
{
    l->at[stage] = now_fs;
}

/* A load whose life ended at end_fs: the time it spent in each stage,
 * added to fs[]. */
void bwm_life_add(const bwm_req_life *l, int64_t end_fs, uint64_t fs[BWM_STAGE_COUNT]);

#endif
