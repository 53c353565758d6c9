/* model_compare.c — "bwmpki model compare": every bandwidth-sharing policy on
 * one workload, its metrics, and the ε-transfer verdict. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/app_args.h"
#include "cli/model_cmds.h"
#include "cli/model_out.h"
#include "cli/opts.h"
#include "cli/result_out.h"
#include "model/compare.h"


/* The allocation, marginal-value and verdict tables; 0 or -1 (out of memory). */
static int make_tables(const bwm_comparison *c, const bwm_app_set *s, bwm_table t[3])
{
    bwm_out_alloc_table_init(&t[0], "Bandwidth sharing: one row per policy and application", s);
    for (size_t k = 0; k < c->npolicies; k++) {
        const bwm_policy_result *r = &c->r[k];
        bwm_out_alloc_rows(&t[0], r->name, s, r->bw, r->perf, r->sd, &r->m);
    }
    const double *bw = NULL;
    for (size_t k = 0; k < c->npolicies; k++)
        if (strcmp(c->r[k].name, c->operating_point) == 0)
            bw = c->r[k].bw;
    int bad = bwm_out_marginal_table(&t[1], &c->transfer, s, bw ? bw : c->r[0].bw, c->operating_point);
    bad |= bwm_out_verdict_table(&t[2], &c->transfer, s, c->operating_point);
    return bad || t[0].failed || t[1].failed || t[2].failed ? -1 : 0;
}

static void emit_json(const bwm_comparison *c, const bwm_app_set *s, const bwm_table t[3],
                      const bwm_provenance *prov, bwm_buf *out)
{
    bwm_json j;
    bwm_json_init(&j, out);
    bwm_json_obj_begin(&j);
    bwm_json_kv_num(&j, "peak", c->peak);
    bwm_json_key(&j, "apps");
    bwm_json_arr_begin(&j);
    for (size_t i = 0; i < c->n; i++) {
        bwm_json_obj_begin(&j);
        bwm_json_kv_num(&j, "mpki", s->apps[i].mpki);
        bwm_json_kv_num(&j, "bw_alone", s->apps[i].bw_alone);
        bwm_json_kv_num(&j, "perf_alone", c->perf_alone[i]);
        bwm_out_id_json(&j, s, i);
        bwm_json_kv_num(&j, "rbl", s->apps[i].rbl > 0 ? s->apps[i].rbl : NAN); /* null when not given */
        bwm_json_obj_end(&j);
    }
    bwm_json_arr_end(&j);
    bwm_json_key(&j, "policies");
    bwm_json_arr_begin(&j);
    for (size_t k = 0; k < c->npolicies; k++) {
        const bwm_policy_result *r = &c->r[k];
        double frac[BWM_MODEL_MAX_APPS];
        for (size_t i = 0; i < c->n; i++)
            frac[i] = r->bw[i] / c->peak;
        bwm_json_obj_begin(&j);
        bwm_json_kv_str(&j, "policy", r->name);
        bwm_json_kv_nums(&j, "bw", r->bw, c->n);
        bwm_json_kv_nums(&j, "perf", r->perf, c->n);
        bwm_json_kv_nums(&j, "sd", r->sd, c->n);
        bwm_json_kv_num(&j, "it", r->m.it);
        bwm_json_kv_num(&j, "ws", r->m.ws);
        bwm_json_kv_num(&j, "hs", r->m.hs);
        bwm_json_kv_num(&j, "antt", r->m.antt);
        bwm_json_kv_num(&j, "max_slowdown", r->m.max_slowdown);
        bwm_json_kv_num(&j, "unfairness", r->m.unfairness);
        bwm_json_kv_nums(&j, "bw_frac", frac, c->n);
        bwm_json_obj_end(&j);
    }
    bwm_json_arr_end(&j);
    bwm_out_transfer_json(&j, &t[2], &t[1]);
    bwm_provenance_json(prov, &j);
    bwm_json_obj_end(&j);
}

