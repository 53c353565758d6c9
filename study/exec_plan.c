/* exec_plan.c — a study's plan run in its folder (see exec_plan.h). */
#include "study/exec_plan.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/out_dir.h"
#include "io/outfile.h"
#include "study/batch_designs.h"
#include "study/exec.h"
#include "study/plan_file.h"
#include "study/run_file.h"
#include "study/xlat_designs.h"

int bwm_study_write_plan(const char *dir, const bwm_study_job *j, bwm_err *err)
{
    char path[4096];
    const char *sub[] = {"", "/plan", "/runs"};
    for (int k = 0; k < 3; k++) {
        snprintf(path, sizeof path, "%s%s", dir, sub[k]);
        int st = bwm_output_folder(path, "option --out: ", err);
        if (st != BWM_OK)
            return st;
    }
    DIR *d = opendir(path);
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        if (strstr(e->d_name, ".tmp")) {
            char stale[8192];
            snprintf(stale, sizeof stale, "%s/%s", path, e->d_name);
            unlink(stale);
        }
    }
    if (d)
        closedir(d);
    bwm_buf b[3];
    for (int k = 0; k < 3; k++)
        bwm_buf_init(&b[k]);
    bwm_plan_render(&j->info, j->apps, j->n_apps, j->batch_apps, j->n_batch_apps, &j->plan, b);
    snprintf(path, sizeof path, "%s/plan", dir);
    int st = bwm_out_dir_files(path, bwm_plan_file_names, b, 3, err);
    for (int k = 0; k < 3; k++)
        bwm_buf_free(&b[k]);
    return st;
}

int bwm_study_tasks_of(const char *dir, const bwm_study_plan *p, int shard_k, int shard_n, bwm_study_tasks *t,
                       bwm_err *err)
{
    memset(t, 0, sizeof *t);
    unsigned char *mine = calloc(p->n ? p->n : 1, 1);
    t->alone = calloc(p->n ? p->n : 1, sizeof *t->alone);
    t->rest = calloc(p->n ? p->n : 1, sizeof *t->rest);
    if (!mine || !t->alone || !t->rest) {
        free(mine);
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    }
    size_t u = 0, a = 0;
    for (size_t i = 0; i < p->n; i++) {
        const bwm_study_run *r = &p->r[i];
        if (bwm_study_plan_same(p, i) >= 0)
            continue;
        int alone = r->exp == BWM_EXP_ALONE;
        size_t idx = alone ? a++ : u++;
        if ((int)(idx % (size_t)shard_n) != shard_k - 1)
            continue;
        mine[i] = 1;
        for (size_t k = 0; !alone && k < r->napps; k++) {
            long al = bwm_study_plan_alone_of(p, r, k);
            if (al >= 0)
                mine[al] = 1;
        }
    }
    for (size_t i = 0; i < p->n; i++) {
        if (!mine[i])
            continue;
        t->distinct++;
        if (bwm_run_file_exists(dir, p->r[i].key))
            t->done_before++;
        else if (p->r[i].exp == BWM_EXP_ALONE)
            t->alone[t->nalone++] = i;
        else
            t->rest[t->nrest++] = i;
    }
    free(mine);
    return BWM_OK;
}

void bwm_study_tasks_free(bwm_study_tasks *t)
{
    free(t->alone);
    free(t->rest);
    memset(t, 0, sizeof *t);
}

static int exec_task(void *ctx, size_t task, bwm_err *err)
{
    return bwm_study_exec(ctx, task, err);
}

int bwm_study_simulate(const char *dir, const bwm_study_job *j, const bwm_study_tasks *t, bwm_study_runner run,
                       void *runner_ctx, bwm_err *err)
{
    bwm_study_env env = {&j->cfg, j->apps, j->n_apps, j->run, j->setup.seed, &j->plan, dir,
                         &j->var_cfg, j->setup.var_insts, j->setup.var_max_cycles, j->xlat_cfgs,
                         bwm_xlat_design_count(), j->batch_cfgs, bwm_batch_design_count(), j->batch_apps,
                         j->n_batch_apps, j->run, &j->traces_cfg, j->traces, j->n_traces, j->standins,
                         j->n_standins, j->run, &j->probe_cfg};
    env.xlat_run.cycles = j->setup.xlat_cycles;
    env.traces_run.paper_mode = 1;
    env.traces_run.budget = j->setup.traces_insts;
    env.traces_run.max_cycles = j->setup.traces_max_cycles;
    env.xlat_run.warmup = j->setup.xlat_warmup;
    int st = run(runner_ctx, t->alone, t->nalone, exec_task, &env, err);
    if (st == BWM_OK)
        st = run(runner_ctx, t->rest, t->nrest, exec_task, &env, err);
    return st;
}
