/* policy_run.c — a workload simulated under each scheduler of the policy fit
 * (see policy_run.h). */
#include "fit/policy_run.h"

#include <stdio.h>
#include <string.h>

#include "fit/queue_calib.h"
#include "fit/sched_policy.h"
#include "sim/dram/dram_config.h"

/* Appends name unless it is there already; checks it on both sides. */
static int add_sched(bwm_pfit_input *in, size_t n, const char *name, bwm_err *err)
{
    for (size_t k = 0; k < in->nsched; k++)
        if (strcmp(in->sim[k].sched, name) == 0)
            return BWM_OK;
    if (in->nsched == BWM_PFIT_MAX_SCHEDS)
        return bwm_fail(err, BWM_EINPUT, "more than %d schedulers", BWM_PFIT_MAX_SCHEDS);
    if (strlen(name) >= BWM_PFIT_NAME)
        return bwm_fail(err, BWM_EINPUT, "unknown scheduler '%.40s...'", name);
    bwm_policy p;
    const char *policy;
    int prior;
    int st = bwm_sched_policy(name, n, &p, err);
    if (st == BWM_OK)
        st = bwm_workload_sched(name, (int)n, &policy, &prior, err);
    if (st != BWM_OK)
        return st;
    snprintf(in->sim[in->nsched++].sched, BWM_PFIT_NAME, "%s", name);
    return BWM_OK;
}

int bwm_prun_scheds(const char *const *names, size_t nnames, size_t n, bwm_pfit_input *in, bwm_err *err)
{
    in->nsched = 0;
    if (nnames == 0)
        return bwm_fail(err, BWM_EINPUT, "no scheduler given");
    for (size_t i = 0; i < nnames; i++) {
        int st = BWM_OK;
        if (strcmp(names[i], "prior") != 0) {
            st = add_sched(in, n, names[i], err);
        } else {
            for (size_t k = 1; k <= n && st == BWM_OK; k++) {
                char name[BWM_PFIT_NAME];
                snprintf(name, sizeof name, "prior-%zu", k);
                st = add_sched(in, n, name, err);
            }
        }
        if (st != BWM_OK)
            return st;
    }
    return BWM_OK;
}

int bwm_prun_workload(const bwm_prun *p, const bwm_app_ref *apps, size_t n, bwm_pfit_input *in,
                      bwm_err *err)
{
    if (n < 2 || n > BWM_PFIT_MAX_APPS)
        return bwm_fail(err, BWM_EINPUT, "%zu applications: the policy fit compares 2 or 3", n);
    int given[BWM_GPU_MAX_APPS] = {0}, split[BWM_GPU_MAX_APPS];
    bwm_gpu_shares(p->cfg, (int)n, given, split);
    in->n = n;
    in->peak = bwm_dram_peak_gbs(&p->cfg->dram);
    bwm_alone_profile profile[BWM_GPU_MAX_APPS];
    for (size_t i = 0; i < n; i++) {
        const bwm_app_result *r;
        int st = bwm_alone_cache_get(p->alone, &apps[i], split[i], &r, err);
        if (st != BWM_OK)
            return st;
        in->alone[i] = (bwm_pfit_alone){r->ipc, r->mpki, r->bw, r->row_hit_rate};
        in->qalone[i] = (bwm_pfit_qalone){r->mem_round_trip, r->lat[BWM_STAGE_MC_QUEUE], 0};
        profile[i] = (bwm_alone_profile){r->ipc, r->mpki, r->bw};
        if (p->probe) {
            if ((st = bwm_alone_cache_get(p->probe, &apps[i], split[i], &r, err)) != BWM_OK)
                return st;
            in->qalone[i].lat_share =
                bwm_qcal_lat_share(in->alone[i].ipc, in->qalone[i].round_trip, r->ipc, r->mem_round_trip);
        }
    }
    bwm_workload_spec s;
    memset(&s, 0, sizeof s);
    s.cfg = p->cfg;
    s.n_apps = (int)n;
    for (size_t i = 0; i < n; i++) {
        s.apps[i] = apps[i].synth;
        s.traced[i] = apps[i].trace;
    }
    s.window = p->window;
    s.run = p->run;
    s.seed = p->seed;
    s.settings = p->settings;
    s.alone = profile;
    for (size_t k = 0; k < in->nsched; k++) {
        bwm_workload_result r;
        s.sched = in->sim[k].sched;
        int st = bwm_workload_run(&s, &r, err);
        if (st != BWM_OK)
            return st;
        for (size_t i = 0; i < n; i++) {
            in->sim[k].bw[i] = r.run.apps[i].bw;
            in->sim[k].ipc[i] = r.run.apps[i].ipc;
        }
        bwm_workload_result_free(&r);
    }
    return BWM_OK;
}
