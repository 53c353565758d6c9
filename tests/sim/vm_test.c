/* vm_test.c — the applications' virtual memory (sim/vm/vm.h): identity
 * changes nothing; first-touch hands out frames in touch order, the
 * applications' pages interleaving; colour placement on GTX 1080's hash
 * keeps every line of every page of an application in modules of its
 * colour and never gives a frame twice; bad colour splits, maps without
 * colours and bad page or memory sizes are refused; colours a workload
 * leaves stay unused (an alone run on its share keeps to its colour). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "sim/vm/vm.h"

#define LINEAR8 "dramid@8;00000000.00000000.00000000.00000000.00000RRR.RRRRRRRR.RBBBCCCC.CCSSSSSS"
#define GTX1080_XOR                                                                                    \
    "ch0=10^12^16^20^23^26^29^30;ch1=11^12^13^15^17^20^21^23^25^26^30;ch2=12^13^18^19^22^25^26^27^30^31"

static bwm_addrmap gtx1080_map(void)
{
    bwm_addrmap m;
    bwm_err err;
    cr_assert_eq(bwm_addrmap_parse_mask(&m, LINEAR8, 8, 1, 8, 4, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_addrmap_parse_xor(&m, GTX1080_XOR, &err), BWM_OK, "%s", err.msg);
    return m;
}

Test(vm, identity_changes_no_address)
{
    bwm_vm vm;
    bwm_err err;
    bwm_addrmap m = gtx1080_map();
    cr_assert_eq(bwm_vm_init(&vm, BWM_VM_IDENTITY, 12, &m, 2, NULL, &err), BWM_OK, "%s", err.msg);
    uint64_t pa;
    for (uint64_t va = 0; va < ((uint64_t)1 << 41); va += ((uint64_t)1 << 37) + 4096 * 7 + 136) {
        cr_assert_eq(bwm_vm_translate(&vm, 1, va, &pa, &err), BWM_OK);
        cr_assert_eq(pa, va);
    }
    bwm_vm_free(&vm);
}

Test(vm, first_touch_hands_out_frames_in_touch_order)
{
    bwm_vm vm;
    bwm_err err;
    bwm_addrmap m = gtx1080_map();
    cr_assert_eq(bwm_vm_init(&vm, BWM_VM_FIRST_TOUCH, 12, &m, 2, NULL, &err), BWM_OK, "%s", err.msg);
    uint64_t a0 = 0, a1 = (uint64_t)1 << 40, pa;
    cr_assert_eq(bwm_vm_translate(&vm, 0, a0 + 5 * 4096 + 40, &pa, &err), BWM_OK);
    cr_assert_eq(pa, 0 * 4096 + 40);
    cr_assert_eq(bwm_vm_translate(&vm, 1, a1 + 5 * 4096 + 128, &pa, &err), BWM_OK);
    cr_assert_eq(pa, 1 * 4096 + 128, "the other application's page 5 is another frame");
    cr_assert_eq(bwm_vm_translate(&vm, 0, a0 + 9 * 4096, &pa, &err), BWM_OK);
    cr_assert_eq(pa, 2 * 4096);
    cr_assert_eq(bwm_vm_translate(&vm, 0, a0 + 5 * 4096 + 4095, &pa, &err), BWM_OK);
    cr_assert_eq(pa, 0 * 4096 + 4095, "a page keeps its frame");
    bwm_vm_free(&vm);
}

Test(vm, colours_keep_each_application_in_its_modules, .timeout = 300)
{
    bwm_vm vm;
    bwm_err err;
    bwm_addrmap m = gtx1080_map();
    cr_assert_eq(bwm_vm_init(&vm, BWM_VM_COLOR, 12, &m, 2, NULL, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(vm.colors.color_bits, 1);
    cr_assert_eq(vm.frames.n_frames, ((uint64_t)1 << 32) >> 12, "memory spans bit 31, the highest the hash reads");
    enum { PAGES = 20000 };
    uint64_t *frames = calloc(2 * PAGES, sizeof *frames);
    for (int app = 0; app < 2; app++)
        for (uint64_t p = 0; p < PAGES; p++) {
            uint64_t pa, va = ((uint64_t)app << 40) + p * 4096 * 3; /* every third page */
            cr_assert_eq(bwm_vm_translate(&vm, app, va, &pa, &err), BWM_OK, "%s", err.msg);
            frames[app * PAGES + p] = pa >> 12;
            for (uint64_t line = 0; line < 4096; line += 128) {
                bwm_dram_addr d;
                bwm_addrmap_decode(&m, pa + line, &d);
                if (bwm_color_of_module(&vm.colors, d.channel) != (unsigned)app)
                    cr_assert_fail("application %d's page %llu, line %llu in module %u of the other colour", app,
                                   (unsigned long long)p, (unsigned long long)line, d.channel);
            }
        }
    for (int i = 0; i < 2 * PAGES; i++) /* frames of one colour ascend; the colours differ */
        for (int j = i + 1; j < 2 * PAGES && j < i + 3; j++)
            cr_assert_neq(frames[i], frames[j]);
    for (int app = 0; app < 2; app++)
        for (int p = 1; p < PAGES; p++)
            cr_assert_gt(frames[app * PAGES + p], frames[app * PAGES + p - 1]);
    free(frames);
    bwm_vm_free(&vm);
}

