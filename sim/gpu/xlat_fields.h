/* xlat_fields.h — an application's translation statistics
 * (bwm_xlat_result, xlat_stats.h) as named fields, in the order every
 * output lists them: the one list that gives the columns' names and their
 * values alike, for sim run's columns and the study's run files, which
 * write and read them.  walk_l2_hit_K has one field per level of the walk
 * (K = 1 .. levels). */
#ifndef BWM_XLAT_FIELDS_H
#define BWM_XLAT_FIELDS_H

#include "sim/gpu/xlat_stats.h"

#define BWM_XLAT_MAX_FIELDS 32

/* A field: its name and where its value lives in the result (a count,
 * walks, large_pages or tlb_stall_insts, through u; the others through d). */
typedef struct bwm_xlat_field {
    const char *name;
    double *d;
    uint64_t *u;
} bwm_xlat_field;

/* The fields of r for its r->levels levels; returns their number. */
int bwm_xlat_fields(bwm_xlat_result *r, bwm_xlat_field out[BWM_XLAT_MAX_FIELDS]);

/* A field's value as a double (a count is a whole number well below 2^53). */
double bwm_xlat_field_value(const bwm_xlat_field *f);

#endif
