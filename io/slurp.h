/* slurp.h — a whole (small) file read into a buffer, for commands that
 * copy or compare result files. */
#ifndef BWM_SLURP_H
#define BWM_SLURP_H

#include "util/buf.h"
#include "util/status.h"

/* Appends the file's bytes to b.  A file that cannot be read is BWM_EINPUT
 * naming it. */
int bwm_read_file(const char *path, bwm_buf *b, bwm_err *err);

#endif
