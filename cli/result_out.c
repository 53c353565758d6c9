/* result_out.c — a command's results as named tables (see result_out.h). */
#include "cli/result_out.h"

#include <stdio.h>
#include <string.h>

#include "io/json.h"

int bwm_result_pick(const char *given, const char *const *keys, size_t n, size_t *idx, bwm_err *err)
{
    *idx = 0;
    if (!given)
        return BWM_OK;
    for (size_t i = 0; i < n; i++)
        if (strcmp(given, keys[i]) == 0) {
            *idx = i;
            return BWM_OK;
        }
    char list[512] = "";
    size_t len = 0;
    for (size_t i = 0; i < n && len < sizeof list; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", keys[i]);
    return bwm_fail(err, BWM_EINPUT, "option --table: unknown table '%s' (tables: %s)", given, list);
}

int bwm_result_pick_keyed(const char *given, const char *(*key)(int), size_t n, size_t *idx, bwm_err *err)
{
    const char *keys[16];
    size_t k = n < 16 ? n : 16;
    for (size_t i = 0; i < k; i++)
        keys[i] = key((int)i);
    return bwm_result_pick(given, keys, k, idx, err);
}

/* bwm_result_pick for tables described by bwm_result_table. */
static int pick_table(const char *given, const bwm_result_table *tabs, size_t n, size_t *idx, bwm_err *err)
{
    const char *keys[16];
    size_t k = n < 16 ? n : 16;
    for (size_t i = 0; i < k; i++)
        keys[i] = tabs[i].key;
    return bwm_result_pick(given, keys, k, idx, err);
}

void bwm_result_csv_head(const bwm_result_prov *prov, bwm_format fmt, bwm_buf *out)
{
    if (fmt == BWM_FMT_CSV && prov && prov->p && prov->csv)
        bwm_provenance_comments(prov->p, out);
}

void bwm_result_render(const bwm_result_table *tabs, size_t n, size_t pick, bwm_format fmt,
                       const bwm_result_prov *prov, bwm_buf *out)
{
    if (fmt == BWM_FMT_CSV) {
        bwm_result_csv_head(prov, fmt, out);
        bwm_table_render(tabs[pick].t, BWM_FMT_CSV, out);
        return;
    }
    if (fmt == BWM_FMT_TABLE) {
        for (size_t i = 0; i < n; i++) {
            if (i)
                bwm_buf_puts(out, "\n");
            bwm_table_render(tabs[i].t, BWM_FMT_TABLE, out);
        }
        return;
    }
    bwm_json j;
    bwm_json_init(&j, out);
    bwm_json_obj_begin(&j);
    for (size_t i = 0; i < n; i++) {
        bwm_json_key(&j, tabs[i].key);
        bwm_table_json(tabs[i].t, &j);
    }
    if (prov && prov->p)
        bwm_provenance_json(prov->p, &j);
    bwm_json_obj_end(&j);
}

int bwm_result_emit(const bwm_cmd *cmd, const bwm_common *common, const bwm_result_table *tabs, size_t n,
                    const char *table, const bwm_result_prov *prov)
{
    bwm_err err;
    size_t pick;
    int st = pick_table(table, tabs, n, &pick, &err);
    if (st != BWM_OK)
        return bwm_cli_report(cmd, st, &err);
    bwm_buf out;
    bwm_buf_init(&out);
    bwm_result_render(tabs, n, pick, common->format, prov, &out);
    st = bwm_cli_emit(cmd, common, &out);
    bwm_buf_free(&out);
    return st;
}
