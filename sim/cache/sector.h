/* sector.h — sector masks: which 32-byte sectors of a 128-byte line a
 * request needs, holds or moves.
 *
 * GPGPU-Sim's sector caches split a 128-byte line into 4 sectors of 32
 * bytes, each with its own valid and dirty state, and move one sector per
 * sector miss.  A mask has bit s set for sector s (bytes 32 s .. 32 s + 31
 * of the line); BWM_SECTORS_ALL is the whole line, which is what a line
 * cache (kind N) always reads, writes and moves. */
#ifndef BWM_SECTOR_H
#define BWM_SECTOR_H

#include <stdint.h>

#define BWM_CACHE_SECTORS 4
#define BWM_CACHE_SECTOR_BYTES 32
#define BWM_SECTORS_ALL 0xFu

/* Sectors in mask: the bit count of each 4-bit mask, packed four bits per
 * mask (a library popcount call where the CPU has no instruction for it
 * costs more than the whole lookup). */
static inline int bwm_sector_count(unsigned mask)
{
    return (int)((UINT64_C(0x4332322132212110) >> ((mask & BWM_SECTORS_ALL) * 4)) & 0xF);
}

/* Bytes the sectors of mask hold (128 for the whole line). */
static inline int bwm_sector_bytes(unsigned mask)
{
    return bwm_sector_count(mask) * BWM_CACHE_SECTOR_BYTES;
}

/* The sectors that bytes [offset, offset + len) of a line touch (offset and
 * len clipped to the line; 0 when len is 0). */
static inline unsigned bwm_sector_span(unsigned offset, unsigned len)
{
    unsigned line = BWM_CACHE_SECTORS * BWM_CACHE_SECTOR_BYTES;
    if (offset >= line || len == 0)
        return 0;
    unsigned end = offset + len < line ? offset + len : line;
    unsigned first = offset / BWM_CACHE_SECTOR_BYTES, last = (end - 1) / BWM_CACHE_SECTOR_BYTES;
    return ((2u << last) - 1) & ~((1u << first) - 1);
}

/* The sectors of the segment GPGPU-Sim's coalescer sends for an access to
 * the sectors of mask within a 128-byte segment
 * (memory_coalescing_arch_reduce_and_send): the 32-byte sector or 64-byte
 * half it lies in, else the whole 128 bytes.  0 stays 0. */
static inline unsigned bwm_sector_segment(unsigned mask)
{
    mask &= BWM_SECTORS_ALL;
    return (mask & 0x3u) && (mask & 0xCu) ? BWM_SECTORS_ALL : mask;
}

#endif
