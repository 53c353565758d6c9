/* dram_config.h — the memory system's configuration as the simulator uses it.
 *
 * Filled from GPGPU-Sim options by sim/config (bwm_memsys_config_load) or
 * built directly by tests.  Units are DRAM command-clock cycles unless a name
 * says otherwise.  This struct owns nothing on the heap. */
#ifndef BWM_DRAM_CONFIG_H
#define BWM_DRAM_CONFIG_H

#include "sim/dram/addrmap.h"

/* The GDDR5 timing set of -gpgpu_dram_timing_opt, in DRAM cycles. */
typedef struct bwm_dram_timing {
    int CCD;   /* column to column, different bank groups */
    int CCDL;  /* column to column, same bank group */
    int RRD;   /* activate to activate, different banks */
    int RCD;   /* activate to column */
    int RAS;   /* activate to precharge */
    int RP;    /* precharge to activate */
    int RC;    /* activate to activate, same bank */
    int CL;    /* read column to first data */
    int WL;    /* write column to first data */
    int CDLR;  /* last write data to read column (write-to-read) */
    int WR;    /* last write data to precharge (write recovery) */
    int RTPL;  /* read column to precharge */
    int RTW;   /* read column to write column turnaround (derived when not given) */
    int REFI;  /* refresh interval; 0 = refresh off (the default) */
    int RFC;   /* refresh cycle time */
} bwm_dram_timing;

/* The currents and voltage of one DRAM device (-bwm_dram_idd*, -bwm_dram_vdd),
 * the datasheet's IDD figures that DRAM energy is computed from
 * (sim/dram/energy.h).  Currents in mA, the voltage in V. */
typedef struct bwm_dram_power {
    double idd0;  /* one bank activating and precharging, tRC apart */
    double idd2p; /* precharge power-down (not modelled: taken, checked, shown) */
    double idd2n; /* precharge standby: every bank closed */
    double idd3p; /* active power-down (not modelled: taken, checked, shown) */
    double idd3n; /* active standby: a bank open */
    double idd4r; /* burst read */
    double idd4w; /* burst write */
    double idd5;  /* refresh, during tRFC */
    double vdd;
} bwm_dram_power;

/* Clock frequencies accepted, in MHz (-gpgpu_clock_domains): at least 1 MHz,
 * so that a clock period in femtoseconds fits an int64_t many times over. */
#define BWM_CLOCK_MHZ_MIN 1.0
#define BWM_CLOCK_MHZ_MAX 1e6

typedef struct bwm_dram_config {
    int n_channels;                 /* -gpgpu_n_mem */
    double memory_limit_bytes;      /* the most the simulator's structures may take:
                                       -bwm_memory_limit_mb (sim/mem/footprint.h) */
    int n_sub_partitions;           /* per channel: -gpgpu_n_sub_partition_per_mchannel */
    int chips_per_channel;          /* -gpgpu_n_mem_per_ctrlr */
    int bus_width_bytes;            /* per chip: -gpgpu_dram_buswidth */
    int burst_length;               /* -gpgpu_dram_burst_length */
    int data_command_ratio;         /* -dram_data_command_freq_ratio */
    int n_banks;                    /* nbk of -gpgpu_dram_timing_opt */
    int n_bank_groups;              /* nbkgrp */
    bwm_dram_timing t;
    double core_mhz, icnt_mhz, l2_mhz, dram_mhz; /* -gpgpu_clock_domains */
    int queue_size;                 /* -gpgpu_frfcfs_dram_sched_queue_size; 0 = unbounded */
    int scheduler;                  /* -gpgpu_dram_scheduler: 0 FIFO (fcfs), 1 FR-FCFS */
    int partition_indexing;         /* -gpgpu_memory_partition_indexing */
    int bank_indexing;              /* -dram_bnk_indexing_policy */
    int bankgroup_indexing;         /* -dram_bnkgrp_indexing_policy */
    bwm_addrmap map;                /* -gpgpu_mem_addr_mapping */
    int dual_bus;                   /* -dram_dual_bus_interface: HBM's row and column command buses */
    int write_queue;                /* -dram_seperate_write_queue_enable: writes wait apart and drain in bursts */
    int write_queue_size;           /* -dram_write_queue_size SIZE:HIGH:LOW, in requests */
    int write_high, write_low;      /* drain from HIGH waiting writes down to below LOW */
    bwm_dram_power power;           /* per device (chips_per_channel devices a channel) */
} bwm_dram_config;

/* Peak data bandwidth in GB/s: channels × chips × bus width × DRAM clock ×
 * data-to-command ratio. */
double bwm_dram_peak_gbs(const bwm_dram_config *c);

/* Bytes one burst moves on a channel: chips × bus width × burst length. */
int bwm_dram_burst_bytes(const bwm_dram_config *c);

#endif
