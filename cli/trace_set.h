/* trace_set.h — trace folders named on the command line as applications
 * (sim run --apps trace:..., fit policy --traces, study --traces): each one
 * opened once on the GPU to check it and learn its name, then kept as a
 * bwm_trace_spec that every simulation opens afresh.  Also the names'
 * place in a catalogue, so that workload lists ("vectoradd_BLK") can name
 * traced applications beside catalogue rows. */
#ifndef BWM_CLI_TRACE_SET_H
#define BWM_CLI_TRACE_SET_H

#include <stddef.h>

#include "io/catalog.h"
#include "sim/config/gpu_config.h"
#include "sim/run/workload_run.h"
#include "sim/traced/trace_app.h"
#include "util/status.h"

#define BWM_TRACE_SET_MAX 16

typedef struct bwm_trace_set {
    size_t n;
    bwm_trace_spec spec[BWM_TRACE_SET_MAX]; /* spec[i].name is name[i] */
    char item[BWM_TRACE_SET_MAX][512];
    char name[BWM_TRACE_SET_MAX][BWM_TRACE_APP_NAME];
} bwm_trace_set;

/* Splits "PATH" or "NAME=PATH" (an = before the path's first /) into buf
 * (n bytes), *name (NULL: none given) and *path; errors name opt. */
int bwm_trace_item_split(const char *text, const char *opt, char *buf, size_t n, const char **name,
                         const char **path, bwm_err *err);

/* Adds "PATH" or "NAME=PATH" (an = before the path's first /; no name:
 * the folder's) after opening it on cfg; errors name opt.  *added (may be
 * NULL) gets the new spec. */
int bwm_trace_set_add(bwm_trace_set *s, const char *item, const char *opt, const bwm_gpu_config *cfg,
                      const bwm_trace_spec **added, bwm_err *err);

/* A comma-separated list of such items (--traces), 1 to
 * BWM_TRACE_SET_MAX of them, names unique. */
int bwm_trace_set_parse(bwm_trace_set *s, const char *list, const char *opt, const bwm_gpu_config *cfg,
                        bwm_err *err);

/* Whether every name leaves room for its synthetic stand-in's
 * abbreviation, NAME-syn (fit/standin.h); errors name opt. */
int bwm_trace_set_standin_names(const bwm_trace_set *s, const char *opt, bwm_err *err);

/* Appends one catalogue entry per trace (abbreviation and name the
 * trace's; mpki and bw_frac 0: unknown until it runs alone) after cat's
 * entries: with n entries before, entry n + i is trace i.  A name that a row already
 * has, that has a '_' (the workload separator) or that is longer than an
 * abbreviation is BWM_EINPUT naming opt. */
int bwm_trace_set_catalog(const bwm_trace_set *s, const char *opt, bwm_catalog *cat, bwm_err *err);

#endif
