/* sm_ctas_test.c — sim/core/sm_ctas: an SM's CTA slots must be whole CTAs
 * with a dispatch, a slot takes the dispatch's next CTA and empties when its
 * last warp exits, a CTA's warps get seeds of their own that do not depend
 * on the SM or slot, and touched pages count for the CTA's thread batch. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/core/sm_ctas.h"

static bwm_synth_app app;
static bwm_cta_dispatch disp;
static bwm_sm_ctas ctas;

/* An application of CTAs of cta_warps warps, dispatched (grid CTAs) to one
 * SM of n_warps warps whose slots are in ctas. */
static void make(int cta_warps, bwm_cta_policy policy, uint64_t grid, int n_warps, bwm_page_sharing *pages)
{
    memset(&app, 0, sizeof app);
    strcpy(app.abbr, "CTA");
    app.cta_warps = cta_warps;
    app.cta_insts = 10;
    app.batch_stride = 2;
    app.warps = n_warps;
    bwm_err err;
    cr_assert_eq(bwm_cta_dispatch_init(&disp, policy, grid, 1, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_sm_ctas_init(&ctas, 0, &app, n_warps, &disp, pages, 99, &err), BWM_OK, "%s", err.msg);
}

static void done(void)
{
    bwm_cta_dispatch_free(&disp);
}

TestSuite(sm_ctas, .fini = done);

Test(sm_ctas, slots_are_whole_ctas_with_a_dispatch)
{
    make(4, BWM_CTA_INTERLEAVED, 10, 8, NULL);
    cr_expect_eq(ctas.slots, 2);
    bwm_err err;
    bwm_sm_ctas c;
    cr_expect_eq(bwm_sm_ctas_init(&c, 3, &app, 6, &disp, NULL, 1, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, "SM 3: 6 warps are not whole CTAs of 4 warps"), "%s", err.msg);
    cr_expect_eq(bwm_sm_ctas_init(&c, 0, &app, 8, NULL, NULL, 1, &err), BWM_EINPUT, "no dispatch");
    app.cta_warps = 0;
    cr_expect_eq(bwm_sm_ctas_init(&c, 0, &app, 8, NULL, NULL, 1, &err), BWM_OK);
    cr_expect_eq(c.warps, 0, "no thread blocks");
}

Test(sm_ctas, a_slot_takes_the_next_cta_and_empties_with_its_last_warp)
{
    make(2, BWM_CTA_SERIAL, 2, 4, NULL);
    uint64_t seq;
    cr_assert(bwm_sm_ctas_take(&ctas, 1, 0, &seq));
    cr_expect_eq(seq, 0);
    cr_expect_eq(ctas.seq[1], 0);
    cr_expect_eq(ctas.live[1], 2);
    cr_assert(bwm_sm_ctas_take(&ctas, 0, 0, &seq));
    cr_expect_eq(seq, 1);
    cr_expect_not(bwm_sm_ctas_exit(&ctas, 3), "warp 2 of slot 1 still runs");
    cr_expect(bwm_sm_ctas_exit(&ctas, 2), "slot 1's last warp");
    cr_expect_eq(ctas.live[0], 2, "slot 0 untouched");
}

Test(sm_ctas, warp_seeds_follow_the_cta_not_the_sm)
{
    make(4, BWM_CTA_INTERLEAVED, 10, 8, NULL);
    bwm_sm_ctas other;
    bwm_err err;
    cr_assert_eq(bwm_sm_ctas_init(&other, 5, &app, 4, &disp, NULL, 99, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(bwm_sm_ctas_warp_seed(&ctas, 0, 7, 1), bwm_sm_ctas_warp_seed(&other, 0, 7, 1));
    cr_expect_neq(bwm_sm_ctas_warp_seed(&ctas, 0, 7, 1), bwm_sm_ctas_warp_seed(&ctas, 0, 7, 2));
    cr_expect_neq(bwm_sm_ctas_warp_seed(&ctas, 0, 7, 1), bwm_sm_ctas_warp_seed(&ctas, 1, 7, 1),
                  "another application");
}

Test(sm_ctas, touched_pages_count_for_the_ctas_batch)
{
    bwm_page_sharing pages;
    bwm_err err;
    cr_assert_eq(bwm_page_sharing_init(&pages, 0, 1 << 20, &err), BWM_OK, "%s", err.msg);
    make(2, BWM_CTA_INTERLEAVED, 10, 4, &pages);
    ctas.grid = 10; /* the dispatch's grid (the application's own is sized by its footprint) */
    uint64_t seq;
    for (int k = 0; k < 6; k++) /* CTAs 0..5: slot 1 ends with CTA 5, batch 5 / 2 = 2 */
        bwm_sm_ctas_take(&ctas, k % 2, 0, &seq);
    uint64_t lines[2] = {4096, 8192 + 128};
    bwm_sm_ctas_touch(&ctas, 3, app.batch_stride, lines, 2);
    cr_expect_eq(pages.lo[1], 2);
    cr_expect_eq(pages.hi[2], 2);
    cr_expect_eq(pages.lo[0], -1, "page 0 untouched");
    bwm_page_sharing_free(&pages);
}
