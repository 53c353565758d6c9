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
 *                (an MSHR, the miss queue, the reply queue, the request pool);
 *   l2_mshr      a miss merged into another request's MSHR entry, until that
 *                request's fill;
 *   dram_queue   a miss in the L2-to-DRAM queue: its -dram_latency and the wait
 *                for room in the memory controller's queue;
 *   mc_queue     the controller's queue, until the scheduler gives it its bank;
 *   dram         DRAM service: the bank's commands and the data burst;
 *   fill         the data back at the slice, waiting to fill the L2;
 *   reply_queue  the slice's reply queue (an L2 hit comes here from l2_queue);
 *   reply_xbar   the reply crossbar and the cluster's response FIFO, until the
 *                line fills the SM's L1D.
 * Each request has one record (bwm_req_life, kept by the request pool beside
 * the request) of the time it entered its present stage and the time it
 * spent in each earlier one, in femtoseconds of global time, so every
 * clock domain's moments are on one scale and a load's stages add up to its
 * round trip exactly.  Only loads are timed; the record of any other request
 * stays untimed and its moves are ignored. */
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
    BWM_STAGE_COUNT,
    BWM_STAGE_UNTIMED = 255 /* a request whose life is not accounted */
} bwm_stage;

/* The stages' names ("inject", ...), as output columns use them after "lat_". */
extern const char *const bwm_stage_names[BWM_STAGE_COUNT];

typedef struct bwm_req_life {
    int64_t since_fs;               /* when it entered its present stage */
    int32_t stage;                  /* bwm_stage */
    int64_t fs[BWM_STAGE_COUNT];    /* time spent in each stage it has left */
} bwm_req_life;

/* Starts timing a load that entered `stage` at time since_fs. */
static inline void bwm_life_start(bwm_req_life *l, bwm_stage stage, int64_t since_fs)
{
    l->since_fs = since_fs;
    l->stage = stage;
    for (int s = 0; s < BWM_STAGE_COUNT; s++)
        l->fs[s] = 0;
}

/* The request enters `stage` at time now_fs (never before the time it
 * entered its present one); an untimed request stays untimed. */
static inline void bwm_life_enter(bwm_req_life *l, bwm_stage stage, int64_t now_fs)
{
    if (l->stage == BWM_STAGE_UNTIMED)
        return;
    l->fs[l->stage] += now_fs - l->since_fs;
    l->since_fs = now_fs;
    l->stage = stage;
}

/* bwm_life_enter for a request that moves only when it is in stage `from`. */
static inline void bwm_life_move(bwm_req_life *l, bwm_stage from, bwm_stage to, int64_t now_fs)
{
    if (l->stage == (int32_t)from)
        bwm_life_enter(l, to, now_fs);
}

#endif
