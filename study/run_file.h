/* run_file.h — one study run's result on disk: DIR/runs/KEY.csv, one row
 * per application: app, then the statistics of sim/stats/stat_table.h's
 * groups every run has (sms .. avg_mem_latency, the cache counts in line
 * requests, the DRAM bytes), the alone profile it was compared with, the
 * loads' time by stage; when an application ran as thread blocks, the DRAM
 * locality and energy groups; when the GPU translates addresses,
 * walk_levels and the translation group, every level's.  The columns come
 * from the table, written and read through the same list.  Written
 * whole through a temporary file and a rename (io/outfile.h), so a file that
 * exists is complete: resume trusts it.  A run the simulator refuses (its
 * inputs do not fit the scheduler, e.g. an application without a single L2
 * miss alone under prior-low-mpki) is a file too, with one column, error:
 * refusing again would give the same answer. */
#ifndef BWM_STUDY_RUN_FILE_H
#define BWM_STUDY_RUN_FILE_H

#include <stddef.h>

#include "sim/run/workload_run.h"
#include "sim/stats/app_stats.h"
#include "study/plan.h"
#include "util/status.h"

typedef struct bwm_run_rec {
    char error[BWM_ERR_MAX];            /* why the simulator refused the run; "" when it ran */
    size_t napps;                       /* 0 when refused */
    bwm_app_result app[BWM_STUDY_MAX_APPS];
    bwm_alone_profile alone[BWM_STUDY_MAX_APPS];
} bwm_run_rec;

/* DIR/runs/KEY.csv into path (n bytes). */
void bwm_run_file_path(const char *dir, const char *key, char *path, size_t n);
/* 1 if the run's file exists. */
int bwm_run_file_exists(const char *dir, const char *key);
int bwm_run_file_write(const char *dir, const char *key, const bwm_run_rec *rec, bwm_err *err);
/* Reads a run file; a missing or malformed file is BWM_EINPUT naming it. */
int bwm_run_file_read(const char *dir, const char *key, bwm_run_rec *rec, bwm_err *err);

/* BWM_EINPUT, naming the file and line, when a record read from run r's
 * file does not hold r: another number of applications, another
 * application or SM share in a row (a file edited by hand, or copied under
 * another key).  The scheduler and its settings are in the key only. */
int bwm_run_file_matches(const char *dir, const bwm_study_run *r, const bwm_run_rec *rec, bwm_err *err);

#endif
