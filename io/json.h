/* json.h — a small streaming JSON writer into a bwm_buf.
 *
 * Tracks nesting so that commas come out right.  A number that is not finite
 * is written as null: the toolkit never prints NaN or infinity. */
#ifndef BWM_JSON_H
#define BWM_JSON_H

#include "util/buf.h"

#define BWM_JSON_DEPTH 32

typedef struct bwm_json {
    bwm_buf *out;
    int depth;
    unsigned char first[BWM_JSON_DEPTH]; /* no element yet at this level */
    int after_key;
} bwm_json;

void bwm_json_init(bwm_json *j, bwm_buf *out);

/* Writes more members (key, value) into an object j has open: how a
 * renderer takes members its caller adds (e.g. a provenance object). */
typedef void (*bwm_json_members_fn)(const void *ctx, bwm_json *j);
void bwm_json_obj_begin(bwm_json *j);
void bwm_json_obj_end(bwm_json *j);
void bwm_json_arr_begin(bwm_json *j);
void bwm_json_arr_end(bwm_json *j);
void bwm_json_key(bwm_json *j, const char *key);
void bwm_json_num(bwm_json *j, double v);
void bwm_json_int(bwm_json *j, long long v);
void bwm_json_str(bwm_json *j, const char *s);
void bwm_json_bool(bwm_json *j, int v);
void bwm_json_null(bwm_json *j);
/* Shorthands: a key followed by a value. */
void bwm_json_kv_num(bwm_json *j, const char *key, double v);
void bwm_json_kv_int(bwm_json *j, const char *key, long long v);
void bwm_json_kv_str(bwm_json *j, const char *key, const char *s);
void bwm_json_kv_bool(bwm_json *j, const char *key, int v);
/* A key and an array of n numbers. */
void bwm_json_kv_nums(bwm_json *j, const char *key, const double *v, size_t n);

/* Formats a finite double the way the toolkit prints numbers: shortest of
 * %.12g (so 1.5 stays 1.5 and 4/3 is 1.33333333333). */
void bwm_format_number(char *dst, size_t n, double v);

#endif
