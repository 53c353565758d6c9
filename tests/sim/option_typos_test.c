/* option_typos_test.c — misspelt option names: the edit distance against
 * counts made by hand, a misspelling of an option the simulator reads refused
 * with the option it means (file and --set alike, GPU and memory options,
 * `sim config` and `sim run`), and what is not a misspelling left alone: a
 * GPGPU-Sim option near an honoured one, an inert option, the simulator's own,
 * a name far from every option (named on stderr as no GPGPU-Sim option). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sim/config/gpgpusim_names.h"
#include "sim/config/gpu_read.h"
#include "sim/config/memsys_config.h"
#include "sim/config/option_typos.h"
#include "tests/support/cli_run.h"
#include "tests/support/tmp_text.h"

#define MEMSYS15 BWM_SOURCE_DIR "/data/configs/memsys15.config"

Test(option_typos, edit_distance_counts_each_kind_of_edit)
{
    cr_expect_eq(bwm_edit_distance("-gpgpu_n_mem", "-gpgpu_n_mem", 2), 0);
    cr_expect_eq(bwm_edit_distance("-gpgpu_n_cluster", "-gpgpu_n_clusters", 2), 1, "a letter dropped");
    cr_expect_eq(bwm_edit_distance("-gpgpu_n_clussters", "-gpgpu_n_clusters", 2), 1, "a letter added");
    cr_expect_eq(bwm_edit_distance("-gpgpu_n_mam", "-gpgpu_n_mem", 2), 1, "a letter changed");
    cr_expect_eq(bwm_edit_distance("-gpgpu_n_mme", "-gpgpu_n_mem", 2), 1, "two neighbours swapped");
    cr_expect_eq(bwm_edit_distance("-dram_latecny", "-dram_latency", 2), 1);
    cr_expect_eq(bwm_edit_distance("-gpgpu_n_mme_x", "-gpgpu_n_mem", 2), 3, "a swap and two letters: over the limit");
    /* kitten -> sitting: k/s, e/i, +g */
    cr_expect_eq(bwm_edit_distance("kitten", "sitting", 3), 3);
    cr_expect_eq(bwm_edit_distance("kitten", "sitting", 2), 3, "over the limit reads limit + 1");
    /* ca -> abc: a swap and an insertion under this distance's rules, three edits */
    cr_expect_eq(bwm_edit_distance("ca", "abc", 5), 3);
    cr_expect_eq(bwm_edit_distance("", "abc", 5), 3);
    cr_expect_eq(bwm_edit_distance("abcdef", "ab", 2), 3, "lengths four apart");
}

Test(option_typos, gpgpusim_names_cover_versions_3_and_4)
{
    cr_expect(bwm_gpgpusim_option("-gpgpu_n_mem"));
    cr_expect(bwm_gpgpusim_option("-gpgpu_cache:dl1"));
    cr_expect(bwm_gpgpusim_option("-gpgpu_memory_partition_indexing"), "4.x");
    cr_expect(bwm_gpgpusim_option("-dram_dual_bus_interface"), "4.x HBM");
    cr_expect(bwm_gpgpusim_option("-gpgpu_dram_sched_queue_size"));
    cr_expect(!bwm_gpgpusim_option("-gpgpu_n_cluster"));
    cr_expect(!bwm_gpgpusim_option("-bwm_icnt_latency"), "the simulator's own");
    cr_expect(!bwm_gpgpusim_option("gpgpu_n_mem"), "names keep their dash");
}

/* Loads the GPU configuration of text written to a file; returns the status. */
static int load_gpu(const char *text, const char *set, char *path, bwm_optlist *ign, bwm_err *err)
{
    bwm_write_tmp(path, text);
    bwm_gpu_config c;
    int st = bwm_gpu_config_load_with(path, set, "--set", &c, ign, err);
    unlink(path);
    return st;
}

Test(option_typos, a_misspelt_gpu_option_is_refused_with_the_one_meant)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_err err = {{0}};
    cr_assert_eq(load_gpu("-gpgpu_n_mem 6\n-gpgpu_n_cluster 10\n", NULL, path, NULL, &err), BWM_EINPUT);
    bwm_expect_at(err.msg, path, 2, "option -gpgpu_n_cluster: not a GPGPU-Sim option; did you mean -gpgpu_n_clusters?");
    cr_assert_eq(load_gpu("-gpgpu_n_mem 6\n", "-gpgpu_l2_rop_latncy 100", path, NULL, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, "--set:1: option -gpgpu_l2_rop_latncy: not a GPGPU-Sim option; did you mean "
                              "-gpgpu_l2_rop_latency?"),
              "%s", err.msg);
}

