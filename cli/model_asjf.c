/* model_asjf.c — "bwmpki model asjf": the α-SJF potential, the Eq. 5 and
 * hardware (k-rule) selections, and the state after serving one request. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/model_cmds.h"
#include "cli/opts.h"
#include "cli/result_out.h"
#include "io/json.h"
#include "io/table.h"
#include "model/asjf.h"
#include "util/num.h"

#define MAX_QUEUES 256

/* Parses "4h,1m,2.5m": a length followed by h (holds a row hit) or m. */
static int parse_queues(const char *s, bwm_asjf_queue *q, size_t *n, bwm_err *err)
{
    char buf[8192];
    char *piece[MAX_QUEUES];
    int k = bwm_split(s, ',', buf, sizeof buf, piece, MAX_QUEUES);
    if (k < 0)
        return bwm_fail(err, BWM_EINPUT, "option --queues: too many queues (at most %d)", MAX_QUEUES);
    for (int i = 0; i < k; i++) {
        size_t len = strlen(piece[i]);
        char last = len ? piece[i][len - 1] : '\0';
        if (last != 'h' && last != 'm')
            return bwm_fail(err, BWM_EINPUT, "option --queues: '%s' is not a length followed by h "
                            "(row hit) or m (no row hit)", piece[i]);
        piece[i][len - 1] = '\0';
        if (bwm_parse_double(piece[i], &q[i].len) != 0 || q[i].len <= 0)
            return bwm_fail(err, BWM_EINPUT, "option --queues: queue %d: length '%s' must be a number > 0",
                            i, piece[i]);
        q[i].hit = last == 'h';
        q[i].core = 0;
    }
    *n = (size_t)k;
    return BWM_OK;
}

/* --cores and --ready give each queue's core and each core's ready warps;
 * tolerance = ready × wc (paper 004, Eq. 4). */
static int parse_cores(const char *cores, const char *ready, const char *wc_s, bwm_asjf_queue *q, size_t n,
                       double *ftol, size_t *ncores, bwm_err *err)
{
    int64_t v[MAX_QUEUES];
    double wc = 1;
    size_t m = 0;
    if (!cores != !ready)
        return bwm_fail(err, BWM_EINPUT, "options --cores and --ready go together");
    if (!cores) {
        if (wc_s)
            return bwm_fail(err, BWM_EINPUT, "option --wc needs --cores and --ready");
        *ncores = 0;
        return BWM_OK;
    }
    int st = bwm_opt_wholes("cores", cores, "a core number", 0, MAX_QUEUES - 1, v, MAX_QUEUES, &m, err);
    if (st != BWM_OK)
        return st;
    if (m != n)
        return bwm_fail(err, BWM_EINPUT, "option --cores: %zu values for %zu queues", m, n);
    for (size_t i = 0; i < n; i++)
        q[i].core = (size_t)v[i];
    if (wc_s) {
        if ((st = bwm_opt_double("wc", wc_s, &wc, err)) != BWM_OK)
            return st;
        if (wc <= 0)
            return bwm_fail(err, BWM_EINPUT, "option --wc: must be > 0 (got %g)", wc);
    }
    if ((st = bwm_opt_doubles("ready", ready, ftol, MAX_QUEUES, ncores, err)) != BWM_OK)
        return st;
    for (size_t c = 0; c < *ncores; c++) {
        if (ftol[c] < 1)
            return bwm_fail(err, BWM_EINPUT, "option --ready: core %zu: ready warps must be >= 1 (got %g); "
                            "a core with no ready warp has no tolerance", c, ftol[c]);
        ftol[c] *= wc;
    }
    for (size_t i = 0; i < n; i++)
        if (q[i].core >= *ncores)
            return bwm_fail(err, BWM_EINPUT, "option --cores: queue %zu is on core %zu, but --ready lists %zu cores",
                            i, q[i].core, *ncores);
    return BWM_OK;
}

