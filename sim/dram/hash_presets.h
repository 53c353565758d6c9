/* hash_presets.h — the reverse-engineered address hashes of real GPUs
 * (paper 003, Fig. 6), as presets of the XOR address map
 * (-bwm_addr_hash gtx1080|v100).
 *
 * Each preset lists, as XOR rows of physical-address bits, the GPU's memory
 * module index, its DRAM bank index and its L2 set index, as measured on the
 * whole GPU.  The simulator's module is a channel with its L2 slices, so:
 *   - the channel bits are the module rows (the configuration must have
 *     2^rows channels);
 *   - a channel's bank bits are bank rows that, with the module rows, stay
 *     independent over GF(2), taken in the listed order until the
 *     configuration's banks per channel are indexed (GTX 1080: the bank
 *     index's first three rows are the module's, the next four index 16
 *     banks in each of 8 modules); the lowest of them also picks the
 *     sub-partition, as in every XOR map;
 *   - a slice's set bits are likewise the set rows independent of the
 *     module rows and the sub-partition bit(s) (GTX 1080: seven rows, 128
 *     sets in each slice: 1024 sets in all).
 * A configuration that needs more bits than the preset gives is refused,
 * saying how many there are. */
#ifndef BWM_HASH_PRESETS_H
#define BWM_HASH_PRESETS_H

#include <stdint.h>

#include "sim/dram/addrmap.h"
#include "util/status.h"

typedef struct bwm_hash_preset {
    const char *name;   /* gtx1080, v100 */
    const char *gpu;    /* what it was measured on */
    const char *module; /* rows "a^b^c;d^e;..." */
    const char *bank;
    const char *set;    /* NULL: no set hash whose geometry is known */
} bwm_hash_preset;

/* The preset called name, or NULL. */
const bwm_hash_preset *bwm_hash_preset_find(const char *name);

/* "gtx1080, v100": the names, for messages. */
const char *bwm_hash_preset_names(void);

/* Gives map (already holding the mask form and its geometry) the preset's
 * channel and bank bits.  BWM_EINPUT, saying why, when the channel count is
 * not 2^(module rows) or the banks per channel need more bits than the
 * preset gives. */
int bwm_hash_preset_apply(const bwm_hash_preset *p, bwm_addrmap *map, bwm_err *err);

/* Gives map the preset's L2 set rows for slices of 2^sets_log2 sets (after
 * bwm_hash_preset_apply).  BWM_EINPUT when the preset has no set hash or too
 * few independent rows. */
int bwm_hash_preset_set_rows(const bwm_hash_preset *p, bwm_addrmap *map, int sets_log2, bwm_err *err);

#endif
