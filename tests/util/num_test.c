/* num_test.c — strict number parsing (util/num.h): an integer too large
 * for 64 bits is refused and told apart from text that is no integer. */
#include <criterion/criterion.h>

#include "util/num.h"

Test(num, an_integer_beyond_64_bits_overflows_and_other_bad_text_does_not)
{
    int64_t v = 0;
    /* 2^63 - 1 = 9223372036854775807 is the largest; one more overflows */
    cr_expect_eq(bwm_parse_i64("9223372036854775807", &v), 0);
    cr_expect_eq(v, INT64_MAX);
    cr_expect_eq(bwm_parse_i64_overflows("9223372036854775807"), 0);
    cr_expect_eq(bwm_parse_i64("9223372036854775808", &v), -1);
    cr_expect_eq(bwm_parse_i64_overflows("9223372036854775808"), 1);
    cr_expect_eq(bwm_parse_i64_overflows("-9223372036854775809"), 1);
    cr_expect_eq(bwm_parse_i64_overflows(" 99999999999999999999 "), 1);
    /* not integers at all: not "out of range" */
    cr_expect_eq(bwm_parse_i64_overflows("99999999999999999999x"), 0);
    cr_expect_eq(bwm_parse_i64_overflows("1e30"), 0);
    cr_expect_eq(bwm_parse_i64_overflows(""), 0);
    cr_expect_eq(bwm_parse_i64_overflows(NULL), 0);
    cr_expect_eq(bwm_parse_i64_overflows("12"), 0);
}
