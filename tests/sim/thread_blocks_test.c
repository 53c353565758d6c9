/* thread_blocks_test.c — thread blocks (paper 002): the CTA dispatch order of
 * both policies on a crafted grid, the CTA limit, every warp instruction of a
 * finished CTA counted once, serial SMs staying in their range, the cta
 * pattern's chunks, TEMP placing a page in banks its SM owns, local access
 * with and without TEMP, the pages each batch touches, the optional CSV
 * columns (absent: the files and the runs as before) and their errors, and
 * determinism. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/config/gpu_read.h"
#include "sim/core/cta_dispatch.h"
#include "sim/core/page_sharing.h"
#include "sim/vm/sm_banks.h"
#include "sim/vm/vm.h"
#include "sim/workload/warp_stream.h"
#include "tests/support/gpu_harness.h"
#include "tests/support/tmp_text.h"

#define CAL12 BWM_SOURCE_DIR "/data/configs/cal12.config"

static uint64_t take(bwm_cta_dispatch *d, int rank)
{
    uint64_t seq;
    cr_assert_eq(bwm_cta_take(d, rank, &seq), 1, "SM %d got no CTA", rank);
    return seq;
}

Test(thread_blocks, interleaved_hands_out_ids_in_order_as_slots_free)
{
    bwm_cta_dispatch d;
    bwm_err err;
    cr_assert_eq(bwm_cta_dispatch_init(&d, BWM_CTA_INTERLEAVED, 10, 3, &err), BWM_OK, "%s", err.msg);
    /* the launch: slot 0 of SMs 0, 1, 2, then slot 1 of each */
    for (uint64_t want = 0; want < 6; want++)
        cr_assert_eq(take(&d, (int)(want % 3)), want);
    /* then whichever SM frees a slot takes the next id: SM 1, SM 1, SM 0 */
    cr_assert_eq(take(&d, 1), 6);
    cr_assert_eq(take(&d, 1), 7);
    cr_assert_eq(take(&d, 0), 8);
    cr_assert_eq(take(&d, 2), 9);
    cr_assert_eq(take(&d, 2) % 10, 0, "the grid runs again: CTA 0 of launch 1");
    bwm_cta_dispatch_free(&d);
}

Test(thread_blocks, serial_gives_each_sm_its_contiguous_range)
{
    bwm_cta_dispatch d;
    bwm_err err;
    cr_assert_eq(bwm_cta_dispatch_init(&d, BWM_CTA_SERIAL, 10, 3, &err), BWM_OK, "%s", err.msg);
    /* ranges [0,3), [3,6), [6,10): 10 × r / 3 */
    const uint64_t sm0[] = {0, 1, 2, 10, 11}, sm2[] = {6, 7, 8, 9, 16};
    for (int i = 0; i < 5; i++) {
        cr_assert_eq(take(&d, 0), sm0[i], "SM 0, take %d", i);
        cr_assert_eq(take(&d, 2), sm2[i], "SM 2, take %d", i);
    }
    cr_assert_eq(take(&d, 1), 3);
    bwm_cta_dispatch_free(&d);
    /* two CTAs on three SMs: SM 0's range [0,0) is empty */
    cr_assert_eq(bwm_cta_dispatch_init(&d, BWM_CTA_SERIAL, 2, 3, &err), BWM_OK, "%s", err.msg);
    uint64_t seq;
    cr_assert_eq(bwm_cta_take(&d, 0, &seq), 0);
    cr_assert_eq(take(&d, 1), 0);
    cr_assert_eq(take(&d, 2), 1);
    bwm_cta_dispatch_free(&d);
    bwm_cta_policy p;
    cr_assert_eq(bwm_cta_policy_parse("serial", &p), 0);
    cr_assert_eq(p, BWM_CTA_SERIAL);
    cr_assert_eq(bwm_cta_policy_parse("random", &p), -1);
}

