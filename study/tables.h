/* tables.h — a study's results as the tables it writes:
 *
 *   results  one row per (run, application), plan order: experiment,
 *            workload_id, workload, sched, split, window, alpha, partition,
 *            design (translation: GROUP/NAME, study/xlat_designs.h), app,
 *            app_index (1-based), app_name, the statistics of the run and
 *            stage groups of sim/stats/stat_table.h (sms, insts, cycles,
 *            ipc, mpki, bw, bw_frac, row_hit_rate, avg_mem_latency, the
 *            loads' time by stage; a refused run's counts empty), ipc_alone,
 *            mpki_alone, bw_alone, sd (alone runs included, experiment
 *            "alone")
 *   metrics  one row per run other than alone: the run's columns, classes
 *            and subset flags, it, ws, hs, antt, max_slowdown, unfairness
 *            and it_norm, ws_norm, hs_norm (study/outcome.h)
 * and results.json: {"provenance":{...},"results":[...],"metrics":[...]},
 * the same rows under the same names.  Nothing in them depends on when or
 * where the study ran, so the same study gives the same bytes. */
#ifndef BWM_STUDY_TABLES_H
#define BWM_STUDY_TABLES_H

#include "io/table.h"
#include "study/outcome.h"
#include "util/buf.h"

/* Fills both tables (initialised here; free with bwm_table_free). */
void bwm_study_tables(const bwm_study_files *f, const bwm_study_outcome *o, bwm_table *results,
                      bwm_table *metrics);
/* results.json from the two tables; provenance (called with ctx) writes
 * the "provenance" member first. */
void bwm_study_json(bwm_json_members_fn provenance, const void *ctx, const bwm_table *results,
                    const bwm_table *metrics, bwm_buf *out);

#endif
