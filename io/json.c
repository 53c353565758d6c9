/* json.c — streaming JSON writer (see json.h). */
#include "io/json.h"

#include <math.h>
#include <stdio.h>

void bwm_json_init(bwm_json *j, bwm_buf *out)
{
    j->out = out;
    j->depth = 0;
    j->first[0] = 1;
    j->after_key = 0;
}

/* Emits the separator owed before a value at the current level. */
static void before_value(bwm_json *j)
{
    if (j->after_key) {
        j->after_key = 0;
        return;
    }
    if (!j->first[j->depth])
        bwm_buf_puts(j->out, ",");
    j->first[j->depth] = 0;
}

static void open(bwm_json *j, const char *c)
{
    before_value(j);
    bwm_buf_puts(j->out, c);
    if (j->depth + 1 < BWM_JSON_DEPTH)
        j->depth++;
    j->first[j->depth] = 1;
}

static void close(bwm_json *j, const char *c)
{
    if (j->depth > 0)
        j->depth--;
    bwm_buf_puts(j->out, c);
    if (j->depth == 0)
        bwm_buf_puts(j->out, "\n");
}

void bwm_json_obj_begin(bwm_json *j) { open(j, "{"); }
void bwm_json_obj_end(bwm_json *j) { close(j, "}"); }
void bwm_json_arr_begin(bwm_json *j) { open(j, "["); }
void bwm_json_arr_end(bwm_json *j) { close(j, "]"); }

static void put_string(bwm_buf *b, const char *s)
{
    bwm_buf_puts(b, "\"");
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            bwm_buf_printf(b, "\\%c", ch);
        else if (ch == '\n')
            bwm_buf_puts(b, "\\n");
        else if (ch == '\t')
            bwm_buf_puts(b, "\\t");
        else if (ch < 0x20)
            bwm_buf_printf(b, "\\u%04x", ch);
        else
            bwm_buf_append(b, (const char *)&ch, 1);
    }
    bwm_buf_puts(b, "\"");
}

void bwm_json_key(bwm_json *j, const char *key)
{
    before_value(j);
    put_string(j->out, key);
    bwm_buf_puts(j->out, ":");
    j->after_key = 1;
}

void bwm_format_number(char *dst, size_t n, double v)
{
    if (v == 0)
        v = 0; /* no "-0" */
    snprintf(dst, n, "%.12g", v);
}

void bwm_json_num(bwm_json *j, double v)
{
    before_value(j);
    if (!isfinite(v)) {
        bwm_buf_puts(j->out, "null");
        return;
    }
    char tmp[40];
    bwm_format_number(tmp, sizeof tmp, v);
    bwm_buf_puts(j->out, tmp);
}

void bwm_json_int(bwm_json *j, long long v)
{
    before_value(j);
    bwm_buf_printf(j->out, "%lld", v);
}

void bwm_json_str(bwm_json *j, const char *s)
{
    before_value(j);
    put_string(j->out, s);
}

void bwm_json_bool(bwm_json *j, int v)
{
    before_value(j);
    bwm_buf_puts(j->out, v ? "true" : "false");
}

void bwm_json_null(bwm_json *j)
{
    before_value(j);
    bwm_buf_puts(j->out, "null");
}

void bwm_json_kv_num(bwm_json *j, const char *key, double v)
{
    bwm_json_key(j, key);
    bwm_json_num(j, v);
}

void bwm_json_kv_int(bwm_json *j, const char *key, long long v)
{
    bwm_json_key(j, key);
    bwm_json_int(j, v);
}

void bwm_json_kv_str(bwm_json *j, const char *key, const char *s)
{
    bwm_json_key(j, key);
    bwm_json_str(j, s);
}

void bwm_json_kv_bool(bwm_json *j, const char *key, int v)
{
    bwm_json_key(j, key);
    bwm_json_bool(j, v);
}

void bwm_json_kv_nums(bwm_json *j, const char *key, const double *v, size_t n)
{
    bwm_json_key(j, key);
    bwm_json_arr_begin(j);
    for (size_t i = 0; i < n; i++)
        bwm_json_num(j, v[i]);
    bwm_json_arr_end(j);
}
