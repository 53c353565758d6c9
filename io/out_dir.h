/* out_dir.h — "--out DIR" of the commands that produce tables, and a
 * study's folder: a folder of result files, rendered before any is written.  The folder is created if
 * need be; each file is written whole or not at all (io/outfile.h). */
#ifndef BWM_IO_OUT_DIR_H
#define BWM_IO_OUT_DIR_H

#include <stddef.h>

#include "io/table.h"
#include "util/buf.h"
#include "util/status.h"

typedef struct bwm_out_table {
    const char *name;  /* file name without extension */
    const bwm_table *t;
} bwm_out_table;

/* Writes bufs[i] to DIR/names[i] for i < n; errors name the option --out. */
int bwm_out_dir_files(const char *dir, const char *const *names, const bwm_buf *bufs, size_t n, bwm_err *err);

/* Writes each of the n tables as DIR/NAME.txt, DIR/NAME.csv and DIR/NAME.json. */
int bwm_out_dir_tables(const char *dir, const bwm_out_table *tables, size_t n, bwm_err *err);

#endif
