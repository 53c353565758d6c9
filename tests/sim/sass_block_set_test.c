/* sass_block_set_test.c — sim/sass/block_set: the blocks a kernel file has
 * listed, a second listing of any of them found, wherever its id lies. */
#include <criterion/criterion.h>

#include "sim/sass/block_set.h"

Test(sass_block_set, a_block_is_new_once)
{
    bwm_sass_block_set s;
    bwm_sass_block_set_init(&s);
    cr_expect_eq(bwm_sass_block_set_add(&s, 0, 0, 0), 1);
    cr_expect_eq(bwm_sass_block_set_add(&s, 0, 0, 0), 0);
    cr_expect_eq(bwm_sass_block_set_add(&s, 1, 0, 0), 1, "the next x, same page");
    cr_expect_eq(bwm_sass_block_set_add(&s, 0, 1, 0), 1, "another y");
    cr_expect_eq(bwm_sass_block_set_add(&s, 0, 0, 1), 1, "another z");
    cr_expect_eq(bwm_sass_block_set_add(&s, 512, 0, 0), 1, "another page");
    cr_expect_eq(bwm_sass_block_set_add(&s, UINT32_MAX, UINT32_MAX, UINT32_MAX), 1, "the largest id");
    cr_expect_eq(bwm_sass_block_set_add(&s, UINT32_MAX, UINT32_MAX, UINT32_MAX), 0);
    cr_expect_eq(bwm_sass_block_set_add(&s, 511, 0, 0), 1);
    cr_expect_eq(bwm_sass_block_set_add(&s, 1, 0, 0), 0);
    bwm_sass_block_set_free(&s);
}

/* A grid of 100,000 × 3 blocks in file order, then every one again: each
 * new the first time only, in 3 × ceil(100,000 / 512) = 588 pages (the
 * table keeps at most half its slots used). */
Test(sass_block_set, a_large_grid_in_order_then_again)
{
    bwm_sass_block_set s;
    bwm_sass_block_set_init(&s);
    for (uint32_t y = 0; y < 3; y++)
        for (uint32_t x = 0; x < 100000; x++)
            cr_assert_eq(bwm_sass_block_set_add(&s, x, y, 0), 1, "(%u,%u)", x, y);
    cr_expect_eq(s.used, 588u);
    cr_expect_leq(2 * s.used, s.n_slots);
    for (uint32_t y = 0; y < 3; y++)
        for (uint32_t x = 0; x < 100000; x += 7)
            cr_assert_eq(bwm_sass_block_set_add(&s, x, y, 0), 0, "(%u,%u) again", x, y);
    bwm_sass_block_set_free(&s);
}

/* Scattered ids, a page each: all distinct, all found again. */
Test(sass_block_set, scattered_ids)
{
    bwm_sass_block_set s;
    bwm_sass_block_set_init(&s);
    for (uint32_t i = 0; i < 5000; i++)
        cr_assert_eq(bwm_sass_block_set_add(&s, i * 2654435761u, i % 65535, i / 65535), 1, "%u", i);
    cr_expect_eq(s.used, 5000u);
    for (uint32_t i = 0; i < 5000; i++)
        cr_assert_eq(bwm_sass_block_set_add(&s, i * 2654435761u, i % 65535, i / 65535), 0, "%u again", i);
    bwm_sass_block_set_free(&s);
}
