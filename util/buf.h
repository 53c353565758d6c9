/* buf.h — a growable text buffer.
 *
 * Output is built in a bwm_buf and written in one piece at the end, so a
 * command that fails half-way leaves nothing behind.  The buffer owns its
 * memory; an allocation failure is remembered and reported by bwm_buf_ok. */
#ifndef BWM_BUF_H
#define BWM_BUF_H

#include <stddef.h>

typedef struct bwm_buf {
    char *data;  /* NUL-terminated contents (NULL until the first append) */
    size_t len;
    size_t cap;
    int failed;  /* an allocation failed: contents are incomplete */
} bwm_buf;

void bwm_buf_init(bwm_buf *b);
void bwm_buf_free(bwm_buf *b);
void bwm_buf_clear(bwm_buf *b);
void bwm_buf_append(bwm_buf *b, const char *s, size_t n);
void bwm_buf_puts(bwm_buf *b, const char *s);
void bwm_buf_printf(bwm_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Returns the contents ("" when empty). */
const char *bwm_buf_str(const bwm_buf *b);
int bwm_buf_ok(const bwm_buf *b);

#endif
