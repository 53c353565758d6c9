/* provenance.h — what produced a result: the program (version, source
 * revision), the command line, the configuration and applications files
 * with their sha256, and the run's seed, warm-up and cycles.  JSON results
 * carry it as a "provenance" object (the fields any command has; a study adds
 * its own after them: bwm_provenance_fields); a CSV carries it as "# key: value"
 * lines at the top only when asked (--provenance), so that plain CSV stays
 * plain.  A bwm_provenance is filled once, before anything is simulated
 * (hashing a file that cannot be read is bad input naming it); it points
 * at the command's strings but holds the configuration's path. */
#ifndef BWM_PROVENANCE_H
#define BWM_PROVENANCE_H

#include <stdint.h>

#include "io/json.h"
#include "util/buf.h"
#include "util/sha256.h"
#include "util/status.h"

typedef struct bwm_provenance {
    const char *version, *revision; /* recorded by an earlier run (a study's plan), or NULL: this program's */
    const char *command;     /* "bwmpki sim run", or NULL: no command_line (a study records it in its manifest) */
    int argc;                /* the command's arguments after its name */
    char **argv;
    char config[4096];       /* configuration file, or "" */
    const char *set;         /* --set text, or NULL */
    const char *apps_file;   /* applications file, or NULL */
    const char *workloads;   /* workload list file, or NULL */
    int has_run;             /* seed, warmup and cycles mean something */
    uint64_t seed;
    int64_t warmup, cycles;
    char config_sha[BWM_SHA256_HEX], apps_sha[BWM_SHA256_HEX], workloads_sha[BWM_SHA256_HEX]; /* "" without */
} bwm_provenance;

/* The option row of commands with --provenance. */
#define BWM_PROVENANCE_OPT(flag)                                                                         \
    {"provenance", NULL, "CSV: start with '# key: value' lines saying what produced the result (JSON always " \
     "has a provenance object)", NULL, &(flag)}

/* Hashes p's files (set their paths first). */
int bwm_provenance_hash(bwm_provenance *p, bwm_err *err);

/* Writes the key "provenance" and its object into an open JSON object. */
void bwm_provenance_json(const bwm_provenance *p, bwm_json *j);

/* Appends the object alone ({"version":...}) to out. */
void bwm_provenance_object(const bwm_provenance *p, bwm_buf *out);

/* bwm_provenance_json for a bwm_json_members_fn (ctx is the provenance). */
void bwm_provenance_members(const void *ctx, bwm_json *j);

/* Writes the fields alone into an object j has open (a study's provenance
 * starts with them). */
void bwm_provenance_fields(const bwm_provenance *p, bwm_json *j);

/* Appends the same as "# key: value" lines. */
void bwm_provenance_comments(const bwm_provenance *p, bwm_buf *out);

#endif
