/* service.h — how long a bank will be busy with a request the policy has
 * just picked: the "bank service time" that ATLAS calls attained service and
 * TCM calls bandwidth usage.  Estimated at pick time from the DRAM timing of
 * the controller: a precharge (tRP) if another row is open, an activation
 * (tRCD) unless the row is open, and the request's bursts on the data bus
 * (the longest column-to-column distance or the burst time, whichever is
 * longer, per burst). */
#ifndef BWM_SCHED_SERVICE_H
#define BWM_SCHED_SERVICE_H

#include "sim/mc/mc.h"

/* DRAM cycles the bank of waiting request slot will spend on it. */
int64_t bwm_sched_service(const bwm_mc *mc, int32_t slot);

#endif
