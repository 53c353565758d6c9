/* named_pairs_test.c — the directions paper 000 names for its pairs, on the
 * shipped machine and calibration (memsys15, data/apps_calibrated.csv,
 * sim run's defaults: 100,000 cycles after 10,000, seed 1), which
 * docs/calibrate.md quotes: in BLK_MUM, RR and ITS raise IT over FR-FCFS (Sec. 8.1); ITS
 * raises GUPS_SCP_HISTO's IT (Fig. 14); BLK_QTC has too little bandwidth
 * for both, QTC is hurt more than BLK, and favouring BLK (ITS) gives the
 * better IT, favouring QTC (WEIS) the better WS (Sec. 4).  Only directions
 * are checked, never magnitudes: the runs are deterministic, and a change
 * that turns one round is a finding to report, not a number to tune. */
#include <criterion/criterion.h>
#include <string.h>

#include "tests/support/cli_expect.h"
#include "tests/support/cli_run.h"

typedef struct outcome {
    double it, ws, sd1, sd2;
} outcome;

static outcome run(const char *apps, const char *sched)
{
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps %s --sched %s --format json", apps, sched);
    bwm_expect_ok(&r);
    outcome o;
    o.it = bwm_json_number(r.out, "it");
    o.ws = bwm_json_number(r.out, "ws");
    const char *second = strstr(r.out, "\"app_index\":2");
    cr_assert(second, "two applications");
    o.sd1 = bwm_json_number(r.out, "sd");
    o.sd2 = bwm_json_number(second, "sd");
    bwm_run_free(&r);
    return o;
}

Test(named_pairs, blk_mum_rr_and_its_raise_it, .timeout = 900)
{
    outcome fr = run("BLK,MUM", "frfcfs"), rr = run("BLK,MUM", "rr"), its = run("BLK,MUM", "its");
    cr_expect_gt(rr.it, fr.it, "RR %g, FR-FCFS %g", rr.it, fr.it);
    cr_expect_gt(its.it, fr.it, "ITS %g, FR-FCFS %g", its.it, fr.it);
}

Test(named_pairs, gups_scp_histo_its_raises_it, .timeout = 900)
{
    bwm_run a, b;
    bwm_run_cli(&a, "sim run --apps GUPS,SCP,HISTO --sched frfcfs --format json");
    bwm_run_cli(&b, "sim run --apps GUPS,SCP,HISTO --sched its --format json");
    bwm_expect_ok(&a);
    bwm_expect_ok(&b);
    double fr = bwm_json_number(a.out, "it"), its = bwm_json_number(b.out, "it");
    cr_expect_gt(its, fr, "ITS %g, FR-FCFS %g", its, fr);
    bwm_run_free(&a);
    bwm_run_free(&b);
}

Test(named_pairs, blk_qtc_interferes_and_its_and_weis_favour_it_and_ws, .timeout = 900)
{
    outcome fr = run("BLK,QTC", "frfcfs"), its = run("BLK,QTC", "its"), weis = run("BLK,QTC", "weis");
    cr_expect_lt(fr.ws, 1.9, "the bandwidth is not enough for both: WS %g", fr.ws);
    cr_expect_lt(fr.sd2, fr.sd1, "QTC (sd %g) is hurt more than BLK (%g)", fr.sd2, fr.sd1);
    cr_expect_gt(its.it, weis.it, "IT: ITS %g, WEIS %g", its.it, weis.it);
    cr_expect_gt(weis.ws, its.ws, "WS: WEIS %g, ITS %g", weis.ws, its.ws);
}
