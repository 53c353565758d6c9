/* sim_run_out.h — the output of "bwmpki sim run": a table, CSV rows (one per
 * application, reusable as an --alone file) or the JSON of DESIGN.md; and the
 * optional time-series CSV. */
#ifndef BWM_SIM_RUN_OUT_H
#define BWM_SIM_RUN_OUT_H

#include "io/format.h"
#include "io/provenance.h"
#include "io/table.h"
#include "sim/run/workload_run.h"
#include "util/buf.h"

/* --columns: the columns of the applications table.  Not given, the text
 * table shows BWM_SIM_RUN_MAIN_COLUMNS and the other statistics in tables
 * of their own (translation, DRAM locality, DRAM energy), while CSV and
 * JSON carry every column; given, every format carries the columns named,
 * in that order (JSON's "apps" objects too), or every one ("all"). */
#define BWM_SIM_RUN_MAIN_COLUMNS                                                                                \
    "app", "sms", "insts", "cycles", "ipc", "mpki", "bw", "row_hit_rate", "avg_mem_latency", "mem_stall_frac", \
        "ipc_alone", "sd"
#define BWM_SIM_RUN_COLUMNS_HELP                                                                                 \
    "columns of the applications table, comma-separated, or all (default: the text table shows app, sms, insts, " \
    "cycles, ipc, mpki, bw, row_hit_rate, avg_mem_latency, mem_stall_frac, ipc_alone, sd and the rest in tables " \
    "of their own; CSV and JSON every column); narrows CSV and JSON's apps too"
#define BWM_SIM_RUN_MAX_COLUMNS 192

typedef struct bwm_sim_run_columns {
    int all;                                   /* --columns all */
    size_t n;                                  /* names given; 0 with all = 0: not given */
    const char *name[BWM_SIM_RUN_MAX_COLUMNS]; /* the table's own spelling (static strings) */
} bwm_sim_run_columns;

/* Reads --columns (text NULL: not given) into c, before any run: each name
 * a column the applications table may have (the energy columns with
 * --energy only, energy 0 without), none twice; else bad input naming the
 * option and listing the columns. */
int bwm_sim_run_columns_parse(const char *text, int energy, bwm_sim_run_columns *c, bwm_err *err);

typedef struct bwm_sim_run_info {
    const char *workload; /* applications joined by '_' */
    const char *sched;
    int paper_mode;
    uint64_t seed;
    const bwm_provenance *provenance; /* in JSON always; in CSV as comments when csv_provenance */
    int csv_provenance;
    int energy;                       /* --energy: DRAM energy per application and per channel */
    int csv_table;                    /* the CSV's table: BWM_SIM_RUN_APPS, _DRAM or _KERNELS */
    const bwm_sim_run_columns *columns; /* --columns (NULL: not given) */
} bwm_sim_run_info;

/* The tables of sim run (--table): one row per application (the JSON's
 * "apps"), one per DRAM channel's energy (its "dram", with --energy), one
 * per kernel of the traced applications (its "kernels", when some are). */
enum { BWM_SIM_RUN_APPS, BWM_SIM_RUN_DRAM, BWM_SIM_RUN_KERNELS };
#define BWM_SIM_RUN_TABLES {"apps", "dram", "kernels"}

void bwm_sim_run_render(const bwm_sim_run_info *info, const bwm_workload_result *r, bwm_format fmt,
                        bwm_buf *out);
void bwm_sim_run_series(const bwm_run_result *run, bwm_buf *out);

/* The kernels' table of a run with traced applications (the run's
 * kernels in the order they ended, then each application's total). */
void bwm_sim_kernels_table(const bwm_run_result *r, bwm_table *t);

#endif