Test(thread_blocks, an_sm_holds_at_most_its_cta_limit)
{
    bwm_synth_app a = gh_cta_app(BWM_PATTERN_STREAM, 48, 60); /* asks for 12 CTAs of 4 warps */
    bwm_gpu_config cfg = gh_config("-gpgpu_n_clusters 2 -gpgpu_shader_cta 8");
    bwm_gpu_params p = gh_params(1, &a, "frfcfs");
    bwm_gpu g;
    bwm_err err;
    cr_assert_eq(bwm_gpu_init(&g, &cfg, &p, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(g.warps_per_sm[0], 32, "8 CTAs of 4 warps");
    cr_assert_eq(g.sms[0].ctas.slots, 8);
    bwm_gpu_free(&g);
    cfg = gh_config("-gpgpu_n_clusters 2 -gpgpu_shader_cta 32");
    cr_assert_eq(bwm_gpu_init(&g, &cfg, &p, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(g.warps_per_sm[0], 48, "12 CTAs: what the application asks for, within 48 warps");
    bwm_gpu_free(&g);
    a.cta_warps = 49; /* one more than the SM's 48 */
    cr_assert_eq(bwm_gpu_init(&g, &cfg, &p, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "a CTA of 49 warps (column cta_warps) does not fit an SM of 48 warps"), "%s", err.msg);
}

/* Every warp instruction an SM issued belongs to a finished CTA (cta_warps ×
 * cta_insts each) or to a CTA still in a slot (its warps' issued counts). */
static void expect_whole_ctas(const bwm_gpu *g)
{
    uint64_t finished = 0;
    for (int s = 0; s < g->n_busy_sms; s++) {
        const bwm_sm *sm = &g->sms[s];
        uint64_t live = 0;
        for (int w = 0; w < sm->n_warps; w++)
            live += sm->warps[w].issued;
        uint64_t per_cta = (uint64_t)sm->ctas.warps * (uint64_t)sm->prog->cta_insts;
        cr_assert_eq(sm->stats.warp_insts, sm->stats.ctas * per_cta + live, "SM %d: %llu instructions, %llu CTAs",
                     s, (unsigned long long)sm->stats.warp_insts, (unsigned long long)sm->stats.ctas);
        finished += sm->stats.ctas;
    }
    cr_assert_gt(finished, 10, "the run finishes CTAs");
}

Test(thread_blocks, finished_ctas_issue_exactly_their_instructions_and_serial_keeps_to_its_range)
{
    bwm_synth_app a = gh_cta_app(BWM_PATTERN_CTA, 16, 60);
    const char *policies[] = {"-gpgpu_n_clusters 3 -bwm_cta_dispatch interleaved",
                              "-gpgpu_n_clusters 3 -bwm_cta_dispatch serial"};
    for (int k = 0; k < 2; k++) {
        bwm_gpu g;
        bwm_run_result r;
        gh_run_one(&g, GH_MEMSYS15, policies[k], &a, 20000, &r);
        expect_whole_ctas(&g);
        uint64_t all = g.sms[0].stats.ctas + g.sms[1].stats.ctas + g.sms[2].stats.ctas;
        cr_assert(r.apps[0].ctas > 0 && r.apps[0].ctas <= all, "the window's CTAs (%llu) are among the SMs' (%llu)",
                  (unsigned long long)r.apps[0].ctas, (unsigned long long)all);
        if (k == 1) {
            uint64_t grid = bwm_cta_grid(&a);
            for (int s = 0; s < 3; s++) {
                uint64_t lo, hi;
                bwm_cta_serial_range(&g.ctas.dispatch[0], s, &lo, &hi);
                for (int slot = 0; slot < g.sms[s].ctas.slots; slot++) {
                    uint64_t id = g.sms[s].ctas.seq[slot] % grid;
                    cr_assert(id >= lo && id < hi, "SM %d runs CTA %llu outside [%llu, %llu)", s,
                              (unsigned long long)id, (unsigned long long)lo, (unsigned long long)hi);
                }
            }
        }
        bwm_run_result_free(&r);
        bwm_gpu_free(&g);
    }
}

Test(thread_blocks, the_cta_pattern_sweeps_its_own_chunk)
{
    bwm_synth_app a = gh_cta_app(BWM_PATTERN_CTA, 16, 60);
    a.hot_frac = 0;
    /* 4 warps × 60 instructions × 0.2 memory × 4 lines = 192 lines a CTA */
    cr_assert_eq(bwm_cta_chunk_lines(&a), 192);
    cr_assert_eq(bwm_cta_grid(&a), 16 * 1024 * 1024 / 128 / 192);
    bwm_warp_stream w[2];
    uint64_t cursor = 0;
    for (int i = 0; i < 2; i++) {
        bwm_warp_stream_init(&w[i], &a, 0, (uint64_t)i, 2, 7);
        bwm_warp_stream_start_cta(&w[i], &a, 5, &cursor, 11 + (uint64_t)i); /* CTA 5 */
    }
    uint64_t lo = 5 * 192 * 128, hi = 6 * 192 * 128, seen = 0;
    for (int k = 0; k < 4000; k++) {
        bwm_inst in;
        bwm_warp_stream_next(&w[k % 2], &a, &in);
        for (int j = 0; j < in.nlines; j++) {
            cr_assert(in.line[j] >= lo && in.line[j] < hi, "line %llu outside CTA 5's chunk",
                      (unsigned long long)in.line[j]);
            seen++;
        }
    }
    cr_assert_gt(seen, 192, "the warps wrap around their chunk");
}

Test(thread_blocks, temp_places_a_page_in_banks_its_sm_owns)
{
    bwm_gpu_config cfg;
    bwm_err err;
    cr_assert_eq(bwm_gpu_config_load_with(CAL12, "-bwm_vm temp", "test", &cfg, NULL, &err), BWM_OK, "%s", err.msg);
    bwm_vm vm;
    cr_assert_eq(bwm_vm_init(&vm, BWM_VM_TEMP, 12, &cfg.dram.map, 1, NULL, &err), BWM_OK, "%s", err.msg);
    /* cal12: bank bits 14-17 lie above a 4 KB page: 16 bank colours, the bank index */
    cr_assert_eq(vm.colors.color_bits, 4);
    cr_assert_eq(bwm_vm_set_sms(&vm, 0, 3, &err), BWM_OK);
    unsigned n_colors = 16, used[3][16] = {{0}};
    for (uint64_t page = 0; page < 300; page++) {
        int rank = (int)(page % 3);
        uint64_t line[32];
        for (int i = 0; i < 32; i++)
            line[i] = page * 4096 + (uint64_t)i * 128;
        bwm_vm_translate_lines(&vm, 0, rank, line, 32);
        cr_assert_eq(vm.faulted, 0);
        for (int i = 0; i < 32; i++) {
            bwm_dram_addr da;
            bwm_addrmap_decode(&cfg.dram.map, line[i], &da);
            unsigned color = bwm_color_of_addr(&vm.colors, line[i]);
            cr_assert(bwm_sm_owns_color(n_colors, 3, rank, color), "page %llu of SM %d in colour %u",
                      (unsigned long long)page, rank, color);
            cr_assert_eq(da.bank % 3, (unsigned)rank, "bank b of every channel goes to SM b mod 3");
            used[rank][color]++;
        }
    }
    /* each SM goes round all of its colours: SM 0 owns 0,3,..,15 (6), SM 1 and 2 five each */
    for (int r = 0; r < 3; r++)
        for (unsigned c = 0; c < n_colors; c++)
            cr_assert_eq(used[r][c] > 0, bwm_sm_owns_color(n_colors, 3, r, c), "SM %d colour %u", r, c);
    cr_assert_eq(bwm_sm_bank_colors(16, 3, 0), 6);
    cr_assert_eq(bwm_sm_bank_colors(16, 3, 2), 5);
    cr_assert_eq(bwm_sm_bank_colors(4, 6, 5), 1);
    cr_assert_eq(bwm_sm_bank_color(4, 6, 5, 0), 1, "more SMs than colours: SM 5 shares colour 5 mod 4");
    bwm_vm_free(&vm);
}

Test(thread_blocks, temp_makes_a_batch_friendly_application_local)
{
    bwm_synth_app a = gh_cta_app(BWM_PATTERN_CTA, 16, 60);
    double local[2];
    const char *designs[] = {"-gpgpu_n_clusters 4", "-gpgpu_n_clusters 4 -bwm_cta_dispatch serial -bwm_vm temp"};
    for (int k = 0; k < 2; k++) {
        bwm_gpu g;
        bwm_run_result r;
        gh_run_one(&g, CAL12, designs[k], &a, 20000, &r);
        local[k] = r.apps[0].local_access;
        cr_assert(r.apps[0].blocks);
        cr_assert(r.apps[0].blp >= 1, "blp %g", r.apps[0].blp);
        cr_assert(r.apps[0].act_per_access > 0 && r.apps[0].act_per_access <= 1.01, "%g", r.apps[0].act_per_access);
        cr_assert_gt(r.apps[0].dram_delay, 0);
        bwm_run_result_free(&r);
        bwm_gpu_free(&g);
    }
    cr_assert_lt(local[0], 0.5, "without TEMP about 1 in 4 accesses is local: %g", local[0]);
    cr_assert_geq(local[1], 0.9, "TEMP: %g", local[1]);
}

Test(thread_blocks, page_sharing_counts_pages_by_the_distance_of_their_batches)
{
    bwm_page_sharing p;
    bwm_err err;
    cr_assert_eq(bwm_page_sharing_init(&p, 0x10000, 5 * 4096 - 100, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(p.n_pages, 5);
    bwm_page_sharing_touch(&p, 0x10000, 3);
    bwm_page_sharing_touch(&p, 0x10fff, 3); /* page 0: batch 3 only */
    bwm_page_sharing_touch(&p, 0x11000, 4);
    bwm_page_sharing_touch(&p, 0x11080, 3); /* page 1: 3 and 4 */
    bwm_page_sharing_touch(&p, 0x12000, 5);
    bwm_page_sharing_touch(&p, 0x12000, 2); /* page 2: 2 to 5 */
    bwm_page_sharing_touch(&p, 0x13000, 7); /* page 3: 7; page 4 untouched */
    bwm_page_sharing_touch(&p, 0x0f000, 9);
    bwm_page_sharing_touch(&p, 0x15000, 9); /* outside: ignored */
    double share[3];
    cr_assert_eq(bwm_page_sharing_shares(&p, share), 4, "pages 0 to 3 touched");
    cr_assert_eq(share[0], 0.5);
    cr_assert_eq(share[1], 0.25);
    cr_assert_eq(share[2], 0.25);
    bwm_page_sharing_free(&p);
}

Test(thread_blocks, cta_chunks_keep_pages_to_their_batch_and_random_lines_do_not)
{
    /* the cta pattern's chunk is 192 lines (the_cta_pattern_sweeps_its_own_chunk),
       6 whole 4 KB pages: no page is shared */
    bwm_synth_app apps[2] = {gh_cta_app(BWM_PATTERN_CTA, 16, 60), gh_cta_app(BWM_PATTERN_RANDOM, 16, 60)};
    apps[1].footprint_mb = 1; /* 256 pages: each touched many times */
    double private_share[2];
    for (int k = 0; k < 2; k++) {
        bwm_gpu g;
        bwm_run_result r;
        gh_run_one(&g, GH_MEMSYS15, "-gpgpu_n_clusters 2 -bwm_cta_dispatch serial", &apps[k], 10000, &r);
        const bwm_app_result *x = &r.apps[0];
        cr_assert_float_eq(x->pages_private + x->pages_next_batch + x->pages_wider, 1, 1e-12);
        private_share[k] = x->pages_private;
        bwm_run_result_free(&r);
        bwm_gpu_free(&g);
    }
    cr_assert_eq(private_share[0], 1, "cta: %g", private_share[0]);
    cr_assert_lt(private_share[1], 0.5, "random: %g", private_share[1]);
}

Test(thread_blocks, same_seed_same_run)
{
    bwm_synth_app a = gh_cta_app(BWM_PATTERN_CTA, 16, 60);
    bwm_run_result r[2];
    for (int k = 0; k < 2; k++) {
        bwm_gpu g;
        gh_run_one(&g, CAL12, "-gpgpu_n_clusters 4 -bwm_cta_dispatch serial -bwm_vm temp", &a, 8000, &r[k]);
        bwm_gpu_free(&g);
    }
    cr_assert_eq(r[0].apps[0].insts, r[1].apps[0].insts);
    cr_assert_eq(r[0].apps[0].ctas, r[1].apps[0].ctas);
    cr_assert_eq(r[0].apps[0].row_hit_rate, r[1].apps[0].row_hit_rate);
    cr_assert_eq(r[0].apps[0].local_access, r[1].apps[0].local_access);
    cr_assert_eq(r[0].apps[0].blp, r[1].apps[0].blp);
    bwm_run_result_free(&r[0]);
    bwm_run_result_free(&r[1]);
}

static const char HEADER[] =
    "name,abbr,mpki,bw_frac,class,warps,mem_frac,store_frac,coalesce,pattern,row_run,footprint_mb,hot_frac,"
    "hot_kb,reuse,smem_frac,smem_latency,compute_latency,dep_distance,loads_in_flight,lanes";
static const char ROW[] = "Stream,STR,1,0.1,latency,8,0.1,0,4,stream,64,16,0,1,0,0,4,4,2,2,32";

static int load_text(const char *text, bwm_synth_app **apps, size_t *n, bwm_err *err)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_write_tmp(path, text);
    int st = bwm_synth_load(path, apps, n, err);
    unlink(path);
    return st;
}

Test(thread_blocks, csv_columns_are_optional_and_checked)
{
    char text[1024];
    bwm_synth_app *apps;
    size_t n;
    bwm_err err;
    /* absent: no thread blocks, and the file written back has no such columns */
    snprintf(text, sizeof text, "%s\n%s\n", HEADER, ROW);
    cr_assert_eq(load_text(text, &apps, &n, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(apps[0].cta_warps, 0);
    cr_assert_eq(apps[0].batch_stride, 1);
    bwm_buf out;
    bwm_buf_init(&out);
    bwm_synth_write(apps, n, NULL, &out);
    cr_assert_null(strstr(out.data, "cta_warps"));
    free(apps);
    bwm_buf_free(&out);
    /* present: read and written back */
    snprintf(text, sizeof text, "%s,cta_warps,cta_insts,batch_stride\n%s,8,500,3\n", HEADER, ROW);
    cr_assert_eq(load_text(text, &apps, &n, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(apps[0].cta_warps, 8);
    cr_assert_eq(apps[0].cta_insts, 500);
    cr_assert_eq(apps[0].batch_stride, 3);
    bwm_buf_init(&out);
    bwm_synth_write(apps, n, NULL, &out);
    cr_assert(strstr(out.data, ",cta_warps,cta_insts,batch_stride,calibrated\n"), "%s", out.data);
    cr_assert(strstr(out.data, ",8,500,3,false\n"), "%s", out.data);
    free(apps);
    bwm_buf_free(&out);
    struct {
        const char *extra_head, *extra_row, *message;
    } bad[] = {
        {",cta_warps", ",65", ":2: column 'cta_warps': 65 is out of range 0..64"},
        {",cta_warps,cta_insts", ",8,0", ":2: application 'STR': column 'cta_insts': a CTA's warps issue at least 1"},
        {",batch_stride", ",0", ":2: column 'batch_stride': 0 is out of range 1..1.04858e+06"},
        {",cta_warps", ",2.5", ":2: column 'cta_warps': '2.5' is not a whole number"},
        /* a column named twice is refused at the header, not read first-wins */
        {",cta_warps,cta_warps", ",8,4", ":1: column 'cta_warps' appears twice in the header (fields 22 and 23)"},
        {",cta_warps,CTA_WARPS", ",8,4", ":1: column 'CTA_WARPS' appears twice in the header"},
        {",mpki", ",1", ":1: column 'mpki' appears twice in the header (fields 3 and 22)"},
        /* thread blocks without their instruction count: the column named as missing */
        {",cta_warps", ",8", ":2: missing column 'cta_insts' in the header: application 'STR' has thread blocks "
                             "(cta_warps 8)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(text, sizeof text, "%s%s\n%s%s\n", HEADER, bad[i].extra_head, ROW, bad[i].extra_row);
        cr_assert_eq(load_text(text, &apps, &n, &err), BWM_EINPUT, "case %zu accepted", i);
        cr_assert(strstr(err.msg, bad[i].message), "case %zu: %s", i, err.msg);
    }
    char cta_row[256];
    snprintf(cta_row, sizeof cta_row, "%s", ROW);
    char *p = strstr(cta_row, "stream");
    memcpy(p, "cta   ", 6); /* pattern cta without thread blocks */
    snprintf(text, sizeof text, "%s\n%.*scta%s\n", HEADER, (int)(p - cta_row), cta_row, p + 6);
    cr_assert_eq(load_text(text, &apps, &n, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "pattern 'cta' needs thread blocks: column 'cta_warps' > 0"), "%s", err.msg);
}

Test(thread_blocks, without_them_a_run_is_what_it_was)
{
    /* the same application with its thread-block columns at their defaults
       (batch_stride set: it only matters with CTAs) runs as before */
    bwm_synth_app a = gh_app("STR", 8, 0.1, 0.1, 4, BWM_PATTERN_STREAM, 16, 4, 2), b = a;
    b.batch_stride = 7;
    bwm_run_result r[2];
    const bwm_synth_app *apps[2] = {&a, &b};
    for (int k = 0; k < 2; k++) {
        bwm_gpu g;
        gh_run_one(&g, GH_MEMSYS15, "-gpgpu_n_clusters 2 -bwm_cta_dispatch serial -gpgpu_shader_cta 1", apps[k], 5000,
                &r[k]);
        cr_assert_eq(g.sms[0].ctas.slots, 0);
        bwm_gpu_free(&g);
    }
    cr_assert_eq(r[0].apps[0].insts, r[1].apps[0].insts);
    cr_assert_eq(r[0].apps[0].row_hit_rate, r[1].apps[0].row_hit_rate);
    cr_assert_eq(r[0].apps[0].blocks, 0);
    bwm_run_result_free(&r[0]);
    bwm_run_result_free(&r[1]);
}
