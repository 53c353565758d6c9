/* model_share.c — "bwmpki model share": the allocation of one policy (or any
 * priority order) with its metrics. */
#include <stdio.h>
#include <stdlib.h>

#include "cli/app_args.h"
#include "cli/model_cmds.h"
#include "cli/model_out.h"
#include "cli/opts.h"
#include "cli/result_out.h"
#include "model/metrics.h"
#include "model/share.h"
#include "util/num.h"


static int resolve_policy(const char *o_policy, const char *o_order, const bwm_app_set *s,
                          bwm_policy *p, bwm_err *err)
{
    if (!o_policy == !o_order)
        return bwm_fail(err, BWM_EINPUT, "give exactly one of --policy and --order");
    bwm_err inner;
    if (o_policy) {
        int st = bwm_policy_parse(o_policy, s->n, p, &inner);
        return st == BWM_OK ? st : bwm_fail(err, st, "option --policy: %s", inner.msg);
    }
    int64_t v[BWM_MODEL_MAX_APPS];
    size_t order[BWM_MODEL_MAX_APPS], n = 0;
    int st = bwm_opt_wholes("order", o_order, "an application number", 1, BWM_MODEL_MAX_APPS, v,
                            BWM_MODEL_MAX_APPS, &n, err);
    if (st != BWM_OK)
        return st;
    for (size_t i = 0; i < n; i++)
        order[i] = (size_t)v[i];
    st = bwm_policy_order(order, n, s->n, p, &inner);
    return st == BWM_OK ? st : bwm_fail(err, st, "option --order: %s", inner.msg);
}

int bwm_cmd_model_share(int argc, char **argv)
{
    bwm_app_opts ao = {0};
    const char *o_policy = NULL, *o_order = NULL;
    int o_prov = 0;

    const bwm_opt opts[] = {
        BWM_APP_OPTS(ao),
        {"policy", "NAME", "prior-K, prior-low-mpki, prior-low-bw, weis, rr, frfcfs, opt-it, opt-ws, opt-hs",
         &o_policy, NULL},
        {"order", "LIST", "strict priority in this order of application numbers, e.g. 3,1,2", &o_order, NULL},
        BWM_PROVENANCE_OPT(o_prov),
    };

    const bwm_cmd cmd = {
        "bwmpki model share",
        "Bandwidth each application gets under one policy, with perf = bw/mpki, slowdowns and metrics.",
        "JSON: {\"allocation\":[rows of the CSV], \"provenance\":{...}}.\n"
        "Examples:\n"
        "  bwmpki model share --mpki 20,5 --bw-alone 30,40 --peak 50 --policy rr\n"
        "  bwmpki model share --apps GUPS,SCP,HISTO --order 3,2,1",
        opts, sizeof opts / sizeof opts[0],
    };
    bwm_common common;
    bwm_err err;
    bwm_app_set *s;
    bwm_policy *p = NULL;
    int st = bwm_app_cmd_start(&cmd, argc, argv, &ao, &common, &s, &err);
    if (st < 0)
        return 0;
    if (st == BWM_OK && !(p = malloc(sizeof *p)))
        st = bwm_fail(&err, BWM_EFAIL, "out of memory");
    if (st == BWM_OK)
        st = resolve_policy(o_policy, o_order, s, p, &err);
    double bw[BWM_MODEL_MAX_APPS], perf[BWM_MODEL_MAX_APPS], alone[BWM_MODEL_MAX_APPS], sd[BWM_MODEL_MAX_APPS];
    bwm_metrics m;
    if (st == BWM_OK) {
        bwm_app_set_share(s, p, bw);
        for (size_t i = 0; i < s->n; i++) {
            perf[i] = bwm_app_perf(&s->apps[i], bw[i]);
            alone[i] = bwm_app_perf_alone(&s->apps[i]);
        }
        st = bwm_metrics_eval(perf, alone, s->n, sd, &m, &err);
    }
    bwm_provenance prov;
    if (st == BWM_OK)
        st = bwm_app_provenance(&cmd, argc, argv, s, &prov, &err);
    if (st != BWM_OK) {
        free(s);
        free(p);
        return bwm_cli_report(&cmd, st, &err);
    }
    char name[BWM_POLICY_NAME_MAX];
    bwm_policy_name(p, name, sizeof name);
    bwm_table t;
    bwm_out_alloc_table_init(&t, "Bandwidth sharing", s);
    bwm_out_alloc_rows(&t, name, s, bw, perf, sd, &m);
    bwm_result_table tab = {"allocation", &t};
    bwm_result_prov rp = {&prov, o_prov};
    st = bwm_result_emit(&cmd, &common, &tab, 1, NULL, &rp);
    bwm_table_free(&t);
    free(s);
    free(p);
    return st;
}
