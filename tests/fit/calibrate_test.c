/* calibrate_test.c — the tolerance rule, the calibrated-file writer, and the
 * search: a detuned application is brought back within tolerance by its
 * occupancy and memory-instruction share, the character parameters never
 * move, and a target no occupancy can reach ends out of tolerance rather
 * than bending another parameter. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fit/calibrate.h"
#include "sim/config/gpu_read.h"
#include "sim/workload/synth_app.h"
#include "tests/support/tmp_text.h"

#define MEMSYS15 BWM_SOURCE_DIR "/data/configs/memsys15.config"
#define START BWM_SOURCE_DIR "/data/apps_synth.csv"

static bwm_calib_point point(double mpki_target, double mpki, double bw_target, double bw)
{
    bwm_calib_point p;
    memset(&p, 0, sizeof p);
    p.mpki_target = mpki_target;
    p.mpki = mpki;
    p.bw_target = bw_target;
    p.bw = bw;
    return p;
}

static int judged(double mpki_target, double mpki, double bw_target, double bw)
{
    bwm_calib_tol tol = bwm_calib_default_tol();
    bwm_calib_point p = point(mpki_target, mpki, bw_target, bw);
    bwm_calib_judge(&tol, &p);
    return p.ok;
}

Test(calib_tolerance, five_percent_or_half_a_point_of_bw)
{
    cr_assert(judged(10, 10.49, 0.5, 0.524));
    cr_assert_not(judged(10, 10.51, 0.5, 0.5));           /* mpki 5.1 % off */
    cr_assert_not(judged(10, 9.49, 0.5, 0.5));
    cr_assert_not(judged(10, 10, 0.5, 0.526));            /* BW/C 5.2 % and 2.6 points off */
    cr_assert(judged(0.1, 0.1, 0.003, 0.0079));           /* 163 % but 0.49 points: small values */
    cr_assert_not(judged(0.1, 0.1, 0.003, 0.0081));       /* 0.51 points */
    cr_assert_not(judged(0.1, 0.106, 0.003, 0.003));      /* the absolute bound is for BW/C only */
    bwm_calib_tol tol = bwm_calib_default_tol();
    bwm_calib_point p = point(4, 5, 0.2, 0.19);
    bwm_calib_judge(&tol, &p);
    cr_assert_float_eq(p.mpki_err, 0.25, 1e-12);
    cr_assert_float_eq(p.bw_err, -0.05, 1e-12);
    cr_assert_float_eq(bwm_calib_mpki_score(&tol, &p), 5, 1e-12);
    cr_assert_float_eq(bwm_calib_bw_score(&tol, &p), 1, 1e-9);
}

