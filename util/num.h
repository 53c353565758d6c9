/* num.h — strict parsing of numbers from text.
 *
 * Unlike strtod/strtol used bare, these reject empty strings, trailing
 * characters, NaN, infinities and out-of-range values, so that no bad value
 * reaches a model or simulator silently. */
#ifndef BWM_NUM_H
#define BWM_NUM_H

#include <stddef.h>
#include <stdint.h>

/* Returns 0 and stores the value, or -1 if s is not a finite decimal number. */
int bwm_parse_double(const char *s, double *out);
/* Why bwm_parse_double refuses s, as the end of a sentence after "'s' ":
 * "underflows: ..." for a decimal below the smallest normal double (which
 * strtod would turn into a subnormal or 0), "overflows: ..." above the
 * largest, else "is not a finite number". */
const char *bwm_parse_double_why(const char *s);

/* Returns 0 and stores the value, or -1 if s is not an integer in range. */
int bwm_parse_i64(const char *s, int64_t *out);
/* Whether bwm_parse_i64 refuses s only for its size: an integer written
 * in decimal beyond -2^63..2^63-1, which a message calls out of range
 * rather than not an integer. */
int bwm_parse_i64_overflows(const char *s);

/* Parses s as an integer in lo..hi into *out.  Returns NULL, or why not,
 * written into why (n bytes; 80 are enough) as the end of a sentence after
 * "option NAME: ": "'s' is not an integer", or "V is out of range LO..HI"
 * for an integer too large or too small (V the text, quoted, beyond 64
 * bits).  Every integer option of the command line and of a configuration
 * reads through here, so that they say alike what is wrong. */
const char *bwm_parse_i64_in(const char *s, int64_t lo, int64_t hi, int64_t *out, char *why, size_t n);

/* Converts v to an integer only if it is a whole number in lo..hi: returns
 * 0 and stores it, or -1 (NaN, infinities, fractions, anything out of range,
 * whose conversion would be undefined).  Every double that becomes an integer
 * goes through here. */
int bwm_whole_in(double v, int64_t lo, int64_t hi, int64_t *out);

/* Parses "a,b,c" into at most max doubles; stores the count in *n.
 * Returns 0, or -1 on a bad element (its 0-based index in *bad), or -2 if
 * there are more than max elements. */
int bwm_parse_double_list(const char *s, double *out, size_t max, size_t *n,
                          size_t *bad);

/* Splits s on sep into at most max NUL-terminated pieces written into the
 * caller's storage buf (of size bufsz); pieces[i] point into buf.  Returns the
 * number of pieces, or -1 if there are too many or buf is too small. */
int bwm_split(const char *s, char sep, char *buf, size_t bufsz,
              char **pieces, size_t max);

#endif
