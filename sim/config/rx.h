/* rx.h — a compiled PCRE2 regular expression with its match data.
 *
 * The option-file parser matches tokens, timing pairs and clock lists with
 * PCRE2 (libpcre2-8).  A bwm_rx owns the compiled pattern and one match-data
 * block; after a successful match the capture groups are read with
 * bwm_rx_group.  Subjects are byte strings with an explicit length. */
#ifndef BWM_RX_H
#define BWM_RX_H

#include <stddef.h>

#ifndef PCRE2_CODE_UNIT_WIDTH
#define PCRE2_CODE_UNIT_WIDTH 8
#endif
#include <pcre2.h>

#include "util/status.h"

typedef struct bwm_rx {
    pcre2_code *code;
    pcre2_match_data *md;
} bwm_rx;

/* Compiles pattern; a bad pattern is a program error reported as BWM_EFAIL. */
int bwm_rx_compile(bwm_rx *rx, const char *pattern, bwm_err *err);
void bwm_rx_free(bwm_rx *rx);

/* Matches subj[0..len) starting at off; anchored at off when anchored != 0.
 * Returns 1 on a match, 0 on none. */
int bwm_rx_match(bwm_rx *rx, const char *subj, size_t len, size_t off, int anchored);

/* After a match: the span of group g (0 = whole match).  Returns 1 if the
 * group took part in the match, 0 if not. */
int bwm_rx_group(const bwm_rx *rx, int g, size_t *start, size_t *end);

#endif
