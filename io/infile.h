/* infile.h — opening the files a command reads.
 *
 * Every input file (applications, workload lists, configurations, traces,
 * GPGPU-Sim logs, alone profiles, results) is opened here, so that what can
 * go wrong is said the same way everywhere.  A path that names a directory
 * is bad input (BWM_EINPUT): "PATH: is a directory (expected a file)"; so is
 * one that does not exist or may not be read: "PATH: cannot open: REASON".
 * A system that runs out of descriptors or memory is a failure while
 * running (BWM_EFAIL).  FIFOs and devices are read like files. */
#ifndef BWM_INFILE_H
#define BWM_INFILE_H

#include <stdio.h>

#include "util/status.h"

/* Opens path for reading into *fd. */
int bwm_infile_open_fd(const char *path, int *fd, bwm_err *err);
/* Opens path for reading into the stream *f (close it with fclose). */
int bwm_infile_open(const char *path, FILE **f, bwm_err *err);

#endif