Test(vm, bad_colour_splits_and_maps_without_colours_are_refused)
{
    bwm_vm vm;
    bwm_err err;
    bwm_addrmap m = gtx1080_map();
    const int three[] = {1, 2};
    cr_assert_eq(bwm_vm_init(&vm, BWM_VM_COLOR, 12, &m, 2, three, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "more than the 2 there are"), "%s", err.msg);
    const int none[] = {1, 0};
    cr_assert_eq(bwm_vm_init(&vm, BWM_VM_COLOR, 12, &m, 2, none, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "application 2 gets 0 colours"), "%s", err.msg);
    cr_assert_eq(bwm_vm_init(&vm, BWM_VM_COLOR, 12, &m, 3, NULL, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "2 page colours for 3 applications: -bwm_vm color (or --colors) gives each "
                              "application colours of its own, at least one; run at most 2 together"), "%s", err.msg);
    cr_assert_eq(bwm_vm_init(&vm, BWM_VM_COLOR, 16, &m, 2, NULL, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "spans every one of the 8"), "%s", err.msg);
    bwm_addrmap six;
    cr_assert_eq(bwm_addrmap_parse_mask(&six, LINEAR8, 6, 1, 8, 4, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_vm_init(&vm, BWM_VM_COLOR, 12, &six, 2, NULL, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "modulo 6"), "%s", err.msg);
    bwm_frames f;
    cr_assert_eq(bwm_frames_init(&f, 4096 * 3 + 1, 12, NULL, &err), BWM_EINPUT);
    cr_assert_eq(bwm_frames_init(&f, 4096, 6, NULL, &err), BWM_EINPUT, "a page smaller than a line");
    bwm_vm_policy p;
    cr_assert_eq(bwm_vm_policy_parse("colour", &p), -1);
    cr_assert_eq(bwm_vm_policy_parse("first-touch", &p), 0);
    cr_assert_eq(p, BWM_VM_FIRST_TOUCH);
}

Test(vm, a_colour_runs_out_of_frames)
{
    bwm_colors c = {.module_bits = 1, .color_bits = 1, .func = {(uint64_t)1 << 12}, .of_module = {1}};
    bwm_frames f;
    bwm_err err;
    cr_assert_eq(bwm_frames_init(&f, 4096 * 5, 12, &c, &err), BWM_OK, "%s", err.msg);
    /* frames 0, 2, 4 are colour 0, 1 and 3 colour 1 */
    cr_assert_eq(bwm_frames_take_color(&f, 1), 1);
    cr_assert_eq(bwm_frames_take_color(&f, 0), 0);
    cr_assert_eq(bwm_frames_take_color(&f, 1), 3);
    cr_assert_eq(bwm_frames_take_color(&f, 1), -1);
    cr_assert_eq(bwm_frames_take_color(&f, 0), 2);
    cr_assert_eq(bwm_frames_take_color(&f, 0), 4);
    cr_assert_eq(bwm_frames_take_color(&f, 0), -1);
    cr_assert_eq(bwm_frames_take(&f), -1, "one allocator, one way");
}

Test(vm, colour_shares_leave_the_rest_unused)
{
    int share[4];
    bwm_err err;
    cr_assert_eq(bwm_vm_color_shares(8, 3, NULL, share, &err), BWM_OK);
    cr_expect(share[0] == 3 && share[1] == 3 && share[2] == 2, "8 colours, 3 applications: 3, 3, 2");
    const int one[] = {1};
    cr_assert_eq(bwm_vm_color_shares(2, 1, one, share, &err), BWM_OK, "an alone run on its share of a pair");
    cr_expect_eq(share[0], 1);
    /* alone on one of GTX 1080's two colours: every page in modules of colour 0 */
    bwm_vm vm;
    bwm_addrmap m = gtx1080_map();
    cr_assert_eq(bwm_vm_init(&vm, BWM_VM_COLOR, 12, &m, 1, one, &err), BWM_OK, "%s", err.msg);
    for (uint64_t p = 0; p < 4096; p++) {
        uint64_t pa;
        cr_assert_eq(bwm_vm_translate(&vm, 0, p * 4096, &pa, &err), BWM_OK, "%s", err.msg);
        bwm_dram_addr d;
        bwm_addrmap_decode(&m, pa, &d);
        cr_assert_eq(bwm_color_of_module(&vm.colors, d.channel), 0);
    }
    bwm_vm_free(&vm);
    cr_assert_eq(bwm_vm_color_shares(2, 3, NULL, share, &err), BWM_EINPUT);
}
