/* opcodes.h — the SASS opcodes of one kernel, interned.
 *
 * An instruction keeps its opcode (with modifiers: "LDG.E.64") as a small
 * id into this table; the table holds each distinct text once, with what
 * the reader derives from it: the memory space its base opcode ("LDG")
 * reaches, and the access width in bytes that Accel-Sim reads from the
 * modifiers (a number, or U followed by one, in bits: .64 -> 8, .U16 -> 2;
 * 4 by default).  At most BWM_SASS_MAX_OPCODES distinct texts. */
#ifndef BWM_SASS_OPCODES_H
#define BWM_SASS_OPCODES_H

#include <stddef.h>
#include <stdint.h>

#include "util/status.h"

#define BWM_SASS_MAX_OPCODES 4096
#define BWM_SASS_OPCODE_MAX 64 /* bytes of one opcode's text */

/* Where a memory instruction goes, by its base opcode: global (LDG, STG,
 * LDGSTS), local (LDL, STL), shared (LDS, STS, LDSM), constant (LDC,
 * ULDC), texture and surface (TEX, TLD, TLD4, TMML, TXD, TXQ, SULD, SUST,
 * SUATOM, SURED, SUQUERY), atomic (ATOM, ATOMG, RED, ATOMS); generic LD
 * and ST are resolved by address (bwm_sass_generic_space); NONE for the
 * rest. */
typedef enum bwm_sass_space {
    BWM_SASS_NONE,
    BWM_SASS_GLOBAL,
    BWM_SASS_LOCAL,
    BWM_SASS_SHARED,
    BWM_SASS_CONSTANT,
    BWM_SASS_TEXTURE,
    BWM_SASS_ATOMIC,
    BWM_SASS_GENERIC,
    BWM_SASS_N_SPACES
} bwm_sass_space;

const char *bwm_sass_space_name(bwm_sass_space s);

typedef struct bwm_sass_opcode {
    char text[BWM_SASS_OPCODE_MAX];
    uint8_t base_len;    /* length of the base opcode (up to the first '.') */
    uint8_t width;       /* bytes per thread access, from the modifiers */
    uint8_t space;       /* bwm_sass_space of the base opcode */
    uint32_t hash;
} bwm_sass_opcode;

typedef struct bwm_sass_opcodes {
    bwm_sass_opcode *ops;
    size_t n, cap;
    uint16_t *slots;     /* open addressing: id + 1, 0 empty */
    size_t n_slots;
} bwm_sass_opcodes;

void bwm_sass_opcodes_init(bwm_sass_opcodes *t);
void bwm_sass_opcodes_free(bwm_sass_opcodes *t);
/* The id of the n-byte text s, added when new: >= 0, or -1 when the table
 * is full or out of memory (the caller says which line). */
int bwm_sass_opcode_id(bwm_sass_opcodes *t, const char *s, size_t n);

/* The space of a generic LD/ST at address a (its first active lane), as
 * Accel-Sim resolves it (trace_driven.cc, parse_from_trace_struct) from
 * the header's shared and local bases: shared when either base is 0, or
 * for shmem_base <= a < local_base (none when the shared base is the
 * higher, as in some traces); local for local_base <= a < local_base +
 * BWM_SASS_LOCAL_MEM_SIZE_MAX, computed as Accel-Sim computes it in 64
 * bits (a window that wraps past 2^64 holds nothing); global otherwise.
 * BWM_SASS_LOCAL_MEM_SIZE_MAX is GPGPU-Sim's LOCAL_MEM_SIZE_MAX
 * (abstract_hardware_model.h: "Volta max local mem is 16kB", 1 << 14):
 * a generic access past it from the local base is global there, even
 * if the kernel has more local memory per thread. */
#define BWM_SASS_LOCAL_MEM_SIZE_MAX ((uint64_t)1 << 14)
bwm_sass_space bwm_sass_generic_space(uint64_t a, uint64_t shmem_base, uint64_t local_base);

/* Whether one of the '.'-separated tokens of the n-byte opcode text s (the
 * base opcode included; empty tokens skipped) is exactly token, as
 * Accel-Sim's inst_trace_t::check_opcode_contain tests an opcode's tokens
 * (trace_parser.cc): "LDG.E.STRONG.GPU" holds "STRONG" and "GPU", not
 * "STRONG.GPU" nor "GP". */
int bwm_sass_opcode_has_token(const char *s, size_t n, const char *token);

#endif
