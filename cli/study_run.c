/* study_run.c — "bwmpki study --out DIR": the main job.  Turns the options
 * into the setup's inputs, which checks every input and builds the plan
 * (study/setup.h), writes the plan (DIR/plan/) and simulates the runs that
 * have no result yet (study/exec_plan.h) in worker processes
 * (cli/study_pool.h), each result written whole to DIR/runs/KEY.csv, then
 * assembles results, figures and the report (study/finish.h).  With --shard K/N (or a Slurm job array) it runs one
 * shard and stops there: "bwmpki study merge" finishes. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bwm_revision.h"
#include "cli/data_path.h"
#include "cli/opts.h"
#include "cli/sim_opts.h"
#include "cli/study_cmds.h"
#include "cli/study_pool.h"
#include "cli/study_summary.h"
#include "sim/run/workload_run.h"
#include "study/exec_plan.h"
#include "study/finish.h"
#include "study/folder.h"
#include "study/setup.h"
#include "cli/trace_set.h"
#include "sim/config/gpu_read.h"
#include "util/num.h"

#define QUICK_CYCLES 50000
#define QUICK_WARMUP 5000
#define DEFAULT_SCHEDS "frfcfs,rr,its,weis,prior-low-mpki,prior-low-bw"
#define DEFAULT_CONFIG "data/configs/memsys15.config"
#define DEFAULT_WORKLOADS "data/workloads/study.csv"
#define DEFAULT_VAR_CONFIG "data/configs/gtx1080.config"
#define DEFAULT_VAR_APPS "data/apps_fgpu.csv"
#define DEFAULT_XLAT_CONFIG "data/configs/mask17.config"
#define DEFAULT_BATCH_CONFIG "data/configs/cal12.config"
#define DEFAULT_BATCH_APPS "data/apps_cta.csv"
#define DEFAULT_XLAT_PROBES "data/apps_tlb_reuse.csv"
#define DEFAULT_TRACES_CONFIG "data/configs/qv100_traces.config"
#define DEFAULT_TRACES_STANDINS "data/standins_traces.csv"
#define TRACES_INSTS 2000000
/* Translation runs: two of MASK's 100000-cycle epochs of warm-up (the
   first sets the tokens, the second is the first to move them), two
   measured. */
#define XLAT_CYCLES 200000
#define XLAT_WARMUP 200000
#define VAR_INSTS 10000000
#define QUICK_VAR_INSTS 1000000
#define VAR_MAX_CYCLES 100000000
#define MAX_ARGS 256

typedef struct run_opts {
    bwm_sim_opts sim;
    const char *out, *jobs, *shard, *sched, *apps_file, *workloads, *window, *var_config, *var_apps, *var_insts,
        *xlat_config, *batch_config, *batch_apps, *xlat_probes, *xlat_cycles, *xlat_warmup, *traces, *traces_config,
        *traces_standins, *traces_insts;
    int quick, progress, no_progress;
} run_opts;

/* The setup (study/setup.h) and how this command runs it. */
typedef struct job {
    bwm_study_job s;
    int jobs, shard_k, shard_n;
    char path[BWM_IN_COUNT][4096];      /* the inputs' paths (bwm_study_inputs) */
    bwm_trace_set traces;               /* --traces, or the shipped ones */
    bwm_trace_spec trace_specs[BWM_TRACE_SET_MAX];
    char traces_shown[4096];
} job;

/* The traced experiment's traces: --traces, or the shipped data/traces/
 * vectoradd and matrixmul; each opened on the GPU of --traces-config. */
