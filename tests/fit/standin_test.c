/* standin_test.c — synthetic stand-ins for traced applications
 * (fit/standin.h): the nearest starting row by hand-computed distances.
 * "calibrate --traces" is tested in calibrate_cli_test.c. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fit/standin.h"

static bwm_synth_app row(const char *abbr, double mpki, double bw_frac)
{
    bwm_synth_app a;
    memset(&a, 0, sizeof a);
    snprintf(a.abbr, sizeof a.abbr, "%s", abbr);
    a.mpki = mpki;
    a.bw_frac = bw_frac;
    return a;
}

Test(standin, nearest_row_by_log_targets_and_row_hits)
{
    bwm_synth_app rows[4] = {row("A", 10, 0.5), row("B", 20, 0.5), row("C", 0, 0), row("D", 10, 0.25)};
    double hits[4] = {0.9, 0.9, NAN, 0.5};
    /* the trace: mpki 14, BW/C 0.5, row hits 0.9.  A: ln(10/14)^2 = 0.1132; B: ln(20/14)^2 = 0.1272 */
    bwm_standin_profile p = {1, 14, 0.5, 0.9};
    cr_assert_eq(bwm_standin_nearest(rows, hits, 4, &p), 0);
    p.mpki = 15; /* A: ln(10/15)^2 = 0.1644; B: ln(20/15)^2 = 0.0828 */
    cr_assert_eq(bwm_standin_nearest(rows, hits, 4, &p), 1);
    /* D matches mpki and BW/C of (10, 0.25) exactly, A is off by ln 2 in BW/C (0.4805) but D's row
       hits differ by 0.4 (x4: 2.56): A is nearer */
    bwm_standin_profile q = {1, 10, 0.25, 0.9};
    cr_assert_eq(bwm_standin_nearest(rows, hits, 4, &q), 0);
    q.row_hit_rate = 0.5;  /* now D is exact */
    cr_assert_eq(bwm_standin_nearest(rows, hits, 4, &q), 3);
    /* no row with targets */
    cr_assert_eq(bwm_standin_nearest(&rows[2], &hits[2], 1, &q), 1);
}
