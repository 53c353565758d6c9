/* prov_record.h — what produced a result, as the text a provenance object
 * holds: the program's version and source revision, the configuration,
 * --set text, applications files and workload list with their sha256, and
 * the run's seed, warm-up and cycles.  One record for every command and for
 * the study, which keeps it in its plan (study/plan_file.h) and writes it as
 * every command does (io/provenance.h).  Empty text means "not recorded"
 * (version and revision: this program's).  A value longer than its field is
 * refused, never cut short. */
#ifndef BWM_PROV_RECORD_H
#define BWM_PROV_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include "util/sha256.h"
#include "util/status.h"

#define BWM_PROV_PATH 4096 /* a path, with its NUL */
#define BWM_PROV_SET 8192  /* --set text, with its NUL */

typedef struct bwm_prov_record {
    char version[32], revision[64];
    char config[BWM_PROV_PATH], config_sha[BWM_SHA256_HEX];
    char set[BWM_PROV_SET];
    char apps_file[BWM_PROV_PATH], apps_sha[BWM_SHA256_HEX];
    char extra_apps[BWM_PROV_PATH], extra_apps_sha[BWM_SHA256_HEX]; /* --extra-apps: rows added to apps_file's */
    char workloads[BWM_PROV_PATH], workloads_sha[BWM_SHA256_HEX];
    int has_run; /* seed, warmup and cycles mean something */
    uint64_t seed;
    int64_t warmup, cycles;
} bwm_prov_record;

/* Copies value (NULL: "") into a field of size bytes; a longer value is
 * BWM_EINPUT "WHAT: N characters, more than the M ..." (what names the
 * option or the file and line it came from). */
int bwm_prov_text(char *field, size_t size, const char *value, const char *what, bwm_err *err);

/* Hashes the record's files (config, apps_file, extra_apps, workloads:
 * those given). */
int bwm_prov_hash(bwm_prov_record *r, bwm_err *err);

#endif
