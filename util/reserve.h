/* reserve.h — large zeroed arrays reserved for a worst case that a run
 * seldom reaches (the MSHRs' overflow tokens): their pages are mapped
 * straight from the system, so that a page the program never touches never
 * becomes resident, whatever the allocator did with memory freed before
 * (calloc may hand out reused heap that it must clear, every page of it).
 * Small arrays come from calloc as usual. */
#ifndef BWM_RESERVE_H
#define BWM_RESERVE_H

#include <stddef.h>

/* n × size zeroed bytes, or NULL (out of memory, or n × size overflows);
 * n == 0 gives NULL too.  Freed with bwm_reserve_free(p, n, size). */
void *bwm_reserve(size_t n, size_t size);
/* Frees what bwm_reserve(n, size) returned (NULL: nothing). */
void bwm_reserve_free(void *p, size_t n, size_t size);

#endif
