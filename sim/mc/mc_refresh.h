/* mc_refresh.h — the memory controller's refresh (bwm_mc_refresh, embedded in
 * bwm_mc as refresh): every tREFI cycles the controller stops serving
 * requests, closes every bank (precharges) and issues REF to the channel.
 * The precharges it issues for that are counted apart (DRAM energy). */
#ifndef BWM_MC_REFRESH_H
#define BWM_MC_REFRESH_H

#include <stdint.h>

#include "sim/dram/channel.h"

typedef struct bwm_mc_refresh {
    int64_t next; /* the cycle the next refresh is due (BWM_DRAM_NEVER when refresh is off) */
    int due;      /* a refresh is due: requests wait until its REF */
    uint64_t pre; /* precharges issued to close banks for a refresh */
} bwm_mc_refresh;

/* No refresh yet; the first one after tREFI (none when it is 0). */
void bwm_mc_refresh_init(bwm_mc_refresh *r, const bwm_dram_spec *spec);

/* Marks the refresh due once its cycle has come; 1 when it became due at now. */
static inline int bwm_mc_refresh_arm(bwm_mc_refresh *r, int64_t now)
{
    if (now < r->next || r->due)
        return 0;
    r->due = 1;
    return 1;
}

/* What bwm_mc_refresh_step did, besides a bank it precharged (>= 0). */
enum { BWM_MC_REFRESH_WAIT = -1, BWM_MC_REFRESH_REF = -2 };

/* One step of a due refresh at now: a precharge of an open bank (returns
 * the bank), else REF once every bank is closed (BWM_MC_REFRESH_REF: the
 * refresh is done and the next one set).  BWM_MC_REFRESH_WAIT when no
 * command may issue at now; then *next is lowered to the earliest cycle
 * one could. */
int bwm_mc_refresh_step(bwm_mc_refresh *r, bwm_dram_channel *ch, int64_t now, int64_t *next);

#endif