static int pick_traces(const run_opts *o, job *j, bwm_study_inputs *in, bwm_err *err)
{
    int64_t insts = TRACES_INSTS;
    int st = BWM_OK;
    if (o->traces_insts &&
        (st = bwm_opt_i64("traces-insts", o->traces_insts, 1, INT64_C(1000000000000), &insts, err)) != BWM_OK)
        return st;
    in->traces_insts = (uint64_t)insts;
    bwm_gpu_config cfg;
    bwm_err sub;
    if ((st = bwm_gpu_config_load_with(in->path[BWM_IN_TRACES_CONFIG], NULL, NULL, &cfg, NULL, &sub)) != BWM_OK)
        return bwm_fail(err, st, "option --traces-config: %s", sub.msg);
    char shipped[2][4096];
    bwm_data_path("traces/vectoradd", shipped[0], sizeof shipped[0]);
    bwm_data_path("traces/matrixmul", shipped[1], sizeof shipped[1]);
    char list[8200];
    snprintf(list, sizeof list, "%s,%s", shipped[0], shipped[1]);
    st = bwm_trace_set_parse(&j->traces, o->traces ? o->traces : list, "--traces", &cfg, err);
    if (st == BWM_OK)
        st = bwm_trace_set_standin_names(&j->traces, "--traces", err);
    if (st != BWM_OK)
        return st;
    for (size_t k = 0; k < j->traces.n; k++)
        j->trace_specs[k] = j->traces.spec[k];
    in->traces = j->trace_specs;
    in->n_traces = j->traces.n;
    snprintf(j->traces_shown, sizeof j->traces_shown, "%s", o->traces ? o->traces : "data/traces/vectoradd,data/traces/matrixmul");
    in->traces_shown = j->traces_shown;
    return BWM_OK;
}

static int parse_shard(const char *text, const char *where, int *k, int *n, bwm_err *err)
{
    char buf[64];
    char *piece[2];
    int64_t a, b;
    if (bwm_split(text, '/', buf, sizeof buf, piece, 2) != 2 || bwm_parse_i64(piece[0], &a) != 0 ||
        bwm_parse_i64(piece[1], &b) != 0)
        return bwm_fail(err, BWM_EINPUT, "%s: '%s' is not K/N (shard K of N, e.g. 1/4)", where, text);
    if (b < 1 || b > 100000 || a < 1 || a > b)
        return bwm_fail(err, BWM_EINPUT, "%s: shard %s does not exist: K must be in 1..N", where, text);
    *k = (int)a;
    *n = (int)b;
    return BWM_OK;
}

/* --shard, or the Slurm job array's task: shard ID - MIN + 1 of COUNT. */
static int shard_of(const run_opts *o, job *j, bwm_err *err)
{
    j->shard_k = j->shard_n = 1;
    if (o->shard)
        return parse_shard(o->shard, "option --shard", &j->shard_k, &j->shard_n, err);
    const char *id = getenv("SLURM_ARRAY_TASK_ID"), *count = getenv("SLURM_ARRAY_TASK_COUNT");
    if (!id || !count)
        return BWM_OK;
    const char *min = getenv("SLURM_ARRAY_TASK_MIN");
    int64_t i, c, m = 0;
    if (bwm_parse_i64(id, &i) != 0 || bwm_parse_i64(count, &c) != 0 || (min && bwm_parse_i64(min, &m) != 0))
        return bwm_fail(err, BWM_EINPUT, "SLURM_ARRAY_TASK_ID/_MIN/_COUNT: not integers ('%s', '%s', '%s')", id,
                        min ? min : "", count);
    char text[64];
    snprintf(text, sizeof text, "%" PRId64 "/%" PRId64, i - m + 1, c);
    return parse_shard(text, "SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN + 1 / SLURM_ARRAY_TASK_COUNT",
                       &j->shard_k, &j->shard_n, err);
}

static int parse_numbers(const run_opts *o, job *j, bwm_study_inputs *in, bwm_err *err)
{
    int64_t v;
    int st;
    if (!o->out || !o->out[0])
        return bwm_fail(err, BWM_EINPUT, "option --out DIR is required (the study's folder)");
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    v = cores > 0 ? cores : 1;
    if (o->jobs && (bwm_parse_i64(o->jobs, &v) != 0 || v < 1 || v > 1024))
        return bwm_fail(err, BWM_EINPUT, "option -j/--jobs: '%s' is not a number of worker processes in 1..1024",
                        o->jobs);
    j->jobs = (int)v;
    if ((st = bwm_opt_i64("window", o->window, 1, 1 << 30, &in->window, err)) != BWM_OK)
        return st;
    return shard_of(o, j, err);
}

/* frfcfs first, then --sched's names, each once, each a scheduler a pair
 * can run. */
