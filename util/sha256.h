/* sha256.h — SHA-256 (FIPS 180-4) of bytes and files, as lowercase hex.
 *
 * Used to key results by the content they depend on (configuration,
 * application rows, the executable) and to record provenance.  The context
 * is a plain struct owned by the caller. */
#ifndef BWM_SHA256_H
#define BWM_SHA256_H

#include <stddef.h>
#include <stdint.h>

#include "util/status.h"

#define BWM_SHA256_HEX 65 /* 64 hex digits and the NUL */

typedef struct bwm_sha256 {
    uint32_t h[8];
    uint64_t len;          /* bytes hashed so far */
    unsigned char block[64];
    size_t fill;           /* bytes waiting in block */
} bwm_sha256;

void bwm_sha256_init(bwm_sha256 *s);
void bwm_sha256_update(bwm_sha256 *s, const void *data, size_t n);
/* Finishes the hash and writes 64 hex digits and a NUL into hex. */
void bwm_sha256_hex(bwm_sha256 *s, char hex[BWM_SHA256_HEX]);

/* The hash of n bytes. */
void bwm_sha256_of(const void *data, size_t n, char hex[BWM_SHA256_HEX]);
/* The hash of a file's contents; a file that cannot be read is BWM_EINPUT
 * naming it. */
int bwm_sha256_file(const char *path, char hex[BWM_SHA256_HEX], bwm_err *err);
/* The hash of n files' contents one after the other (what `cat` of them
 * would hash; one file: bwm_sha256_file). */
int bwm_sha256_files(const char *const *paths, size_t n, char hex[BWM_SHA256_HEX], bwm_err *err);

#endif
