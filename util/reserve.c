/* reserve.c — large zeroed arrays mapped from the system (see reserve.h). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "util/reserve.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

/* From this size on an array is mapped (smaller ones share heap pages). */
#define MAP_FROM ((size_t)1 << 17)

void *bwm_reserve(size_t n, size_t size)
{
    if (n == 0 || size == 0 || n > SIZE_MAX / size)
        return NULL;
    size_t bytes = n * size;
    if (bytes < MAP_FROM)
        return calloc(n, size);
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

void bwm_reserve_free(void *p, size_t n, size_t size)
{
    if (!p)
        return;
    size_t bytes = n * size;
    if (bytes < MAP_FROM)
        free(p);
    else
        munmap(p, bytes);
}
