/* provenance.c — what produced a result, in JSON and as CSV comments (see
 * provenance.h). */
#include "cli/provenance.h"

#include <string.h>

#include "bwm_revision.h"

int bwm_provenance_hash(bwm_provenance *p, bwm_err *err)
{
    p->config_sha[0] = p->apps_sha[0] = p->workloads_sha[0] = '\0';
    int st = p->config[0] ? bwm_sha256_file(p->config, p->config_sha, err) : BWM_OK;
    if (st == BWM_OK && p->apps_file)
        st = bwm_sha256_file(p->apps_file, p->apps_sha, err);
    if (st == BWM_OK && p->workloads)
        st = bwm_sha256_file(p->workloads, p->workloads_sha, err);
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

/* The two ways a field is written: text, or a whole number. */
typedef struct field_sink {
    void (*text)(void *ctx, const char *key, const char *value);
    void (*number)(void *ctx, const char *key, long long value);
    void *ctx;
} field_sink;

/* Writes every field that applies to sink, in order. */
static void fields(const bwm_provenance *p, const field_sink *sink)
{
    bwm_buf cmd;
    bwm_buf_init(&cmd);
    sink->text(sink->ctx, "version", p->version ? p->version : BWM_VERSION);
    sink->text(sink->ctx, "source_revision", p->revision ? p->revision : BWM_REVISION);
    if (p->command) {
        command_line(p, &cmd);
        sink->text(sink->ctx, "command_line", bwm_buf_str(&cmd));
    }
    if (p->config[0]) {
        sink->text(sink->ctx, "config", p->config);
        sink->text(sink->ctx, "config_sha256", p->config_sha);
    }
    if (p->set)
        sink->text(sink->ctx, "set", p->set);
    if (p->apps_file) {
        sink->text(sink->ctx, "apps_file", p->apps_file);
        sink->text(sink->ctx, "apps_sha256", p->apps_sha);
    }
    if (p->workloads) {
        sink->text(sink->ctx, "workloads", p->workloads);
        sink->text(sink->ctx, "workloads_sha256", p->workloads_sha);
    }
    if (p->has_run) { /* seeds are whole numbers in 0..INT64_MAX (option --seed) */
        sink->number(sink->ctx, "seed", (long long)p->seed);
        sink->number(sink->ctx, "warmup", (long long)p->warmup);
        sink->number(sink->ctx, "cycles", (long long)p->cycles);
    }
    bwm_buf_free(&cmd);
}

static void json_text(void *ctx, const char *key, const char *value)
{
    bwm_json_kv_str(ctx, key, value);
}

static void json_number(void *ctx, const char *key, long long value)
{
    bwm_json_kv_int(ctx, key, value);
}

void bwm_provenance_json(const bwm_provenance *p, bwm_json *j)
{
    field_sink sink = {json_text, json_number, j};
    bwm_json_key(j, "provenance");
    bwm_json_obj_begin(j);
    fields(p, &sink);
    bwm_json_obj_end(j);
}

void bwm_provenance_fields(const bwm_provenance *p, bwm_json *j)
{
    field_sink sink = {json_text, json_number, j};
    fields(p, &sink);
}

void bwm_provenance_object(const bwm_provenance *p, bwm_buf *out)
{
    bwm_json j;
    bwm_json_init(&j, out);
    field_sink sink = {json_text, json_number, &j};
    bwm_json_obj_begin(&j);
    fields(p, &sink);
    bwm_json_obj_end(&j);
}

void bwm_provenance_members(const void *ctx, bwm_json *j)
{
    bwm_provenance_json(ctx, j);
}

static void comment_text(void *ctx, const char *key, const char *value)
{
    bwm_buf *out = ctx;
    bwm_buf_printf(out, "# %s: ", key);
    for (const char *c = value; *c; c++) /* one line per field */
        if (*c == '\n')
            bwm_buf_puts(out, "\\n");
        else
            bwm_buf_append(out, c, 1);
    bwm_buf_puts(out, "\n");
}

static void comment_number(void *ctx, const char *key, long long value)
{
    bwm_buf_printf(ctx, "# %s: %lld\n", key, value);
}

void bwm_provenance_comments(const bwm_provenance *p, bwm_buf *out)
{
    field_sink sink = {comment_text, comment_number, out};
    fields(p, &sink);
}
