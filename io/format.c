/* format.c — output format names (see format.h). */
#include "io/format.h"

#include <string.h>
#include <strings.h>

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

int bwm_format_from_path(const char *path, bwm_format *out)
{
    static const struct {
        const char *ext;
        bwm_format format;
    } exts[] = {{".json", BWM_FMT_JSON}, {".csv", BWM_FMT_CSV}, {".txt", BWM_FMT_TABLE}};
    const char *dot = strrchr(path, '.');
    if (!dot || strchr(dot, '/'))
        return -1;
    for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++)
        if (strcasecmp(dot, exts[i].ext) == 0) {
            *out = exts[i].format;
            return 0;
        }
    return -1;
}
