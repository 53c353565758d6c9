/* frames.c — page frames handed out in order or by colour (see frames.h). */
#include "sim/vm/frames.h"

#include <string.h>

int bwm_frames_init(bwm_frames *f, uint64_t mem_bytes, int page_shift, const bwm_colors *colors, bwm_err *err)
{
    memset(f, 0, sizeof *f);
    if (page_shift < 7 || page_shift > 40)
        return bwm_fail(err, BWM_EINPUT, "a page of 2^%d bytes (expected 128 bytes to 1 TB)", page_shift);
    uint64_t page = (uint64_t)1 << page_shift;
    if (mem_bytes < page || mem_bytes % page != 0)
        return bwm_fail(err, BWM_EINPUT, "%llu bytes of memory are not a whole number of %llu-byte frames",
                        (unsigned long long)mem_bytes, (unsigned long long)page);
    if (colors && colors->color_bits > 8)
        return bwm_fail(err, BWM_EINPUT, "%d colours (at most %d)", 1 << colors->color_bits, BWM_MAX_COLORS);
    f->page_shift = page_shift;
    f->n_frames = mem_bytes >> page_shift;
    f->colors = colors;
    f->by_color = -1;
    return BWM_OK;
}

int64_t bwm_frames_take(bwm_frames *f)
{
    if (f->by_color == 1 || f->next >= f->n_frames)
        return -1;
    f->by_color = 0;
    f->taken++;
    return (int64_t)f->next++;
}

int64_t bwm_frames_take_run(bwm_frames *f, uint64_t n)
{
    uint64_t first = (f->next + n - 1) / n * n;
    if (f->by_color == 1 || n == 0 || first >= f->n_frames || f->n_frames - first < n)
        return -1;
    f->by_color = 0;
    f->taken += n;
    f->next = first + n;
    return (int64_t)first;
}

int64_t bwm_frames_take_color(bwm_frames *f, unsigned color)
{
    if (f->by_color == 0 || !f->colors || color >= 1u << f->colors->color_bits)
        return -1;
    f->by_color = 1;
    for (uint64_t fr = f->next_of[color]; fr < f->n_frames; fr++)
        if (bwm_color_of_addr(f->colors, fr << f->page_shift) == color) {
            f->next_of[color] = fr + 1;
            f->taken++;
            return (int64_t)fr;
        }
    f->next_of[color] = f->n_frames;
    return -1;
}
