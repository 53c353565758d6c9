/* mshr.h — miss-status holding registers: the misses a cache has sent down
 * and not yet had filled.
 *
 * A bwm_mshr holds at most n_entries pending line addresses; each entry keeps
 * up to max_merge requester tokens (opaque 64-bit values from the caller,
 * woken when the line is filled), the application of the first requester and
 * whether any requester was a write.  Entries are found through an
 * open-addressing index, so lookups are O(1) on average.  All memory is
 * allocated at init; add, merge and retire allocate nothing. */
#ifndef BWM_MSHR_H
#define BWM_MSHR_H

#include <stdint.h>

#include "util/status.h"

typedef struct bwm_mshr_entry {
    uint64_t line_addr;
    int app;        /* application of the first requester */
    int has_write;  /* a merged requester was a write */
    int n_tokens;
    int next_free;  /* free-list link when unused; -1 ends the list */
} bwm_mshr_entry;

typedef struct bwm_mshr {
    int n_entries, max_merge, used;
    bwm_mshr_entry *entries;
    uint64_t *tokens; /* n_entries × max_merge */
    int *index;       /* open-addressing slots: entry number or -1 */
    unsigned index_mask;
    int free_head;
} bwm_mshr;

int bwm_mshr_init(bwm_mshr *m, int n_entries, int max_merge, bwm_err *err);
void bwm_mshr_free(bwm_mshr *m);

/* The entry pending for line_addr, or NULL. */
bwm_mshr_entry *bwm_mshr_find(const bwm_mshr *m, uint64_t line_addr);

/* 1 when no entry is free. */
int bwm_mshr_full(const bwm_mshr *m);

/* 1 when e has room for one more requester. */
int bwm_mshr_can_merge(const bwm_mshr *m, const bwm_mshr_entry *e);

/* Opens an entry for line_addr (not pending, table not full: the caller
 * checks) with its first requester. */
bwm_mshr_entry *bwm_mshr_add(bwm_mshr *m, uint64_t line_addr, int app, int is_write, uint64_t token);

/* Adds a requester to e (which must have room). */
void bwm_mshr_merge(bwm_mshr *m, bwm_mshr_entry *e, int is_write, uint64_t token);

/* Closes the entry for line_addr: copies its tokens in arrival order to
 * tokens_out (room for max_merge), their number to *n_tokens, its first
 * requester's application to *app and its write flag to *has_write.
 * Returns 0, or -1 when line_addr is not pending. */
int bwm_mshr_retire(bwm_mshr *m, uint64_t line_addr, uint64_t *tokens_out, int *n_tokens, int *app,
                    int *has_write);

#endif
