/* optset_test.c — the option-file tokenizer and the set's bookkeeping:
 * quoting, comments, several options per line, CRLF, replacement, and the
 * list of options nobody took. */
#include <criterion/criterion.h>
#include <string.h>

#include "sim/config/optset.h"
#include "sim/config/optval.h"

static void parse_ok(bwm_optset *s, const char *text)
{
    bwm_err err;
    bwm_optset_init(s);
    cr_assert_eq(bwm_optset_parse(s, "t.config", text, strlen(text), &err), BWM_OK, "%s", err.msg);
}

Test(optset, tokens_comments_and_quotes)
{
    bwm_optset s;
    parse_ok(&s, "-a 1 -b -1 # two on a line, the second negative\r\n"
                 "-c \"x # not a comment\n  y\"\r\n"
                 "#-d 4\n"
                 "-gpgpu_cache:dl1  N:32:128:4,L:L:m:N:H,A:32:8,8\n"
                 "-e \"q\" -f 3\n");
    cr_assert_eq(s.n, 6u);
    cr_expect_str_eq(bwm_optset_find(&s, "-a")->value, "1");
    cr_expect_str_eq(bwm_optset_find(&s, "-b")->value, "-1");
    cr_expect_str_eq(bwm_optset_find(&s, "-c")->value, "x # not a comment\n  y");
    cr_expect_eq(bwm_optset_find(&s, "-c")->line, 2);
    cr_expect_null(bwm_optset_find(&s, "-d"));
    cr_expect_str_eq(bwm_optset_find(&s, "-gpgpu_cache:dl1")->value, "N:32:128:4,L:L:m:N:H,A:32:8,8");
    cr_expect_eq(bwm_optset_find(&s, "-gpgpu_cache:dl1")->line, 5);
    cr_expect_eq(bwm_optset_find(&s, "-f")->line, 6);
    cr_expect_str_eq(bwm_optset_find(&s, "-f")->origin, "t.config");
    bwm_optset_free(&s);
}

Test(optset, later_value_replaces_and_unused_lists_once)
{
    bwm_optset s;
    bwm_err err;
    parse_ok(&s, "-x 1\n-y 2\n-x 3\n-z 4\n");
    cr_assert_eq(s.n, 3u);
    cr_expect_str_eq(bwm_optset_find(&s, "-x")->value, "3");
    cr_expect_eq(bwm_optset_find(&s, "-x")->line, 3);
    cr_assert_eq(bwm_optset_set(&s, "-y", "7", "--set", 1, &err), BWM_OK);
    int y;
    cr_assert_eq(bwm_optval_int(&s, "-y", 0, 0, 10, &y, &err), BWM_OK);
    cr_expect_eq(y, 7);
    bwm_optlist l;
    cr_assert_eq(bwm_optset_unused(&s, &l, &err), BWM_OK);
    cr_assert_eq(l.n, 2u);
    cr_expect_str_eq(l.v[0].name, "-x");
    cr_expect_eq(l.v[0].line, 3);
    cr_expect_str_eq(l.v[1].name, "-z");
    bwm_optlist_free(&l);
    /* absent: the default, and nothing is marked */
    cr_assert_eq(bwm_optval_int(&s, "-w", 42, 0, 100, &y, &err), BWM_OK);
    cr_expect_eq(y, 42);
    cr_assert_eq(bwm_optval_int(&s, "-z", 0, 0, 3, &y, &err), BWM_EINPUT);
    cr_expect_str_eq(err.msg, "t.config:4: option -z: 4 is out of range 0..3");
    bwm_optset_free(&s);
}

Test(optset, rejects_nul_bytes)
{
    bwm_optset s;
    bwm_err err;
    bwm_optset_init(&s);
    cr_expect_eq(bwm_optset_parse(&s, "t.config", "-a 1\n-b \0 2\n", 11, &err), BWM_EINPUT);
    cr_expect_str_eq(err.msg, "t.config:2: NUL byte: not a text file");
    bwm_optset_free(&s);
}
