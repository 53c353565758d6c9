/* slot_array.c — per-slot arrays that follow the controller's pool (see
 * slot_array.h). */
#include "sim/mc/sched/slot_array.h"

#include <stdlib.h>
#include <string.h>

int bwm_slot_array_fit(void **arr, int32_t *n, int32_t cap, size_t elem)
{
    if (cap <= *n && *arr)
        return 0;
    unsigned char *a = realloc(*arr, (size_t)cap * elem);
    if (!a)
        return -1;
    memset(a + (size_t)*n * elem, 0, (size_t)(cap - *n) * elem);
    *arr = a;
    *n = cap;
    return 0;
}
