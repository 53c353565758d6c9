/* result_out.h — a command's results as named tables, in every format the
 * same way: CSV is one table per stream (the one --table names, the first
 * by default), JSON an object with every table under its key plus the
 * provenance, text every table in turn.  Commands whose JSON has a fixed
 * shape (model compare, sim run, ...) write it themselves but pick their
 * CSV table the same way. */
#ifndef BWM_RESULT_OUT_H
#define BWM_RESULT_OUT_H

#include <stddef.h>

#include "cli/opts.h"
#include "io/provenance.h"
#include "io/table.h"

typedef struct bwm_result_table {
    const char *key; /* --table NAME and the JSON key */
    const bwm_table *t;
} bwm_result_table;

/* The option row of --table; help lists the table names. */
#define BWM_TABLE_OPT(value, help) {"table", "NAME", help, &(value), NULL}

/* Provenance options of a result: the object, and whether a CSV starts
 * with it as comments (--provenance). */
typedef struct bwm_result_prov {
    const bwm_provenance *p; /* NULL: none */
    int csv;
} bwm_result_prov;

/* The index of the table --table names (given NULL: 0); an unknown name is
 * bad input naming the option and the tables there are. */
int bwm_result_pick(const char *given, const char *const *keys, size_t n, size_t *idx, bwm_err *err);

/* The same with the n names given by key(0..n-1). */
int bwm_result_pick_keyed(const char *given, const char *(*key)(int), size_t n, size_t *idx, bwm_err *err);

/* Renders tabs in fmt: CSV the table pick (after the provenance comments
 * when asked), JSON {key: [...], ..., "provenance": {...}}, text all. */
void bwm_result_render(const bwm_result_table *tabs, size_t n, size_t pick, bwm_format fmt,
                       const bwm_result_prov *prov, bwm_buf *out);

/* The provenance comments of a CSV when prov asks for them. */
void bwm_result_csv_head(const bwm_result_prov *prov, bwm_format fmt, bwm_buf *out);

/* Renders as above and commits to -o; reports errors as cmd. */
int bwm_result_emit(const bwm_cmd *cmd, const bwm_common *common, const bwm_result_table *tabs, size_t n,
                    const char *table, const bwm_result_prov *prov);

#endif
