/* study_run.c — "bwmpki study --out DIR": the main job.  Checks every
 * input, writes the plan (DIR/plan/), simulates the runs that have no
 * result yet (alone runs first) in worker processes, each result written
 * whole to DIR/runs/KEY.csv, then assembles results, figures and the report
 * (study_finish.h).  With --shard K/N (or a Slurm job array) it runs one
 * shard and stops there: "bwmpki study merge" finishes. */
#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bwm_revision.h"
#include "cli/data_path.h"
#include "cli/opts.h"
#include "cli/out_dir.h"
#include "cli/sim_opts.h"
#include "cli/study_cmds.h"
#include "cli/study_finish.h"
#include "cli/study_pool.h"
#include "sim/run/synth_catalog.h"
#include "sim/run/workload_run.h"
#include "io/outfile.h"
#include "sim/dram/dram_config.h"
#include "study/exec.h"
#include "study/folder.h"
#include "study/plan_build.h"
#include "study/plan_file.h"
#include "study/run_file.h"
#include "util/num.h"
#include "util/sha256.h"

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
        *xlat_config, *batch_config, *batch_apps, *xlat_probes, *xlat_cycles, *xlat_warmup;
    int quick, progress, no_progress;
} run_opts;

/* Everything loaded and decided before anything is written; freed by
 * job_free. */
typedef struct job {
    bwm_gpu_config cfg, var_cfg, xlat_cfg;
    bwm_gpu_config *xlat_cfgs;          /* xlat_cfg under each translation design, in the table's order */
    bwm_gpu_config *batch_cfgs;         /* the batch experiment's GPU under each of its designs */
    bwm_synth_app *batch_apps;          /* the batch experiment's applications */
    size_t n_batch_apps;
    bwm_optlist ignored;
    bwm_synth_app *apps;
    size_t n_apps;
    bwm_catalog cat;
    bwm_study_list list;
    const char *scheds[BWM_STUDY_MAX_SCHEDS];
    size_t nsched;
    char sched_buf[1024];
    bwm_study_setup setup;
    bwm_study_info info;
    bwm_study_plan plan;
    bwm_run_params run;
    int jobs, shard_k, shard_n;
    char config_path[4096], apps_path[4096], workloads_path[4096], var_config_path[4096], var_apps_path[4096],
        xlat_config_path[4096], batch_config_path[4096], batch_apps_path[4096], xlat_probes_path[4096];
    size_t xlat_probe_first;            /* the probes' place in apps */
} job;

static void job_free(job *j)
{
    bwm_optlist_free(&j->ignored);
    free(j->apps);
    bwm_catalog_free(&j->cat);
    bwm_study_list_free(&j->list);
    bwm_study_plan_free(&j->plan);
    free(j->xlat_cfgs);
    free(j->batch_cfgs);
    free(j->batch_apps);
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

static int parse_numbers(const run_opts *o, job *j, bwm_err *err)
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
    if ((st = bwm_opt_i64("window", o->window, 1, 1 << 30, &j->setup.window, err)) != BWM_OK)
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
    if (st == BWM_OK && joined.len >= sizeof j->info.scheds)
        st = bwm_fail(err, BWM_EINPUT, "option --sched: too long");
    if (st == BWM_OK) {
        snprintf(j->info.scheds, sizeof j->info.scheds, "%s", bwm_buf_str(&joined));
        char *pieces[BWM_STUDY_MAX_SCHEDS];
        int n = bwm_split(j->info.scheds, ',', j->sched_buf, sizeof j->sched_buf, pieces, BWM_STUDY_MAX_SCHEDS);
        for (int i = 0; i < n; i++)
            j->scheds[i] = pieces[i];
        j->nsched = n > 0 ? (size_t)n : 0;
    }
    bwm_buf_free(&joined);
    return st;
}

