/* setup.c — the study's setup (see setup.h): every input loaded, checked
 * and hashed, the plan's record of the study filled and the plan built. */
#include "study/setup.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fit/queue_calib.h"
#include "fit/standin.h"
#include "sim/config/gpu_read.h"
#include "sim/dram/dram_config.h"
#include "sim/run/synth_catalog.h"
#include "sim/traced/kernel_fit.h"
#include "study/batch_designs.h"
#include "study/experiment.h"
#include "study/plan_build.h"
#include "study/xlat_designs.h"
#include "util/sha256.h"

static int hash_inputs(const bwm_study_inputs *in, bwm_study_job *j, bwm_err *err)
{
    bwm_study_info *i = &j->info;
    const struct {
        const char *path;
        char *sha;
    } inputs[] = {{in->path[BWM_IN_CONFIG], i->prov.config_sha},        {in->path[BWM_IN_APPS], i->prov.apps_sha},
                  {in->path[BWM_IN_WORKLOADS], i->prov.workloads_sha},  {in->path[BWM_IN_VAR_CONFIG], i->var_config_sha},
                  {in->path[BWM_IN_VAR_APPS], i->var_apps_sha},         {in->path[BWM_IN_XLAT_CONFIG], i->xlat_config_sha},
                  {in->path[BWM_IN_BATCH_CONFIG], i->batch_config_sha}, {in->path[BWM_IN_BATCH_APPS], i->batch_apps_sha},
                  {in->path[BWM_IN_XLAT_PROBES], i->xlat_probes_sha},   {in->path[BWM_IN_TRACES_CONFIG], i->traces_config_sha},
                  {in->path[BWM_IN_TRACES_STANDINS], i->traces_standins_sha}};
    for (size_t k = 0; k < sizeof inputs / sizeof inputs[0]; k++) {
        int st = bwm_sha256_file(inputs[k].path, inputs[k].sha, err);
        if (st != BWM_OK)
            return st;
    }
    snprintf(j->setup.var_config, sizeof j->setup.var_config, "%s", i->var_config_sha);
    snprintf(j->setup.xlat_config, sizeof j->setup.xlat_config, "%s", i->xlat_config_sha);
    snprintf(j->setup.batch_config, sizeof j->setup.batch_config, "%s", i->batch_config_sha);
    snprintf(j->setup.traces_config, sizeof j->setup.traces_config, "%s", i->traces_config_sha);
    bwm_err ignore;
    if (bwm_sha256_file("/proc/self/exe", i->binary, &ignore) != BWM_OK) {
        char id[128];
        snprintf(id, sizeof id, "bwmpki %s %s", in->version, in->revision);
        bwm_sha256_of(id, strlen(id), i->binary);
    }
    bwm_sha256 h; /* the configuration's key: its file and the whole --set text */
    bwm_sha256_init(&h);
    bwm_sha256_update(&h, i->prov.config_sha, strlen(i->prov.config_sha));
    bwm_sha256_update(&h, "\n--set\n", 7);
    const char *set = in->set ? in->set : "";
    bwm_sha256_update(&h, set, strlen(set));
    bwm_sha256_hex(&h, j->setup.config);
    snprintf(j->setup.binary, sizeof j->setup.binary, "%s", i->binary);
    return BWM_OK;
}

/* The plan's record of the study; a path or --set too long to record is
 * bad input naming its option. */
