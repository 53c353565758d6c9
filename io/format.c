/* format.c — output format names (see format.h). */
#include "io/format.h"

#include <string.h>

int bwm_format_parse(const char *s, bwm_format *out)
{
    if (strcmp(s, "table") == 0)
        *out = BWM_FMT_TABLE;
    else if (strcmp(s, "csv") == 0)
        *out = BWM_FMT_CSV;
    else if (strcmp(s, "json") == 0)
        *out = BWM_FMT_JSON;
    else
        return -1;
    return 0;
}
