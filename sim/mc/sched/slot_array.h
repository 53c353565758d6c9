/* slot_array.h — per-request state of a policy, indexed by the controller's
 * slot numbers (parbs's marks, sms's queue links).
 * The controller's pool grows when its queue is unbounded, so a policy
 * checks in enqueue that its array still covers every slot. */
#ifndef BWM_SLOT_ARRAY_H
#define BWM_SLOT_ARRAY_H

#include <stddef.h>
#include <stdint.h>

/* Makes *arr (of *n elements of elem bytes) hold at least cap elements, the
 * new ones zero.  Returns 0, or -1 (and leaves *arr and *n alone) when out
 * of memory. */
int bwm_slot_array_fit(void **arr, int32_t *n, int32_t cap, size_t elem);

#endif
