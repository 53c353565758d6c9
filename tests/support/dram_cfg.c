/* dram_cfg.c — the hand-derivation test configuration (see dram_cfg.h). */
#include "tests/support/dram_cfg.h"

#include <string.h>

#include "sim/dram/energy.h"

void bwm_test_dram_config(bwm_dram_config *c)
{
    memset(c, 0, sizeof *c);
    c->n_channels = 1;
    c->n_sub_partitions = 1;
    c->chips_per_channel = 1;
    c->bus_width_bytes = 4;
    c->burst_length = 8;
    c->data_command_ratio = 4;
    c->n_banks = 8;
    c->n_bank_groups = 4;
    c->t = (bwm_dram_timing){.CCD = 2, .CCDL = 3, .RRD = 6, .RCD = 12, .RAS = 28, .RP = 12,
                             .RC = 40, .CL = 12, .WL = 4, .CDLR = 5, .WR = 12, .RTPL = 2};
    c->core_mhz = c->icnt_mhz = c->l2_mhz = 1400;
    c->dram_mhz = 924;
    c->queue_size = 16;
    c->scheduler = 1;
    c->power = (bwm_dram_power)BWM_DRAM_POWER_DEFAULTS;
}
