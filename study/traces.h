/* traces.h — the traced experiment's applications (docs/study.md, "Traced
 * applications"): Accel-Sim trace folders, each with its name and the
 * sha256 of its content (every file of its folder, by name), which run keys
 * carry so that a changed trace is simulated again.  Their stand-ins are
 * the rows named bwm_standin_abbr (fit/standin.h). */
#ifndef BWM_STUDY_TRACES_H
#define BWM_STUDY_TRACES_H

#include <stddef.h>

#include "sim/run/workload_run.h"
#include "util/sha256.h"
#include "util/status.h"

#define BWM_STUDY_MAX_TRACES 8

typedef struct bwm_study_trace {
    bwm_trace_spec spec;                /* path and name below */
    char name[64];
    char path[1024];
    char sha[BWM_SHA256_HEX];
} bwm_study_trace;

/* The sha256 of the trace at path: its folder's regular files (path a
 * folder, or the folder of a kernelslist.g), each name and content, in name
 * order. */
int bwm_study_trace_hash(const char *path, char sha[BWM_SHA256_HEX], bwm_err *err);

/* The trace called name among t[0..n), or NULL. */
const bwm_study_trace *bwm_study_trace_find(const bwm_study_trace *t, size_t n, const char *name);

#endif
