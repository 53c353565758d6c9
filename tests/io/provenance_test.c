/* provenance_test.c — what produced a result, as JSON and as CSV comments:
 * the command line quoted where a shell would need it, the run's numbers,
 * and only the fields that were recorded. */
#include <criterion/criterion.h>
#include <string.h>

#include "io/provenance.h"
#include "util/buf.h"

Test(provenance, comments_quote_the_command_line_and_list_the_run)
{
    char *argv[] = {"run", "--set", "a b", "it's", NULL};
    bwm_provenance p;
    bwm_provenance_init(&p, "bwmpki sim run", 4, argv);
    bwm_provenance_run(&p, 7, 100, 2000);
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_provenance_comments(&p, &b);
    const char *s = bwm_buf_str(&b);
    cr_assert(strstr(s, "# command_line: bwmpki sim run --set 'a b' 'it'\\''s'\n"), "%s", s);
    cr_assert(strstr(s, "# seed: 7\n# warmup: 100\n# cycles: 2000\n"), "%s", s);
    cr_assert(strncmp(s, "# version: ", 11) == 0, "%s", s);
    cr_assert_null(strstr(s, "config"), "no configuration recorded: none listed");
    bwm_buf_free(&b);
}

Test(provenance, json_without_a_command_has_no_command_line)
{
    bwm_provenance p;
    bwm_provenance_init(&p, NULL, 0, NULL);
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_provenance_object(&p, &b);
    const char *s = bwm_buf_str(&b);
    cr_assert(s[0] == '{' && strstr(s, "\"source_revision\":"), "%s", s);
    cr_assert_null(strstr(s, "command_line"), "%s", s);
    cr_assert_null(strstr(s, "seed"), "no run recorded: %s", s);
    bwm_buf_free(&b);
}