static int sched_list(const run_opts *o, job *j, bwm_err *err)
{
    char buf[1024];
    char *names[BWM_STUDY_MAX_SCHEDS];
    int k = bwm_split(o->sched, ',', buf, sizeof buf, names, BWM_STUDY_MAX_SCHEDS - 1);
    if (k < 0)
        return bwm_fail(err, BWM_EINPUT, "option --sched: more than %d names or too long", BWM_STUDY_MAX_SCHEDS - 1);
    bwm_buf joined;
    bwm_buf_init(&joined);
    bwm_buf_puts(&joined, "frfcfs");
    int st = BWM_OK;
    for (int i = 0; i < k && st == BWM_OK; i++) {
        const char *policy;
        int prior, dup = strcmp(names[i], "frfcfs") == 0;
        for (int q = 0; q < i; q++)
            dup |= strcmp(names[q], names[i]) == 0;
        bwm_err sub;
        if (!names[i][0])
            st = bwm_fail(err, BWM_EINPUT, "option --sched: empty scheduler name (item %d)", i + 1);
        else if (bwm_workload_sched(names[i], 2, &policy, &prior, &sub) != BWM_OK)
            st = bwm_fail(err, BWM_EINPUT, "option --sched: %s", sub.msg);
        else if (!dup)
            bwm_buf_printf(&joined, ",%s", names[i]);
    }
    if (st == BWM_OK && joined.len >= sizeof j->s.info.scheds)
        st = bwm_fail(err, BWM_EINPUT, "option --sched: too long");
    if (st == BWM_OK) {
        snprintf(j->s.info.scheds, sizeof j->s.info.scheds, "%s", bwm_buf_str(&joined));
        char *pieces[BWM_STUDY_MAX_SCHEDS];
        int n = bwm_split(j->s.info.scheds, ',', j->s.sched_buf, sizeof j->s.sched_buf, pieces, BWM_STUDY_MAX_SCHEDS);
        for (int i = 0; i < n; i++)
            j->s.scheds[i] = pieces[i];
        j->s.nsched = n > 0 ? (size_t)n : 0;
    }
    bwm_buf_free(&joined);
    return st;
}

/* The options into the setup's inputs, then every input loaded and checked
 * and the plan built (study/setup.h): nothing is written before all are
 * good. */
static int prepare(const run_opts *o, job *j, bwm_err *err)
{
    bwm_study_inputs in = {.version = BWM_VERSION, .revision = BWM_REVISION, .var_max_cycles = VAR_MAX_CYCLES, .quick = o->quick, .set = o->sim.set, .seed = 1};
    int st = parse_numbers(o, j, &in, err);
    if (st == BWM_OK)
        st = sched_list(o, j, err);
    if (st == BWM_OK)
        st = bwm_sim_opts_numbers(&o->sim, &in.run, &in.seed, err);
    if (st != BWM_OK)
        return st;
    if (o->quick && !o->sim.cycles)
        in.run.cycles = QUICK_CYCLES;
    if (o->quick && !o->sim.warmup)
        in.run.warmup = QUICK_WARMUP;
    in.var_insts = o->quick ? QUICK_VAR_INSTS : VAR_INSTS;
    int64_t insts = (int64_t)in.var_insts;
    if (o->var_insts &&
        (st = bwm_opt_i64("variation-insts", o->var_insts, 1, INT64_C(1000000000000), &insts, err)) != BWM_OK)
        return st;
    in.var_insts = (uint64_t)insts;
    /* the translation's own length unless the study's is chosen (--quick, --cycles, --warmup) */
    in.xlat_cycles = o->quick || o->sim.cycles ? in.run.cycles : XLAT_CYCLES;
    in.xlat_warmup = o->quick || o->sim.warmup ? in.run.warmup : XLAT_WARMUP;
    if (o->xlat_cycles && (st = bwm_opt_i64("translation-cycles", o->xlat_cycles, 1, INT64_C(1000000000000),
                                            &in.xlat_cycles, err)) != BWM_OK)
        return st;
    if (o->xlat_warmup && (st = bwm_opt_i64("translation-warmup", o->xlat_warmup, 0, INT64_C(1000000000000),
                                            &in.xlat_warmup, err)) != BWM_OK)
        return st;
    const struct {
        const char *given, *shown, *shipped;
    } files[BWM_IN_COUNT] = {
        [BWM_IN_CONFIG] = {o->sim.config, DEFAULT_CONFIG, "configs/memsys15.config"},
        [BWM_IN_APPS] = {o->apps_file, "data/" BWM_CALIBRATED_APPS, BWM_CALIBRATED_APPS},
        [BWM_IN_WORKLOADS] = {o->workloads, DEFAULT_WORKLOADS, "workloads/study.csv"},
        [BWM_IN_VAR_CONFIG] = {o->var_config, DEFAULT_VAR_CONFIG, "configs/gtx1080.config"},
        [BWM_IN_VAR_APPS] = {o->var_apps, DEFAULT_VAR_APPS, "apps_fgpu.csv"},
        [BWM_IN_XLAT_CONFIG] = {o->xlat_config, DEFAULT_XLAT_CONFIG, "configs/mask17.config"},
        [BWM_IN_BATCH_CONFIG] = {o->batch_config, DEFAULT_BATCH_CONFIG, "configs/cal12.config"},
        [BWM_IN_BATCH_APPS] = {o->batch_apps, DEFAULT_BATCH_APPS, "apps_cta.csv"},
        [BWM_IN_XLAT_PROBES] = {o->xlat_probes, DEFAULT_XLAT_PROBES, "apps_tlb_reuse.csv"},
        [BWM_IN_TRACES_CONFIG] = {o->traces_config, DEFAULT_TRACES_CONFIG, "configs/qv100_traces.config"},
        [BWM_IN_TRACES_STANDINS] = {o->traces_standins, DEFAULT_TRACES_STANDINS, "standins_traces.csv"},
    };
    for (int k = 0; k < BWM_IN_COUNT; k++) {
        if (files[k].given)
            snprintf(j->path[k], sizeof j->path[k], "%s", files[k].given);
        else
            bwm_data_path(files[k].shipped, j->path[k], sizeof j->path[k]);
        in.path[k] = j->path[k];
        in.shown[k] = files[k].given ? files[k].given : files[k].shown;
    }
    if (o->traces && !o->traces_standins)
        return bwm_fail(err, BWM_EINPUT, "option --traces: give --traces-standins FILE too, the traces' synthetic "
                        "stand-ins (bwmpki calibrate --traces LIST --config %s --write FILE)",
                        o->traces_config ? o->traces_config : DEFAULT_TRACES_CONFIG);
    if ((st = pick_traces(o, j, &in, err)) != BWM_OK)
        return st;
    return bwm_study_prepare(&in, &j->s, err);
}