Test(option_typos, a_misspelt_memory_option_is_refused_in_trace_mode_too)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_write_tmp(path, "-gpgpu_n_mem 6\n-gpgpu_dram_timng_opt \"nbk=16:CCD=2\"\n");
    bwm_dram_config c;
    bwm_err err = {{0}};
    int st = bwm_memsys_config_load_with(path, NULL, NULL, &c, NULL, &err);
    unlink(path);
    cr_assert_eq(st, BWM_EINPUT);
    bwm_expect_at(err.msg, path, 2, "did you mean -gpgpu_dram_timing_opt?");
}

Test(option_typos, what_is_no_misspelling_is_listed_as_ignored)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_optlist ign;
    bwm_err err = {{0}};
    /* -gpgpu_cache:il1 (inert: the instruction cache) is one letter from
       -gpgpu_cache:dl1; -gpgpu_perfect_mem is a GPGPU-Sim option the
       simulator does not model; -gpgpu_no_such_option is near nothing;
       -bwm_ names are the simulator's own */
    cr_assert_eq(load_gpu("-gpgpu_n_mem 6\n-gpgpu_cache:il1 4:128:4,L:R:f:N:L,A:2:32,4\n-gpgpu_perfect_mem 1\n"
                          "-gpgpu_no_such_option 3\n",
                          NULL, path, &ign, &err),
                 BWM_OK, "%s", err.msg);
    cr_expect(bwm_optlist_has(&ign, "-gpgpu_cache:il1"));
    cr_expect(bwm_optlist_has(&ign, "-gpgpu_perfect_mem"));
    cr_expect(bwm_optlist_has(&ign, "-gpgpu_no_such_option"));
    bwm_optlist_free(&ign);
    /* the memory system alone does not read -bwm_icnt_latency, the GPU does */
    bwm_write_tmp(path, "-gpgpu_n_mem 6\n-bwm_icnt_latency 5\n");
    bwm_dram_config d;
    int st = bwm_memsys_config_load_with(path, NULL, NULL, &d, &ign, &err);
    unlink(path);
    cr_assert_eq(st, BWM_OK, "%s", err.msg);
    cr_expect(bwm_optlist_has(&ign, "-bwm_icnt_latency"));
    bwm_optlist_free(&ign);
}

Test(option_typos, every_real_option_near_an_honoured_one_loads)
{
    /* Each GPGPU-Sim option name is refused by none of the loaders, whatever
       it is near: given alone after memsys15, it loads or fails for its value,
       never as a misspelling. */
    size_t n;
    const char *const *names = bwm_gpgpusim_option_names(&n);
    cr_assert_geq(n, 250);
    for (size_t i = 0; i < n; i++) {
        char set[200];
        snprintf(set, sizeof set, "%s 1", names[i]);
        bwm_gpu_config c;
        bwm_err err = {{0}};
        if (bwm_gpu_config_load_with(MEMSYS15, set, "--set", &c, NULL, &err) != BWM_OK)
            cr_expect(!strstr(err.msg, "not a GPGPU-Sim option"), "%s", err.msg);
        bwm_dram_config d;
        if (bwm_memsys_config_load_with(MEMSYS15, set, "--set", &d, NULL, &err) != BWM_OK)
            cr_expect(!strstr(err.msg, "not a GPGPU-Sim option"), "%s", err.msg);
    }
}

Test(option_typos, commands_refuse_a_misspelling_with_exit_2_and_no_output)
{
    bwm_run r;
    bwm_run_cli(&r, "sim config --config %s --set '-gpgpu_n_cluster 10'", MEMSYS15);
    cr_expect_eq(r.status, 2);
    cr_expect_str_empty(r.out);
    cr_expect(strstr(r.err, "--set:1: option -gpgpu_n_cluster: not a GPGPU-Sim option; did you mean "
                            "-gpgpu_n_clusters?"),
              "%s", r.err);
    bwm_run_free(&r);
    /* not misspellings: named on stderr, each kind on its line */
    bwm_run_cli(&r, "sim config --config %s --set '-gpgpu_no_such_option 3 -gpgpu_perfect_mem 1'", MEMSYS15);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.err, "bwmpki sim config: ignored, not modelled (may change results): -gpgpu_perfect_mem\n"
                            "bwmpki sim config: ignored, not GPGPU-Sim options: -gpgpu_no_such_option\n");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim run --apps BLK,GUPS --cycles 1000 --set '-gpgpu_n_cluster 10'");
    cr_expect_eq(r.status, 2);
    cr_expect_str_empty(r.out);
    cr_expect(strstr(r.err, "did you mean -gpgpu_n_clusters?"), "%s", r.err);
    bwm_run_free(&r);
}