static int hash_inputs(const run_opts *o, job *j, bwm_err *err)
{
    bwm_study_info *i = &j->info;
    const struct {
        const char *path;
        char *sha;
    } inputs[] = {{j->config_path, i->prov.config_sha},        {j->apps_path, i->prov.apps_sha},
                  {j->workloads_path, i->prov.workloads_sha},  {j->var_config_path, i->var_config_sha},
                  {j->var_apps_path, i->var_apps_sha},         {j->xlat_config_path, i->xlat_config_sha},
                  {j->batch_config_path, i->batch_config_sha}, {j->batch_apps_path, i->batch_apps_sha},
                  {j->xlat_probes_path, i->xlat_probes_sha}};
    for (size_t k = 0; k < sizeof inputs / sizeof inputs[0]; k++) {
        int st = bwm_sha256_file(inputs[k].path, inputs[k].sha, err);
        if (st != BWM_OK)
            return st;
    }
    snprintf(j->setup.var_config, sizeof j->setup.var_config, "%s", i->var_config_sha);
    snprintf(j->setup.xlat_config, sizeof j->setup.xlat_config, "%s", i->xlat_config_sha);
    snprintf(j->setup.batch_config, sizeof j->setup.batch_config, "%s", i->batch_config_sha);
    bwm_err ignore;
    if (bwm_sha256_file("/proc/self/exe", i->binary, &ignore) != BWM_OK) {
        char id[128];
        snprintf(id, sizeof id, "bwmpki %s %s", BWM_VERSION, BWM_REVISION);
        bwm_sha256_of(id, strlen(id), i->binary);
    }
    bwm_sha256 h; /* the configuration's key: its file and the whole --set text */
    bwm_sha256_init(&h);
    bwm_sha256_update(&h, i->prov.config_sha, strlen(i->prov.config_sha));
    bwm_sha256_update(&h, "\n--set\n", 7);
    const char *set = o->sim.set ? o->sim.set : "";
    bwm_sha256_update(&h, set, strlen(set));
    bwm_sha256_hex(&h, j->setup.config);
    snprintf(j->setup.binary, sizeof j->setup.binary, "%s", i->binary);
    return BWM_OK;
}

/* The plan's record of the study; a path or --set too long to record is
 * bad input naming its option. */
static int fill_info(const run_opts *o, job *j, bwm_err *err)
{
    bwm_study_info *i = &j->info;
    bwm_prov_record *p = &i->prov;
    struct {
        char *field;
        size_t size;
        const char *value, *what;
    } texts[] = {
        {p->version, sizeof p->version, BWM_VERSION, "version"},
        {p->revision, sizeof p->revision, BWM_REVISION, "source revision"},
        {p->config, sizeof p->config, o->sim.config ? o->sim.config : DEFAULT_CONFIG, "option --config"},
        {p->set, sizeof p->set, o->sim.set, "option --set"},
        {p->apps_file, sizeof p->apps_file, o->apps_file ? o->apps_file : "data/" BWM_CALIBRATED_APPS,
         "option --apps-file"},
        {p->workloads, sizeof p->workloads, o->workloads ? o->workloads : DEFAULT_WORKLOADS, "option --workloads"},
        {i->var_config, sizeof i->var_config, o->var_config ? o->var_config : DEFAULT_VAR_CONFIG,
         "option --variation-config"},
        {i->var_apps_file, sizeof i->var_apps_file, o->var_apps ? o->var_apps : DEFAULT_VAR_APPS,
         "option --variation-apps"},
        {i->xlat_config, sizeof i->xlat_config, o->xlat_config ? o->xlat_config : DEFAULT_XLAT_CONFIG,
         "option --translation-config"},
        {i->batch_config, sizeof i->batch_config, o->batch_config ? o->batch_config : DEFAULT_BATCH_CONFIG,
         "option --batch-config"},
        {i->batch_apps_file, sizeof i->batch_apps_file, o->batch_apps ? o->batch_apps : DEFAULT_BATCH_APPS,
         "option --batch-apps"},
        {i->xlat_probes_file, sizeof i->xlat_probes_file, o->xlat_probes ? o->xlat_probes : DEFAULT_XLAT_PROBES,
         "option --translation-probes"},
    };
    for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++)
        if (bwm_prov_text(texts[k].field, texts[k].size, texts[k].value, texts[k].what, err) != BWM_OK)
            return BWM_EINPUT;
    p->has_run = 1;
    p->seed = j->setup.seed;
    p->cycles = j->run.cycles;
    p->warmup = j->run.warmup;
    i->var_insts = j->setup.var_insts;
    i->xlat_cycles = j->setup.xlat_cycles;
    i->xlat_warmup = j->setup.xlat_warmup;
    i->window = j->setup.window;
    i->quick = o->quick;
    i->peak_gbs = bwm_dram_peak_gbs(&j->cfg.dram);
    i->core_mhz = j->cfg.dram.core_mhz;
    i->n_sms = j->cfg.n_sms;
    i->sm_issue = j->cfg.n_warp_scheds * j->cfg.warp_size;
    return BWM_OK;
}

