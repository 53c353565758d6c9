/* cli_expect.h — test support: Criterion checks on a finished command run. */
#ifndef BWM_CLI_EXPECT_H
#define BWM_CLI_EXPECT_H

#include "tests/support/cli_run.h"

/* Exit code 0. */
void bwm_expect_ok(const bwm_run *r);
/* needle occurs in hay. */
void bwm_expect_contains(const char *hay, const char *needle);
/* Bad input: exit code 2, nothing on stdout, message on stderr. */
void bwm_expect_bad(const bwm_run *r, const char *message);
/* Runs "BWM_BIN <args>" (shell text) and expects bad input, as above. */
void bwm_expect_bad_cli(const char *args, const char *message);
/* For commands that write a result and a folder of files: runs "BWM_BIN
 * <args> --format json -o FILE --out DIR" with a FILE and a DIR that do not
 * exist, expects bad input, as above, and that the run left neither
 * behind (nothing partial is written). */
void bwm_expect_bad_cli_writes_nothing(const char *args, const char *message);

/* The number after "key": at its first occurrence in json (asserts there is one). */
double bwm_json_number(const char *json, const char *key);

#endif
