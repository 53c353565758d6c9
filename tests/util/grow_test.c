/* grow_test.c — doubling arrays: room appears only when full, capacity
 * doubles from the first size, and the contents survive a move. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "util/grow.h"

Test(grow, doubles_only_when_full_and_keeps_the_contents)
{
    int *v = NULL;
    size_t cap = 0;
    size_t caps_seen[4] = {0};
    int k = 0;
    for (size_t n = 0; n < 100; n++) {
        size_t before = cap;
        int *g = bwm_grow(v, &cap, n, sizeof *g);
        cr_assert_not_null(g);
        v = g;
        if (cap != before) {
            cr_assert_eq(n, before, "grew at %zu with capacity %zu", n, before);
            caps_seen[k++] = cap;
        }
        cr_assert_gt(cap, n);
        v[n] = (int)n * 3;
    }
    cr_assert_eq(k, 4);
    cr_assert_eq(caps_seen[0], 16);
    cr_assert_eq(caps_seen[1], 32);
    cr_assert_eq(caps_seen[3], 128);
    for (int n = 0; n < 100; n++)
        cr_assert_eq(v[n], n * 3);
    free(v);
}
