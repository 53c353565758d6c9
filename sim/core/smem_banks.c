/* smem_banks.c — a warp's shared-memory bank conflicts (see smem_banks.h). */
#include "sim/core/smem_banks.h"

#define WORD_BYTES 4

/* The words a part asks for: word index, its bank, the lanes asking. */
typedef struct words {
    int n;
    uint64_t word[32];
    uint64_t bank[32];
    int lanes[32];
} words;

static void collect(words *w, const uint64_t *addr, int n_addr, int n_banks)
{
    w->n = 0;
    for (int i = 0; i < n_addr; i++) {
        uint64_t word = addr[i] / WORD_BYTES;
        int k = 0;
        while (k < w->n && w->word[k] != word)
            k++;
        if (k == w->n) {
            w->word[k] = word;
            w->bank[k] = word % (uint64_t)n_banks;
            w->lanes[k] = 0;
            w->n++;
        }
        w->lanes[k]++;
    }
}

/* The broadcast word under limited broadcast: the first word several lanes
 * ask for in order of bank, then word; -1 when none. */
static int broadcast(const words *w)
{
    int b = -1;
    for (int k = 0; k < w->n; k++)
        if (w->lanes[k] > 1 &&
            (b < 0 || w->bank[k] < w->bank[b] || (w->bank[k] == w->bank[b] && w->word[k] < w->word[b])))
            b = k;
    return b;
}

/* One part's cycles: the busiest bank's distinct words, or under limited
 * broadcast its lanes with the broadcast word's counted once. */
static int part_cycles(const words *w, int limited)
{
    int b = limited ? broadcast(w) : -1, most = 0;
    for (int k = 0; k < w->n; k++) {
        int load = 0;
        for (int j = 0; j < w->n; j++)
            if (w->bank[j] == w->bank[k])
                load += !limited ? 1 : j == b ? 1 : w->lanes[j];
        most = load > most ? load : most;
    }
    return most;
}

int bwm_smem_cycles_parts(uint32_t active_mask, const uint64_t *lane_addr, int width, int n_banks,
                          int limited_broadcast, int parts, int warp_size)
{
    if (width < 1 || n_banks < 1 || warp_size < 1 || warp_size > 32 || parts < 1 || parts > warp_size ||
        warp_size % parts != 0 || (warp_size < 32 && active_mask >> warp_size != 0))
        return -1;
    int per_part = warp_size / parts, cycles = 0, at = 0;
    for (int p = 0; p < parts; p++) {
        int lo = p * per_part;
        uint32_t in_part = (per_part >= 32 ? active_mask : active_mask >> lo & ((1u << per_part) - 1));
        int n = __builtin_popcount(in_part);
        words w;
        collect(&w, lane_addr + at, n, n_banks);
        cycles += part_cycles(&w, limited_broadcast);
        at += n;
    }
    return cycles;
}

int bwm_smem_cycles(uint32_t active_mask, const uint64_t *lane_addr, int width, int n_banks, int limited_broadcast)
{
    return bwm_smem_cycles_parts(active_mask, lane_addr, width, n_banks, limited_broadcast, 1, 32);
}
