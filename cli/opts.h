/* opts.h — command-line option parsing shared by every subcommand.
 *
 * A subcommand describes its options in a table of bwm_opt; bwm_opts_parse
 * fills in their values and handles the options every command has
 * (--format, -o/--output, --help).  Errors name the option at fault.
 *
 * Getopt-style: --NAME=VALUE works like --NAME VALUE (an empty VALUE is an
 * error), -oFILE like -o FILE, and "--" ends the options.  Without --format,
 * -o FILE's extension (.json, .csv, .txt) picks the format.  An option's old
 * spelling (cli/opt_renames.h) still works, with a note on stderr.  An
 * option that takes a value, given twice, is refused (only one value could
 * be used), except --sched-param, whose values add up, and --config, whose
 * files are read in order (bwm_opts_each gives every value); a flag given
 * twice is the flag given. */
#ifndef BWM_OPTS_H
#define BWM_OPTS_H

#include <stddef.h>
#include <stdint.h>

#include "io/format.h"
#include "io/table.h"
#include "util/buf.h"
#include "util/status.h"

typedef struct bwm_opt {
    const char *name;   /* long name without dashes, e.g. "mpki" */
    const char *arg;    /* placeholder for the value, or NULL for a flag */
    const char *help;
    const char **value; /* where the value goes (options with arg) */
    int *flag;          /* set to 1 when given (flags) */
} bwm_opt;

typedef struct bwm_cmd {
    const char *path;     /* "bwmpki model compare" */
    const char *summary;  /* one line */
    const char *details;  /* extra help text, may be NULL */
    const bwm_opt *opts;
    size_t nopts;
} bwm_cmd;

typedef struct bwm_common {
    bwm_format format;
    const char *output; /* NULL: standard output */
    int format_asked;   /* --format or -o chose the format (else the terminal's default) */
} bwm_common;

/* Parses argv (argv[0] is the subcommand name) and checks that -o can be
 * written (bwm_cli_check_output).  Returns BWM_OK, BWM_EINPUT
 * with a message, or -1 when --help was given and help has been printed. */
int bwm_opts_parse(const bwm_cmd *cmd, int argc, char **argv, bwm_common *common,
                   bwm_err *err);
void bwm_opts_usage(const bwm_cmd *cmd);

/* Calls fn with the value of every occurrence of cmd's option name (one
 * that takes a value) in argv, in order, reading argv as bwm_opts_parse
 * does (which keeps only the last): the values of an option that may be
 * repeated.  Stops at fn's first error, which it returns. */
typedef int (*bwm_opt_each_fn)(void *ctx, const char *value, bwm_err *err);
int bwm_opts_each(const bwm_cmd *cmd, int argc, char **argv, const char *name, bwm_opt_each_fn fn, void *ctx,
                  bwm_err *err);

/* Typed values of options; errors read "option --NAME: ...". */
int bwm_opt_double(const char *name, const char *s, double *out, bwm_err *err);
int bwm_opt_i64(const char *name, const char *s, int64_t lo, int64_t hi, int64_t *out,
                bwm_err *err);
int bwm_opt_doubles(const char *name, const char *s, double *out, size_t max, size_t *n,
                    bwm_err *err);
/* Fails with "option --NAME: must be WHAT (got V)" unless ok: the check of
 * a value that the option's parse has accepted as a number. */
int bwm_opt_require(const char *name, int ok, const char *what, double v, bwm_err *err);
/* A list of at most max whole numbers, each in lo..hi; what names one in
 * the message ("option --order: '0' is not an application number in 1..16"). */
int bwm_opt_wholes(const char *name, const char *s, const char *what, int64_t lo, int64_t hi, int64_t *out,
                   size_t max, size_t *n, bwm_err *err);

/* Prints "PATH: MESSAGE" to stderr and returns status. */
int bwm_cli_report(const bwm_cmd *cmd, int status, const bwm_err *err);

/* Writes b to path (io/outfile.h; standard output for NULL or "-"); a
 * failure's message is prefixed with the option that named the path
 * ("option -o: ..."). */
int bwm_cli_commit(const char *option, const char *path, const bwm_buf *b, bwm_err *err);

/* Checks up front that bwm_cli_commit could write path (io/outfile.h
 * bwm_output_check); bwm_opts_parse does it for -o, a command for each
 * other option that names an output file. */
int bwm_cli_check_output(const char *option, const char *path, bwm_err *err);

/* The same for a command's n output files (what: their options, paths:
 * NULL when not given), after checking that no two name one file
 * (bwm_output_paths_distinct). */
int bwm_cli_check_outputs(const char *const *what, const char *const *paths, size_t n, bwm_err *err);

/* The same for the folder of --out DIR (NULL: not given): a name, and a
 * folder that can be made and written in (io/outfile.h
 * bwm_output_folder_check); nothing is made. */
int bwm_cli_check_out_dir(const char *dir, bwm_err *err);

/* Renders-and-writes helper: commits out to common->output (option -o). */
int bwm_cli_emit(const bwm_cmd *cmd, const bwm_common *common, const bwm_buf *out);

#endif