static int fill_info(const bwm_study_inputs *in, bwm_study_job *j, bwm_err *err)
{
    bwm_study_info *i = &j->info;
    bwm_prov_record *p = &i->prov;
    struct {
        char *field;
        size_t size;
        const char *value, *what;
    } texts[] = {
        {p->version, sizeof p->version, in->version, "version"},
        {p->revision, sizeof p->revision, in->revision, "source revision"},
        {p->config, sizeof p->config, in->shown[BWM_IN_CONFIG], "option --config"},
        {p->set, sizeof p->set, in->set, "option --set"},
        {p->apps_file, sizeof p->apps_file, in->shown[BWM_IN_APPS],
         "option --apps-file"},
        {p->workloads, sizeof p->workloads, in->shown[BWM_IN_WORKLOADS], "option --workloads"},
        {i->var_config, sizeof i->var_config, in->shown[BWM_IN_VAR_CONFIG],
         "option --variation-config"},
        {i->var_apps_file, sizeof i->var_apps_file, in->shown[BWM_IN_VAR_APPS],
         "option --variation-apps"},
        {i->xlat_config, sizeof i->xlat_config, in->shown[BWM_IN_XLAT_CONFIG],
         "option --translation-config"},
        {i->batch_config, sizeof i->batch_config, in->shown[BWM_IN_BATCH_CONFIG],
         "option --batch-config"},
        {i->batch_apps_file, sizeof i->batch_apps_file, in->shown[BWM_IN_BATCH_APPS],
         "option --batch-apps"},
        {i->xlat_probes_file, sizeof i->xlat_probes_file, in->shown[BWM_IN_XLAT_PROBES],
         "option --translation-probes"},
        {i->traces, sizeof i->traces, in->traces_shown, "option --traces"},
        {i->traces_config, sizeof i->traces_config, in->shown[BWM_IN_TRACES_CONFIG], "option --traces-config"},
        {i->traces_standins, sizeof i->traces_standins, in->shown[BWM_IN_TRACES_STANDINS],
         "option --traces-standins"},
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
    i->quick = in->quick;
    i->peak_gbs = bwm_dram_peak_gbs(&j->cfg.dram);
    i->core_mhz = j->cfg.dram.core_mhz;
    i->n_sms = j->cfg.n_sms;
    i->sm_issue = j->cfg.n_warp_scheds * j->cfg.warp_size;
    i->traces_peak_gbs = bwm_dram_peak_gbs(&j->traces_cfg.dram);
    i->traces_insts = j->setup.traces_insts;
    bwm_sha256 h; /* the traces' contents, each with its name */
    bwm_sha256_init(&h);
    for (size_t k = 0; k < j->n_traces; k++) {
        bwm_sha256_update(&h, j->traces[k].name, strlen(j->traces[k].name) + 1);
        bwm_sha256_update(&h, j->traces[k].sha, strlen(j->traces[k].sha) + 1);
    }
    bwm_sha256_hex(&h, i->traces_sha);
    return BWM_OK;
}

/* The applications of file path (option `option`) appended to j's (an
 * abbreviation j has already is refused). */
static int append_apps(bwm_study_job *j, const char *path, const char *option, bwm_err *err)
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
    if (st == BWM_OK && bwm_synth_concat(&j->apps, &j->n_apps, extra, n_extra) != 0)
        st = bwm_fail(err, BWM_EFAIL, "out of memory");
    free(extra);
    return st;
}

/* The variation's GPU and extra applications, appended to the applications
 * file's. */
static int load_variation(const bwm_study_inputs *in, bwm_study_job *j, bwm_err *err)
{
    int st = bwm_gpu_config_load_with(in->path[BWM_IN_VAR_CONFIG], NULL, NULL, &j->var_cfg, NULL, err);
    return st == BWM_OK ? append_apps(j, in->path[BWM_IN_VAR_APPS], "--variation-apps", err) : st;
}

/* The translation experiment's GPU, and the same under each design's
 * settings (every one checked here, so that a design the file cannot take
 * is refused before anything is written). */
static int load_translation(const bwm_study_inputs *in, bwm_study_job *j, bwm_err *err)
{
    size_t n = bwm_xlat_design_count();
    j->xlat_cfgs = calloc(n, sizeof *j->xlat_cfgs);
    if (!j->xlat_cfgs)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    bwm_err sub;
    int st = bwm_gpu_config_load_with(in->path[BWM_IN_XLAT_CONFIG], NULL, NULL, &j->xlat_cfg, NULL, &sub);
    for (size_t d = 0; st == BWM_OK && d < n; d++) {
        const bwm_xlat_design *x = bwm_xlat_design_at(d);
        char origin[96];
        snprintf(origin, sizeof origin, "translation design %s/%s", x->group, x->name);
        st = bwm_gpu_config_load_with(in->path[BWM_IN_XLAT_CONFIG], x->settings, origin, &j->xlat_cfgs[d], NULL, &sub);
    }
    if (st != BWM_OK)
        return bwm_fail(err, st, "option --translation-config: %s", sub.msg);
    j->xlat_probe_first = j->n_apps;
    return append_apps(j, in->path[BWM_IN_XLAT_PROBES], "--translation-probes", err);
}