Test(calib_file, written_rows_load_back_identically)
{
    bwm_synth_app *apps;
    size_t n;
    bwm_err err;
    cr_assert_eq(bwm_synth_load(START, &apps, &n, &err), BWM_OK, "%s", err.msg);
    snprintf(apps[0].name, sizeof apps[0].name, "Random \"Access\", updated");
    apps[1].mem_frac = 0.01234;
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_synth_write(apps, n, "first line\nsecond line", &b);
    cr_assert_eq(strncmp(bwm_buf_str(&b), "# first line\n# second line\nname,abbr,mpki,", 40), 0, "%s",
                 bwm_buf_str(&b));
    char path[BWM_TMP_PATH_MAX];
    bwm_write_tmp(path, bwm_buf_str(&b));
    bwm_synth_app *back;
    size_t n_back;
    cr_assert_eq(bwm_synth_load(path, &back, &n_back, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(n_back, n);
    for (size_t i = 0; i < n; i++)
        cr_assert_eq(memcmp(&apps[i], &back[i], sizeof apps[i]), 0, "row %zu differs", i);
    remove(path);
    bwm_buf_free(&b);
    free(apps);
    free(back);
}

/* A short setup: an 8-SM GPU, each application alone on 4 SMs. */
static bwm_calib_setup short_setup(bwm_gpu_config *cfg)
{
    bwm_err err;
    cr_assert_eq(bwm_gpu_config_load_with(MEMSYS15, "-gpgpu_n_clusters 8", "test", cfg, NULL, &err), BWM_OK, "%s",
                 err.msg);
    bwm_calib_setup s;
    memset(&s, 0, sizeof s);
    s.cfg = cfg;
    s.sms = 4;
    s.run.cycles = 20000;
    s.run.warmup = 2000;
    s.seed = 1;
    return s;
}

static bwm_synth_app start_app(const char *abbr)
{
    bwm_synth_app *apps;
    size_t n;
    bwm_err err;
    cr_assert_eq(bwm_synth_load(START, &apps, &n, &err), BWM_OK, "%s", err.msg);
    bwm_synth_app a = *bwm_synth_find(apps, n, abbr);
    free(apps);
    return a;
}

/* The parameters calibration may not touch are unchanged. */
static void assert_character_kept(const bwm_synth_app *before, const bwm_synth_app *after)
{
    bwm_synth_app x = *after;
    x.mem_frac = before->mem_frac;
    x.warps = before->warps;
    cr_assert_eq(memcmp(&x, before, sizeof x), 0, "a character parameter moved");
}

Test(calib_search, a_detuned_latency_bound_application_comes_back)
{
    bwm_gpu_config cfg;
    bwm_calib_setup s = short_setup(&cfg);
    bwm_calib_tol tol = bwm_calib_default_tol();
    bwm_synth_app a = start_app("SRAD");
    a.mpki = 3.0;          /* targets for this small GPU */
    a.bw_frac = 0.15;
    a.mem_frac = 0.004;    /* far from both */
    a.warps = 12;
    bwm_synth_app before = a;
    bwm_calib_report rep;
    bwm_err err;
    cr_assert_eq(bwm_calibrate_app(&s, &tol, 40, &a, &rep, &err), BWM_OK, "%s", err.msg);
    cr_assert_not(rep.start.ok);
    cr_assert(rep.final.ok, "mpki %g (3), bw_frac %g (0.15) after %d runs", rep.final.mpki, rep.final.bw,
              rep.evals);
    cr_assert_gt(a.mem_frac, 0.004 * 2);   /* mpki needed more memory instructions */
    cr_assert_neq(a.warps, 12);            /* and BW/C another occupancy */
    assert_character_kept(&before, &a);
    /* what it reports is what the written parameters give */
    bwm_calib_point again;
    cr_assert_eq(bwm_calib_measure(&s, &tol, &a, &again, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(again.mpki, rep.final.mpki);
    cr_assert_eq(again.bw, rep.final.bw);
    cr_assert_leq(rep.evals, 40);
}

Test(calib_search, more_bandwidth_than_any_occupancy_gives_ends_out_of_tolerance)
{
    bwm_gpu_config cfg;
    bwm_calib_setup s = short_setup(&cfg);
    bwm_calib_tol tol = bwm_calib_default_tol();
    bwm_synth_app a = start_app("GUPS");
    a.warps = 48;
    bwm_calib_point p;
    bwm_err err;
    cr_assert_eq(bwm_calib_measure(&s, &tol, &a, &p, &err), BWM_OK, "%s", err.msg);
    a.mpki = p.mpki;                 /* keep mpki, ask for more than the saturated DRAM gives */
    a.bw_frac = fmin(0.999, p.bw * 1.2);
    bwm_synth_app before = a;
    bwm_calib_report rep;
    cr_assert_eq(bwm_calibrate_app(&s, &tol, 30, &a, &rep, &err), BWM_OK, "%s", err.msg);
    cr_assert_not(rep.final.ok, "bw_frac %g for %g", rep.final.bw, a.bw_frac);
    cr_assert_eq(a.warps, 48, "the occupancy stays at the SM's limit");
    cr_assert_eq(a.store_frac, before.store_frac);
    assert_character_kept(&before, &a);
}

Test(calib_search, out_of_budget_reports_the_best_point_and_no_error)
{
    bwm_gpu_config cfg;
    bwm_calib_setup s = short_setup(&cfg);
    bwm_calib_tol tol = bwm_calib_default_tol();
    bwm_synth_app a = start_app("LIB");
    a.mpki = 3 * a.mpki;
    bwm_calib_report rep;
    bwm_err err;
    cr_assert_eq(bwm_calibrate_app(&s, &tol, 1, &a, &rep, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(rep.evals, 1);
    cr_assert_not(rep.final.ok);
    cr_assert_eq(rep.final.mpki, rep.start.mpki);
}

Test(calib_search, an_application_without_targets_is_refused)
{
    bwm_gpu_config cfg;
    bwm_calib_setup s = short_setup(&cfg);
    bwm_calib_tol tol = bwm_calib_default_tol();
    bwm_synth_app a = start_app("LIB");
    a.bw_frac = 0;
    bwm_calib_report rep;
    bwm_err err;
    cr_assert_eq(bwm_calibrate_app(&s, &tol, 10, &a, &rep, &err), BWM_EINPUT);
    cr_assert(strstr(err.msg, "'LIB' has no Table 1 target"), "%s", err.msg);
}
