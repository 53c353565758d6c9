/* delay_queue_test.c — the bounded delay FIFO against a plain array model:
 * order, readiness of the head, the head's ready cycle kept in the queue,
 * and wrap-around. */
#include <criterion/criterion.h>

#include "sim/mem/delay_queue.h"
#include "util/rng.h"

#define CAP 5

Test(delay_queue, an_empty_queue_has_no_head_and_never_wakes)
{
    bwm_delay_queue q;
    bwm_err err;
    cr_assert_eq(bwm_delay_queue_init(&q, CAP, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_delay_next(&q), INT64_MAX);
    cr_assert_eq(bwm_delay_peek(&q, INT64_MAX - 1), -1);
    cr_assert_eq(bwm_delay_head(&q), -1);
    cr_assert_eq(bwm_delay_room(&q), CAP);
    bwm_delay_queue_free(&q);
}

Test(delay_queue, a_zero_capacity_is_refused)
{
    bwm_delay_queue q;
    bwm_err err;
    cr_assert_eq(bwm_delay_queue_init(&q, 0, &err), BWM_EINPUT);
}

/* Random pushes and pops, many times around the ring: after each step the
 * queue answers as a list of (id, ready) pairs in arrival order does. */
Test(delay_queue, follows_a_plain_fifo_around_the_ring)
{
    bwm_delay_queue q;
    bwm_err err;
    cr_assert_eq(bwm_delay_queue_init(&q, CAP, &err), BWM_OK, "%s", err.msg);
    int32_t ids[4096];
    int64_t ready[4096];
    int first = 0, last = 0; /* the model: entries [first, last) */
    bwm_rng rng;
    bwm_rng_seed(&rng, 3);
    int64_t now = 0;
    for (int step = 0; step < 20000; step++) {
        now += (int64_t)bwm_rng_below(&rng, 3);
        if (last - first < CAP && last < 4096 && bwm_rng_uniform(&rng) < 0.5) {
            ids[last] = (int32_t)last;
            ready[last] = now + (int64_t)bwm_rng_below(&rng, 10);
            bwm_delay_push(&q, ids[last], ready[last]);
            last++;
        } else if (bwm_delay_peek(&q, now) >= 0) {
            bwm_delay_pop(&q);
            first++;
        }
        int n = last - first;
        cr_assert_eq(bwm_delay_room(&q), CAP - n, "step %d", step);
        cr_assert_eq(bwm_delay_next(&q), n ? ready[first] : INT64_MAX, "step %d", step);
        cr_assert_eq(bwm_delay_head(&q), n ? ids[first] : -1, "step %d", step);
        cr_assert_eq(bwm_delay_peek(&q, now), n && ready[first] <= now ? ids[first] : -1, "step %d", step);
        if (last == 4096 && n == 0)
            break;
    }
    cr_assert_gt(first, 1000, "the test went round the ring only %d times", first / CAP);
    bwm_delay_queue_free(&q);
}
