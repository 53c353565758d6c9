/* tmp_text.c — temporary input files and located messages (see tmp_text.h). */
#include "tests/support/tmp_text.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void bwm_write_tmp(char *path, const char *text)
{
    snprintf(path, BWM_TMP_PATH_MAX, "/tmp/bwm_test_XXXXXX");
    int fd = mkstemp(path);
    cr_assert(fd >= 0, "cannot create %s", path);
    size_t n = strlen(text);
    cr_assert_eq(write(fd, text, n), (ssize_t)n);
    close(fd);
}

void bwm_expect_at(const char *msg, const char *path, int line, const char *what)
{
    char prefix[BWM_TMP_PATH_MAX + 32];
    snprintf(prefix, sizeof prefix, "%s:%d: ", path, line);
    cr_assert(strncmp(msg, prefix, strlen(prefix)) == 0, "message '%s' does not start with '%s'", msg, prefix);
    cr_assert(strstr(msg, what), "message '%s' does not say '%s'", msg, what);
}
