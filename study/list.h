/* list.h — the study's workload list (data/workloads/study.csv, written by
 * study/pick.h): workloads of 1 to 3 applications (id,apps) with the
 * optional flag columns it_subset, ws_subset and quick (0 or 1).  A list
 * without a flag column has every workload flagged.  The list owns its
 * rows. */
#ifndef BWM_STUDY_LIST_H
#define BWM_STUDY_LIST_H

#include <stddef.h>

#include "io/workloads.h"
#include "util/status.h"

typedef struct bwm_study_flags {
    int it_subset, ws_subset, quick;
} bwm_study_flags;

typedef struct bwm_study_list {
    bwm_workload_list l;
    bwm_study_flags *flags;             /* l.n entries */
} bwm_study_list;

/* Loads path against cat.  Errors (BWM_EINPUT) name FILE:LINE: an unknown
 * application, a workload of more than 3 applications, a flag that is not 0
 * or 1. */
int bwm_study_list_load(bwm_study_list *s, const char *path, const bwm_catalog *cat, bwm_err *err);
void bwm_study_list_free(bwm_study_list *s);

#endif
