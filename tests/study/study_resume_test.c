/* study_resume_test.c — a study killed in the middle loses nothing and
 * repeats nothing: run again, it finds what was finished, simulates the
 * rest and ends with the bytes of an uninterrupted study; a changed
 * application re-runs only the runs it is part of; shards run apart and
 * merged equal one run byte for byte. */
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/cli_expect.h"
#include "tests/support/study_dir.h"

#define STUDY "--quick --cycles 20000 --warmup 2000 --variation-insts 200000"

/* "N runs (S simulated, F found done)" from a study's output. */
static void counts(const char *out, int *n, int *sim, int *found)
{
    const char *p = strstr(out, "runs (");
    cr_assert(p, "no counts in %s", out);
    for (p--; p > out && isdigit((unsigned char)p[-1]);)
        p--;
    cr_assert_eq(sscanf(p, "%d runs (%d simulated, %d found done)", n, sim, found), 3, "%s", out);
}

/* A new folder t holding the uninterrupted study, t/whole. */
static void whole_study(char *t)
{
    bwm_tmp_dir(t);
    bwm_run r;
    bwm_run_cli(&r, "study --out %s/whole " STUDY, t);
    bwm_expect_ok(&r);
    bwm_run_free(&r);
}

Test(study_resume, killed_study_resumes_to_the_same_bytes, .timeout = 900)
{
    char t[BWM_DIR_MAX];
    whole_study(t);
    bwm_run r;

    /* start, wait for 20 finished runs, kill -9 */
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "'%s' study --out %s/cut " STUDY " -j 2 & pid=$!; "
             "while [ \"$(ls %s/cut/runs 2>/dev/null | grep -c 'csv$')\" -lt 20 ] && kill -0 $pid 2>/dev/null; "
             "do sleep 0.05; done; kill -9 $pid; wait $pid; sleep 0.5; exit 0",
             BWM_BIN, t, t);
    bwm_run_shell(&r, cmd);
    bwm_run_free(&r);
    char dir[BWM_DIR_MAX + 16], path[BWM_DIR_MAX + 32];
    snprintf(dir, sizeof dir, "%s/cut", t);
    snprintf(path, sizeof path, "%s/REPORT.md", dir);
    cr_assert(!bwm_exists(path), "the study finished before it was killed");
    snprintf(path, sizeof path, "%s/runs", dir);
    int kept = bwm_count_files(path);
    cr_assert(kept >= 20, "%d files in runs/", kept);

    bwm_run_cli(&r, "study --out %s " STUDY, dir);
    bwm_expect_ok(&r);
    int n, sim, found;
    counts(r.out, &n, &sim, &found);
    cr_assert_eq(n, 296);
    cr_assert_eq(sim + found, n);
    cr_assert(found >= 20 && found <= kept, "found %d done, %d files were there", found, kept);
    bwm_run_free(&r);
    snprintf(path, sizeof path, "%s/whole", t);
    bwm_expect_same_study(path, dir);

    /* NN's parameters change (7 warps per SM): only the runs with NN are simulated again */
    snprintf(cmd, sizeof cmd,
             "awk -F, -v OFS=, '/^#/ {print; next} !w {for (i = 1; i <= NF; i++) if ($i == \"warps\") w = i; "
             "print; next} $2 == \"NN\" {$w = 7} {print}' '%s/data/apps_calibrated.csv' > %s/apps.csv",
             BWM_SOURCE_DIR, t);
    bwm_run_shell(&r, cmd);
    bwm_run_free(&r);
    bwm_run_cli(&r, "study --out %s " STUDY " --apps-file %s/apps.csv", dir, t);
    bwm_expect_ok(&r);
    counts(r.out, &n, &sim, &found);
    snprintf(path, sizeof path, "%s/plan/runs.csv", dir);
    char *plan = bwm_slurp(path);
    int with_nn = 0;
    for (const char *p = plan; (p = strstr(p, "NN")) != NULL; p += 2)
        with_nn += p[-1] == ',' || p[-1] == '_';
    free(plan);
    cr_assert(sim > 0 && sim <= with_nn, "%d runs simulated again, %d plan rows name NN", sim, with_nn);
    cr_assert_eq(sim + found, n);
    bwm_run_free(&r);
    bwm_rm_rf(t);
}

