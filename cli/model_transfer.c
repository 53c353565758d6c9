/* model_transfer.c — "bwmpki model transfer": the ε-transfer analysis for N
 * applications: marginal value of bandwidth per metric, rankings, verdict. */
#include <stdio.h>
#include <stdlib.h>

#include "cli/app_args.h"
#include "cli/model_cmds.h"
#include "cli/model_out.h"
#include "cli/opts.h"
#include "model/share.h"
#include "model/transfer.h"


static int operating_point(const char *o_at, const char *o_bw, const bwm_app_set *s, double *bw,
                           bwm_err *err)
{
    bwm_err inner;
    if (o_at && o_bw)
        return bwm_fail(err, BWM_EINPUT, "give at most one of --at and --bw");
    if (o_bw) {
        size_t n = 0;
        int st = bwm_opt_doubles("bw", o_bw, bw, BWM_MODEL_MAX_APPS, &n, err);
        if (st != BWM_OK)
            return st;
        if (n != s->n)
            return bwm_fail(err, BWM_EINPUT, "option --bw: %zu values for %zu applications", n, s->n);
        double sum = 0;
        for (size_t i = 0; i < n; i++) {
            if (bw[i] < 0 || bw[i] > s->apps[i].bw_alone)
                return bwm_fail(err, BWM_EINPUT, "option --bw: value %zu (%g) must be within 0..bw_alone (%g)",
                                i + 1, bw[i], s->apps[i].bw_alone);
            sum += bw[i];
        }
        if (sum > s->peak * (1 + 1e-12))
            return bwm_fail(err, BWM_EINPUT, "option --bw: the values add up to %g, more than the peak %g",
                            sum, s->peak);
        return BWM_OK;
    }
    bwm_policy *p = malloc(sizeof *p);
    if (!p)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    int st = bwm_policy_parse(o_at ? o_at : "frfcfs", s->n, p, &inner);
    if (st == BWM_OK)
        bwm_share(p, s->apps, s->n, s->peak, bw);
    else
        bwm_fail(err, st, "option --at: %s", inner.msg);
    free(p);
    return st;
}

static void emit(const bwm_transfer *t, const bwm_app_set *s, const double *bw, const char *at,
                 bwm_format fmt, bwm_buf *out)
{
    if (fmt == BWM_FMT_JSON) {
        bwm_json j;
        bwm_json_init(&j, out);
        bwm_json_obj_begin(&j);
        bwm_json_kv_num(&j, "peak", s->peak);
        bwm_json_kv_nums(&j, "bw", bw, s->n);
        bwm_out_transfer_json(&j, t, s, at);
        bwm_json_obj_end(&j);
        return;
    }
    static const char *const cols[] = {"app", "name", "mpki", "bw_alone", "bw", "mv_it", "mv_ws",
                                       "mv_ws_approx", "mv_hs", "rank_it", "rank_ws", "rank_ws_approx",
                                       "rank_hs"};
    char title[160];
    snprintf(title, sizeof title, "Marginal value of bandwidth per application (operating point: %s)", at);
    bwm_table tab;
    bwm_table_init(&tab, title, cols, sizeof cols / sizeof cols[0]);
    for (size_t i = 0; i < s->n; i++) {
        bwm_table_int(&tab, (long long)i + 1);
        bwm_table_str(&tab, s->names[i]);
        bwm_table_num(&tab, s->apps[i].mpki);
        bwm_table_num(&tab, s->apps[i].bw_alone);
        bwm_table_num(&tab, bw[i]);
        for (int m = 0; m < BWM_MV_COUNT; m++)
            bwm_table_num(&tab, t->value[m][i]);
        for (int m = 0; m < BWM_MV_COUNT; m++)
            for (size_t k = 0; k < s->n; k++)
                if (t->rank[m][k] == i)
                    bwm_table_int(&tab, (long long)k + 1);
    }
    bwm_table_render(&tab, fmt, out);
    bwm_table_free(&tab);
    if (fmt == BWM_FMT_TABLE) {
        bwm_buf_puts(out, "\n");
        bwm_out_transfer_table(&tab, t, s);
        bwm_table_render(&tab, fmt, out);
        bwm_table_free(&tab);
    }
}

int bwm_cmd_model_transfer(int argc, char **argv)
{
    bwm_app_opts ao = {0};
    const char *o_at = NULL, *o_bw = NULL;

    const bwm_opt opts[] = {
        BWM_APP_OPTS(ao),
        {"at", "POLICY", "operating point for the attained-bandwidth rules (default frfcfs)", &o_at, NULL},
        {"bw", "LIST", "operating point given directly: attained bandwidth per application", &o_bw, NULL},
    };

    const bwm_cmd cmd = {
        "bwmpki model transfer",
        "Which application to favour with the next unit of bandwidth, per metric (paper 000, Eq. 4-18):\n"
        "marginal value 1/mpki (IT), 1/bw_alone (WS), 1/bw (WS without alone profiles), bw_alone/bw^2 (HS).",
        "Examples:\n"
        "  bwmpki model transfer --mpki 20,5 --bw-alone 30,40 --peak 50\n"
        "  bwmpki model transfer --apps GUPS,SCP,HISTO --at weis --format json",
        opts, sizeof opts / sizeof opts[0],
    };
    bwm_common common;
    bwm_err err;
    bwm_app_set *s;
    bwm_transfer *t = NULL;
    double bw[BWM_MODEL_MAX_APPS];
    int st = bwm_app_cmd_start(&cmd, argc, argv, &ao, &common, &s, &err);
    if (st < 0)
        return 0;
    if (st == BWM_OK && !(t = malloc(sizeof *t)))
        st = bwm_fail(&err, BWM_EFAIL, "out of memory");
    if (st == BWM_OK)
        st = operating_point(o_at, o_bw, s, bw, &err);
    if (st == BWM_OK) {
        bwm_transfer_eval(s->apps, s->n, s->peak, bw, t);
        bwm_buf out;
        bwm_buf_init(&out);
        emit(t, s, bw, o_bw ? "given" : o_at ? o_at : "frfcfs", common.format, &out);
        st = bwm_cli_emit(&cmd, &common, &out);
        bwm_buf_free(&out);
    } else {
        bwm_cli_report(&cmd, st, &err);
    }
    free(s);
    free(t);
    return st;
}
