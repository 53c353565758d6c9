/* provenance.c — what produced a result, in JSON and as CSV comments (see
 * provenance.h). */
#include "io/provenance.h"

#include <string.h>

#include "bwm_revision.h"

void bwm_provenance_init(bwm_provenance *p, const char *command, int argc, char **argv)
{
    memset(p, 0, sizeof *p);
    p->command = command;
    p->argc = argc > 0 ? argc - 1 : 0;
    p->argv = argv + 1;
}

int bwm_provenance_configs(bwm_provenance *p, const char *const *configs, size_t n_configs, const char *set,
                           const char *apps_file, const char *workloads, bwm_err *err)
{
    bwm_prov_record *r = &p->r;
    int st = bwm_prov_text(r->config, sizeof r->config, n_configs == 1 ? configs[0] : NULL, "option --config", err);
    if (st == BWM_OK)
        st = bwm_prov_text(r->set, sizeof r->set, set, "option --set", err);
    if (st == BWM_OK)
        st = bwm_prov_text(r->apps_file, sizeof r->apps_file, apps_file, "option --apps-file", err);
    if (st == BWM_OK)
        st = bwm_prov_text(r->workloads, sizeof r->workloads, workloads, "option --workloads", err);
    if (st == BWM_OK)
        st = bwm_prov_hash(r, err);
    if (st != BWM_OK || n_configs < 2)
        return st;
    bwm_buf joined;
    bwm_buf_init(&joined);
    for (size_t i = 0; i < n_configs; i++)
        bwm_buf_printf(&joined, "%s%s", i ? BWM_PROV_CONFIG_SEP : "", configs[i]);
    st = bwm_buf_ok(&joined) ? bwm_prov_text(r->config, sizeof r->config, bwm_buf_str(&joined), "option --config", err)
                             : bwm_fail(err, BWM_EFAIL, "out of memory");
    bwm_buf_free(&joined);
    return st == BWM_OK ? bwm_sha256_files(configs, n_configs, r->config_sha, err) : st;
}

int bwm_provenance_files(bwm_provenance *p, const char *config, const char *set, const char *apps_file,
                         const char *workloads, bwm_err *err)
{
    return bwm_provenance_configs(p, &config, config ? 1 : 0, set, apps_file, workloads, err);
}

int bwm_provenance_extra_apps(bwm_provenance *p, const char *extra_apps, bwm_err *err)
{
    bwm_prov_record *r = &p->r;
    r->extra_apps_sha[0] = '\0';
    int st = bwm_prov_text(r->extra_apps, sizeof r->extra_apps, extra_apps, "option --extra-apps", err);
    return st == BWM_OK && r->extra_apps[0] ? bwm_sha256_file(r->extra_apps, r->extra_apps_sha, err) : st;
}

void bwm_provenance_run(bwm_provenance *p, uint64_t seed, int64_t warmup, int64_t cycles)
{
    p->r.has_run = 1;
    p->r.seed = seed;
    p->r.warmup = warmup;
    p->r.cycles = cycles;
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
    const bwm_prov_record *r = &p->r;
    sink->text(sink->ctx, "version", r->version[0] ? r->version : BWM_VERSION);
    sink->text(sink->ctx, "source_revision", r->revision[0] ? r->revision : BWM_REVISION);
    if (p->command) {
        command_line(p, &cmd);
        sink->text(sink->ctx, "command_line", bwm_buf_str(&cmd));
    }
    if (r->config[0]) {
        sink->text(sink->ctx, "config", r->config);
        sink->text(sink->ctx, "config_sha256", r->config_sha);
    }
    if (r->set[0])
        sink->text(sink->ctx, "set", r->set);
    if (r->apps_file[0]) {
        sink->text(sink->ctx, "apps_file", r->apps_file);
        sink->text(sink->ctx, "apps_sha256", r->apps_sha);
    }
    if (r->extra_apps[0]) {
        sink->text(sink->ctx, "extra_apps_file", r->extra_apps);
        sink->text(sink->ctx, "extra_apps_sha256", r->extra_apps_sha);
    }
    if (r->workloads[0]) {
        sink->text(sink->ctx, "workloads", r->workloads);
        sink->text(sink->ctx, "workloads_sha256", r->workloads_sha);
    }
    if (r->has_run) { /* seeds are whole numbers in 0..INT64_MAX (option --seed) */
        sink->number(sink->ctx, "seed", (long long)r->seed);
        sink->number(sink->ctx, "warmup", (long long)r->warmup);
        sink->number(sink->ctx, "cycles", (long long)r->cycles);
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