Test(study_shards, shards_merge_to_the_same_bytes_as_one_run, .timeout = 900)
{
    char t[BWM_DIR_MAX];
    whole_study(t);
    bwm_run r;
    bwm_run_cli(&r, "study --out %s/s1 " STUDY " --shard 1/2", t);
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "shard 1/2");
    bwm_run_free(&r);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "SLURM_ARRAY_TASK_ID=8 SLURM_ARRAY_TASK_MIN=7 SLURM_ARRAY_TASK_COUNT=2 '%s' study --out "
                              "%s/s2 " STUDY, BWM_BIN, t);
    bwm_run_shell(&r, cmd);
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "shard 2/2");
    bwm_run_free(&r);
    char path[BWM_DIR_MAX + 32];
    snprintf(path, sizeof path, "%s/s1/REPORT.md", t);
    cr_assert(!bwm_exists(path), "a shard does not assemble the study");

    /* one shard alone is not the study: nothing written */
    bwm_run_cli(&r, "study merge --out %s/half %s/s1", t, t);
    bwm_expect_bad(&r, "are all shards given");
    bwm_run_free(&r);
    snprintf(path, sizeof path, "%s/half", t);
    cr_assert(!bwm_exists(path));

    bwm_run_cli(&r, "study merge --out %s/merged %s/s1 %s/s2", t, t, t);
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "2 shards, 296 runs, 19 of 19 figures drawn");
    bwm_run_free(&r);
    char a[BWM_DIR_MAX + 16], b[BWM_DIR_MAX + 16];
    snprintf(a, sizeof a, "%s/whole", t);
    snprintf(b, sizeof b, "%s/merged", t);
    bwm_expect_same_study(a, b);

    /* a shard of another study is refused */
    snprintf(cmd, sizeof cmd, "cp -r %s/s2 %s/s3 && sed -i 's/^seed,1$/seed,2/' %s/s3/plan/setup.csv", t, t, t);
    bwm_run_shell(&r, cmd);
    bwm_run_free(&r);
    bwm_run_cli(&r, "study merge --out %s/mixed %s/s1 %s/s3", t, t, t);
    bwm_expect_bad(&r, "hold different studies");
    bwm_run_free(&r);
    snprintf(path, sizeof path, "%s/mixed", t);
    cr_assert(!bwm_exists(path));

    /* a run file edited by hand in a shard (BLK made QTC, in a run only that shard has): refused naming the
       shard's file, before anything is written */
    snprintf(cmd, sizeof cmd,
             "cp -r %s/s2 %s/s4 && for f in %s/s4/runs/*.csv; do [ -e %s/s1/runs/${f##*/} ] && continue; "
             "grep -q '^BLK,' $f || continue; sed -i 's/^BLK,/QTC,/' $f; echo ${f##*/}; break; done",
             t, t, t, t);
    bwm_run_shell(&r, cmd);
    cr_assert(strstr(r.out, ".csv"), "no run file of s4 alone holds BLK: %s", r.err);
    char edited[256];
    snprintf(edited, sizeof edited, "s4/runs/%.*s", (int)strcspn(r.out, "\n"), r.out);
    bwm_run_free(&r);
    bwm_run_cli(&r, "study merge --out %s/edited %s/s1 %s/s4", t, t, t);
    bwm_expect_bad(&r, edited);
    bwm_run_free(&r);
    snprintf(path, sizeof path, "%s/edited", t);
    cr_assert(!bwm_exists(path), "nothing written");
    bwm_rm_rf(t);
}
