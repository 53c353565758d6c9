/* sm_ctas.h — an SM's thread blocks (synth_app.h: cta_warps > 0): its CTA
 * slots (slot k holds warps k × warps .. (k + 1) × warps - 1), the CTA each
 * runs, its warps not yet exited and their shared stream position, and the
 * application's dispatch and page sharing, shared by its SMs.  The SM
 * (sm.c) restarts a slot's warps when it takes a CTA; this module keeps the
 * slots' books: which CTA a slot takes (cta_dispatch.h), the seeds of its
 * warps, when it empties, and the thread batch a warp's pages are touched
 * by (page_sharing.h).  An SM without thread blocks has warps 0. */
#ifndef BWM_SM_CTAS_H
#define BWM_SM_CTAS_H

#include <stdint.h>

#include "sim/core/cta_dispatch.h"
#include "sim/core/page_sharing.h"
#include "sim/workload/synth_app.h"
#include "util/status.h"

#define BWM_SM_MAX_CTAS 64 /* CTA slots: at least a warp each, of an SM's at most 64 */

typedef struct bwm_sm_ctas {
    int warps, slots;           /* warps per CTA (0: no thread blocks), CTA slots */
    bwm_cta_dispatch *dispatch; /* the application's (shared by its SMs) */
    bwm_page_sharing *pages;    /* the application's pages and their batches (shared; NULL: not counted) */
    uint64_t grid;              /* CTAs in its grid */
    uint64_t seed;              /* the run's */
    uint64_t seq[BWM_SM_MAX_CTAS];    /* the CTA in each slot (cta_dispatch.h) */
    int live[BWM_SM_MAX_CTAS];        /* its warps not yet exited (0: the slot is empty) */
    uint64_t cursor[BWM_SM_MAX_CTAS]; /* its warps' shared position (warp_stream.h, cta) */
} bwm_sm_ctas;

/* SM id's slots for application prog (with thread blocks) of n_warps warps:
 * BWM_EINPUT unless they are whole CTAs, at most BWM_SM_MAX_CTAS, and the
 * dispatch is given.  Leaves c zero for an application without. */
int bwm_sm_ctas_init(bwm_sm_ctas *c, int id, const bwm_synth_app *prog, int n_warps, bwm_cta_dispatch *dispatch,
                     bwm_page_sharing *pages, uint64_t seed, bwm_err *err);

/* Slot takes the next CTA the dispatch gives the SM of rank `rank` into
 * *seq, all its warps live; 0 when it gets none (the slot stays empty). */
int bwm_sm_ctas_take(bwm_sm_ctas *c, int slot, int rank, uint64_t *seq);

/* The seed of warp i of application app's CTA of sequence number seq: the
 * CTA's stream whichever SM and slot run it. */
uint64_t bwm_sm_ctas_warp_seed(const bwm_sm_ctas *c, int app, uint64_t seq, int i);

/* Warp w exited: whether its slot is empty now (its CTA finished). */
static inline int bwm_sm_ctas_exit(bwm_sm_ctas *c, int w)
{
    return --c->live[w / c->warps] == 0;
}

/* Warp w's instruction touches the n lines: their pages count as touched
 * by its CTA's thread batch (CTA id over batch_stride).  Nothing unless the
 * pages are counted. */
static inline void bwm_sm_ctas_touch(bwm_sm_ctas *c, int w, int batch_stride, const uint64_t *lines, int n)
{
    if (!c->pages)
        return;
    int64_t batch = (int64_t)(c->seq[w / c->warps] % c->grid / (uint64_t)batch_stride);
    for (int i = 0; i < n; i++)
        bwm_page_sharing_touch(c->pages, lines[i], batch);
}

#endif
