/* large_pages_test.c — large pages in the applications' virtual memory
 * (sim/vm/vm.h, thesis Ch. 7), hand-followed: cocoa gives a large virtual
 * page inside the allocation a large-page frame of its own, each base page
 * at its own offset, coalesced at once, and the allocation's partial end
 * base pages of a frame the application holds (never another's);
 * large-only makes every large virtual page a large page; first-touch's
 * lazy coalescer forms a large page once all 512 base pages sit at their
 * offsets of one aligned frame, not at 511, and never when two
 * applications' pages interleave; bad sizes and policies are refused. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/vm/vm.h"

#define PAGE 4096ull
#define LARGE (512 * PAGE)

static void init(bwm_vm *vm, bwm_vm_policy policy, int n_apps)
{
    bwm_err err;
    cr_assert_eq(bwm_vm_init(vm, policy, 12, NULL, n_apps, NULL, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_vm_set_large_pages(vm, 21, &err), BWM_OK, "%s", err.msg);
}

static uint64_t pa_of(bwm_vm *vm, int app, uint64_t va)
{
    uint64_t pa;
    bwm_err err;
    cr_assert_eq(bwm_vm_translate(vm, app, va, &pa, &err), BWM_OK, "%s", err.msg);
    return pa;
}

static bwm_page_kind kind_of(bwm_vm *vm, int app, uint64_t va)
{
    bwm_page_kind k;
    bwm_err err;
    cr_assert_eq(bwm_vm_page_kind(vm, app, va / PAGE, &k, &err), BWM_OK, "%s", err.msg);
    return k;
}

Test(large_pages, cocoa_coalesces_whole_large_pages_and_keeps_the_end_in_its_own_frames)
{
    bwm_vm vm;
    init(&vm, BWM_VM_COCOA, 2);
    uint64_t a1 = (uint64_t)1 << 40;
    bwm_vm_allocate(&vm, 0, 0, 2 * LARGE + 3 * PAGE); /* two whole large pages and 3 base pages */
    bwm_vm_allocate(&vm, 1, a1, LARGE);
    /* app 0 touches its second large page first: large frame 0, page 7 at offset 7 */
    cr_assert_eq(pa_of(&vm, 0, LARGE + 7 * PAGE + 40), 7 * PAGE + 40);
    cr_assert_eq(kind_of(&vm, 0, LARGE + 7 * PAGE), BWM_PAGE_COALESCED);
    cr_assert_eq(pa_of(&vm, 0, LARGE + 511 * PAGE), 511 * PAGE, "every base page at its offset");
    /* app 1's large page: the next large frame */
    cr_assert_eq(pa_of(&vm, 1, a1 + 3 * PAGE), LARGE + 3 * PAGE);
    /* the partial third large page of app 0: a base page of a large frame of its own (frame 2) */
    cr_assert_eq(pa_of(&vm, 0, 2 * LARGE + 2 * PAGE + 8), 2 * LARGE + 8);
    cr_assert_eq(kind_of(&vm, 0, 2 * LARGE + 2 * PAGE), BWM_PAGE_BASE);
    cr_assert_eq(pa_of(&vm, 0, 2 * LARGE), 2 * LARGE + PAGE, "the next base page of that frame");
    /* a page-table node of app 1 comes from a frame of its own too (frame 3), not app 0's */
    uint64_t pte;
    bwm_err err;
    cr_assert_eq(bwm_vm_pte_addr(&vm, 1, a1 / PAGE, 1, 4, &pte, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(pte / LARGE, 3);
    /* app 0's first large page, touched last: frame 4 */
    cr_assert_eq(pa_of(&vm, 0, 5 * PAGE), 4 * LARGE + 5 * PAGE);
    cr_assert_eq(vm.apps[0].large_pages, 2);
    cr_assert_eq(vm.apps[1].large_pages, 1);
    bwm_vm_free(&vm);
}

Test(large_pages, large_only_makes_every_large_virtual_page_large)
{
    bwm_vm vm;
    init(&vm, BWM_VM_LARGE_ONLY, 1);
    bwm_vm_allocate(&vm, 0, 0, 3 * PAGE); /* far smaller than a large page: it still gets one */
    cr_assert_eq(pa_of(&vm, 0, 2 * PAGE + 1), 2 * PAGE + 1);
    cr_assert_eq(kind_of(&vm, 0, 2 * PAGE), BWM_PAGE_LARGE);
    cr_assert_eq(kind_of(&vm, 0, 5 * LARGE), BWM_PAGE_LARGE, "outside the allocation too");
    cr_assert_eq(pa_of(&vm, 0, 5 * LARGE + 9 * PAGE), LARGE + 9 * PAGE);
    cr_assert_eq(vm.apps[0].large_pages, 2);
    bwm_vm_free(&vm);
}

Test(large_pages, first_touch_coalesces_a_full_frame_and_not_a_partial_one)
{
    bwm_vm vm;
    init(&vm, BWM_VM_FIRST_TOUCH, 1);
    /* pages 0..510 in order: frames 0..510, each at its offset of large frame 0 */
    for (uint64_t p = 0; p < 511; p++)
        cr_assert_eq(pa_of(&vm, 0, p * PAGE), p * PAGE);
    cr_assert_eq(kind_of(&vm, 0, 0), BWM_PAGE_BASE, "511 of 512 pages: not coalesced");
    cr_assert_eq(vm.apps[0].large_pages, 0);
    cr_assert_eq(pa_of(&vm, 0, 511 * PAGE), 511 * PAGE);
    cr_assert_eq(kind_of(&vm, 0, 0), BWM_PAGE_COALESCED, "the 512th page fills the frame");
    cr_assert_eq(kind_of(&vm, 0, 300 * PAGE), BWM_PAGE_COALESCED);
    cr_assert_eq(vm.apps[0].large_pages, 1);
    /* the next large virtual page touched backwards: page 1023 lands in frame 512, not at its offset */
    cr_assert_eq(pa_of(&vm, 0, 1023 * PAGE), 512 * PAGE);
    for (uint64_t p = 512; p < 1023; p++)
        pa_of(&vm, 0, p * PAGE);
    cr_assert_eq(kind_of(&vm, 0, 512 * PAGE), BWM_PAGE_BASE, "all placed, but not at their offsets");
    cr_assert_eq(vm.apps[0].large_pages, 1);
    bwm_vm_free(&vm);
}

Test(large_pages, first_touch_never_coalesces_interleaved_applications)
{
    bwm_vm vm;
    init(&vm, BWM_VM_FIRST_TOUCH, 2);
    uint64_t a1 = (uint64_t)1 << 40;
    for (uint64_t p = 0; p < 1024; p++) { /* the two applications touch their pages in turn */
        pa_of(&vm, 0, p * PAGE);
        pa_of(&vm, 1, a1 + p * PAGE);
    }
    cr_assert_eq(vm.apps[0].large_pages + vm.apps[1].large_pages, 0);
    cr_assert_eq(kind_of(&vm, 0, 0), BWM_PAGE_BASE);
    bwm_vm_free(&vm);
}

Test(large_pages, bad_sizes_and_policies_are_refused)
{
    bwm_vm vm;
    bwm_err err;
    cr_assert_eq(bwm_vm_init(&vm, BWM_VM_COCOA, 12, NULL, 1, NULL, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_vm_set_large_pages(&vm, 20, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "512"), "%s", err.msg);
    bwm_vm_free(&vm);
    cr_assert_eq(bwm_vm_init(&vm, BWM_VM_IDENTITY, 12, NULL, 1, NULL, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_vm_set_large_pages(&vm, 21, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "identity"), "%s", err.msg);
    bwm_vm_free(&vm);
}