/* An application of the batch experiment's file that the plan's list of
 * applications (plan/apps.csv, one row per abbreviation) would show
 * wrongly: one with no thread blocks, or one whose abbreviation the
 * applications file has with another name, mpki, bw_frac, smem_frac or
 * pattern; BWM_EINPUT naming it. */
static int check_batch_app(const bwm_study_inputs *in, const bwm_study_job *j, const bwm_synth_app *a, bwm_err *err)
{
    if (a->cta_warps == 0)
        return bwm_fail(err, BWM_EINPUT, "option --batch-apps: %s: application '%s' has no thread blocks (columns "
                        "cta_warps, cta_insts, batch_stride): the batch experiment (paper 002) dispatches CTAs",
                        in->path[BWM_IN_BATCH_APPS], a->abbr);
    const bwm_synth_app *m = bwm_synth_find(j->apps, j->n_apps, a->abbr);
    if (m && (strcmp(m->name, a->name) != 0 || m->mpki != a->mpki || m->bw_frac != a->bw_frac ||
              m->smem_frac != a->smem_frac || m->pattern != a->pattern))
        return bwm_fail(err, BWM_EINPUT, "option --batch-apps: %s: application '%s' is in %s too with another name, "
                        "mpki, bw_frac, smem_frac or pattern: give it an abbreviation of its own", in->path[BWM_IN_BATCH_APPS],
                        a->abbr, in->path[BWM_IN_APPS]);
    return BWM_OK;
}

/* The batch experiment's GPU under each of its designs (every one checked
 * here: a file without bank colours cannot take TEMP) and its
 * applications. */
static int load_batch(const bwm_study_inputs *in, bwm_study_job *j, bwm_err *err)
{
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
        st = bwm_gpu_config_load_with(in->path[BWM_IN_BATCH_CONFIG], x->settings, origin, &j->batch_cfgs[d], NULL, &sub);
    }
    if (st != BWM_OK)
        return bwm_fail(err, st, "option --batch-config: %s", sub.msg);
    if ((st = bwm_synth_load(in->path[BWM_IN_BATCH_APPS], &j->batch_apps, &j->n_batch_apps, &sub)) != BWM_OK)
        return bwm_fail(err, st, "option --batch-apps: %s", sub.msg);
    for (size_t a = 0; st == BWM_OK && a < j->n_batch_apps; a++)
        st = check_batch_app(in, j, &j->batch_apps[a], err);
    return st;
}

/* The traced experiment's GPU, its traces (each hashed) and their
 * stand-ins (each trace's must be there). */
static int load_traces(const bwm_study_inputs *in, bwm_study_job *j, bwm_err *err)
{
    bwm_err sub;
    int st = bwm_gpu_config_load_with(in->path[BWM_IN_TRACES_CONFIG], NULL, NULL, &j->traces_cfg, NULL, &sub);
    if (st != BWM_OK)
        return bwm_fail(err, st, "option --traces-config: %s", sub.msg);
    if (in->n_traces > BWM_STUDY_MAX_TRACES)
        return bwm_fail(err, BWM_EINPUT, "option --traces: more than %d traces", BWM_STUDY_MAX_TRACES);
    for (size_t k = 0; k < in->n_traces; k++) {
        bwm_study_trace *t = &j->traces[k];
        snprintf(t->name, sizeof t->name, "%s", in->traces[k].name);
        snprintf(t->path, sizeof t->path, "%s", in->traces[k].path);
        t->spec = (bwm_trace_spec){t->path, t->name};
        if ((st = bwm_study_trace_hash(t->path, t->sha, &sub)) != BWM_OK)
            return bwm_fail(err, st, "option --traces: %s", sub.msg);
        if ((st = bwm_kernel_fit_trace(&j->traces_cfg, t->path, &sub)) != BWM_OK)
            return bwm_fail(err, st, "options --traces and --traces-config: trace %s: %s", t->name, sub.msg);
    }
    j->n_traces = in->n_traces;
    if ((st = bwm_synth_load(in->path[BWM_IN_TRACES_STANDINS], &j->standins, &j->n_standins, &sub)) != BWM_OK)
        return bwm_fail(err, st, "option --traces-standins: %s", sub.msg);
    for (size_t k = 0; k < j->n_traces; k++) {
        char name[32];
        bwm_standin_abbr(j->traces[k].name, name, sizeof name);
        if (!bwm_synth_find(j->standins, j->n_standins, name))
            return bwm_fail(err, BWM_EINPUT, "option --traces-standins: %s has no row %s for trace %s (write one with "
                            "bwmpki calibrate --traces %s=%s --config %s --write FILE)",
                            in->path[BWM_IN_TRACES_STANDINS], name, j->traces[k].name, j->traces[k].name,
                            j->traces[k].path, in->path[BWM_IN_TRACES_CONFIG]);
    }
    return BWM_OK;
}

