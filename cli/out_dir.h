/* out_dir.h — the "--out DIR" of commands that produce tables: each table
 * written as DIR/NAME.txt, DIR/NAME.csv and DIR/NAME.json.  Every file is
 * rendered before any is written, and each is written whole or not at all
 * (io/outfile.h). */
#ifndef BWM_OUT_DIR_H
#define BWM_OUT_DIR_H

#include <stddef.h>

#include "io/table.h"
#include "util/status.h"

typedef struct bwm_out_table {
    const char *name;  /* file name without extension */
    const bwm_table *t;
} bwm_out_table;

/* Creates dir if needed and writes the n tables.  Errors name "option --out". */
int bwm_out_dir_write(const char *dir, const bwm_out_table *tables, size_t n, bwm_err *err);

#endif