/* The queues table (one row per queue) and the summary table (one row). */
static int tables(const bwm_asjf_params *p, const bwm_asjf_queue *q, bwm_asjf_queue *after, size_t n,
                  bwm_table t[2])
{
    size_t sel = bwm_asjf_select_eq5(p, q, n);
    size_t hw = bwm_asjf_select_hw(p, q, n);
    double k = bwm_asjf_k(p->alpha, p->m);
    double r = bwm_asjf_potential(p, q, n);
    memcpy(after, q, n * sizeof *q);
    bwm_asjf_serve(p, after, sel);
    double r_after = bwm_asjf_potential(p, after, n);
    size_t core = bwm_asjf_select_core(p, q, n);
    static const char *const qcols[] = {"queue", "core", "length", "row_hit", "score", "chosen", "chosen_hw",
                                        "length_after"};
    static const char *const scols[] = {"k", "selected", "selected_hw", "potential", "alpha", "m", "agree",
                                        "core", "potential_after"};
    char title[256], k_text[32];
    if (isinf(k))
        snprintf(k_text, sizeof k_text, "inf");
    else
        snprintf(k_text, sizeof k_text, "%.6g", k);
    snprintf(title, sizeof title, "alpha-SJF (alpha %g, m %g, k %s): potential %.6g -> %.6g after serving queue %zu",
             p->alpha, p->m, k_text, r, r_after, sel);
    int bad = bwm_table_init(&t[0], title, qcols, sizeof qcols / sizeof qcols[0]);
    bad |= bwm_table_init(&t[1], "Selection", scols, sizeof scols / sizeof scols[0]);
    if (bad)
        return -1;
    for (size_t i = 0; i < n; i++) {
        bwm_table_int(&t[0], (long long)i);
        bwm_table_int(&t[0], (long long)q[i].core);
        bwm_table_num(&t[0], q[i].len);
        bwm_table_bool(&t[0], q[i].hit);
        bwm_table_num(&t[0], bwm_asjf_score(p, &q[i]));
        bwm_table_bool(&t[0], i == sel);
        bwm_table_bool(&t[0], i == hw);
        bwm_table_num(&t[0], after[i].len);
    }
    bwm_table_num(&t[1], k);
    bwm_table_int(&t[1], (long long)sel);
    bwm_table_int(&t[1], (long long)hw);
    bwm_table_num(&t[1], r);
    bwm_table_num(&t[1], p->alpha);
    bwm_table_num(&t[1], p->m);
    bwm_table_bool(&t[1], sel == hw);
    bwm_table_int(&t[1], (long long)core);
    bwm_table_num(&t[1], r_after);
    return t[0].failed || t[1].failed ? -1 : 0;
}

/* JSON: DESIGN.md's k, selected, selected_hw, scores (the queues' score
 * column), potential; the rest of the summary; the queues table; the
 * provenance. */
static void emit_json(const bwm_table t[2], const bwm_provenance *prov, bwm_buf *out)
{
    bwm_json j;
    bwm_json_init(&j, out);
    bwm_json_obj_begin(&j);
    bwm_table_row_range(&t[1], 0, 0, 3, &j);
    bwm_json_key(&j, "scores");
    bwm_json_arr_begin(&j);
    for (size_t i = 0; i < bwm_table_rows(&t[0]); i++)
        bwm_json_num(&j, t[0].cells[i * t[0].ncols + 4].num);
    bwm_json_arr_end(&j);
    bwm_table_row_range(&t[1], 0, 3, t[1].ncols, &j);
    bwm_json_key(&j, "queues");
    bwm_table_json(&t[0], &j);
    bwm_provenance_json(prov, &j);
    bwm_json_obj_end(&j);
}

