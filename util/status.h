/* status.h — the project's error convention.
 *
 * Every fallible function returns a bwm_status and, on failure, writes a
 * human-readable message into a caller-owned bwm_err.  The status values are
 * the command-line exit codes, so cli/ can return them unchanged. */
#ifndef BWM_STATUS_H
#define BWM_STATUS_H

#include <stddef.h>

typedef enum bwm_status {
    BWM_OK = 0,     /* success */
    BWM_EFAIL = 1,  /* failure while running (I/O, resources) */
    BWM_EINPUT = 2  /* bad usage or bad input */
} bwm_status;

#define BWM_ERR_MAX 2048 /* room for a list of names (sim run --columns) */

typedef struct bwm_err {
    char msg[BWM_ERR_MAX];
} bwm_err;

/* Formats the message into err (which may be NULL) and returns status. */
int bwm_fail(bwm_err *err, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
