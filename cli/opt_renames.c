/* opt_renames.c — the table of renamed options (see opt_renames.h). */
#include "cli/opt_renames.h"

#include <string.h>

static const struct {
    const char *old, *now;
} renames[] = {
    {"apps-csv", "apps-file"}, /* the applications file, in every command */
    {"workload", "mixes"},     /* workloads given on the command line (model classify) */
};

const char *bwm_opt_renamed(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof renames / sizeof renames[0]; i++)
        if (strlen(renames[i].old) == len && strncmp(renames[i].old, name, len) == 0)
            return renames[i].now;
    return NULL;
}
