/* energy_snap.h — DRAM energy of a memory system between two moments: a
 * snapshot holds each channel's counters (commands, refresh precharges,
 * cycles with a bank open) and each application's commands on each
 * channel at one DRAM cycle, and two snapshots give the energy per channel
 * and per application of the interval (sim/dram/energy.h).  An
 * application's commands on a channel are those of its requests, counted
 * with each request (mc_stats.h) and read here (bwm_mc_app_cmds).
 *
 * A snapshot owns its arrays (free with bwm_energy_snap_free); taking one
 * reads counters and changes nothing in the simulation. */
#ifndef BWM_ENERGY_SNAP_H
#define BWM_ENERGY_SNAP_H

#include <stdint.h>

#include "sim/dram/energy.h"
#include "sim/mc/memsys.h"
#include "util/status.h"

typedef struct bwm_energy_snap {
    int n_channels, n_apps;
    bwm_energy_counts *ch;  /* [n_channels] */
    bwm_energy_counts *app; /* [channel * n_apps + app] */
} bwm_energy_snap;

/* The ACT, PRE, RD and WR commands issued so far for application app's
 * requests: those served and those in service or in flight (DRAM energy;
 * counted per request, so that a command touches nothing but its request
 * and the channel). */
void bwm_mc_app_cmds(const bwm_mc *mc, int app, uint64_t out[BWM_CMD_REF]);

/* Takes ms's counters at DRAM cycle now (not before the last tick) into s,
 * allocating its arrays (s must be zeroed or a snapshot of the same memory
 * system, whose arrays are reused). */
int bwm_energy_snap_take(const bwm_memsys *ms, int64_t now, bwm_energy_snap *s, bwm_err *err);
void bwm_energy_snap_free(bwm_energy_snap *s);

/* The energy from from (NULL: cycle 0) to to: per channel into
 * per_channel[n_channels] and per application into per_app[n_apps] (each
 * may be NULL). */
void bwm_energy_between(const bwm_memsys *ms, const bwm_energy_snap *from, const bwm_energy_snap *to,
                        bwm_energy *per_channel, bwm_energy *per_app);

#endif