/* An input's path into dst: the option's value when given, else the
 * shipped file (a path under data/). */
static void input_path(char *dst, size_t n, const char *given, const char *shipped)
{
    if (given)
        snprintf(dst, n, "%s", given);
    else
        bwm_data_path(shipped, dst, n);
}

/* The applications of file path (option `option`) appended to j's (an
 * abbreviation j has already is refused). */
static int append_apps(job *j, const char *path, const char *option, bwm_err *err)
{
    bwm_synth_app *extra = NULL;
    size_t n_extra = 0;
    bwm_err sub;
    int st = bwm_synth_load(path, &extra, &n_extra, &sub);
    if (st != BWM_OK)
        return bwm_fail(err, st, "option %s: %s", option, sub.msg);
    for (size_t k = 0; st == BWM_OK && k < n_extra; k++)
        if (bwm_synth_find(j->apps, j->n_apps, extra[k].abbr))
            st = bwm_fail(err, BWM_EINPUT, "option %s: '%s' is in both %s and the applications read before it", option,
                          extra[k].abbr, path);
    bwm_synth_app *all = st == BWM_OK ? realloc(j->apps, (j->n_apps + n_extra) * sizeof *all) : NULL;
    if (st == BWM_OK && !all)
        st = bwm_fail(err, BWM_EFAIL, "out of memory");
    if (st == BWM_OK) {
        memcpy(all + j->n_apps, extra, n_extra * sizeof *extra);
        j->apps = all;
        j->n_apps += n_extra;
    }
    free(extra);
    return st;
}

/* The variation's GPU and extra applications, appended to the applications
 * file's. */
static int load_variation(const run_opts *o, job *j, bwm_err *err)
{
    input_path(j->var_config_path, sizeof j->var_config_path, o->var_config, "configs/gtx1080.config");
    input_path(j->var_apps_path, sizeof j->var_apps_path, o->var_apps, "apps_fgpu.csv");
    int st = bwm_gpu_config_load_with(j->var_config_path, NULL, NULL, &j->var_cfg, NULL, err);
    return st == BWM_OK ? append_apps(j, j->var_apps_path, "--variation-apps", err) : st;
}

/* The translation experiment's GPU, and the same under each design's
 * settings (every one checked here, so that a design the file cannot take
 * is refused before anything is written). */
