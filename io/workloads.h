/* workloads.h — workload lists (id,apps[,...]; apps joined by '_', e.g. BLK_QTC).
 *
 * Loads every row's id and application abbreviations, checking each against
 * a catalogue, with file:line in every error.  The list owns its rows. */
#ifndef BWM_WORKLOADS_H
#define BWM_WORKLOADS_H

#include <stddef.h>

#include "io/catalog.h"
#include "util/status.h"

#define BWM_WORKLOAD_MAX_APPS 8

typedef struct bwm_workload {
    char id[32];
    char name[128];                                   /* the apps field, e.g. BLK_QTC */
    long line;                                        /* line in its file; 0 when given as text */
    size_t napps;
    const bwm_catalog_entry *apps[BWM_WORKLOAD_MAX_APPS];  /* into the catalogue */
} bwm_workload;

typedef struct bwm_workload_list {
    bwm_workload *w;
    size_t n;
} bwm_workload_list;

/* Splits "BLK_QTC" into catalogue entries; errors name `where` (file:line or option). */
int bwm_workload_parse(bwm_workload *w, const char *apps, const bwm_catalog *cat, const char *where,
                       bwm_err *err);
int bwm_workloads_load(bwm_workload_list *l, const char *path, const bwm_catalog *cat, bwm_err *err);
/* Workloads given as text, comma-separated ("BLK_QTC,HISTO_TRD"), with ids
 * 1, 2, ...; errors name `where` (e.g. "option --workload"). */
int bwm_workloads_parse_list(bwm_workload_list *l, const char *text, const bwm_catalog *cat, const char *where,
                             bwm_err *err);
void bwm_workloads_free(bwm_workload_list *l);

#endif
