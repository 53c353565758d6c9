/* tag_array_test.c — the TLBs' and walk cache's tags (sim/tlb/tag_array.h):
 * a hand-followed LRU sequence, sets by key modulo, a static partition of
 * the ways, and geometries refused. */
#include <criterion/criterion.h>

#include "sim/tlb/tag_array.h"

Test(tag_array, a_fully_associative_lru_sequence)
{
    bwm_tag_array t;
    bwm_err err;
    cr_assert_eq(bwm_tag_array_init(&t, 2, 2, 1, &err), BWM_OK, "%s", err.msg);
    cr_assert_not(bwm_tag_array_lookup(&t, 10));                  /* miss */
    cr_assert_eq(bwm_tag_array_insert(&t, 10, 0), BWM_TAG_EMPTY); /* [10] */
    cr_assert_eq(bwm_tag_array_insert(&t, 11, 0), BWM_TAG_EMPTY); /* [10 11] */
    cr_assert(bwm_tag_array_lookup(&t, 10));                      /* 10 most recent */
    cr_assert_eq(bwm_tag_array_insert(&t, 12, 0), 11);            /* 11 was least recent */
    cr_assert(bwm_tag_array_probe(&t, 10));
    cr_assert_not(bwm_tag_array_probe(&t, 11));
    cr_assert_eq(bwm_tag_array_insert(&t, 12, 0), BWM_TAG_EMPTY); /* already there: made most recent */
    cr_assert_eq(bwm_tag_array_insert(&t, 13, 0), 10);
    cr_assert_eq(t.lookups, 2);
    cr_assert_eq(t.hits, 1);
    bwm_tag_array_free(&t);
}

Test(tag_array, sets_are_the_key_modulo_their_number)
{
    bwm_tag_array t;
    bwm_err err;
    cr_assert_eq(bwm_tag_array_init(&t, 4, 2, 1, &err), BWM_OK); /* 2 sets of 2 ways */
    bwm_tag_array_insert(&t, 0, 0);
    bwm_tag_array_insert(&t, 2, 0);
    bwm_tag_array_insert(&t, 1, 0); /* the other set: evicts nothing */
    cr_assert(bwm_tag_array_probe(&t, 0) && bwm_tag_array_probe(&t, 2));
    cr_assert_eq(bwm_tag_array_insert(&t, 4, 0), 0); /* set 0 full: its least recent goes */
    cr_assert(bwm_tag_array_probe(&t, 1));
    bwm_tag_array_free(&t);
}

Test(tag_array, a_partition_keeps_each_owner_to_its_ways)
{
    bwm_tag_array t;
    bwm_err err;
    cr_assert_eq(bwm_tag_array_init(&t, 4, 4, 2, &err), BWM_OK); /* owner 0: ways 0-1, owner 1: ways 2-3 */
    bwm_tag_array_insert(&t, 100, 1);
    bwm_tag_array_insert(&t, 101, 1);
    for (uint64_t k = 0; k < 10; k++) /* owner 0 thrashes its own two ways */
        bwm_tag_array_insert(&t, k, 0);
    cr_assert(bwm_tag_array_probe(&t, 100) && bwm_tag_array_probe(&t, 101));
    cr_assert(bwm_tag_array_probe(&t, 8) && bwm_tag_array_probe(&t, 9));
    cr_assert_eq(bwm_tag_array_insert(&t, 102, 1), 100); /* owner 1 evicts its own */
    cr_assert(bwm_tag_array_lookup(&t, 9));              /* lookups see every way */
    bwm_tag_array_free(&t);
}

Test(tag_array, geometries_that_do_not_divide_are_refused)
{
    bwm_tag_array t;
    bwm_err err;
    cr_assert_eq(bwm_tag_array_init(&t, 500, 16, 1, &err), BWM_EINPUT);
    cr_assert_str_eq(err.msg, "500 entries in 16 ways: the entries must be a positive whole number of ways");
    cr_assert_eq(bwm_tag_array_init(&t, 0, 1, 1, &err), BWM_EINPUT);
    cr_assert_eq(bwm_tag_array_init(&t, 16, 2, 3, &err), BWM_EINPUT);
    cr_assert_str_eq(err.msg, "2 ways cannot be split among 3 owners (each needs a way)");
}
