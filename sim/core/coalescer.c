/* coalescer.c — a warp instruction's accesses, part by part (see coalescer.h). */
#include "sim/core/coalescer.h"

#include <string.h>

#include "sim/cache/sector.h"

/* The accesses, part by part (part[] gets each one's part); returns how many. */
static int split(const bwm_inst *in, const bwm_synth_app *a, int parts, int warp_size, uint64_t *line,
                 uint8_t *sectors, uint8_t *part)
{
    if (parts <= 1) {
        memcpy(line, in->line, (size_t)in->nlines * sizeof in->line[0]);
        memcpy(sectors, in->sectors, (size_t)in->nlines * sizeof in->sectors[0]);
        memset(part, 0, (size_t)in->nlines);
        return in->nlines;
    }
    unsigned per_line = bwm_warp_stream_lanes_per_line(a), per_part = (unsigned)(warp_size / parts);
    int n = 0;
    for (int p = 0; p < parts; p++) {
        unsigned part_lo = (unsigned)p * per_part;
        unsigned part_hi = p == parts - 1 ? UINT32_MAX : part_lo + per_part;
        for (int j = 0; j < in->nlines; j++) {
            unsigned lo = (unsigned)j * per_line, hi = lo + per_line;
            unsigned from = lo > part_lo ? lo : part_lo, to = hi < part_hi ? hi : part_hi;
            if (from >= to)
                continue;
            line[n] = in->line[j];
            sectors[n] = (uint8_t)bwm_sector_span((in->first_word[j] + from - lo) * BWM_WORD_BYTES,
                                                  (to - from) * BWM_WORD_BYTES);
            part[n] = (uint8_t)p;
            n++;
        }
    }
    return n;
}

/* Puts the n accesses in the order the load/store unit takes them: the
 * last part first and, within a part, the highest address first.  The
 * accesses come part by part, mostly in ascending address order (streams),
 * so they are reversed first and then finished by an insertion sort, which
 * has little left to do (n is at most BWM_MAX_ACCESSES). */
static void order(int n, uint64_t *line, uint8_t *sectors, uint8_t *part)
{
    for (int i = 0, j = n - 1; i < j; i++, j--) {
        uint64_t l = line[i];
        uint8_t s = sectors[i], p = part[i];
        line[i] = line[j], sectors[i] = sectors[j], part[i] = part[j];
        line[j] = l, sectors[j] = s, part[j] = p;
    }
    for (int k = 1; k < n; k++) {
        uint64_t l = line[k];
        uint8_t s = sectors[k], p = part[k];
        int j = k;
        for (; j > 0 && (part[j - 1] < p || (part[j - 1] == p && line[j - 1] < l)); j--) {
            line[j] = line[j - 1];
            sectors[j] = sectors[j - 1];
            part[j] = part[j - 1];
        }
        line[j] = l;
        sectors[j] = s;
        part[j] = p;
    }
}

int bwm_coalesce(const bwm_inst *in, const bwm_synth_app *a, int parts, int warp_size, int line_segments,
                 uint64_t *line, uint8_t *sectors)
{
    uint8_t part[BWM_MAX_ACCESSES];
    int n = split(in, a, parts, warp_size, line, sectors, part);
    order(n, line, sectors, part);
    if (line_segments && in->kind == BWM_INST_STORE)
        for (int k = 0; k < n; k++)
            sectors[k] = (uint8_t)bwm_sector_segment(sectors[k]);
    return n;
}
