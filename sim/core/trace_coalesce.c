/* trace_coalesce.c — a traced warp's global and local accesses (see
 * trace_coalesce.h). */
#include "sim/core/trace_coalesce.h"

#include "sim/cache/sector.h"

#define LINE_BYTES (BWM_CACHE_SECTORS * BWM_CACHE_SECTOR_BYTES)

_Static_assert(BWM_MAX_ACCESSES >= 2 * 32, "a lane makes at most two transactions");

/* A part's transactions so far: segment address, sector mask, by first use;
 * for a store, the bytes of its line the lanes write. */
typedef struct part_acc {
    int n;
    uint64_t seg[BWM_MAX_ACCESSES];
    uint8_t sec[BWM_MAX_ACCESSES];
    uint64_t bytes[BWM_MAX_ACCESSES][2];
} part_acc;

/* The segment size GPGPU-Sim's coalescer uses for width-byte accesses. */
static unsigned segment_bytes(int width, int line_segments)
{
    if (!line_segments || width == 1)
        return BWM_CACHE_SECTOR_BYTES;
    return width == 2 ? 2 * BWM_CACHE_SECTOR_BYTES : LINE_BYTES;
}

/* Byte addr's sector joins the transaction of its segment of seg_bytes
 * bytes, or with by_line of its line (32-byte segments, kept per line). */
static void touch(part_acc *p, uint64_t addr, unsigned seg_bytes, int by_line)
{
    uint64_t seg = addr & ~(uint64_t)((by_line ? LINE_BYTES : seg_bytes) - 1);
    uint8_t sec = (uint8_t)(1u << (addr % LINE_BYTES / BWM_CACHE_SECTOR_BYTES));
    for (int i = 0; i < p->n; i++)
        if (p->seg[i] == seg) {
            p->sec[i] |= sec;
            return;
        }
    p->seg[p->n] = seg;
    p->sec[p->n] = sec;
    p->bytes[p->n][0] = p->bytes[p->n][1] = 0;
    p->n++;
}

/* Bytes [addr, addr + width) are written: each into the transaction of its
 * segment (touch opened them, for the first and the last byte). */
static void write_bytes(part_acc *p, uint64_t addr, int width, unsigned seg_bytes, int by_line)
{
    uint64_t mask = ~(uint64_t)((by_line ? LINE_BYTES : seg_bytes) - 1);
    for (uint64_t b = addr; b < addr + (uint64_t)width; b++)
        for (int i = 0; i < p->n; i++)
            if (p->seg[i] == (b & mask)) {
                unsigned at = (unsigned)(b % LINE_BYTES);
                p->bytes[i][at / 64] |= UINT64_C(1) << (at % 64);
                break;
            }
}

/* The sectors of sec some byte of which bytes (a line's) leaves out. */
static uint8_t partly(unsigned sec, const uint64_t *bytes)
{
    uint8_t part = 0;
    for (int s = 0; s < BWM_CACHE_SECTORS; s++) {
        uint32_t got = (uint32_t)(bytes[s / 2] >> (32 * (s % 2)));
        if ((sec >> s & 1) && got != UINT32_MAX)
            part |= (uint8_t)(1u << s);
    }
    return part;
}

/* Appends the part's transactions to line[]/sectors[] from n on in the
 * reverse of GPGPU-Sim's queue order (segment address, then opening
 * order): highest address first, a segment's last opened first; returns
 * the new count.  Transactions are opened in order, so index is age. */
static int emit(part_acc *p, int n, int store_segments, int is_write, uint64_t *line, uint8_t *sectors,
                uint8_t *partial)
{
    int order[BWM_MAX_ACCESSES];
    for (int k = 0; k < p->n; k++) {
        int j = k;
        for (; j > 0 && p->seg[order[j - 1]] <= p->seg[k]; j--)
            order[j] = order[j - 1];
        order[j] = k;
    }
    for (int k = 0; k < p->n; k++, n++) {
        line[n] = p->seg[order[k]] & ~(uint64_t)(LINE_BYTES - 1);
        uint8_t sec = p->sec[order[k]];
        sectors[n] = (uint8_t)(store_segments ? bwm_sector_segment(sec) : sec);
        if (partial)
            partial[n] = is_write ? partly(sectors[n], p->bytes[order[k]]) : 0;
    }
    return n;
}

