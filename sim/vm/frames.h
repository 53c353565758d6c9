/* frames.h — physical memory as page frames, handed out once each (paper
 * 003's allocator, one free list per colour): in address order to whoever
 * touches a page first (first-touch), in aligned runs (a large-page
 * frame, Mosaic's allocation), or in address order among the frames of one
 * colour (sim/vm/colors.h).  The free lists are cursors: frames are
 * never given back (an application keeps its pages for the run), so the
 * next free frame of a colour is the first one of that colour past the
 * last one given; a frame is of exactly one colour, so the colours' cursors
 * never hand out one frame twice.  One allocator serves one of the two
 * ways; it must not be moved after init. */
#ifndef BWM_VM_FRAMES_H
#define BWM_VM_FRAMES_H

#include <stdint.h>

#include "sim/vm/colors.h"
#include "util/status.h"

#define BWM_MAX_COLORS 256

typedef struct bwm_frames {
    int page_shift;
    uint64_t n_frames;                 /* frames of physical memory */
    const bwm_colors *colors;          /* NULL: no colours (first-touch only) */
    int by_color;                      /* set by the first take: 1 colour cursors, 0 first-touch */
    uint64_t next;                     /* first-touch: the next frame */
    uint64_t next_of[BWM_MAX_COLORS];  /* the next frame to look at, per colour */
    uint64_t taken;
} bwm_frames;

/* Frames of 2^page_shift bytes covering mem_bytes (a whole number of
 * frames, at least one); colors (may be NULL, must outlive f) for taking by
 * colour.  BWM_EINPUT on a size that is not a whole number of frames. */
int bwm_frames_init(bwm_frames *f, uint64_t mem_bytes, int page_shift, const bwm_colors *colors, bwm_err *err);

/* The next free frame in address order, or -1 when none is left (or f has
 * handed out frames by colour). */
int64_t bwm_frames_take(bwm_frames *f);

/* The first of n free frames in a row starting at a multiple of n (a
 * large-page frame of n base frames), the next such run in address order,
 * or -1 when none is left (or f has handed out frames by colour).  Frames
 * skipped to reach the alignment stay unused. */
int64_t bwm_frames_take_run(bwm_frames *f, uint64_t n);

/* The next free frame of colour `color`, or -1 when that colour has none
 * left (or f has handed out frames in first-touch order, or has no such
 * colour). */
int64_t bwm_frames_take_color(bwm_frames *f, unsigned color);

#endif
