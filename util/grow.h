/* grow.h — room for one more element of a heap array that doubles its
 * capacity when full (the one growth rule of every list the project builds
 * row by row: CSV rows, table cells, series points, alone runs ...). */
#ifndef BWM_GROW_H
#define BWM_GROW_H

#include <stddef.h>

/* Returns items (or its reallocation) with room for element n, *cap
 * updated; NULL when out of memory, items and *cap then unchanged. */
void *bwm_grow(void *items, size_t *cap, size_t n, size_t elem);

#endif
