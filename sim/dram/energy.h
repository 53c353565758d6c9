/* energy.h — DRAM energy from command counts and the time a channel spends
 * with a bank open, by Micron's power-calculation method (TN-41-01) split
 * into the parts DRAMPower reports.
 *
 * Per device, with VDD and the IDD currents of bwm_dram_power, and tRAS,
 * tRP, tRFC and the burst (BL / data-command ratio) in DRAM command cycles
 * of tCK = 1 / dram_mhz:
 *   ACT     (IDD0 − IDD3N) × tRAS × VDD   per activate
 *   PRE     (IDD0 − IDD2N) × tRP  × VDD   per precharge
 *           (together Micron's ACT-PRE pair, IDD0 × tRC − IDD3N × tRAS −
 *           IDD2N × tRP with tRC = tRAS + tRP)
 *   RD      (IDD4R − IDD3N) × burst × VDD per column read
 *   WR      (IDD4W − IDD3N) × burst × VDD per column write
 *   REF     (IDD5 − IDD3N) × tRFC × VDD   per refresh; its tRFC counts as
 *           active standby, so that a refresh draws IDD5 in all
 *   BG_ACT  IDD3N × VDD over the time with a bank open (or refreshing)
 *   BG_PRE  IDD2N × VDD over the time with every bank closed
 * A channel's energy is that of its chips_per_channel devices.  Power-down
 * and I/O (termination, drivers) are not modelled.  Energies are in nJ.
 *
 * An application's share of a channel: the energy of the ACT, PRE, RD and
 * WR commands its requests caused, plus the channel's refresh, background
 * and refresh-caused precharges in proportion to its share of the
 * channel's column commands (nothing when the channel issued none).
 *
 * Pure arithmetic on counters: the simulator only counts (channel.h,
 * mc.h).  Owns nothing. */
#ifndef BWM_DRAM_ENERGY_H
#define BWM_DRAM_ENERGY_H

#include <stdint.h>

#include "sim/dram/dram_config.h"
#include "sim/dram/timing.h"
#include "util/status.h"

/* The defaults: SK Hynix H5GQ1H24AFR (1 Gb x32 GDDR5), the part whose
 * timings memsys15.config and GPGPU-Sim's GTX 480 configuration take;
 * its IDD figures as DRAMsim3's GDDR5_1Gb_x32 configuration lists them
 * (VDD 1.5 V). */
#define BWM_DRAM_POWER_DEFAULTS {490, 210, 250, 310, 450, 1080, 1160, 450, 1.5}

/* The plausible range of a GDDR or HBM device (bwm_dram_power_check):
 * VDD in 0.5..3 V, each IDD current above 0 and at most 10000 mA. */
#define BWM_DRAM_VDD_MIN 0.5
#define BWM_DRAM_VDD_MAX 3.0
#define BWM_DRAM_IDD_MAX 10000.0

typedef enum bwm_energy_part {
    BWM_E_ACT,
    BWM_E_PRE,
    BWM_E_RD,
    BWM_E_WR,
    BWM_E_REF,
    BWM_E_BG_ACT,
    BWM_E_BG_PRE,
    BWM_E_COUNT
} bwm_energy_part;

/* What the energy of an interval is computed from: a channel's, or (cycles
 * and open_cycles 0, no REF) one application's on a channel. */
typedef struct bwm_energy_counts {
    uint64_t cmds[BWM_CMD_COUNT]; /* commands issued */
    uint64_t ref_pre;             /* of the precharges, those a refresh issued */
    int64_t cycles;               /* DRAM cycles elapsed */
    int64_t open_cycles;          /* of them, cycles with at least one bank open */
} bwm_energy_counts;

typedef struct bwm_energy {
    double part[BWM_E_COUNT]; /* nJ */
    uint64_t accesses;        /* column commands (RD + WR) the energy covers */
    double seconds;           /* the interval */
} bwm_energy;

/* A configuration's energies per command and per cycle, for a channel. */
typedef struct bwm_energy_model {
    double cmd[BWM_CMD_COUNT]; /* nJ per command (REF: above active standby) */
    double bg_act, bg_pre;     /* nJ per cycle */
    int64_t rfc;               /* cycles of active standby a refresh adds */
    double cycle_s;            /* seconds per DRAM cycle */
} bwm_energy_model;

/* Checks currents and voltage: every one finite, > 0 and in a GDDR or HBM
 * device's plausible range (BWM_DRAM_IDD_MAX, BWM_DRAM_VDD_MIN..MAX), and IDD0, IDD4R,
 * IDD4W and IDD5 not below the standby current they are counted above
 * (IDD3N; IDD0 also IDD2N).  BWM_EINPUT names the field at fault, and *at
 * receives its place in bwm_dram_power (0 idd0 .. 8 vdd). */
#define BWM_DRAM_POWER_FIELDS 9
int bwm_dram_power_check(const bwm_dram_power *p, int *at, bwm_err *err);

void bwm_energy_model_make(bwm_energy_model *m, const bwm_dram_config *c);

/* A channel's energy over an interval with counts c. */
void bwm_energy_of(const bwm_energy_model *m, const bwm_energy_counts *c, bwm_energy *e);

/* An application's share of a channel's interval: ch its channel's counts,
 * app its own (see above). */
void bwm_energy_share(const bwm_energy_model *m, const bwm_energy_counts *ch, const bwm_energy_counts *app,
                      bwm_energy *e);

/* out = to − from, field by field. */
void bwm_energy_counts_diff(const bwm_energy_counts *to, const bwm_energy_counts *from, bwm_energy_counts *out);

/* Adds one energy into another; the interval is the longer one. */
void bwm_energy_add(bwm_energy *into, const bwm_energy *from);

/* The sum of the parts, nJ. */
double bwm_energy_total(const bwm_energy *e);
/* Total energy per column command, nJ (NaN without one: no figure). */
double bwm_energy_per_access(const bwm_energy *e);
/* Mean power over the interval, W (NaN for an empty interval). */
double bwm_energy_power(const bwm_energy *e);

#endif
