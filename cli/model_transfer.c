/* model_transfer.c — "bwmpki model transfer": the ε-transfer analysis for N
 * applications: marginal value of bandwidth per metric, rankings, verdict. */
#include <stdio.h>
#include <stdlib.h>

#include "cli/app_args.h"
#include "cli/model_cmds.h"
#include "cli/model_out.h"
#include "cli/opts.h"
#include "cli/result_out.h"
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
        bwm_app_set_share(s, p, bw);
    else
        bwm_fail(err, st, "option --at: %s", inner.msg);
    free(p);
    return st;
}

static int emit(const bwm_transfer *t, const bwm_app_set *s, const double *bw, const char *at, bwm_format fmt,
                size_t pick, const bwm_result_prov *prov, bwm_buf *out)
{
    bwm_table tab[2] = {{0}};
    int bad = bwm_out_marginal_table(&tab[0], t, s, bw, at);
    bad |= bwm_out_verdict_table(&tab[1], t, s, at);
    if (!bad && fmt == BWM_FMT_JSON) {
        bwm_json j;
        bwm_json_init(&j, out);
        bwm_json_obj_begin(&j);
        bwm_json_kv_num(&j, "peak", s->peak);
        bwm_json_kv_nums(&j, "bw", bw, s->n);
        bwm_out_transfer_json(&j, &tab[1], &tab[0]);
        bwm_provenance_json(prov->p, &j);
        bwm_json_obj_end(&j);
    } else if (!bad && fmt == BWM_FMT_CSV) {
        bwm_result_csv_head(prov, fmt, out);
        bwm_table_render(&tab[pick], fmt, out);
    } else if (!bad) {
        bwm_table_render(&tab[0], fmt, out);
        bwm_buf_puts(out, "\n");
        bwm_table why;
        bwm_out_transfer_table(&why, t, s);
        bwm_table_render(&why, fmt, out);
        bwm_table_free(&why);
    }
    bad |= tab[0].failed || tab[1].failed;
    bwm_table_free(&tab[0]);
    bwm_table_free(&tab[1]);
    return bad ? -1 : 0;
}

int bwm_cmd_model_transfer(int argc, char **argv)
{
    bwm_app_opts ao = {0};
    const char *o_at = NULL, *o_bw = NULL, *o_table = NULL;
    int o_prov = 0;
    static const char *const keys[] = {"marginal", "verdict"};

    const bwm_opt opts[] = {
        BWM_APP_OPTS(ao),
        {"at", "POLICY", "operating point for the attained-bandwidth rules (default frfcfs)", &o_at, NULL},
        {"bw", "LIST", "operating point given directly: attained bandwidth per application", &o_bw, NULL},
        BWM_TABLE_OPT(o_table, "CSV table: marginal (default; one row per application) or verdict (one row)"),
        BWM_PROVENANCE_OPT(o_prov),
    };

    const bwm_cmd cmd = {
        "bwmpki model transfer",
        "Which application to favour with the next unit of bandwidth, per metric (paper 000, Eq. 4-18):\n"
        "marginal value 1/mpki (IT), 1/bw_alone (WS), 1/bw (WS without alone profiles), bw_alone/bw^2 (HS).",
        "JSON: {\"peak\", \"bw\":[...], \"transfer\":{verdict fields, \"marginal\":[rows]}, \"provenance\"}.\n"
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
    size_t pick = 0;
    if (st == BWM_OK)
        st = bwm_result_pick(o_table, keys, 2, &pick, &err);
    bwm_provenance prov;
    if (st == BWM_OK)
        st = bwm_app_provenance(&cmd, argc, argv, s, &prov, &err);
    if (st == BWM_OK) {
        bwm_transfer_eval(s->apps, s->n, s->peak, bw, t);
        bwm_buf out;
        bwm_buf_init(&out);
        bwm_result_prov rp = {&prov, o_prov};
        if (emit(t, s, bw, o_bw ? "given" : o_at ? o_at : "frfcfs", common.format, pick, &rp, &out) != 0)
            out.failed = 1;
        st = bwm_cli_emit(&cmd, &common, &out);
        bwm_buf_free(&out);
    } else {
        bwm_cli_report(&cmd, st, &err);
    }
    free(s);
    free(t);
    return st;
}
