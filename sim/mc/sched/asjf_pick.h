/* asjf_pick.h — the α-SJF bank scheduler shared by asjf and asjfw (paper
 * 004 Sec. III-IV; the rule itself is model/asjf.h).
 *
 * In one bank, each warp (req.sm, req.warp) with waiting requests is a queue
 * whose length is its number of requests in the bank's queue.  A pick:
 * 1. chooses the requests it considers: asjf (reads first) the reads if any
 *    wait, else the writes, each write a member of its own warp's queue;
 *    asjfw all of them, reads and writes alike;
 * 2. tolerance-aware core selection: among the SMs with such requests, the
 *    one with the fewest warps assigned (bwm_sched_params.warps_per_sm, read
 *    live), ties to the SM holding the oldest request;
 * 3. within it, H_s = shortest queue with a row hit, M_s = shortest without;
 *    M_s if |H_s| > k·|M_s| with k = bwm_asjf_k(alpha, m), alpha and m the
 *    policy's knobs (bwm_asjf_knobs), else H_s (equal
 *    lengths: the queue holding the older request); it serves H_s's oldest
 *    row hit, or M_s's oldest request.
 * Requests without an origin (sm or warp < 0, or sm >= n_sms) form one queue
 * per application, considered only when no attributed request is: step 3
 * among those queues.
 *
 * Per pick the work is a few walks of the bank's queue; nothing is
 * allocated.  The scratch table holds as many queues as the controller has
 * slots; enqueue regrows it when an unbounded controller has grown. */
#ifndef BWM_ASJF_PICK_H
#define BWM_ASJF_PICK_H

#include "sim/mc/mc.h"
#include "sim/mc/sched.h"
#include "sim/mc/sched_knobs.h"

/* The knobs of asjf and asjfw: alpha in (0, 1] (paper 004: 0.5) and m >= 1
 * (GDDR5: 3). */
#define BWM_ASJF_NKNOBS 2
extern const bwm_sched_knob bwm_asjf_knobs[BWM_ASJF_NKNOBS];

/* Init of ops (asjf or asjfw, whose knobs are bwm_asjf_knobs). */
int bwm_asjf_sched_init(const bwm_mc *mc, int writes_equal, const bwm_sched_ops *ops, void **state,
                        bwm_err *err);
void bwm_asjf_sched_enqueue(void *state, const bwm_mc *mc, int32_t slot);
int32_t bwm_asjf_sched_pick(void *state, const bwm_mc *mc, int bank);
void bwm_asjf_sched_free(void *state);

#endif
