/* provenance.h — what produced a result: the program (version, source
 * revision), the command line, the configuration and applications files
 * with their sha256, and the run's seed, warm-up and cycles.  JSON results
 * carry it as a "provenance" object (the fields any command has; a study adds
 * its own after them: bwm_provenance_fields); a CSV carries it as "# key: value"
 * lines at the top only when asked (--provenance), so that plain CSV stays
 * plain.  A bwm_provenance is filled once, before anything is simulated
 * (hashing a file that cannot be read is bad input naming it); it points
 * at the command's arguments and holds a copy of the rest. */
#ifndef BWM_IO_PROVENANCE_H
#define BWM_IO_PROVENANCE_H

#include <stdint.h>

#include "io/json.h"
#include "util/buf.h"
#include "util/prov_record.h"
#include "util/status.h"

typedef struct bwm_provenance {
    const char *command; /* "bwmpki sim run", or NULL: no command_line (a study records it in its manifest) */
    int argc;            /* the command's arguments after its name */
    char **argv;
    bwm_prov_record r;   /* everything else (util/prov_record.h) */
} bwm_provenance;

/* The option row of commands with --provenance. */
#define BWM_PROVENANCE_OPT(flag)                                                                         \
    {"provenance", NULL, "CSV: start with '# key: value' lines saying what produced the result (JSON always " \
     "has a provenance object)", NULL, &(flag)}

/* Starts p: the command and its arguments after the command's name
 * (argv[0]), nothing else recorded. */
void bwm_provenance_init(bwm_provenance *p, const char *command, int argc, char **argv);

/* Records the configuration, --set text, applications file and workload
 * list (NULL: none) and hashes the files. */
int bwm_provenance_files(bwm_provenance *p, const char *config, const char *set, const char *apps_file,
                         const char *workloads, bwm_err *err);

/* The same for n_configs configuration files read in order (--config given
 * more than once): "config" lists them separated by BWM_PROV_CONFIG_SEP,
 * and "config_sha256" is the hash of their contents one after the other
 * (`cat A B | sha256sum`; one file: its own hash). */
#define BWM_PROV_CONFIG_SEP " + "
int bwm_provenance_configs(bwm_provenance *p, const char *const *configs, size_t n_configs, const char *set,
                           const char *apps_file, const char *workloads, bwm_err *err);

/* Records the file of --extra-apps (NULL: none) beside the applications
 * file, with its hash. */
int bwm_provenance_extra_apps(bwm_provenance *p, const char *extra_apps, bwm_err *err);

/* Records the run: seed, warm-up and cycles. */
void bwm_provenance_run(bwm_provenance *p, uint64_t seed, int64_t warmup, int64_t cycles);

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
