/* colors.h — page colours of an address map (paper 003, Sec. 4): a memory
 * module is a channel with its L2 slice; a colour is a set of modules that a
 * page, wherever its offset points, never leaves.
 *
 * The module index of an address a is linear over GF(2) when each channel
 * bit is the XOR of some address bits (the XOR form of -bwm_addr_xor, or a
 * mask whose channel bits are plain address bits): bit i = parity(a & row[i]).
 * A page of 2^p bytes fixes every combination of those bits that reads no
 * offset bit (below p); they form a space of dimension k, found by Gaussian
 * elimination on the rows' offset parts, and a frame's colour is the value
 * of a basis of it: 2^k colours.  GTX 1080's hash, whose three module bits
 * read offset bits 10 and 11 in two of them, leaves one: 2 colours on 4 KB
 * pages (paper 003: 2 on GTX 1080, 8 on V100, none on 64 KB or 2 MB pages).
 * A map whose module index is not linear (channels modulo 6), or whose
 * pages span every module (k = 0), has no colours. */
#ifndef BWM_VM_COLORS_H
#define BWM_VM_COLORS_H

#include <stdint.h>

#include "sim/dram/addrmap.h"
#include "util/status.h"

#define BWM_MAX_MODULE_BITS BWM_ADDRMAP_MAX_XOR_BITS

typedef struct bwm_colors {
    int module_bits;                     /* d: the module index's bits */
    int color_bits;                      /* k: 2^k colours */
    uint64_t func[BWM_MAX_MODULE_BITS];  /* colour bit j = parity(addr & func[j]); no offset bit set */
    uint32_t of_module[BWM_MAX_MODULE_BITS]; /* colour bit j = parity(module & of_module[j]) */
} bwm_colors;

/* The colours of d module bits (row[i]: the address bits module bit i is the
 * XOR of) on pages of 2^page_shift bytes.  BWM_EINPUT when the rows are not
 * independent (fewer than 2^d modules) or d is out of range; k may be 0. */
int bwm_colors_of_rows(const uint64_t *row, int d, int page_shift, bwm_colors *out, bwm_err *err);

/* The same for an address map's channels.  BWM_EINPUT, saying why, when its
 * channel index is not a linear function of the address (a non-power-of-two
 * channel count, a hashed partition indexing), or a page spans every module
 * (no colour). */
int bwm_colors_of_map(const bwm_addrmap *m, int page_shift, bwm_colors *out, bwm_err *err);

/* The same for the banks of a channel (TEMP's colours, paper 002 Sec. 2.2:
 * a page stays in one set of banks of every channel when the bank bits it
 * fixes lie above its offset): "module" here is the bank index.  BWM_EINPUT,
 * saying why, when the bank index is hashed with the row, the channel is
 * taken modulo a non-power of two, or a page spans every bank. */
int bwm_colors_of_banks(const bwm_addrmap *m, int page_shift, bwm_colors *out, bwm_err *err);

static inline unsigned bwm_parity64(uint64_t x)
{
    return (unsigned)__builtin_parityll(x);
}

/* The colour of the page holding addr, 0 .. 2^k - 1. */
static inline unsigned bwm_color_of_addr(const bwm_colors *c, uint64_t addr)
{
    unsigned color = 0;
    for (int j = 0; j < c->color_bits; j++)
        color |= bwm_parity64(addr & c->func[j]) << j;
    return color;
}

/* The colour of module index `module` (every address it holds has it). */
static inline unsigned bwm_color_of_module(const bwm_colors *c, unsigned module)
{
    unsigned color = 0;
    for (int j = 0; j < c->color_bits; j++)
        color |= bwm_parity64(module & c->of_module[j]) << j;
    return color;
}

#endif
