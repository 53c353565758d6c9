/* mc_write_queue_test.c — the memory controller's separate write queue:
 * none unless asked for, its watermarks checked, the drain mode's
 * hysteresis, and the write each bank takes (its oldest to the open row,
 * else its oldest). */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/mc/mc_write_queue.h"

static bwm_dram_config wq_cfg(int size, int high, int low)
{
    bwm_dram_config c;
    memset(&c, 0, sizeof c);
    c.write_queue = 1;
    c.write_queue_size = size;
    c.write_high = high;
    c.write_low = low;
    return c;
}

/* A queue of size SIZE:HIGH:LOW that must build, and slots for its writes. */
static void open_wq(bwm_mc_wq *q, int size, int high, int low, bwm_mc_entry *slots, size_t n)
{
    bwm_dram_config c = wq_cfg(size, high, low);
    bwm_err err;
    cr_assert_eq(bwm_mc_wq_init(q, &c, &err), BWM_OK, "%s", err.msg);
    memset(slots, 0, n * sizeof *slots);
}

Test(mc_write_queue, none_unless_asked_for)
{
    bwm_dram_config c = wq_cfg(8, 6, 2);
    c.write_queue = 0;
    bwm_mc_wq q;
    bwm_err err;
    cr_assert_eq(bwm_mc_wq_init(&q, &c, &err), BWM_OK);
    cr_assert_not(bwm_mc_wq_on(&q));
    cr_assert_eq(q.cap, 0, "the pool keeps no room for it");
    bwm_mc_wq_free(&q);
}

Test(mc_write_queue, watermarks_out_of_order_are_refused)
{
    bwm_dram_config c = wq_cfg(8, 9, 2);
    bwm_mc_wq q;
    bwm_err err;
    cr_assert_eq(bwm_mc_wq_init(&q, &c, &err), BWM_EINPUT);
    cr_assert_str_eq(err.msg, "write queue 8:9:2: need LOW <= HIGH <= SIZE, SIZE >= 1");
    cr_assert_not(bwm_mc_wq_on(&q));
}

Test(mc_write_queue, drains_from_the_high_watermark_to_below_the_low_one)
{
    bwm_mc_wq q;
    bwm_mc_entry slots[8];
    open_wq(&q, 8, 4, 2, slots, 8);
    for (int i = 0; i < 4; i++) {
        slots[i].req.da.bank = 0;
        slots[i].req.da.row = (uint32_t)i;
        bwm_mc_wq_add(&q, i, 0);
        bwm_mc_wq_update_mode(&q, 1);
        cr_assert_eq(q.mode, i == 3, "%d writes waiting, reads too", i + 1);
    }
    bwm_mc_wq_take(&q, slots, 0, -1);
    bwm_mc_wq_update_mode(&q, 1);
    cr_assert(q.mode, "3 waiting: not below the low watermark yet");
    bwm_mc_wq_take(&q, slots, 0, -1);
    bwm_mc_wq_take(&q, slots, 0, -1);
    bwm_mc_wq_update_mode(&q, 1);
    cr_assert_not(q.mode, "1 waiting, below 2");
    bwm_mc_wq_update_mode(&q, 0);
    cr_assert(q.mode, "no read waits: the last write drains too");
    cr_assert_eq(q.live, 4, "slots stay taken until their writes complete");
    bwm_mc_wq_free(&q);
}

Test(mc_write_queue, a_bank_takes_its_oldest_write_to_the_open_row)
{
    bwm_mc_wq q;
    bwm_mc_entry slots[8];
    open_wq(&q, 8, 6, 2, slots, 8);
    const int bank[] = {1, 0, 1, 1, 1}, row[] = {5, 7, 9, 9, 5};
    for (int i = 0; i < 5; i++) {
        slots[i].req.da.bank = (uint32_t)bank[i];
        slots[i].req.da.row = (uint32_t)row[i];
        bwm_mc_wq_add(&q, i, bank[i]);
    }
    cr_assert_eq(q.banks, 3);
    cr_assert_eq(bwm_mc_wq_take(&q, slots, 1, 9), 2, "the oldest to row 9");
    cr_assert_eq(bwm_mc_wq_take(&q, slots, 1, 7), 0, "none to row 7: the oldest");
    cr_assert_eq(bwm_mc_wq_take(&q, slots, 0, -1), 1);
    cr_assert_eq(q.banks, 2, "bank 0 has no write left");
    cr_assert_eq(bwm_mc_wq_take(&q, slots, 1, 5), 4);
    cr_assert_eq(bwm_mc_wq_take(&q, slots, 1, -1), 3);
    cr_assert_eq(q.n, 0);
    cr_assert_eq(q.banks, 0);
    bwm_mc_wq_free(&q);
}
