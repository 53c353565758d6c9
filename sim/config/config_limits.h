/* config_limits.h — the checks that a configuration read from options can
 * be built: what the model's caches and crossbars accept, and the memory
 * limit (-bwm_memory_limit_mb, default 2048 MiB, sim/mem/footprint.h) that
 * the controllers, the L2 slices, the SMs' L1Ds and the crossbars keep
 * together, so that a configuration asking for more is refused when it
 * loads, naming its options, instead of failing while it is built.
 *
 * The readers (memsys_config.c, gpu_read_caches.c, gpu_read_icnt.c) call
 * each where it applies, before what it guards is built; a fault made by
 * several options is reported at the one given last (the defaults stay far
 * below the limit).  This sits above the memory system whose sizes it adds
 * up (sim/mem/footprint), which sits above bwm_gpu_config (gpu_config.h). */
#ifndef BWM_CONFIG_LIMITS_H
#define BWM_CONFIG_LIMITS_H

#include "sim/cache/cache_config.h"
#include "sim/config/gpu_config.h"
#include "sim/config/optset.h"
#include "sim/dram/dram_config.h"
#include "util/status.h"

/* Whether a cache of this configuration can be built (policies, geometry,
 * set index): the checks bwm_cache_init makes, its message in err. */
int bwm_limit_cache_buildable(const bwm_cache_config *c, bwm_err *err);

/* The same for the cache of option name, which the model must implement;
 * the fault at the option. */
int bwm_limit_cache_built(const bwm_optset *s, const char *name, const bwm_cache_config *c, bwm_err *err);

/* A crossbar buffer (option name, have flits) must hold the largest packet
 * (BWM_ICNT_MAX_PACKET_BYTES).  When the buffer option is absent its
 * default is too small for the flit size given, so the flit size is
 * reported. */
int bwm_limit_packet_fits(const bwm_optset *s, const char *name, int have, const bwm_gpu_config *c, bwm_err *err);

/* Fails with BWM_EINPUT when the memory controllers of c (its channels,
 * queues and banks) would take more than its limit; the message
 * names the options that set their size, the queue's as queue_name (the
 * option that gave c->queue_size). */
int bwm_memsys_footprint_check(const bwm_dram_config *c, const char *queue_name, bwm_err *err);

/* bwm_memsys_footprint_check for a configuration read from s, reported at
 * the option involved that was given last. */
int bwm_limit_memsys(bwm_optset *s, const bwm_dram_config *c, bwm_err *err);

/* The whole memory system, the SMs' L1Ds and the L2 slices with the
 * controllers, takes at most the limit; checked before a slice is built. */
int bwm_limit_gpu_memory(bwm_optset *s, const bwm_gpu_config *c, bwm_err *err);

/* The two crossbars (clusters to sub-partitions and back, buffers of
 * -icnt_in_buffer_limit and -icnt_out_buffer_limit flits per port) with
 * the memory system take at most the limit. */
int bwm_limit_crossbars(bwm_optset *s, const bwm_gpu_config *c, bwm_err *err);

/* The translation hardware (each SM's L1 TLB, the L2 TLB or page-walk
 * cache, the MMU's queues for every warp the SMs can hold; none under
 * -bwm_mmu ideal) with the memory system and crossbars takes at most the
 * limit; checked once -bwm_mmu and the TLBs are read. */
int bwm_limit_tlbs(bwm_optset *s, const bwm_gpu_config *c, bwm_err *err);

#endif
