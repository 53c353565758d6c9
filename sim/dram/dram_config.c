/* dram_config.c — figures derived from a bwm_dram_config (see dram_config.h). */
#include "sim/dram/dram_config.h"

double bwm_dram_peak_gbs(const bwm_dram_config *c)
{
    /* bytes per DRAM command cycle per channel, times command cycles per second */
    double bytes_per_cycle = (double)c->chips_per_channel * c->bus_width_bytes * c->data_command_ratio;
    return c->n_channels * bytes_per_cycle * c->dram_mhz * 1e6 / 1e9;
}

int bwm_dram_burst_bytes(const bwm_dram_config *c)
{
    return c->chips_per_channel * c->bus_width_bytes * c->burst_length;
}
