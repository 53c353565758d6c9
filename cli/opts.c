/* opts.c — option parsing and error reporting for subcommands (see opts.h). */
#include "cli/opts.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/opt_renames.h"
#include "io/outfile.h"
#include "sim/config/option_typos.h"
#include "util/buf.h"
#include "util/num.h"

void bwm_opts_usage(const bwm_cmd *cmd)
{
    printf("usage: %s [options]\n\n%s\n", cmd->path, cmd->summary);
    if (cmd->details)
        printf("\n%s\n", cmd->details);
    printf("\noptions:\n");
    for (size_t i = 0; i < cmd->nopts; i++) {
        const bwm_opt *o = &cmd->opts[i];
        char head[64];
        snprintf(head, sizeof head, "--%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
        printf("  %-24s %s\n", head, o->help);
    }
    printf("  %-24s %s\n", "--format table|csv|json",
           "output format (default: that of -o's .json, .csv or .txt; else table on a terminal, csv otherwise)");
    printf("  %-24s %s\n", "-o, --output FILE", "write the output to FILE (written whole, or not at all)");
    printf("  %-24s %s\n", "-h, --help", "show this help");
    printf("\n--NAME=VALUE works like --NAME VALUE, -oFILE like -o FILE, and -- ends the options.\n");
}

static const bwm_opt *find_opt(const bwm_cmd *cmd, const char *name, size_t len)
{
    for (size_t i = 0; i < cmd->nopts; i++)
        if (strlen(cmd->opts[i].name) == len && strncmp(cmd->opts[i].name, name, len) == 0)
            return &cmd->opts[i];
    return NULL;
}

/* Where a long option goes: the value of an option that takes one, or else
 * the flag to set. */
typedef struct target {
    const char **value;
    int *flag;
    const char *arg; /* the value's placeholder in the help (FILE, DIR, ...), or NULL */
} target;

/* The option spelt name[0..len): one of cmd's, or --format or --output,
 * which every command has.  Returns 0, or -1 for no such option. */
static int resolve(const bwm_cmd *cmd, const char *name, size_t len, const char **format, bwm_common *common,
                   target *t)
{
    const bwm_opt *o = find_opt(cmd, name, len);
    if (len == 6 && strncmp(name, "format", 6) == 0)
        *t = (target){format, NULL, NULL};
    else if (len == 6 && strncmp(name, "output", 6) == 0)
        *t = (target){&common->output, NULL, NULL};
    else if (o)
        *t = (target){o->arg ? o->value : NULL, o->flag, o->arg};
    else
        return -1;
    return 0;
}

/* As resolve, and an old spelling (cli/opt_renames.h) stands for the new
 * one; *now is set to the new spelling when the old one was used (else NULL). */
static int resolve_any(const bwm_cmd *cmd, const char *name, size_t len, const char **format, bwm_common *common,
                       target *t, const char **now)
{
    *now = NULL;
    if (resolve(cmd, name, len, format, common, t) == 0)
        return 0;
    *now = bwm_opt_renamed(name, len);
    return *now ? resolve(cmd, *now, strlen(*now), format, common, t) : -1;
}

/* As resolve_any, with a note on stderr for an old spelling. */
static int resolve_renamed(const bwm_cmd *cmd, const char *name, size_t len, const char **format,
                           bwm_common *common, target *t)
{
    const char *now;
    if (resolve_any(cmd, name, len, format, common, t, &now) != 0)
        return -1;
    if (now)
        fprintf(stderr, "%s: option --%.*s is now --%s; the old spelling will be removed in the next release\n",
                cmd->path, (int)len, name, now);
    return 0;
}

/* The option of cmd (or --format, --output, --help) spelt nearest to the
 * unknown name[0..len), at most two edits away and nearer than its length,
 * or NULL. */
static const char *nearest_opt(const bwm_cmd *cmd, const char *name, size_t len)
{
    char given[128];
    if (len >= sizeof given)
        return NULL;
    snprintf(given, sizeof given, "%.*s", (int)len, name);
    static const char *const common[] = {"format", "output", "help"};
    const char *best = NULL;
    int best_d = 3;
    for (size_t i = 0; i < cmd->nopts + sizeof common / sizeof common[0]; i++) {
        const char *o = i < cmd->nopts ? cmd->opts[i].name : common[i - cmd->nopts];
        int d = bwm_edit_distance(given, o, 2);
        if (d < best_d && d < (int)len) {
            best = o;
            best_d = d;
        }
    }
    return best;
}

/* The options of one parse that took a value so far. */
typedef struct given_values {
    const char **value[128];
    size_t n;
} given_values;

/* Options that may be repeated, each value read (bwm_opts_each). */
static const char *const repeatable[] = {"sched-param", "config"};

static int may_repeat(const bwm_cmd *cmd, const char **value)
{
    for (size_t k = 0; k < sizeof repeatable / sizeof repeatable[0]; k++) {
        const bwm_opt *o = find_opt(cmd, repeatable[k], strlen(repeatable[k]));
        if (o && o->value == value)
            return 1;
    }
    return 0;
}

/* Notes that the option spelt `shown` set *value; a second time is refused
 * (the last would win without a word) unless the option may repeat. */
static int note_given(const bwm_cmd *cmd, given_values *g, const char **value, const char *shown, bwm_err *err)
{
    const bwm_opt *set = find_opt(cmd, "set", 3);
    for (size_t k = 0; k < g->n; k++) {
        if (g->value[k] != value || may_repeat(cmd, value))
            continue;
        if (set && set->value == value) /* option-file text: the user may expect it to add up */
            return bwm_fail(err, BWM_EINPUT, "option --set: given twice, and only one is read; give all the options "
                            "in one --set (\"-gpgpu_n_mem 8 -gpgpu_n_clusters 15\", or one per line)");
        return bwm_fail(err, BWM_EINPUT, "option %s: given twice, and only one is read: give it once", shown);
    }
    if (g->n < sizeof g->value / sizeof g->value[0])
        g->value[g->n++] = value;
    return BWM_OK;
}

/* What an option whose value the help shows as arg names, when it names a
 * file or folder ("file name", "folder name", "path"), else NULL. */
static const char *path_kind(const char *arg)
{
    if (!arg)
        return NULL;
    int file = strstr(arg, "FILE") != NULL, dir = strstr(arg, "DIR") != NULL;
    if (strstr(arg, "PATH") || (file && dir))
        return "path";
    return file ? "file name" : dir ? "folder name" : NULL;
}

/* The long option argv[*i] ("--NAME" or "--NAME=VALUE"); a value in the
 * next argument moves *i past it. */
static int long_opt(const bwm_cmd *cmd, int argc, char **argv, int *i, const char **format, bwm_common *common,
                    given_values *given, bwm_err *err)
{
    const char *name = argv[*i] + 2;
    const char *eq = strchr(name, '=');
    int len = eq ? (int)(eq - name) : (int)strlen(name);
    target t;
    if (resolve_renamed(cmd, name, (size_t)len, format, common, &t) != 0) {
        const char *near = nearest_opt(cmd, name, (size_t)len);
        if (near)
            return bwm_fail(err, BWM_EINPUT, "unknown option '--%.*s'; did you mean --%s? (see --help)", len, name,
                            near);
        return bwm_fail(err, BWM_EINPUT, "unknown option '--%.*s' (see --help)", len, name);
    }
    char shown[80];
    snprintf(shown, sizeof shown, t.value == &common->output ? "-o/--output" : "--%.*s", len, name);
    if (!t.value) {
        if (eq)
            return bwm_fail(err, BWM_EINPUT, "option --%.*s takes no value", len, name);
        *t.flag = 1;
    } else if (note_given(cmd, given, t.value, shown, err) != BWM_OK) {
        return BWM_EINPUT;
    } else if (eq && eq[1] == '\0') {
        return bwm_fail(err, BWM_EINPUT, "option --%.*s: empty value after '='", len, name);
    } else if (eq) {
        *t.value = eq + 1;
    } else if (*i + 1 >= argc) {
        return bwm_fail(err, BWM_EINPUT, "option --%.*s needs a value", len, name);
    } else {
        *t.value = argv[++*i];
    }
    const char *kind = t.value ? path_kind(t.arg) : NULL;
    if (kind && **t.value == '\0') /* "--config ''": not a file to open */
        return bwm_fail(err, BWM_EINPUT, "option --%.*s: empty %s", len, name, kind);
    return BWM_OK;
}

static int unexpected(const char *a, bwm_err *err)
{
    return bwm_fail(err, BWM_EINPUT, "unexpected argument '%s' (options start with --; see --help)", a);
}

/* The format: --format if given, else the one -o FILE's extension implies,
 * else table on a terminal and CSV otherwise. */
static int choose_format(const char *format, bwm_common *common, bwm_err *err)
{
    if (format) {
        if (bwm_format_parse(format, &common->format) != 0)
            return bwm_fail(err, BWM_EINPUT, "option --format: '%s' is not one of table, csv, json", format);
    } else if (!common->output || bwm_format_from_path(common->output, &common->format) != 0) {
        int terminal = common->output == NULL && isatty(STDOUT_FILENO);
        common->format = terminal ? BWM_FMT_TABLE : BWM_FMT_CSV;
    }
    return BWM_OK;
}

/* The flag of the command's --verbose, which -v also sets (NULL: none). */
static int *verbose_flag(const bwm_cmd *cmd)
{
    const bwm_opt *o = find_opt(cmd, "verbose", strlen("verbose"));
    return o && !o->arg ? o->flag : NULL;
}

int bwm_opts_parse(const bwm_cmd *cmd, int argc, char **argv, bwm_common *common,
                   bwm_err *err)
{
    const char *format = NULL;
    common->output = NULL;
    common->format_asked = 0;
    given_values given = {{0}, 0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int st = BWM_OK;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            bwm_opts_usage(cmd);
            return -1;
        }
        if (strcmp(a, "--") == 0 && i + 1 < argc)
            return unexpected(argv[i + 1], err); /* no command takes positional arguments here */
        if (strcmp(a, "--") == 0)
            break;
        const char *output = strncmp(a, "-o", 2) != 0 ? NULL
                             : a[2] != '\0'          ? a + 2
                             : i + 1 < argc           ? argv[++i]
                                                      : NULL;
        if (output) {
            st = note_given(cmd, &given, &common->output, "-o/--output", err);
            common->output = output;
        } else if (strcmp(a, "-o") == 0)
            st = bwm_fail(err, BWM_EINPUT, "option -o needs a file name");
        else if (strcmp(a, "-v") == 0 && verbose_flag(cmd))
            *verbose_flag(cmd) = 1;
        else if (strncmp(a, "--", 2) == 0)
            st = long_opt(cmd, argc, argv, &i, &format, common, &given, err);
        else
            st = unexpected(a, err);
        if (st != BWM_OK)
            return st;
    }
    int st = choose_format(format, common, err);
    common->format_asked = format != NULL || common->output != NULL;
    if (st == BWM_OK && common->output && common->output[0] == '\0')
        st = bwm_fail(err, BWM_EINPUT, "option -o: empty file name");
    if (st == BWM_OK) /* before any work: a run is not lost to an output it cannot write */
        st = bwm_cli_check_output("-o", common->output, err);
    return st;
}

