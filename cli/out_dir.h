/* out_dir.h — "--out DIR" of the fit commands: a folder of result files in
 * several formats, rendered beforehand by the caller.  The folder is created
 * if need be; each file is written whole or not at all (io/outfile.h). */
#ifndef BWM_OUT_DIR_H
#define BWM_OUT_DIR_H

#include <stddef.h>

#include "util/buf.h"
#include "util/status.h"

/* Writes bufs[i] to DIR/names[i] for i < n; errors name the option --out. */
int bwm_out_dir_write(const char *dir, const char *const *names, const bwm_buf *bufs, size_t n, bwm_err *err);

#endif
