/* fuzz_support.h — what the libFuzzer harnesses of fuzz/ share.
 *
 * libFuzzer hands a harness bytes; the parsers under test take strings or
 * file paths.  This module turns the bytes into either (a NUL-terminated
 * copy, or a scratch file that lives in memory), locates the shipped data/
 * files some parsers check their input against, and stops the run with a
 * message when a harness finds a property broken (libFuzzer then keeps the
 * input as a crash). */
#ifndef BWM_FUZZ_SUPPORT_H
#define BWM_FUZZ_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#include "io/table.h"
#include "sim/dram/addrmap.h"

/* Scratch files a harness may use at once. */
#define BWM_FUZZ_SLOTS 4

/* The input as a NUL-terminated string, cut at its first NUL byte (a C
 * string cannot hold one); free it with free().  Never NULL. */
char *bwm_fuzz_text(const uint8_t *data, size_t size);

/* Writes the bytes to scratch file slot (0 .. BWM_FUZZ_SLOTS-1), replacing
 * what it held, and returns a path that opens it (valid until the process
 * exits).  The file lives in memory: nothing is left on disk. */
const char *bwm_fuzz_file(int slot, const uint8_t *data, size_t size);

/* The same, gzip-compressed (NULL when built without zlib). */
const char *bwm_fuzz_gzip_file(int slot, const uint8_t *data, size_t size);

/* The path of a shipped data file ("apps.csv", "configs/...") in buf. */
const char *bwm_fuzz_data_path(const char *rel, char *buf, size_t n);

/* Aborts with "fuzz: WHAT" on stderr unless ok: a broken property. */
void bwm_fuzz_require(int ok, const char *what);

/* Renders t in every output format (table, CSV, JSON) and checks that
 * each rendering succeeds; frees t. */
void bwm_fuzz_render_table(bwm_table *t);

/* Decodes a few addresses (fixed patterns and words taken from the input)
 * with m and checks that channel, sub-partition, bank and bank group fall
 * inside the map's geometry. */
void bwm_fuzz_check_map(const bwm_addrmap *m, const uint8_t *data, size_t size);

#endif