int bwm_opts_each(const bwm_cmd *cmd, int argc, char **argv, const char *name, bwm_opt_each_fn fn, void *ctx,
                  bwm_err *err)
{
    const bwm_opt *want = find_opt(cmd, name, strlen(name));
    const char *format;
    bwm_common common;
    for (int i = 1; want && want->arg && i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0)
            break;
        if (strcmp(a, "-o") == 0) {
            i++;
            continue;
        }
        if (strncmp(a, "--", 2) != 0)
            continue;
        const char *opt = a + 2, *eq = strchr(opt, '='), *now;
        size_t len = eq ? (size_t)(eq - opt) : strlen(opt);
        target t;
        if (resolve_any(cmd, opt, len, &format, &common, &t, &now) != 0 || !t.value)
            continue;
        const char *value = eq ? eq + 1 : i + 1 < argc ? argv[++i] : NULL;
        int st = t.value == want->value && value ? fn(ctx, value, err) : BWM_OK;
        if (st != BWM_OK)
            return st;
    }
    return BWM_OK;
}

int bwm_opt_double(const char *name, const char *s, double *out, bwm_err *err)
{
    if (bwm_parse_double(s, out) != 0)
        return bwm_fail(err, BWM_EINPUT, "option --%s: '%s' %s", name, s, bwm_parse_double_why(s));
    return BWM_OK;
}

