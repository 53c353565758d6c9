/* policy_out.h — the tables of "bwmpki fit policy" (a study writes them
 * too) and how they are printed.
 *
 * Tables (JSON key / --out file name policy_KEY):
 *   apps       per (workload, scheduler, application): bw and ipc, simulated,
 *              model, error
 *   scheds     per (workload, scheduler): the closed form used; it, ws, hs
 *              simulated, model, error
 *   workloads  per workload: classes, favour per metric (model's ε-analysis
 *              and the simulation's best prior-K) and agreement, Spearman rho
 *   classes    per class and all: counts, MAREs, agreement rates, mean rho
 *   alone      the alone runs: per (application, SM share)
 * Text: every table with its title; JSON: one object holding the run's
 * parameters and one array per table; CSV: the apps table only (--out writes
 * every table as CSV).
 *
 * Both models (bwm_pfit_tables_both, "fit policy --model both"): the
 * report's res and sum are paper 000's model, res_q and sum_q the queueing
 * model's on the same runs.  The apps, scheds, workloads and classes tables
 * then have an "engine" column
 * (paper, queueing) after their key columns and a row per engine, paper's
 * first, each row's numbers those the one model alone gives; the workloads
 * table ends in the workload's own MAREs (mare_bw .. mare_hs), and the
 * classes table ends in "pairs" and "triples" rows when the list has both.
 * bwm_pfit_tables gives every table as above. */
#ifndef BWM_FIT_POLICY_OUT_H
#define BWM_FIT_POLICY_OUT_H

#include <stddef.h>
#include <stdint.h>

#include "io/provenance.h"
#include "fit/policy_summary.h"
#include "io/table.h"
#include "io/workloads.h"
#include "sim/run/alone_cache.h"

enum { BWM_PT_APPS, BWM_PT_SCHEDS, BWM_PT_WORKLOADS, BWM_PT_CLASSES, BWM_PT_ALONE, BWM_PT_RUN, BWM_PT_COUNT };

typedef struct bwm_pfit_report {
    const bwm_workload *w;              /* n workloads (ids, names, applications) */
    const bwm_pfit_result *res;         /* their results */
    size_t n;
    const bwm_pfit_summary *sum;        /* BWM_PG_COUNT rows */
    const bwm_alone_cache *alone;
    double peak;                        /* GB/s */
    int64_t cycles, warmup;
    uint64_t seed;
    const bwm_provenance *provenance;   /* in JSON always; in CSV as comments when csv_provenance */
    int csv_provenance;
} bwm_pfit_report;

/* The table's key: "apps", "scheds", ... */
const char *bwm_pfit_table_key(int table);

/* Builds the BWM_PT_COUNT tables (free with bwm_pfit_tables_free).  Returns
 * 0, or -1 when out of memory. */
int bwm_pfit_tables(const bwm_pfit_report *r, bwm_table *t);

/* The same with both models (see above): res_q holds r->n results,
 * sum_q BWM_PG_COUNT rows; res_q NULL gives bwm_pfit_tables's. */
int bwm_pfit_tables_both(const bwm_pfit_report *r, const bwm_pfit_result *res_q, const bwm_pfit_summary *sum_q,
                         bwm_table *t);
void bwm_pfit_tables_free(bwm_table *t);

/* The command's standard output in fmt (see above); CSV is table pick. */
void bwm_pfit_render(const bwm_pfit_report *r, const bwm_table *t, bwm_format fmt, int pick, bwm_buf *out);

#endif
