/* sample_pairs_test.c — scripts/sample_pairs.sh: a seeded sample of pairs
 * of the applications file that the study's list does not contain; the same
 * seed gives the same sample, another seed another one, and asking for more
 * than there are is refused. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/cli_expect.h"

static void sample(bwm_run *r, const char *args)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "bash '%s/scripts/sample_pairs.sh' %s", BWM_SOURCE_DIR, args);
    bwm_run_shell(r, cmd);
}

/* Whether the list at path has the workload a_b in either order. */
static int listed(const char *text, const char *pair)
{
    char a[32], b[32], ab[80], ba[80];
    cr_assert_eq(sscanf(pair, "%31[^_]_%31s", a, b), 2, "%s", pair);
    snprintf(ab, sizeof ab, ",%s_%s,", a, b);
    snprintf(ba, sizeof ba, ",%s_%s,", b, a);
    return strstr(text, ab) || strstr(text, ba);
}

Test(sample_pairs, seeded_pairs_outside_the_study)
{
    bwm_run r, again, other;
    sample(&r, "40 7");
    bwm_expect_ok(&r);
    cr_assert(strncmp(r.out, "id,apps\ns1,", 11) == 0, "%s", r.out);
    char *study = bwm_slurp(BWM_SOURCE_DIR "/data/workloads/study.csv");
    cr_assert(study);
    int rows = 0;
    char *copy = strdup(r.out), *save = NULL;
    for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (strcmp(line, "id,apps") == 0)
            continue;
        const char *pair = strchr(line, ',');
        cr_assert(pair, "%s", line);
        cr_assert(!listed(study, pair + 1), "%s is one of the study's", pair + 1);
        rows++;
    }
    cr_assert_eq(rows, 40);
    free(copy);
    free(study);
    sample(&again, "40 7");
    cr_assert_str_eq(again.out, r.out);
    sample(&other, "40 8");
    cr_assert_str_neq(other.out, r.out);
    bwm_run_free(&r);
    bwm_run_free(&again);
    bwm_run_free(&other);
    /* 25 applications make 300 pairs, the study has 100 of them */
    sample(&r, "201");
    bwm_expect_bad(&r, "201 pairs asked for, 200 are not in");
    bwm_run_free(&r);
}