int bwm_opt_i64(const char *name, const char *s, int64_t lo, int64_t hi, int64_t *out,
                bwm_err *err)
{
    char why[BWM_ERR_MAX];
    if (bwm_parse_i64_in(s, lo, hi, out, why, sizeof why))
        return bwm_fail(err, BWM_EINPUT, "option --%s: %s", name, why);
    return BWM_OK;
}

int bwm_opt_doubles(const char *name, const char *s, double *out, size_t max, size_t *n,
                    bwm_err *err)
{
    size_t bad = 0;
    int r = bwm_parse_double_list(s, out, max, n, &bad);
    if (r == -2)
        return bwm_fail(err, BWM_EINPUT, "option --%s: more than %zu values", name, max);
    if (r != 0) {
        char buf[4096];
        char *pieces[256];
        int k = bwm_split(s, ',', buf, sizeof buf, pieces, 256);
        return bwm_fail(err, BWM_EINPUT, "option --%s: value %zu of '%s' %s", name, bad + 1, s,
                        k > (int)bad ? bwm_parse_double_why(pieces[bad]) : "is not a finite number");
    }
    return BWM_OK;
}

int bwm_opt_require(const char *name, int ok, const char *what, double v, bwm_err *err)
{
    return ok ? BWM_OK : bwm_fail(err, BWM_EINPUT, "option --%s: must be %s (got %g)", name, what, v);
}

