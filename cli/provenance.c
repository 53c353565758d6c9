/* provenance.c — what produced a result, in JSON and as CSV comments (see
 * provenance.h). */
#include "cli/provenance.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bwm_revision.h"

int bwm_provenance_hash(bwm_provenance *p, bwm_err *err)
{
    p->config_sha[0] = p->apps_sha[0] = '\0';
    int st = p->config[0] ? bwm_sha256_file(p->config, p->config_sha, err) : BWM_OK;
    if (st == BWM_OK && p->apps_file)
        st = bwm_sha256_file(p->apps_file, p->apps_sha, err);
    return st;
}

/* The command line, arguments with blanks or quotes in single quotes. */
static void command_line(const bwm_provenance *p, bwm_buf *out)
{
    bwm_buf_puts(out, p->command);
    for (int i = 0; i < p->argc; i++) {
        const char *a = p->argv[i];
        if (a[0] && !strpbrk(a, " \t\n'\"\\$`")) {
            bwm_buf_printf(out, " %s", a);
            continue;
        }
        bwm_buf_puts(out, " '");
        for (; *a; a++)
            if (*a == '\'')
                bwm_buf_puts(out, "'\\''");
            else
                bwm_buf_append(out, a, 1);
        bwm_buf_puts(out, "'");
    }
}

/* Calls put(key, value) for every field, in order; values as text. */
typedef void (*field_fn)(void *ctx, const char *key, const char *value, int is_number);

static void fields(const bwm_provenance *p, field_fn put, void *ctx)
{
    bwm_buf cmd;
    bwm_buf_init(&cmd);
    command_line(p, &cmd);
    char n[32];
    put(ctx, "version", BWM_VERSION, 0);
    put(ctx, "source_revision", BWM_REVISION, 0);
    put(ctx, "command_line", bwm_buf_str(&cmd), 0);
    if (p->config[0]) {
        put(ctx, "config", p->config, 0);
        put(ctx, "config_sha256", p->config_sha, 0);
    }
    if (p->set)
        put(ctx, "set", p->set, 0);
    if (p->apps_file) {
        put(ctx, "apps_file", p->apps_file, 0);
        put(ctx, "apps_sha256", p->apps_sha, 0);
    }
    if (p->has_run) {
        snprintf(n, sizeof n, "%" PRIu64, p->seed);
        put(ctx, "seed", n, 1);
        snprintf(n, sizeof n, "%" PRId64, p->warmup);
        put(ctx, "warmup", n, 1);
        snprintf(n, sizeof n, "%" PRId64, p->cycles);
        put(ctx, "cycles", n, 1);
    }
    bwm_buf_free(&cmd);
}

static void put_json(void *ctx, const char *key, const char *value, int is_number)
{
    bwm_json *j = ctx;
    bwm_json_key(j, key);
    if (is_number)
        bwm_json_int(j, strtoll(value, NULL, 10));
    else
        bwm_json_str(j, value);
}

void bwm_provenance_json(const bwm_provenance *p, bwm_json *j)
{
    bwm_json_key(j, "provenance");
    bwm_json_obj_begin(j);
    fields(p, put_json, j);
    bwm_json_obj_end(j);
}

void bwm_provenance_object(const bwm_provenance *p, bwm_buf *out)
{
    bwm_json j;
    bwm_json_init(&j, out);
    bwm_json_obj_begin(&j);
    fields(p, put_json, &j);
    bwm_json_obj_end(&j);
}

void bwm_provenance_members(const void *ctx, bwm_json *j)
{
    bwm_provenance_json(ctx, j);
}

static void put_comment(void *ctx, const char *key, const char *value, int is_number)
{
    (void)is_number;
    bwm_buf *out = ctx;
    bwm_buf_printf(out, "# %s: ", key);
    for (const char *c = value; *c; c++) /* one line per field */
        if (*c == '\n')
            bwm_buf_puts(out, "\\n");
        else
            bwm_buf_append(out, c, 1);
    bwm_buf_puts(out, "\n");
}

void bwm_provenance_comments(const bwm_provenance *p, bwm_buf *out)
{
    fields(p, put_comment, out);
}
