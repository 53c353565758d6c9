/* study_merge.c — "bwmpki study merge --out DIR SHARD_DIR...": combines
 * the folders of a study run in shards (--shard K/N, e.g. a Slurm job
 * array) into one, then assembles it exactly as a single run would
 * (study/finish.h): the same plan, the same run files, so the same bytes.
 *
 * Checked before anything is written: every shard holds the same plan
 * (DIR/plan/, byte for byte: same study, same executable), together they
 * hold a result for every run of it, and each of those run files is whole
 * and holds its run (a bad one is named in its shard, and --out is left as
 * it was). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/opts.h"
#include "cli/study_cmds.h"
#include "cli/study_pool.h"
#include "cli/study_summary.h"
#include "io/out_dir.h"
#include "io/outfile.h"
#include "io/slurp.h"
#include "study/folder.h"
#include "study/plan_file.h"
#include "study/run_file.h"

#define MAX_SHARDS 4096

/* Options go to the parser; anything else, and everything after "--", is a
 * shard folder.  Options that take a value in the next argument keep it. */
static int split_args(int argc, char **argv, char **opts, int *nopts, char **shards, size_t *nshards)
{
    static const char *const with_value[] = {"--out", "-o", "--output", "--format"};
    int ended = 0;
    *nopts = 0;
    *nshards = 0;
    opts[(*nopts)++] = argv[0];
    for (int i = 1; i < argc; i++) {
        if (!ended && strcmp(argv[i], "--") == 0) {
            ended = 1;
            continue;
        }
        if (ended || argv[i][0] != '-') {
            if (*nshards == MAX_SHARDS)
                return -1;
            shards[(*nshards)++] = argv[i];
            continue;
        }
        opts[(*nopts)++] = argv[i];
        for (size_t k = 0; k < sizeof with_value / sizeof with_value[0]; k++)
            if (strcmp(argv[i], with_value[k]) == 0 && i + 1 < argc)
                opts[(*nopts)++] = argv[++i];
    }
    return 0;
}

/* The plan files of a shard. */
static int read_plan_bytes(const char *shard, bwm_buf b[3], bwm_err *err)
{
    for (int k = 0; k < 3; k++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/plan/%s", shard, bwm_plan_file_names[k]);
        bwm_err sub;
        if (bwm_read_file(path, &b[k], &sub) != BWM_OK)
            return bwm_fail(err, BWM_EINPUT, "%s: not a study folder (%s)", shard, sub.msg);
    }
    return BWM_OK;
}

/* Where each run's result is: the index of the first shard that has it, or
 * -1.  Fails (BWM_EINPUT) when a run has none. */
static int locate(char *const *shards, size_t n, const bwm_study_plan *p, long *where, bwm_err *err)
{
    size_t missing = 0;
    long first = -1;
    for (size_t i = 0; i < p->n; i++) {
        where[i] = -1;
        for (size_t s = 0; s < n && where[i] < 0; s++)
            if (bwm_run_file_exists(shards[s], p->r[i].key))
                where[i] = (long)s;
        if (where[i] < 0 && missing++ == 0)
            first = (long)i;
    }
    if (missing)
        return bwm_fail(err, BWM_EINPUT, "%zu of %zu runs are in none of the %zu shard folders (the first: %s %s "
                        "%s); are all shards given, and finished?", missing, p->n, n,
                        bwm_study_exp_name(p->r[first].exp), p->r[first].workload, p->r[first].sched);
    return BWM_OK;
}

/* Every run's file, where locate found it, read and checked against its
 * run before anything is written: a bad file is named in its shard. */
static int check_runs(char *const *shards, const bwm_study_plan *p, const long *where, bwm_err *err)
{
    bwm_run_rec *rec = malloc(sizeof *rec);
    if (!rec)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    int st = BWM_OK;
    for (size_t i = 0; st == BWM_OK && i < p->n; i++) {
        if (bwm_study_plan_same(p, i) >= 0)
            continue;
        st = bwm_run_file_read(shards[where[i]], p->r[i].key, rec, err);
        if (st == BWM_OK)
            st = bwm_run_file_matches(shards[where[i]], &p->r[i], rec, err);
    }
    free(rec);
    return st;
}

static int copy_runs(const char *out, char *const *shards, const bwm_study_plan *p, const long *where,
                     bwm_err *err)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/runs", out);
    int st = bwm_output_folder(path, "", err);
    for (size_t i = 0; st == BWM_OK && i < p->n; i++) {
        if (bwm_study_plan_same(p, i) >= 0 || strcmp(shards[where[i]], out) == 0)
            continue;
        char from[4096], to[4096];
        bwm_run_file_path(shards[where[i]], p->r[i].key, from, sizeof from);
        bwm_run_file_path(out, p->r[i].key, to, sizeof to);
        bwm_buf b;
        bwm_buf_init(&b);
        st = bwm_read_file(from, &b, err);
        if (st == BWM_OK)
            st = bwm_output_commit(to, &b, err);
        bwm_buf_free(&b);
    }
    return st;
}