int bwm_opt_wholes(const char *name, const char *s, const char *what, int64_t lo, int64_t hi, int64_t *out,
                   size_t max, size_t *n, bwm_err *err)
{
    double v[256];
    int st = bwm_opt_doubles(name, s, v, max < 256 ? max : 256, n, err);
    for (size_t i = 0; st == BWM_OK && i < *n; i++)
        if (bwm_whole_in(v[i], lo, hi, &out[i]) != 0)
            st = bwm_fail(err, BWM_EINPUT, "option --%s: '%g' is not %s in %" PRId64 "..%" PRId64, name, v[i], what,
                          lo, hi);
    return st;
}

int bwm_cli_report(const bwm_cmd *cmd, int status, const bwm_err *err)
{
    if (status != BWM_OK)
        fprintf(stderr, "%s: %s\n", cmd->path, err->msg);
    return status;
}

int bwm_cli_commit(const char *option, const char *path, const bwm_buf *b, bwm_err *err)
{
    bwm_err sub;
    int st = bwm_output_commit(path, b, &sub);
    if (st != BWM_OK)
        bwm_fail(err, st, "option %s: %s", option, sub.msg);
    return st;
}

int bwm_cli_check_output(const char *option, const char *path, bwm_err *err)
{
    bwm_err sub;
    int st = bwm_output_check(path, &sub);
    if (st != BWM_OK)
        bwm_fail(err, st, "option %s: %s", option, sub.msg);
    return st;
}

int bwm_cli_check_outputs(const char *const *what, const char *const *paths, size_t n, bwm_err *err)
{
    int st = bwm_output_paths_distinct(what, paths, n, err);
    for (size_t i = 0; st == BWM_OK && i < n; i++)
        st = bwm_cli_check_output(what[i], paths[i], err);
    return st;
}

int bwm_cli_check_out_dir(const char *dir, bwm_err *err)
{
    if (dir && dir[0] == '\0')
        return bwm_fail(err, BWM_EINPUT, "option --out: empty folder name");
    return dir ? bwm_output_folder_check(dir, "option --out: ", err) : BWM_OK;
}

int bwm_cli_emit(const bwm_cmd *cmd, const bwm_common *common, const bwm_buf *out)
{
    bwm_err err;
    int st = bwm_cli_commit("-o", common->output, out, &err);
    return bwm_cli_report(cmd, st, &err);
}

