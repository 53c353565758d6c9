/* queue_table.c — the queueing model's alone side as a table (see
 * queue_table.h). */
#include "fit/queue_table.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int bwm_qcal_fit_rows(const bwm_qcal_row *rows, size_t n, double peak, bwm_qcal_fit *out, bwm_err *err)
{
    bwm_qcal_point *pts = calloc(n ? n : 1, sizeof *pts);
    if (!pts)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    for (size_t k = 0; k < n; k++) {
        const bwm_app_result *r = rows[k].alone;
        pts[k] = (bwm_qcal_point){r->bw, r->row_hit_rate, r->lat[BWM_STAGE_MC_QUEUE]};
    }
    int st = bwm_qcal_scales(pts, n, peak, out, err);
    free(pts);
    return st;
}

int bwm_qcal_table(const bwm_qcal_row *rows, size_t n, const bwm_qcal_fit *fit, double peak, bwm_table *t)
{
    static const char *const cols[] = {"app", "sms", "bw", "row_hit_rate", "round_trip", "mc_queue",
                                       "mc_queue_model", "ipc_probe", "round_trip_probe", "lat_share", "w_miss",
                                       "w_hit", "w_app"};
    char title[480];
    snprintf(title, sizeof title, "Queueing model, from the alone runs only: each application's residual service "
             "w_app read back from its own mc_queue; the GPU's w_miss %.4g and w_hit %.4g core cycles (the form for "
             "an application without a measured wait, mc_queue_model) fitted on %zu (mc_queue rms %.3g, mean |err| "
             "%.3g, mean %.3g); latency probe +%d L2 cycles of DRAM latency", fit->g.w_miss, fit->g.w_hit, fit->used, fit->rms, fit->mean_abs, fit->mean_meas,
             BWM_QCAL_PROBE_DELAY);
    if (bwm_table_init(t, title, cols, sizeof cols / sizeof cols[0]) != 0)
        return -1;
    for (size_t k = 0; k < n; k++) {
        const bwm_app_result *a = rows[k].alone, *p = rows[k].probe;
        bwm_qapp q = {a->mem_round_trip, 0, a->row_hit_rate, NAN};
        bwm_qapp measured = {a->mem_round_trip, 0, a->row_hit_rate, a->lat[BWM_STAGE_MC_QUEUE]};
        bwm_table_str(t, rows[k].app);
        bwm_table_int(t, rows[k].sms);
        bwm_table_num(t, a->bw);
        bwm_table_num(t, a->row_hit_rate);
        bwm_table_num(t, a->mem_round_trip);
        bwm_table_num(t, a->lat[BWM_STAGE_MC_QUEUE]);
        bwm_table_num(t, bwm_queue_wait_alone(&fit->g, &q, a->bw, peak));
        bwm_table_num(t, p ? p->ipc : NAN);
        bwm_table_num(t, p ? p->mem_round_trip : NAN);
        bwm_table_num(t, p ? bwm_qcal_lat_share(a->ipc, a->mem_round_trip, p->ipc, p->mem_round_trip) : NAN);
        bwm_table_num(t, fit->g.w_miss);
        bwm_table_num(t, fit->g.w_hit);
        bwm_table_num(t, a->bw > 0 ? bwm_queue_service(&fit->g, &measured, a->bw, peak) : NAN);
    }
    return t->failed ? -1 : 0;
}