static int load_translation(const run_opts *o, job *j, bwm_err *err)
{
    input_path(j->xlat_config_path, sizeof j->xlat_config_path, o->xlat_config, "configs/mask17.config");
    size_t n = bwm_xlat_design_count();
    j->xlat_cfgs = calloc(n, sizeof *j->xlat_cfgs);
    if (!j->xlat_cfgs)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    bwm_err sub;
    int st = bwm_gpu_config_load_with(j->xlat_config_path, NULL, NULL, &j->xlat_cfg, NULL, &sub);
    for (size_t d = 0; st == BWM_OK && d < n; d++) {
        const bwm_xlat_design *x = bwm_xlat_design_at(d);
        char origin[96];
        snprintf(origin, sizeof origin, "translation design %s/%s", x->group, x->name);
        st = bwm_gpu_config_load_with(j->xlat_config_path, x->settings, origin, &j->xlat_cfgs[d], NULL, &sub);
    }
    if (st != BWM_OK)
        return bwm_fail(err, st, "option --translation-config: %s", sub.msg);
    input_path(j->xlat_probes_path, sizeof j->xlat_probes_path, o->xlat_probes, "apps_tlb_reuse.csv");
    j->xlat_probe_first = j->n_apps;
    return append_apps(j, j->xlat_probes_path, "--translation-probes", err);
}

/* An application of the batch experiment's file that the plan's list of
 * applications (plan/apps.csv, one row per abbreviation) would show
 * wrongly: one with no thread blocks, or one whose abbreviation the
 * applications file has with another name, mpki, bw_frac, smem_frac or
 * pattern; BWM_EINPUT naming it. */
static int check_batch_app(const job *j, const bwm_synth_app *a, bwm_err *err)
{
    if (a->cta_warps == 0)
        return bwm_fail(err, BWM_EINPUT, "option --batch-apps: %s: application '%s' has no thread blocks (columns "
                        "cta_warps, cta_insts, batch_stride): the batch experiment (paper 002) dispatches CTAs",
                        j->batch_apps_path, a->abbr);
    const bwm_synth_app *m = bwm_synth_find(j->apps, j->n_apps, a->abbr);
    if (m && (strcmp(m->name, a->name) != 0 || m->mpki != a->mpki || m->bw_frac != a->bw_frac ||
              m->smem_frac != a->smem_frac || m->pattern != a->pattern))
        return bwm_fail(err, BWM_EINPUT, "option --batch-apps: %s: application '%s' is in %s too with another name, "
                        "mpki, bw_frac, smem_frac or pattern: give it an abbreviation of its own", j->batch_apps_path,
                        a->abbr, j->apps_path);
    return BWM_OK;
}

/* The batch experiment's GPU under each of its designs (every one checked
 * here: a file without bank colours cannot take TEMP) and its
 * applications. */
static int load_batch(const run_opts *o, job *j, bwm_err *err)
{
    input_path(j->batch_config_path, sizeof j->batch_config_path, o->batch_config, "configs/cal12.config");
    input_path(j->batch_apps_path, sizeof j->batch_apps_path, o->batch_apps, "apps_cta.csv");
    size_t n = bwm_batch_design_count();
    j->batch_cfgs = calloc(n, sizeof *j->batch_cfgs);
    if (!j->batch_cfgs)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    bwm_err sub;
    int st = BWM_OK;
    for (size_t d = 0; st == BWM_OK && d < n; d++) {
        const bwm_batch_design *x = bwm_batch_design_at(d);
        char origin[96];
        snprintf(origin, sizeof origin, "batch design %s", x->name);
        st = bwm_gpu_config_load_with(j->batch_config_path, x->settings, origin, &j->batch_cfgs[d], NULL, &sub);
    }
    if (st != BWM_OK)
        return bwm_fail(err, st, "option --batch-config: %s", sub.msg);
    if ((st = bwm_synth_load(j->batch_apps_path, &j->batch_apps, &j->n_batch_apps, &sub)) != BWM_OK)
        return bwm_fail(err, st, "option --batch-apps: %s", sub.msg);
    for (size_t a = 0; st == BWM_OK && a < j->n_batch_apps; a++)
        st = check_batch_app(j, &j->batch_apps[a], err);
    return st;
}

/* Loads and checks every input and builds the plan: nothing is written
 * before all are good. */
