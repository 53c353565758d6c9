/* model_out.h — formatting of closed-form results shared by the model
 * subcommands (the transfer verdict and marginal values, app lists). */
#ifndef BWM_MODEL_OUT_H
#define BWM_MODEL_OUT_H

#include "cli/app_args.h"
#include "io/json.h"
#include "io/table.h"
#include "model/metrics.h"
#include "model/transfer.h"

/* "transfer":{favour_it, favour_ws, favour_ws_approx, favour_hs, conflict,
 * bandwidth_bound, operating_point, marginal:[{app, it, ws, ws_approx, hs}]} */
void bwm_out_transfer_json(bwm_json *j, const bwm_transfer *t, const bwm_app_set *s,
                           const char *operating_point);
/* A text/CSV table: one row per metric with the favoured application, the
 * rule, the ranking, and whether IT and WS conflict. */
void bwm_out_transfer_table(bwm_table *t, const bwm_transfer *tr, const bwm_app_set *s);
/* A table in the results layout of DESIGN.md: one row per (policy, application). */
void bwm_out_alloc_table_init(bwm_table *t, const char *title);
/* Appends the rows of one policy's allocation. */
void bwm_out_alloc_rows(bwm_table *t, const char *policy, const bwm_app_set *s, const double *bw,
                        const double *perf, const double *sd, const bwm_metrics *m);
/* "a / b / c" of n numbers (for compact text tables). */
void bwm_out_join(char *dst, size_t n, const double *v, size_t count);

#endif
