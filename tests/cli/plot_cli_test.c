/* plot_cli_test.c — what "bwmpki plot" says when --results does not name a
 * study's folder with results (cli/plot.c): a missing folder, a file, a
 * folder of other files and a study that has not finished are each told
 * apart, with the command that makes or finishes one; exit 2, nothing written. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <sys/stat.h>

#include "tests/support/cli_expect.h"
#include "tests/support/study_dir.h"

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert(f, "cannot write %s", path);
    fputs(text, f);
    fclose(f);
}

Test(plot_cli, results_that_are_not_a_finished_study_say_what_they_are)
{
    char t[BWM_DIR_MAX], p[BWM_DIR_MAX + 64];
    bwm_tmp_dir(t);
    bwm_run r;

    bwm_run_cli(&r, "plot fig8 --results %s/none", t);
    bwm_expect_bad(&r, "no metrics.csv in");
    bwm_expect_contains(r.err, "/none': there is no such folder; make one with: bwmpki study --out ");
    bwm_run_free(&r);

    snprintf(p, sizeof p, "%s/notes.txt", t);
    write_file(p, "mine\n");
    bwm_run_cli(&r, "plot fig8 --results %s", p);
    bwm_expect_bad(&r, "notes.txt' is a file, not a study's folder");
    bwm_run_free(&r);

    bwm_run_cli(&r, "plot fig8 --results %s", t);
    bwm_expect_bad(&r, "': not a study's folder; make one with: bwmpki study --out ");
    bwm_run_free(&r);

    /* a study killed before its results were written holds its plan */
    snprintf(p, sizeof p, "%s/plan", t);
    cr_assert(mkdir(p, 0755) == 0);
    snprintf(p, sizeof p, "%s/plan/setup.csv", t);
    write_file(p, "key,value\n");
    bwm_run_cli(&r, "plot fig8 --results %s", t);
    bwm_expect_bad(&r, "': the study there has not finished; run it again to finish it (bwmpki study --out ");
    bwm_run_free(&r);

    cr_assert_eq(bwm_count_files(t), 2, "plot wrote something"); /* notes.txt and plan/ */
    bwm_rm_rf(t);
}