static int merge(const char *out, char *const *shards, size_t n, size_t *nruns, size_t *distinct, int *lock,
                 bwm_err *err)
{
    bwm_buf first[3], other[3];
    for (int k = 0; k < 3; k++) {
        bwm_buf_init(&first[k]);
        bwm_buf_init(&other[k]);
    }
    int st = read_plan_bytes(shards[0], first, err);
    for (size_t s = 1; st == BWM_OK && s < n; s++) {
        for (int k = 0; k < 3; k++)
            bwm_buf_clear(&other[k]);
        st = read_plan_bytes(shards[s], other, err);
        for (int k = 0; st == BWM_OK && k < 3; k++)
            if (other[k].len != first[k].len || memcmp(bwm_buf_str(&other[k]), bwm_buf_str(&first[k]), first[k].len))
                st = bwm_fail(err, BWM_EINPUT, "%s and %s hold different studies (plan/%s differs): shards must "
                              "come from the same command and executable", shards[0], shards[s],
                              bwm_plan_file_names[k]);
    }
    bwm_study_files f;
    int have_plan = 0;
    if (st == BWM_OK && (st = bwm_plan_read(shards[0], &f, err)) == BWM_OK)
        have_plan = 1;
    long *where = have_plan ? calloc(f.plan.n ? f.plan.n : 1, sizeof *where) : NULL;
    if (st == BWM_OK && !where)
        st = bwm_fail(err, BWM_EFAIL, "out of memory");
    if (st == BWM_OK)
        st = locate(shards, n, &f.plan, where, err);
    if (st == BWM_OK)
        st = check_runs(shards, &f.plan, where, err);
    if (st == BWM_OK)
        st = bwm_study_folder_lock(out, "option --out", lock, err);
    char plan_dir[4096];
    snprintf(plan_dir, sizeof plan_dir, "%s/plan", out);
    if (st == BWM_OK)
        st = bwm_out_dir_files(plan_dir, bwm_plan_file_names, first, 3, err);
    if (st == BWM_OK)
        st = copy_runs(out, shards, &f.plan, where, err);
    *nruns = have_plan ? f.plan.n : 0;
    *distinct = 0;
    for (size_t i = 0; i < *nruns; i++)
        *distinct += bwm_study_plan_same(&f.plan, i) < 0;
    free(where);
    if (have_plan)
        bwm_plan_files_free(&f);
    for (int k = 0; k < 3; k++) {
        bwm_buf_free(&first[k]);
        bwm_buf_free(&other[k]);
    }
    return st;
}

int bwm_cmd_study_merge(int argc, char **argv)
{
    const char *out = NULL;
    const bwm_opt opts[] = {
        {"out", "DIR", "the merged study's folder (results, figures, REPORT.md)", &out, NULL},
    };
    const bwm_cmd cmd = {
        "bwmpki study merge",
        "Combines the folders of a study run in shards (bwmpki study --shard K/N) into --out DIR and assembles "
        "results, figures and report, byte for byte as one run would.",
        "usage: bwmpki study merge --out DIR SHARD_DIR...\n"
        "Every shard must come from the same command and executable; together they must hold every run.\n"
        "Example: bwmpki study merge --out out/study out/shard-1 out/shard-2",
        opts, sizeof opts / sizeof opts[0],
    };
    char *args[MAX_SHARDS + 16], *shards[MAX_SHARDS];
    int nargs;
    size_t nshards;
    bwm_err err;
    if (argc > MAX_SHARDS || split_args(argc, argv, args, &nargs, shards, &nshards) != 0) {
        bwm_fail(&err, BWM_EINPUT, "more than %d shard folders", MAX_SHARDS);
        return bwm_cli_report(&cmd, BWM_EINPUT, &err);
    }
    bwm_common common;
    int st = bwm_opts_parse(&cmd, nargs, args, &common, &err);
    if (st < 0)
        return 0;
    if (st == BWM_OK && (!out || !out[0]))
        st = bwm_fail(&err, BWM_EINPUT, "option --out DIR is required (the merged study's folder)");
    if (st == BWM_OK && nshards == 0)
        st = bwm_fail(&err, BWM_EINPUT, "no shard folder given (usage: bwmpki study merge --out DIR SHARD_DIR...)");
    double start = bwm_progress_now();
    size_t nruns = 0, distinct = 0;
    int lock = -1;
    if (st == BWM_OK)
        st = bwm_study_folder_usable(out, "option --out", &err);
    if (st == BWM_OK)
        st = merge(out, shards, nshards, &nruns, &distinct, &lock, &err);
    bwm_finish_info fi;
    if (st == BWM_OK)
        st = bwm_study_finish(out, &fi, &err);
    bwm_study_files f;
    if (st == BWM_OK && (st = bwm_plan_read(out, &f, &err)) == BWM_OK) {
        bwm_manifest m = {cmd.path, argc - 1, argv + 1, bwm_progress_now() - start, 0, 0, 0, nruns, distinct,
                          distinct, 0, NULL, shards, nshards, &fi};
        st = bwm_manifest_write(out, &f.info, &m, &err);
        bwm_plan_files_free(&f);
    }
    if (st == BWM_OK) {
        char what[128];
        snprintf(what, sizeof what, "%zu shards, %zu runs", nshards, distinct);
        bwm_finish_summary(cmd.path, out, what, &fi);
    }
    bwm_study_folder_unlock(lock);
    return bwm_cli_report(&cmd, st, &err);
}
