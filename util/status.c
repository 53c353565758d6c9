/* status.c — formatting of error messages (see status.h). */
#include "util/status.h"

#include <stdarg.h>
#include <stdio.h>

int bwm_fail(bwm_err *err, int status, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return status;
}
