/* area.c — verb dispatch within an area (see area.h). */
#include "cli/area.h"

#include <stdio.h>
#include <string.h>

static void area_help(FILE *f, const char *area, const bwm_verb *verbs, size_t n)
{
    fprintf(f, "usage: bwmpki %s VERB [options]\n\nverbs:\n", area);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "  %-12s %s\n", verbs[i].name, verbs[i].summary);
    fprintf(f, "\n'bwmpki %s VERB --help' describes a verb's options.\n", area);
}

int bwm_area_dispatch(const char *area, const bwm_verb *verbs, size_t n, int argc, char **argv)
{
    if (argc < 2) {
        area_help(stderr, area, verbs, n);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        area_help(stdout, area, verbs, n);
        return 0;
    }
    for (size_t i = 0; i < n; i++)
        if (strcmp(argv[1], verbs[i].name) == 0)
            return verbs[i].run(argc - 1, argv + 1);
    fprintf(stderr, "bwmpki %s: unknown verb '%s' (see 'bwmpki %s --help')\n", area, argv[1], area);
    return 2;
}