/* The study's runs in worker processes (cli/study_pool.h). */
typedef struct pool {
    int jobs;
    bwm_progress *pg;
} pool;

static int pool_run(void *ctx, const size_t *tasks, size_t n, bwm_study_task_fn fn, void *fn_ctx, bwm_err *err)
{
    const pool *p = ctx;
    return bwm_pool_run(tasks, n, p->jobs, fn, fn_ctx, p->pg, err);
}

static int simulate(const char *dir, const job *j, const bwm_study_tasks *t, bwm_progress *pg, bwm_err *err)
{
    pg->total = t->distinct;
    pg->done = t->done_before;
    pg->start = bwm_progress_now();
    bwm_progress_show(pg);
    pool p = {j->jobs, pg};
    int st = bwm_study_simulate(dir, &j->s, t, pool_run, &p, err);
    bwm_progress_end(pg);
    return st;
}

/* -j N and -jN become --jobs N, --jobs=N (before any "--"). */
static int translate_args(int argc, char **argv, char **out, char *storage, size_t n)
{
    int k = 0, ended = 0;
    for (int i = 0; i < argc && k < MAX_ARGS; i++) {
        ended = ended || strcmp(argv[i], "--") == 0;
        if (ended) {
            out[k++] = argv[i];
        } else if (strcmp(argv[i], "-j") == 0) {
            out[k++] = "--jobs";
        } else if (strncmp(argv[i], "-j", 2) == 0) {
            snprintf(storage, n, "--jobs=%s", argv[i] + 2);
            out[k++] = storage;
        } else {
            out[k++] = argv[i];
        }
    }
    return k;
}

static int finish(const char *dir, const bwm_cmd *cmd, const job *j, const bwm_study_tasks *t, const bwm_progress *pg,
                  int argc, char **argv, bwm_err *err)
{
    bwm_finish_info fi;
    int st = BWM_OK;
    int last = j->shard_n == 1;
    if (last)
        st = bwm_study_finish(dir, &fi, err);
    if (st != BWM_OK)
        return st;
    bwm_manifest m = {cmd->path, argc - 1, argv + 1, bwm_progress_now() - pg->start, j->jobs, j->shard_k, j->shard_n,
                      j->s.plan.n, t->distinct, t->done_before, pg->run_now, &j->s.ignored, NULL, 0,
                      last ? &fi : NULL};
    st = bwm_manifest_write(dir, &j->s.info, &m, err);
    if (st != BWM_OK)
        return st;
    if (!last) {
        printf("%s: shard %d/%d: %zu runs (%zu done before) in %s; combine the shards with 'bwmpki study merge "
               "--out DIR SHARD_DIR...'\n", cmd->path, j->shard_k, j->shard_n, t->distinct, t->done_before, dir);
        return BWM_OK;
    }
    char what[128];
    snprintf(what, sizeof what, "%zu runs (%zu simulated, %zu found done)", t->distinct, pg->run_now,
             t->done_before);
    bwm_finish_summary(cmd->path, dir, what, &fi);
    return BWM_OK;
}