static int prepare(const run_opts *o, job *j, bwm_err *err)
{
    int st = parse_numbers(o, j, err);
    if (st == BWM_OK)
        st = sched_list(o, j, err);
    uint64_t seed = 1;
    if (st == BWM_OK)
        st = bwm_sim_opts_numbers(&o->sim, &j->run, &seed, err);
    if (st != BWM_OK)
        return st;
    if (o->quick && !o->sim.cycles)
        j->run.cycles = QUICK_CYCLES;
    if (o->quick && !o->sim.warmup)
        j->run.warmup = QUICK_WARMUP;
    j->setup.var_insts = o->quick ? QUICK_VAR_INSTS : VAR_INSTS;
    int64_t insts = (int64_t)j->setup.var_insts;
    if (o->var_insts &&
        (st = bwm_opt_i64("variation-insts", o->var_insts, 1, INT64_C(1000000000000), &insts, err)) != BWM_OK)
        return st;
    j->setup.var_insts = (uint64_t)insts;
    /* the translation's own length unless the study's is chosen (--quick, --cycles, --warmup) */
    j->setup.xlat_cycles = o->quick || o->sim.cycles ? j->run.cycles : XLAT_CYCLES;
    j->setup.xlat_warmup = o->quick || o->sim.warmup ? j->run.warmup : XLAT_WARMUP;
    if (o->xlat_cycles && (st = bwm_opt_i64("translation-cycles", o->xlat_cycles, 1, INT64_C(1000000000000),
                                            &j->setup.xlat_cycles, err)) != BWM_OK)
        return st;
    if (o->xlat_warmup && (st = bwm_opt_i64("translation-warmup", o->xlat_warmup, 0, INT64_C(1000000000000),
                                            &j->setup.xlat_warmup, err)) != BWM_OK)
        return st;
    input_path(j->config_path, sizeof j->config_path, o->sim.config, "configs/memsys15.config");
    input_path(j->apps_path, sizeof j->apps_path, o->apps_file, BWM_CALIBRATED_APPS);
    input_path(j->workloads_path, sizeof j->workloads_path, o->workloads, "workloads/study.csv");
    st = bwm_gpu_config_load_with(j->config_path, o->sim.set, "--set", &j->cfg, &j->ignored, err);
    if (st == BWM_OK)
        st = bwm_synth_load(j->apps_path, &j->apps, &j->n_apps, err);
    size_t n_fit_apps = j->n_apps;
    if (st == BWM_OK)
        st = load_variation(o, j, err);
    if (st == BWM_OK)
        st = load_translation(o, j, err);
    if (st == BWM_OK)
        st = load_batch(o, j, err);
    if (st == BWM_OK)
        st = bwm_synth_catalog(j->apps, j->n_apps, &j->cat, err);
    if (st == BWM_OK)
        st = bwm_study_list_load(&j->list, j->workloads_path, &j->cat, err);
    if (st == BWM_OK)
        st = hash_inputs(o, j, err);
    if (st != BWM_OK)
        return st;
    j->setup.cfg = &j->cfg;
    j->setup.apps = j->apps;
    j->setup.n_apps = j->n_apps;
    j->setup.n_fit_apps = n_fit_apps;
    j->setup.var_cfg = &j->var_cfg;
    j->setup.var_max_cycles = VAR_MAX_CYCLES;
    j->setup.xlat_cfg = &j->xlat_cfg;
    j->setup.batch_cfgs = j->batch_cfgs;
    j->setup.batch_apps = j->batch_apps;
    j->setup.n_batch_apps = j->n_batch_apps;
    j->setup.xlat_probes = j->apps + j->xlat_probe_first;
    j->setup.n_xlat_probes = j->n_apps - j->xlat_probe_first;
    j->setup.list = &j->list;
    j->setup.scheds = j->scheds;
    j->setup.nsched = j->nsched;
    j->setup.quick = o->quick;
    j->setup.seed = seed;
    j->setup.cycles = j->run.cycles;
    j->setup.warmup = j->run.warmup;
    if ((st = fill_info(o, j, err)) != BWM_OK)
        return st;
    bwm_err sub;
    st = bwm_study_plan_build(&j->setup, &j->plan, &sub);
    if (st != BWM_OK)
        return bwm_fail(err, st, "%s: %s", j->workloads_path, sub.msg);
    return BWM_OK;
}

