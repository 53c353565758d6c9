/* memsys_config.h — the memory system's configuration from GPGPU-Sim options.
 *
 * Takes from a bwm_optset the options the DRAM and memory-controller model
 * honours and turns them into a checked bwm_dram_config.  Options absent from
 * the file take GPGPU-Sim's defaults.  The rest of the set is left for other
 * parts of the simulator; what nobody takes is listed as ignored.
 *
 * Honoured: -gpgpu_n_mem, -gpgpu_n_sub_partition_per_mchannel,
 * -gpgpu_n_mem_per_ctrlr, -gpgpu_dram_buswidth, -gpgpu_dram_burst_length,
 * -dram_data_command_freq_ratio, -gpgpu_dram_timing_opt,
 * -gpgpu_mem_addr_mapping, -gpgpu_mem_address_mask (GPGPU-Sim's preset
 * mappings: any value with a mapping string, which replaces the preset;
 * without one the preset, see memsys_config.c), -gpgpu_memory_partition_indexing (or its older
 * name -memory_partition_indexing), -gpgpu_frfcfs_dram_sched_queue_size,
 * -gpgpu_dram_scheduler, -gpgpu_clock_domains, -dram_bnk_indexing_policy,
 * -dram_bnkgrp_indexing_policy, -dram_dual_bus_interface (HBM: ACT/PRE and
 * RD/WR on two command buses), -dram_seperate_write_queue_enable with
 * -dram_write_queue_size SIZE:HIGH:LOW (writes wait in their own queue of
 * SIZE and are served only while draining: from HIGH waiting writes until
 * fewer than LOW wait, or when no read waits), their 3.x spellings
 * (-dual_bus_interface, -Seperate_Write_Queue_Enable, -Write_Queue_Size),
 * and bwmpki's own -bwm_addr_xor (the XOR-hash address mapping, see
 * sim/dram/addrmap.h) and -bwm_dram_idd0, -bwm_dram_idd2p, -bwm_dram_idd2n,
 * -bwm_dram_idd3p, -bwm_dram_idd3n, -bwm_dram_idd4r, -bwm_dram_idd4w,
 * -bwm_dram_idd5 (mA) and -bwm_dram_vdd (V): one device's datasheet
 * currents and voltage for DRAM energy (sim/dram/energy.h), all or none,
 * each > 0, IDD0, IDD4R, IDD4W, IDD5 not below the standby currents.
 *
 * tRTW, when the timing string does not give RTW, is GPGPU-Sim's
 * CL + BL/data_command_freq_ratio + 2 - WL (read data out, bus turnaround of
 * two cycles, minus the write latency that overlaps it). */
#ifndef BWM_MEMSYS_CONFIG_H
#define BWM_MEMSYS_CONFIG_H

#include "sim/config/optset.h"
#include "sim/dram/dram_config.h"
#include "util/status.h"

/* GPGPU-Sim's mapping when -gpgpu_mem_addr_mapping is absent (its
 * -gpgpu_mem_address_mask 0 preset: 4 banks, channel at bit 10). */
#define BWM_DEFAULT_ADDR_MAPPING \
    "dramid@10;00000000.00000000.00000000.00000000.00000RRR.RRRRRRRR.RRRCCCBB.CCCCSSSS"
#define BWM_DEFAULT_DRAM_TIMING "4:2:8:12:21:13:34:9:4:5:13:1:0:0"
#define BWM_DEFAULT_CLOCK_DOMAINS "500.0:2000.0:2000.0:2000.0"

/* Fills cfg from the memory-system options of s, marking them used.
 * Bad values fail with "FILE:LINE: option -NAME: ..." and BWM_EINPUT; so
 * does a configuration whose controllers would take more than
 * -bwm_memory_limit_mb (default 2048 MiB, sim/mem/footprint.h;
 * bwm_memsys_footprint_check in config_limits.h). */
int bwm_dram_config_from_opts(bwm_optset *s, bwm_dram_config *cfg, bwm_err *err);

/* Loads the option file at path into cfg.  ign (may be NULL) receives the
 * options the simulator does not model; free it with bwm_optlist_free. */
int bwm_memsys_config_load(const char *path, bwm_dram_config *cfg, bwm_optlist *ign,
                           bwm_err *err);

/* The same with overrides: text in option-file syntax (e.g. "-gpgpu_n_mem 8
 * -gpgpu_dram_scheduler 0") applied after the file; origin names it in
 * messages.  overrides may be NULL. */
int bwm_memsys_config_load_with(const char *path, const char *overrides, const char *origin,
                                bwm_dram_config *cfg, bwm_optlist *ign, bwm_err *err);

/* The same for n option files read in order, a later file's options
 * replacing an earlier one's (optset_load.h). */
int bwm_memsys_config_load_files(const char *const *paths, size_t n, const char *overrides, const char *origin,
                                 bwm_dram_config *cfg, bwm_optlist *ign, bwm_err *err);

#endif
