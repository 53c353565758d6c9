/* grow.c — doubling heap arrays (see grow.h). */
#include "util/grow.h"

#include <stdlib.h>

#define FIRST_CAP 16

void *bwm_grow(void *items, size_t *cap, size_t n, size_t elem)
{
    if (n < *cap)
        return items;
    size_t want = *cap ? 2 * *cap : FIRST_CAP;
    void *p = realloc(items, want * elem);
    if (p)
        *cap = want;
    return p;
}