/* Whether the arguments are outside what bwm_trace_coalesce takes. */
static int bad_args(uint32_t active_mask, int width, int parts, int warp_size)
{
    return (width != 1 && width != 2 && width != 4 && width != 8 && width != 16) || warp_size < 1 ||
           warp_size > 32 || parts < 1 || parts > warp_size || warp_size % parts != 0 ||
           (warp_size < 32 && active_mask >> warp_size != 0);
}

/* first[p]: the index in lane_addr of part p's first active lane
 * (first[parts]: the active lanes). */
static void part_starts(uint32_t active_mask, int parts, int warp_size, int *first)
{
    for (int p = 0; p <= parts; p++) {
        int lanes = p * (warp_size / parts);
        first[p] = __builtin_popcount(lanes >= 32 ? active_mask : active_mask & ((1u << lanes) - 1));
    }
}

int bwm_trace_coalesce(uint32_t active_mask, const uint64_t *lane_addr, int width, int parts, int warp_size,
                       int line_segments, int is_write, uint64_t *line, uint8_t *sectors, uint8_t *partial)
{
    if (bad_args(active_mask, width, parts, warp_size))
        return -1;
    unsigned seg_bytes = segment_bytes(width, line_segments);
    uint64_t seg_mask = ~(uint64_t)(seg_bytes - 1);
    int by_line = !line_segments, store_segments = line_segments && is_write && seg_bytes == LINE_BYTES;
    int first[32 + 1], n = 0;
    part_starts(active_mask, parts, warp_size, first);
    for (int p = parts - 1; p >= 0; p--) {
        part_acc acc;
        acc.n = 0;
        for (int i = first[p]; i < first[p + 1]; i++) {
            uint64_t a = lane_addr[i], last = a + (uint64_t)width - 1;
            touch(&acc, a, seg_bytes, by_line);
            if ((last & seg_mask) != (a & seg_mask))
                touch(&acc, last, seg_bytes, by_line);
            if (is_write && partial)
                write_bytes(&acc, a, width, seg_bytes, by_line);
        }
        n = emit(&acc, n, store_segments, is_write, line, sectors, partial);
    }
    return n;
}

int bwm_trace_coalesce_atomic(uint32_t active_mask, const uint64_t *lane_addr, int width, int parts, int warp_size,
                              int line_segments, uint64_t *line, uint8_t *sectors)
{
    if (bad_args(active_mask, width, parts, warp_size))
        return -1;
    unsigned seg_bytes = segment_bytes(width, line_segments);
    uint64_t seg_mask = ~(uint64_t)(seg_bytes - 1);
    int first[32 + 1], n = 0;
    part_starts(active_mask, parts, warp_size, first);
    for (int p = parts - 1; p >= 0; p--) {
        part_acc acc;
        uint64_t bytes[BWM_MAX_ACCESSES][2]; /* the line's bytes each transaction's lanes touch */
        acc.n = 0;
        for (int i = first[p]; i < first[p + 1]; i++) {
            uint64_t a = lane_addr[i], seg = a & seg_mask;
            if (((a + (uint64_t)width - 1) & seg_mask) != seg)
                return -1;
            unsigned at = (unsigned)(a % LINE_BYTES);
            uint64_t mine[2] = {0, 0};
            for (unsigned b = at; b < at + (unsigned)width; b++)
                mine[b / 64] |= UINT64_C(1) << (b % 64);
            int k = 0;
            while (k < acc.n && (acc.seg[k] != seg || (bytes[k][0] & mine[0]) || (bytes[k][1] & mine[1])))
                k++;
            if (k == acc.n) {
                acc.seg[k] = seg;
                acc.sec[k] = 0;
                bytes[k][0] = bytes[k][1] = 0;
                acc.n++;
            }
            acc.sec[k] |= (uint8_t)(1u << (at / BWM_CACHE_SECTOR_BYTES));
            bytes[k][0] |= mine[0];
            bytes[k][1] |= mine[1];
        }
        n = emit(&acc, n, 0, 0, line, sectors, NULL);
    }
    return n;
}
