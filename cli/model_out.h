/* model_out.h — formatting of closed-form results shared by the model
 * subcommands: which application a row is about (app_index, and app and
 * app_name when the applications come from the catalogue), the allocation
 * table, and the ε-transfer tables (marginal values, verdict). */
#ifndef BWM_MODEL_OUT_H
#define BWM_MODEL_OUT_H

#include "cli/app_args.h"
#include "io/json.h"
#include "io/table.h"
#include "model/metrics.h"
#include "model/transfer.h"
#include "util/buf.h"

/* Appends the identifying columns of an application to cols at *n. */
void bwm_out_id_cols(const bwm_app_set *s, const char **cols, size_t *n);
/* The identifying cells of application i (0-based). */
void bwm_out_id_cells(bwm_table *t, const bwm_app_set *s, size_t i);
/* The same as JSON members. */
void bwm_out_id_json(bwm_json *j, const bwm_app_set *s, size_t i);

/* The marginal values and ranks per application at the operating point bw. */
int bwm_out_marginal_table(bwm_table *t, const bwm_transfer *tr, const bwm_app_set *s, const double *bw,
                           const char *operating_point);
/* One row: favour_it, favour_ws, favour_ws_approx, favour_hs (application
 * numbers, empty when indifferent), conflict, bandwidth_bound,
 * operating_point, peak. */
int bwm_out_verdict_table(bwm_table *t, const bwm_transfer *tr, const bwm_app_set *s,
                          const char *operating_point);
/* "transfer":{favour_it, favour_ws, favour_ws_approx, conflict, favour_hs,
 * bandwidth_bound, operating_point, peak, marginal:[rows of the marginal table]} */
void bwm_out_transfer_json(bwm_json *j, const bwm_table *verdict, const bwm_table *marginal);
/* Text only: one row per metric with the favoured application, the rule,
 * the ranking, and whether IT and WS conflict. */
void bwm_out_transfer_table(bwm_table *t, const bwm_transfer *tr, const bwm_app_set *s);
/* A table in the results layout of DESIGN.md: one row per (policy, application). */
void bwm_out_alloc_table_init(bwm_table *t, const char *title, const bwm_app_set *s);
/* Appends the rows of one policy's allocation. */
void bwm_out_alloc_rows(bwm_table *t, const char *policy, const bwm_app_set *s, const double *bw,
                        const double *perf, const double *sd, const bwm_metrics *m);
/* Appends "a / b / c" of count numbers to b (for compact text tables). */
void bwm_out_join(bwm_buf *b, const double *v, size_t count);

#endif