int bwm_cmd_study_run(int argc, char **argv)
{
    run_opts o = {.sim = BWM_SIM_OPTS_NONE, .sched = DEFAULT_SCHEDS, .window = "1024"};
    const bwm_opt opts[] = {
        {"out", "DIR", "the study's folder (created; results, figures, REPORT.md, plan/, runs/)", &o.out, NULL},
        {"quick", NULL, "a small subset (the workloads flagged quick, 50000 cycles): every figure, in seconds", NULL,
         &o.quick},
        {"jobs", "N", "worker processes, also -j N (default: the number of cores)", &o.jobs, NULL},
        {"shard", "K/N", "run shard K of N only (default: SLURM_ARRAY_TASK_ID/_COUNT when set); then "
         "'bwmpki study merge'", &o.shard, NULL},
        {"sched", "LIST", "schedulers of the main experiment (default " DEFAULT_SCHEDS "; frfcfs always runs)",
         &o.sched, NULL},
        {"workloads", "FILE", "workload list (default: the shipped " DEFAULT_WORKLOADS ")", &o.workloads, NULL},
        {"apps-file", "FILE", "synthetic applications (default: the shipped data/" BWM_CALIBRATED_APPS ")",
         &o.apps_file, NULL},
        BWM_SIM_OPT_ROWS(o.sim),
        {"window", "N", "its/weis window in core cycles (default 1024; the window experiment adds 256 and 2048)",
         &o.window, NULL},
        {"variation-config", "FILE", "the GPU of the variation experiment, paper 003's (default: the shipped "
         DEFAULT_VAR_CONFIG "; --set does not apply to it)", &o.var_config, NULL},
        {"variation-insts", "N", "thread instructions each variation run times (default 10000000; --quick "
         "1000000)", &o.var_insts, NULL},
        {"variation-apps", "FILE", "applications of paper 003 beside the applications file's (default: the "
         "shipped " DEFAULT_VAR_APPS ", VA)", &o.var_apps, NULL},
        {"translation-config", "FILE", "the GPU of the translation experiment, thesis 001 Ch. 6 (default: the "
         "shipped " DEFAULT_XLAT_CONFIG "; --set does not apply to it)", &o.xlat_config, NULL},
        {"translation-probes", "FILE", "applications that come back to their pages, each run in 1 to 4 copies under "
         "every translation design (default: the shipped " DEFAULT_XLAT_PROBES ")", &o.xlat_probes, NULL},
        {"translation-cycles", "N", "measured core cycles of each translation run (default 200000, two of MASK's "
         "epochs; with --quick or --cycles: the study's)", &o.xlat_cycles, NULL},
        {"translation-warmup", "N", "core cycles of each translation run before measuring (default 200000; with "
         "--quick or --warmup: the study's)", &o.xlat_warmup, NULL},
        {"batch-config", "FILE", "the GPU of the thread-batching experiment, paper 002 (default: the shipped "
         DEFAULT_BATCH_CONFIG ", run with 8 SMs; it needs bank colours; --set does not apply to it)",
         &o.batch_config, NULL},
        {"batch-apps", "FILE", "the thread-batching experiment's applications, each with thread blocks (default: "
         "the shipped " DEFAULT_BATCH_APPS ")", &o.batch_apps, NULL},
        {"traces", "LIST", "Accel-Sim trace folders of the traced experiment, PATH or NAME=PATH, comma-separated "
         "(default: the shipped data/traces/vectoradd and matrixmul; docs/study.md)", &o.traces, NULL},
        {"traces-config", "FILE", "the GPU of the traced experiment, with the traces' opcode latencies (default: the "
         "shipped " DEFAULT_TRACES_CONFIG ", Accel-Sim's SM7_QV100 and its trace.config)", &o.traces_config, NULL},
        {"traces-standins", "FILE", "the traces' synthetic stand-ins, a row NAME-syn per trace, written by 'bwmpki "
         "calibrate --traces' (default: the shipped " DEFAULT_TRACES_STANDINS "; required with --traces)",
         &o.traces_standins, NULL},
        {"traces-insts", "N", "thread instructions of a stand-in in the traced experiment's paper-mode runs "
         "(default 2000000)", &o.traces_insts, NULL},
        BWM_PROGRESS_OPTS(o.progress, o.no_progress),
    };
    const bwm_cmd cmd = {
        "bwmpki study",
        "The main job: paper 000's evaluation (and paper 004's alpha-SJF sweep) on the simulator and the model, "
        "with results, figures and a report in --out DIR.",
        "Runs: every application alone; every pair of the workload list under every --sched; prior-1/2 on the\n"
        "pairs of Fig. 5; triples under frfcfs, its, weis; JPEG_GUPS with SMs split 10/20 and 20/10; its and\n"
        "weis with windows 256 and 2048 on the IT and WS subsets; asjf and asjfw for alpha 0.25..1 on each\n"
        "application alone; paper 003's variation on --variation-config (MM, SCP, FWT, CFD, VA on one of two\n"
        "partitions under cp and cmp, alone and beside MM, FWT, VA; 10M thread instructions, --quick 1M);\n"
        "address translation on --translation-config (Ideal, SharedTLB, MASK and its parts on the thesis's\n"
        "pairs, their applications alone, and groups of 3 and 4); thread batching on --batch-config (each\n"
        "application of --batch-apps alone under the baseline, TEMP and TEMP+TBAS).\n"
        "Each result is written to DIR/runs/KEY.csv, KEY the sha256 of all it depends on\n"
        "(executable, configuration, application parameters, run, seed): running the same study again reuses\n"
        "finished runs, an interrupted one loses nothing, a changed input is run again.\n"
        "Progress on stderr when it is a terminal (--progress, --no-progress).  Verbs: 'bwmpki study merge', 'bwmpki study workloads'.\n"
        "Examples: bwmpki study --out out/study\n"
        "          bwmpki study --out out/quick --quick -j 2\n"
        "          bwmpki study --out shard1 --shard 1/2 && bwmpki study --out shard2 --shard 2/2 &&\n"
        "          bwmpki study merge --out out/study shard1 shard2",
        opts, sizeof opts / sizeof opts[0],
    };
    char *args[MAX_ARGS], storage[64];
    int nargs = translate_args(argc, argv, args, storage, sizeof storage);
    bwm_common common;
    bwm_err err;
    int st = bwm_opts_parse(&cmd, nargs, args, &common, &err);
    if (st < 0)
        return 0;
    if (st == BWM_OK)
        st = bwm_sim_opts_gather(&cmd, nargs, args, &o.sim, &err);
    if (st == BWM_OK && o.sim.configs.n > 1) /* the plan records one file (study/plan_file.h) */
        st = bwm_fail(&err, BWM_EINPUT, "option --config: a study reads one configuration file; give the options "
                      "of the others in --set or in one file");
    if (st != BWM_OK)
        return bwm_cli_report(&cmd, st, &err);
    job *j = calloc(1, sizeof *j);
    if (!j) {
        fprintf(stderr, "%s: out of memory\n", cmd.path);
        return BWM_EFAIL;
    }
    bwm_study_tasks t = {0};
    bwm_progress pg = bwm_progress_start("study", "runs", 0, o.progress, o.no_progress);
    st = prepare(&o, j, &err);
    int lock = -1;
    if (st == BWM_OK)
        st = bwm_study_folder_usable(o.out, "option --out", &err);
    if (st == BWM_OK)
        st = bwm_study_folder_lock(o.out, "option --out", &lock, &err);
    if (st == BWM_OK)
        st = bwm_study_write_plan(o.out, &j->s, &err);
    if (st == BWM_OK)
        st = bwm_study_tasks_of(o.out, &j->s.plan, j->shard_k, j->shard_n, &t, &err);
    if (st == BWM_OK)
        st = simulate(o.out, j, &t, &pg, &err);
    if (st == BWM_OK)
        st = finish(o.out, &cmd, j, &t, &pg, argc, argv, &err);
    bwm_study_folder_unlock(lock);
    bwm_study_tasks_free(&t);
    bwm_study_job_free(&j->s);
    free(j);
    return bwm_cli_report(&cmd, st, &err);
}