int bwm_cmd_model_asjf(int argc, char **argv)
{
    const char *o_alpha = NULL, *o_m = NULL, *o_queues = NULL, *o_cores = NULL, *o_ready = NULL,
               *o_wc = NULL, *o_table = NULL;
    int o_prov = 0;
    static const char *const keys[] = {"queues", "summary"};
    const bwm_opt opts[] = {
        {"alpha", "A", "alpha in (0, 1]: near 1 FR-FCFS order, near 0 shortest job first", &o_alpha, NULL},
        {"m", "M", "row-miss/row-hit service-time ratio, >= 1 (default 3, GDDR5)", &o_m, NULL},
        {"queues", "LIST", "per-warp queues: length then h (has a row hit) or m, e.g. 4h,1m,2m", &o_queues, NULL},
        {"cores", "LIST", "core of each queue (0-based), for tolerance-aware core selection", &o_cores, NULL},
        {"ready", "LIST", "ready warps per core (>= 1); tolerance = ready x wc", &o_ready, NULL},
        {"wc", "W", "compute work per ready warp (default 1)", &o_wc, NULL},
        BWM_TABLE_OPT(o_table, "CSV table: queues (default; one row per queue) or summary (one row)"),
        BWM_PROVENANCE_OPT(o_prov),
    };
    const bwm_cmd cmd = {
        "bwmpki model asjf",
        "alpha-SJF (paper 004): potential r = sum q^alpha / ftol, the queue Eq. 5 selects, and the\n"
        "hardware rule (shortest hit queue H unless |H| > k |M|, k = m^(1/(1-alpha))); both must agree.",
        "selected and selected_hw are 0-based queue indices (chosen, chosen_hw: the same per queue, true/false);\n"
        "k is null (inf) at alpha = 1.  JSON: the summary's fields, scores, queues[], provenance.\n"
        "Example: bwmpki model asjf --alpha 0.5 --m 3 --queues 4h,1m,6h --format json",
        opts, sizeof opts / sizeof opts[0],
    };
    bwm_common common;
    bwm_err err;
    int st = bwm_opts_parse(&cmd, argc, argv, &common, &err);
    if (st < 0)
        return 0;
    bwm_asjf_queue q[MAX_QUEUES], after[MAX_QUEUES];
    double ftol[MAX_QUEUES];
    size_t n = 0, ncores = 0;
    bwm_asjf_params p = {0, 3, NULL, 0};
    if (st == BWM_OK && (!o_alpha || !o_queues))
        st = bwm_fail(&err, BWM_EINPUT, "options --alpha and --queues are required");
    if (st == BWM_OK && (st = bwm_opt_double("alpha", o_alpha, &p.alpha, &err)) == BWM_OK)
        st = bwm_opt_require("alpha", p.alpha > 0 && p.alpha <= 1, "in (0, 1]", p.alpha, &err);
    if (st == BWM_OK && o_m && (st = bwm_opt_double("m", o_m, &p.m, &err)) == BWM_OK)
        st = bwm_opt_require("m", p.m >= 1, ">= 1 (a row miss is not served faster than a hit)", p.m, &err);
    if (st == BWM_OK)
        st = parse_queues(o_queues, q, &n, &err);
    if (st == BWM_OK)
        st = parse_cores(o_cores, o_ready, o_wc, q, n, ftol, &ncores, &err);
    if (st == BWM_OK && ncores) {
        p.ftol = ftol;
        p.ncores = ncores;
    }
    if (st == BWM_OK)
        st = bwm_asjf_check(&p, q, n, &err); /* passes: each option checked above */
    if (st != BWM_OK)
        return bwm_cli_report(&cmd, st, &err);
    size_t pick = 0;
    st = bwm_result_pick(o_table, keys, 2, &pick, &err);
    if (st != BWM_OK)
        return bwm_cli_report(&cmd, st, &err);
    bwm_provenance prov;
    bwm_provenance_init(&prov, cmd.path, argc, argv);
    bwm_table t[2] = {{0}};
    bwm_buf out;
    bwm_buf_init(&out);
    if (tables(&p, q, after, n, t) != 0) {
        out.failed = 1;
    } else if (common.format == BWM_FMT_JSON) {
        emit_json(t, &prov, &out);
    } else if (common.format == BWM_FMT_CSV) {
        bwm_result_prov rp = {&prov, o_prov};
        bwm_result_csv_head(&rp, common.format, &out);
        bwm_table_render(&t[pick], BWM_FMT_CSV, &out);
    } else {
        bwm_table_render(&t[0], BWM_FMT_TABLE, &out);
    }
    st = bwm_cli_emit(&cmd, &common, &out);
    bwm_table_free(&t[0]);
    bwm_table_free(&t[1]);
    bwm_buf_free(&out);
    return st;
}
