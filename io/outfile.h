/* outfile.h — writing a command's output all at once.
 *
 * The output is complete in memory before anything is written.  To a file it
 * goes through a temporary file in the same folder and a rename, so a reader
 * never sees half a result and a failure leaves no partial file. */
#ifndef BWM_OUTFILE_H
#define BWM_OUTFILE_H

#include "util/buf.h"
#include "util/status.h"

/* Writes b to path, or to standard output when path is NULL or "-". */
int bwm_output_commit(const char *path, const bwm_buf *b, bwm_err *err);

#endif
