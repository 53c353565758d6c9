/* addrmap_fuzz.c — libFuzzer harness: address mapping strings
 * (sim/dram/addrmap: -gpgpu_mem_addr_mapping and bwmpki's -bwm_addr_xor).
 *
 * The input's first line is a mask string ("dramid@8;0000...RRR.BBBCC..."),
 * the rest, if any, an XOR-hash string ("bk0=12^15;bk1=13^16").  Both are
 * parsed for several memory-system geometries (power-of-two channel counts
 * and not, one or more sub-partitions and bank groups), with each index
 * function; every map that parses must decode addresses inside its
 * geometry. */
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz_support.h"
#include "sim/dram/addrmap.h"

typedef struct geometry {
    int channels, sub_partitions, banks, bank_groups;
} geometry;

static const geometry geometries[] = {
    {1, 1, 1, 1}, {6, 1, 8, 4}, {6, 2, 16, 4}, {8, 2, 16, 4}, {4, 4, 4, 1}, {3, 1, 2, 2}, {12, 1, 16, 1},
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = bwm_fuzz_text(data, size);
    char *xor_spec = strchr(text, '\n');
    if (xor_spec)
        *xor_spec++ = '\0';
    for (size_t g = 0; g < sizeof geometries / sizeof geometries[0]; g++) {
        const geometry *q = &geometries[g];
        bwm_addrmap m;
        bwm_err err;
        if (bwm_addrmap_parse_mask(&m, text, q->channels, q->sub_partitions, q->banks, q->bank_groups, &err) !=
            BWM_OK)
            continue;
        bwm_fuzz_check_map(&m, data, size);
        if (xor_spec && bwm_addrmap_parse_xor(&m, xor_spec, &err) == BWM_OK)
            bwm_fuzz_check_map(&m, data, size);
        for (int idx = 0; idx < 8; idx++) {
            bwm_addrmap mi = m;
            if (bwm_addrmap_set_indexing(&mi, idx & 1, (idx >> 1) & 1, (idx >> 2) & 1, &err) == BWM_OK)
                bwm_fuzz_check_map(&mi, data, size);
        }
    }
    free(text);
    return 0;
}
