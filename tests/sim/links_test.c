/* links_test.c — sim/gpu/links: the waiting SMs' and held replies' sets
 * start empty, and a held reply is seen only among the clusters asked
 * about. */
#include <criterion/criterion.h>

#include "sim/gpu/links.h"

Test(links, start_empty)
{
    bwm_gpu_links l;
    bwm_err err;
    cr_assert_eq(bwm_gpu_links_init(&l, 130, 70, &err), BWM_OK, "%s", err.msg);
    for (int w = 0; w < 3; w++)
        cr_expect_eq(l.link_wait[w] | l.pool_wait[w], 0);
    for (int c = 0; c < 70; c++)
        cr_expect_eq(l.held_reply[c], -1, "cluster %d holds no reply", c);
    cr_expect_not(bwm_gpu_links_any_held(&l, 70));
    bwm_gpu_links_free(&l);
    cr_expect_null(l.held_reply);
}

Test(links, a_held_reply_counts_among_the_clusters_asked_about)
{
    bwm_gpu_links l;
    bwm_err err;
    cr_assert_eq(bwm_gpu_links_init(&l, 4, 70, &err), BWM_OK, "%s", err.msg);
    l.held_reply[65] = 7;
    l.held_mask[1] |= 1ull << 1;
    cr_expect(bwm_gpu_links_any_held(&l, 70));
    cr_expect_not(bwm_gpu_links_any_held(&l, 64), "cluster 65 is beyond the first 64");
    bwm_gpu_links_free(&l);
}