/* DIR, DIR/plan and DIR/runs, the plan files, and no half-written run file
 * from an interrupted study. */
static int write_plan(const char *dir, const job *j, bwm_err *err)
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

typedef struct tasks {
    size_t *alone, *rest;
    size_t nalone, nrest;
    size_t distinct, done_before;
} tasks;

/* The distinct runs of this shard not done yet: non-alone run u (the u-th
 * distinct one) belongs to shard u mod N; an alone run to the shards whose
 * runs need it, and to shard a mod N (so that every one is in some shard). */
static int plan_tasks(const char *dir, const job *j, tasks *t, bwm_err *err)
{
    const bwm_study_plan *p = &j->plan;
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
        if ((int)(idx % (size_t)j->shard_n) != j->shard_k - 1)
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

static int exec_task(void *ctx, size_t task, bwm_err *err)
{
    return bwm_study_exec(ctx, task, err);
}

static int simulate(const char *dir, const job *j, tasks *t, bwm_progress *pg, bwm_err *err)
{
    bwm_study_env env = {&j->cfg, j->apps, j->n_apps, j->run, j->setup.seed, &j->plan, dir,
                         &j->var_cfg, j->setup.var_insts, j->setup.var_max_cycles, j->xlat_cfgs,
                         bwm_xlat_design_count(), j->batch_cfgs, bwm_batch_design_count(), j->batch_apps,
                         j->n_batch_apps, j->run};
    env.xlat_run.cycles = j->setup.xlat_cycles;
    env.xlat_run.warmup = j->setup.xlat_warmup;
    pg->total = t->distinct;
    pg->done = t->done_before;
    pg->start = bwm_progress_now();
    bwm_progress_show(pg);
    int st = bwm_pool_run(t->alone, t->nalone, j->jobs, exec_task, &env, pg, err);
    if (st == BWM_OK)
        st = bwm_pool_run(t->rest, t->nrest, j->jobs, exec_task, &env, pg, err);
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

static int finish(const char *dir, const bwm_cmd *cmd, const job *j, const tasks *t, const bwm_progress *pg,
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
                      j->plan.n, t->distinct, t->done_before, pg->run_now, &j->ignored, NULL, 0,
                      last ? &fi : NULL};
    st = bwm_manifest_write(dir, &j->info, &m, err);
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
    run_opts o = {{NULL, NULL, NULL, NULL, NULL, 0}, NULL, NULL, NULL, DEFAULT_SCHEDS, NULL, NULL, "1024", NULL, NULL,
                  NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, 0};
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
    if (st != BWM_OK)
        return bwm_cli_report(&cmd, st, &err);
    job *j = calloc(1, sizeof *j);
    if (!j) {
        fprintf(stderr, "%s: out of memory\n", cmd.path);
        return BWM_EFAIL;
    }
    tasks t = {0};
    bwm_progress pg = bwm_progress_start("study", "runs", 0, o.progress, o.no_progress);
    st = prepare(&o, j, &err);
    int lock = -1;
    if (st == BWM_OK)
        st = bwm_study_folder_usable(o.out, "option --out", &err);
    if (st == BWM_OK)
        st = bwm_study_folder_lock(o.out, "option --out", &lock, &err);
    if (st == BWM_OK)
        st = write_plan(o.out, j, &err);
    if (st == BWM_OK)
        st = plan_tasks(o.out, j, &t, &err);
    if (st == BWM_OK)
        st = simulate(o.out, j, &t, &pg, &err);
    if (st == BWM_OK)
        st = finish(o.out, &cmd, j, &t, &pg, argc, argv, &err);
    bwm_study_folder_unlock(lock);
    free(t.alone);
    free(t.rest);
    job_free(j);
    free(j);
    return bwm_cli_report(&cmd, st, &err);
}
