/* cache_config.h — a cache's geometry and policies, parsed from GPGPU-Sim's
 * cache option string.
 *
 * The string is GPGPU-Sim's (-gpgpu_cache:dl1, -gpgpu_cache:dl2, ...):
 *
 *     [kind:]sets:line:ways,repl:write:alloc:write_alloc[:set_index],
 *     mshr_type:mshr_entries:max_merge,miss_queue[:result_fifo][,data_port]
 *
 * e.g. "N:32:128:4,L:L:m:N:H,A:32:8,8" (Fermi L1D) or
 * "S:32:128:16,L:B:m:W:L,A:256:64,16:0,32" (an L2 slice).  The kind letter
 * and the set-index letter may be left out, as in GPGPU-Sim 3.x strings
 * (kind N, linear indexing).  The parser accepts every letter GPGPU-Sim
 * defines, so any stock string parses; bwm_cache_init (cache.h) says which of
 * them the model does not implement.  The enum values are the letters. */
#ifndef BWM_CACHE_CONFIG_H
#define BWM_CACHE_CONFIG_H

#include "util/status.h"

typedef enum bwm_cache_kind {
    BWM_CACHE_NORMAL = 'N',
    BWM_CACHE_SECTOR = 'S' /* four 32-byte sectors per 128-byte line */
} bwm_cache_kind;

typedef enum bwm_cache_repl {
    BWM_REPL_LRU = 'L',
    BWM_REPL_FIFO = 'F'
} bwm_cache_repl;

typedef enum bwm_cache_write {
    BWM_WRITE_READ_ONLY = 'R',
    BWM_WRITE_BACK = 'B',
    BWM_WRITE_THROUGH = 'T',
    BWM_WRITE_EVICT = 'E',
    BWM_WRITE_LOCAL_WB_GLOBAL_WT = 'L' /* global stores: write-evict */
} bwm_cache_write;

typedef enum bwm_cache_alloc {
    BWM_ALLOC_ON_MISS = 'm',
    BWM_ALLOC_ON_FILL = 'f',
    BWM_ALLOC_STREAMING = 's'
} bwm_cache_alloc;

typedef enum bwm_cache_write_alloc {
    BWM_WALLOC_NONE = 'N',
    BWM_WALLOC_WRITE = 'W',
    BWM_WALLOC_FETCH = 'F',
    BWM_WALLOC_LAZY = 'L'
} bwm_cache_write_alloc;

typedef enum bwm_cache_set_index {
    BWM_SET_INDEX_FERMI_HASH = 'H',
    BWM_SET_INDEX_LINEAR = 'L',
    BWM_SET_INDEX_IPOLY = 'P',
    BWM_SET_INDEX_BITWISE_XOR = 'X',
    BWM_SET_INDEX_CUSTOM = 'C' /* GPGPU-Sim implements none: refused */
} bwm_cache_set_index;

typedef enum bwm_cache_mshr_kind {
    BWM_MSHR_ASSOC = 'A',
    BWM_MSHR_SECTOR_ASSOC = 'S',
    BWM_MSHR_TEX_FIFO = 'F',
    BWM_MSHR_SECTOR_TEX_FIFO = 'T'
} bwm_cache_mshr_kind;

typedef struct bwm_cache_config {
    bwm_cache_kind kind;
    int sets, line_bytes, ways;
    bwm_cache_repl repl;
    bwm_cache_write write;
    bwm_cache_alloc alloc;
    bwm_cache_write_alloc write_alloc;
    bwm_cache_set_index set_index;
    bwm_cache_mshr_kind mshr_kind;
    int mshr_entries, mshr_max_merge;
    int miss_queue;      /* entries of the queue to the next level */
    int result_fifo;     /* 0 when absent */
    int data_port_width; /* bytes; 0 when absent */
    int streaming_on_miss; /* not in the string: a streaming ('s') L1 that has the whole
                              unified memory allocates on miss (GPGPU-Sim's adaptive L1) */
    int write_ratio;     /* not in the string: -gpgpu_l1_cache_write_ratio, 0..100 (tags.h) */
} bwm_cache_config;

/* Parses a GPGPU-Sim cache string into cfg.  On bad input returns BWM_EINPUT
 * with a message naming the field at fault and what it expected. */
int bwm_cache_config_parse(bwm_cache_config *cfg, const char *s, bwm_err *err);

/* Capacity in bytes: sets × ways × line. */
long bwm_cache_config_bytes(const bwm_cache_config *cfg);

#endif
