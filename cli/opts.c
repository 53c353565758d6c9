/* opts.c — option parsing and error reporting for subcommands (see opts.h). */
#include "cli/opts.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "util/buf.h"
#include "util/num.h"
#include "io/outfile.h"

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
    printf("  %-24s %s\n", "--format table|csv|json", "output format (default: table on a terminal, csv otherwise)");
    printf("  %-24s %s\n", "-o, --output FILE", "write the output to FILE (written whole, or not at all)");
    printf("  %-24s %s\n", "-h, --help", "show this help");
}

static const bwm_opt *find_opt(const bwm_cmd *cmd, const char *name, size_t len)
{
    for (size_t i = 0; i < cmd->nopts; i++)
        if (strlen(cmd->opts[i].name) == len && strncmp(cmd->opts[i].name, name, len) == 0)
            return &cmd->opts[i];
    return NULL;
}

int bwm_opts_parse(const bwm_cmd *cmd, int argc, char **argv, bwm_common *common,
                   bwm_err *err)
{
    const char *format = NULL;
    common->output = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            bwm_opts_usage(cmd);
            return -1;
        }
        if (strcmp(a, "-o") == 0) {
            if (i + 1 >= argc)
                return bwm_fail(err, BWM_EINPUT, "option -o needs a file name");
            common->output = argv[++i];
            continue;
        }
        if (strncmp(a, "--", 2) != 0)
            return bwm_fail(err, BWM_EINPUT, "unexpected argument '%s' (options start with --; see --help)", a);
        const char *name = a + 2;
        const char *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        const char *val = eq ? eq + 1 : NULL;
        int is_format = len == 6 && strncmp(name, "format", 6) == 0;
        int is_output = len == 6 && strncmp(name, "output", 6) == 0;
        const bwm_opt *o = (is_format || is_output) ? NULL : find_opt(cmd, name, len);
        if (!o && !is_format && !is_output)
            return bwm_fail(err, BWM_EINPUT, "unknown option '--%.*s' (see --help)", (int)len, name);
        int takes_arg = is_format || is_output || o->arg;
        if (!takes_arg) {
            if (val)
                return bwm_fail(err, BWM_EINPUT, "option --%s takes no value", o->name);
            *o->flag = 1;
            continue;
        }
        if (!val) {
            if (i + 1 >= argc)
                return bwm_fail(err, BWM_EINPUT, "option --%.*s needs a value", (int)len, name);
            val = argv[++i];
        }
        if (is_format)
            format = val;
        else if (is_output)
            common->output = val;
        else
            *o->value = val;
    }
    if (format) {
        if (bwm_format_parse(format, &common->format) != 0)
            return bwm_fail(err, BWM_EINPUT, "option --format: '%s' is not one of table, csv, json", format);
    } else {
        int terminal = common->output == NULL && isatty(STDOUT_FILENO);
        common->format = terminal ? BWM_FMT_TABLE : BWM_FMT_CSV;
    }
    if (common->output && common->output[0] == '\0')
        return bwm_fail(err, BWM_EINPUT, "option -o: empty file name");
    return BWM_OK;
}

int bwm_opt_double(const char *name, const char *s, double *out, bwm_err *err)
{
    if (bwm_parse_double(s, out) != 0)
        return bwm_fail(err, BWM_EINPUT, "option --%s: '%s' is not a finite number", name, s);
    return BWM_OK;
}

int bwm_opt_i64(const char *name, const char *s, int64_t lo, int64_t hi, int64_t *out,
                bwm_err *err)
{
    if (bwm_parse_i64(s, out) != 0)
        return bwm_fail(err, BWM_EINPUT, "option --%s: '%s' is not an integer", name, s);
    if (*out < lo || *out > hi)
        return bwm_fail(err, BWM_EINPUT, "option --%s: %" PRId64 " is outside %" PRId64 "..%" PRId64,
                        name, *out, lo, hi);
    return BWM_OK;
}

int bwm_opt_doubles(const char *name, const char *s, double *out, size_t max, size_t *n,
                    bwm_err *err)
{
    size_t bad = 0;
    int r = bwm_parse_double_list(s, out, max, n, &bad);
    if (r == -2)
        return bwm_fail(err, BWM_EINPUT, "option --%s: more than %zu values", name, max);
    if (r != 0)
        return bwm_fail(err, BWM_EINPUT, "option --%s: value %zu of '%s' is not a finite number",
                        name, bad + 1, s);
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

int bwm_cli_emit(const bwm_cmd *cmd, const bwm_common *common, const bwm_buf *out)
{
    bwm_err err;
    int st = bwm_cli_commit("-o", common->output, out, &err);
    return bwm_cli_report(cmd, st, &err);
}

int bwm_cli_emit_table(const bwm_cmd *cmd, const bwm_common *common, const bwm_table *t)
{
    bwm_buf out;
    bwm_buf_init(&out);
    bwm_table_render(t, common->format, &out);
    int st = bwm_cli_emit(cmd, common, &out);
    bwm_buf_free(&out);
    return st;
}
