/* vm_gpu_test.c — the GPU with virtual memory (-bwm_vm): identity gives
 * the very results of physical addresses (the same counts and cycles as a
 * run without the option); under color, on GTX 1080's module hash over 8
 * channels, no application's request reaches a controller of another
 * application's colour (paper 003's memory partitioning), while under
 * first-touch both use every channel. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/run/run.h"
#include "tests/support/gpu_harness.h"

#define GTX1080_HASH                                                                                        \
    "-gpgpu_n_mem 8 -gpgpu_mem_addr_mapping "                                                               \
    "dramid@8;00000000.00000000.00000000.00000000.00000RRR.RRRRRRRR.RBBBCCCC.CCSSSSSS -bwm_addr_xor "     \
    "\"ch0=10^12^16^20^23^26^29^30;ch1=11^12^13^15^17^20^21^23^25^26^30;ch2=12^13^18^19^22^25^26^27^30^31\""

/* Requests application a had served by channel c. */
static uint64_t served(const bwm_gpu *g, int c, int a)
{
    return g->mem.mcs[c].apps[a].c.requests;
}

Test(vm_gpu, identity_is_the_physical_run)
{
    bwm_gpu a, b;
    bwm_run_result ra, rb;
    gh_run_pair(&a, NULL, &ra);
    gh_run_pair(&b, "-bwm_vm identity -bwm_page_size 65536", &rb);
    for (int app = 0; app < 2; app++) {
        cr_assert_eq(ra.apps[app].insts, rb.apps[app].insts);
        cr_assert_eq(ra.apps[app].l2_misses, rb.apps[app].l2_misses);
        cr_assert_eq(ra.apps[app].dram_bytes_read, rb.apps[app].dram_bytes_read);
        cr_assert_eq(ra.apps[app].avg_mem_latency, rb.apps[app].avg_mem_latency);
    }
    bwm_run_result_free(&ra);
    bwm_run_result_free(&rb);
    bwm_gpu_free(&a);
    bwm_gpu_free(&b);
}

Test(vm_gpu, colours_keep_each_application_to_its_channels, .timeout = 300)
{
    bwm_gpu g;
    bwm_run_result r;
    gh_run_pair(&g, GTX1080_HASH " -bwm_vm color", &r);
    cr_assert_eq(g.vm.colors.color_bits, 1);
    uint64_t total[2] = {0, 0};
    for (int c = 0; c < 8; c++) {
        unsigned color = bwm_color_of_module(&g.vm.colors, (unsigned)c);
        for (int a = 0; a < 2; a++) {
            total[a] += served(&g, c, a);
            if (color != (unsigned)a)
                cr_assert_eq(served(&g, c, a), 0, "application %d served by channel %d of colour %u", a, c, color);
        }
    }
    cr_assert_gt(total[0], 1000);
    cr_assert_gt(total[1], 1000);
    bwm_run_result_free(&r);
    bwm_gpu_free(&g);

    gh_run_pair(&g, GTX1080_HASH " -bwm_vm first-touch", &r);
    for (int c = 0; c < 8; c++)
        for (int a = 0; a < 2; a++)
            cr_assert_gt(served(&g, c, a), 0, "first-touch: application %d uses channel %d", a, c);
    bwm_run_result_free(&r);
    bwm_gpu_free(&g);
}