int bwm_study_prepare(const bwm_study_inputs *in, bwm_study_job *j, bwm_err *err)
{
    j->run = in->run;
    j->setup.window = in->window;
    j->setup.var_insts = in->var_insts;
    j->setup.xlat_cycles = in->xlat_cycles;
    j->setup.xlat_warmup = in->xlat_warmup;
    j->setup.seed = in->seed;
    j->setup.traces_insts = in->traces_insts;
    j->setup.traces_max_cycles = in->var_max_cycles;
    int st = bwm_gpu_config_load_with(in->path[BWM_IN_CONFIG], in->set, "--set", &j->cfg, &j->ignored, err);
    if (st == BWM_OK)
        st = bwm_synth_load(in->path[BWM_IN_APPS], &j->apps, &j->n_apps, err);
    size_t n_fit_apps = j->n_apps;
    if (st == BWM_OK)
        st = load_variation(in, j, err);
    if (st == BWM_OK)
        st = load_translation(in, j, err);
    if (st == BWM_OK)
        st = load_batch(in, j, err);
    if (st == BWM_OK)
        st = load_traces(in, j, err);
    if (st == BWM_OK)
        st = bwm_synth_catalog(j->apps, j->n_apps, &j->cat, err);
    if (st == BWM_OK)
        st = bwm_study_list_load(&j->list, in->path[BWM_IN_WORKLOADS], &j->cat, err);
    if (st == BWM_OK)
        st = hash_inputs(in, j, err);
    if (st != BWM_OK)
        return st;
    j->setup.cfg = &j->cfg;
    j->probe_cfg = j->cfg;
    j->probe_cfg.dram_latency += BWM_QCAL_PROBE_DELAY;
    j->setup.apps = j->apps;
    j->setup.n_apps = j->n_apps;
    j->setup.n_fit_apps = n_fit_apps;
    j->setup.var_cfg = &j->var_cfg;
    j->setup.var_max_cycles = in->var_max_cycles;
    j->setup.xlat_cfg = &j->xlat_cfg;
    j->setup.batch_cfgs = j->batch_cfgs;
    j->setup.batch_apps = j->batch_apps;
    j->setup.n_batch_apps = j->n_batch_apps;
    j->setup.xlat_probes = j->apps + j->xlat_probe_first;
    j->setup.n_xlat_probes = j->n_apps - j->xlat_probe_first;
    j->setup.traces_cfg = &j->traces_cfg;
    j->setup.traces = j->traces;
    j->setup.n_traces = j->n_traces;
    j->setup.standins = j->standins;
    j->setup.n_standins = j->n_standins;
    j->setup.list = &j->list;
    j->setup.scheds = j->scheds;
    j->setup.nsched = j->nsched;
    j->setup.quick = in->quick;
    j->setup.cycles = j->run.cycles;
    j->setup.warmup = j->run.warmup;
    if ((st = fill_info(in, j, err)) != BWM_OK)
        return st;
    for (int e = 0; e < bwm_study_exp_count(); e++) { /* before the plan: no run of it starts */
        const bwm_study_experiment *x = bwm_study_exp_at(e);
        if (x->check && (st = x->check(in, &j->setup, err)) != BWM_OK)
            return st;
    }
    bwm_err sub;
    st = bwm_study_plan_build(&j->setup, &j->plan, &sub);
    if (st != BWM_OK)
        return bwm_fail(err, st, "%s: %s", in->path[BWM_IN_WORKLOADS], sub.msg);
    return BWM_OK;
}

void bwm_study_job_free(bwm_study_job *j)
{
    bwm_optlist_free(&j->ignored);
    free(j->apps);
    bwm_catalog_free(&j->cat);
    bwm_study_list_free(&j->list);
    bwm_study_plan_free(&j->plan);
    free(j->xlat_cfgs);
    free(j->batch_cfgs);
    free(j->batch_apps);
    free(j->standins);
}
