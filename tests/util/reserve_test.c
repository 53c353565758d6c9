/* reserve_test.c — reserved arrays: zeroed, sized with overflow checked,
 * and a large one's untouched pages not resident. */
#define _DEFAULT_SOURCE /* mincore */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "util/reserve.h"

Test(reserve, zeroed_small_and_large)
{
    const size_t sizes[] = {1, 100, 1 << 20};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        uint64_t *p = bwm_reserve(sizes[k], sizeof *p);
        cr_assert(p);
        for (size_t i = 0; i < sizes[k]; i++)
            cr_assert_eq(p[i], 0, "element %zu of %zu", i, sizes[k]);
        p[sizes[k] - 1] = 7; /* writable to the end */
        bwm_reserve_free(p, sizes[k], sizeof *p);
    }
    bwm_reserve_free(NULL, 5, 8);
}

Test(reserve, empty_or_overflowing_sizes_give_null)
{
    cr_expect_null(bwm_reserve(0, 8));
    cr_expect_null(bwm_reserve(8, 0));
    cr_expect_null(bwm_reserve(SIZE_MAX / 4, 8));
}

/* 64 MB reserved, one page written: that page resident (mincore), and at
 * most a transparent huge page's worth (2 MB) around it, not all 64 MB. */
Test(reserve, untouched_pages_stay_out_of_memory)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE), bytes = (size_t)64 << 20;
    unsigned char *p = bwm_reserve(bytes, 1);
    cr_assert(p);
    p[3 * page] = 1;
    size_t pages = bytes / page, resident = 0;
    unsigned char *in = malloc(pages);
    cr_assert(in);
    cr_assert_eq(mincore(p, bytes, in), 0);
    for (size_t i = 0; i < pages; i++)
        resident += in[i] & 1;
    cr_expect(resident >= 1 && resident <= ((size_t)2 << 20) / page, "%zu of %zu pages resident", resident, pages);
    cr_expect(in[3] & 1);
    free(in);
    bwm_reserve_free(p, bytes, 1);
}