static void emit_text(const bwm_comparison *c, const bwm_app_set *s, bwm_buf *out)
{
    static const char *const cols[] = {"policy", "bw", "perf", "sd", "it", "ws", "hs", "antt",
                                       "max_slowdown", "unfairness"};
    bwm_buf title;
    bwm_buf_init(&title);
    bwm_buf_puts(&title, "Bandwidth sharing on ");
    for (size_t i = 0; i < c->n; i++)
        bwm_buf_printf(&title, "%s%s", i ? " / " : "", s->label[i]);
    bwm_buf_printf(&title, " (peak %g)", c->peak);
    bwm_table t;
    bwm_table_init(&t, bwm_buf_str(&title), cols, sizeof cols / sizeof cols[0]);
    bwm_buf_free(&title);
    bwm_buf cell;
    bwm_buf_init(&cell);
    for (size_t k = 0; k < c->npolicies; k++) {
        const bwm_policy_result *r = &c->r[k];
        const double *const parts[] = {r->bw, r->perf, r->sd};
        bwm_table_str(&t, r->name);
        for (size_t p = 0; p < sizeof parts / sizeof parts[0]; p++) {
            bwm_buf_clear(&cell);
            bwm_out_join(&cell, parts[p], c->n);
            bwm_table_str(&t, bwm_buf_str(&cell));
        }
        bwm_table_num(&t, r->m.it);
        bwm_table_num(&t, r->m.ws);
        bwm_table_num(&t, r->m.hs);
        bwm_table_num(&t, r->m.antt);
        bwm_table_num(&t, r->m.max_slowdown);
        bwm_table_num(&t, r->m.unfairness);
    }
    bwm_buf_free(&cell);
    bwm_table_render(&t, BWM_FMT_TABLE, out);
    bwm_table_free(&t);
    bwm_buf_puts(out, "\n");
    bwm_out_transfer_table(&t, &c->transfer, s);
    bwm_table_render(&t, BWM_FMT_TABLE, out);
    bwm_table_free(&t);
    bwm_buf_printf(out, "(attained-bw rule at the %s operating point; %s)\n", c->operating_point,
                   c->transfer.bandwidth_bound ? "demand exceeds peak: bandwidth-bound"
                                               : "demand fits under peak: no policy slows anyone down");
}

int bwm_cmd_model_compare(int argc, char **argv)
{
    bwm_app_opts ao = {0};
    const char *o_table = NULL;
    int o_prov = 0;
    static const char *const keys[] = {"policies", "marginal", "verdict"};

    const bwm_opt opts[] = {
        BWM_APP_OPTS(ao),
        BWM_TABLE_OPT(o_table, "CSV table: policies (default; one row per policy and application), marginal, verdict"),
        BWM_PROVENANCE_OPT(o_prov),
    };

    const bwm_cmd cmd = {
        "bwmpki model compare",
        "Every bandwidth-sharing policy on one workload (paper 000, Sec. 5): allocation, performance\n"
        "(perf = bw/mpki), slowdowns and IT/WS/HS/ANTT, plus which application to favour for IT and WS.",
        "Policies: prior-1..prior-N, prior-low-mpki, prior-low-bw, weis, rr, frfcfs, opt-it, opt-ws, opt-hs.\n"
        "antt, max_slowdown and unfairness are null ('-') when an application gets no bandwidth.\n"
        "JSON carries all three tables (policies as arrays per policy, transfer with its marginal rows).\n"
        "Examples:\n"
        "  bwmpki model compare --mpki 20,5 --bw-alone 30,40 --peak 50     (paper 000, Figure 6)\n"
        "  bwmpki model compare --apps BLK,QTC --peak 88.8 --format json",
        opts, sizeof opts / sizeof opts[0],
    };
    bwm_common common;
    bwm_err err;
    bwm_app_set *s;
    bwm_comparison *c = NULL;
    int st = bwm_app_cmd_start(&cmd, argc, argv, &ao, &common, &s, &err);
    if (st < 0)
        return 0;
    if (st == BWM_OK && s->n > BWM_COMPARE_MAX_APPS)
        st = bwm_fail(&err, BWM_EINPUT, "option --%s: %zu applications; model compare takes at most %d",
                      ao.apps ? "apps" : "mpki", s->n, BWM_COMPARE_MAX_APPS);
    if (st == BWM_OK && !(c = malloc(sizeof *c)))
        st = bwm_fail(&err, BWM_EFAIL, "out of memory");
    if (st == BWM_OK)
        st = s->queueing ? bwm_compare_by(s->apps, s->n, s->peak, bwm_queue_share_fn, &s->qctx, c, &err)
                         : bwm_compare(s->apps, s->n, s->peak, c, &err);
    size_t pick = 0;
    if (st == BWM_OK)
        st = bwm_result_pick(o_table, keys, 3, &pick, &err);
    bwm_provenance prov;
    if (st == BWM_OK)
        st = bwm_app_provenance(&cmd, argc, argv, s, &prov, &err);
    bwm_table t[3] = {{0}};
    if (st == BWM_OK && make_tables(c, s, t) != 0)
        st = bwm_fail(&err, BWM_EFAIL, "out of memory");
    if (st == BWM_OK) {
        bwm_buf out;
        bwm_buf_init(&out);
        if (common.format == BWM_FMT_JSON) {
            emit_json(c, s, t, &prov, &out);
        } else if (common.format == BWM_FMT_CSV) {
            bwm_result_prov rp = {&prov, o_prov};
            bwm_result_csv_head(&rp, common.format, &out);
            bwm_table_render(&t[pick], BWM_FMT_CSV, &out);
        } else {
            emit_text(c, s, &out);
        }
        st = bwm_cli_emit(&cmd, &common, &out);
        bwm_buf_free(&out);
    } else {
        bwm_cli_report(&cmd, st, &err);
    }
    for (int k = 0; k < 3; k++)
        bwm_table_free(&t[k]);
    free(s);
    free(c);
    return st;
}
