/* fit_policy_cli_test.c — "bwmpki fit policy" on a small fixed set: the
 * tables' structure, their internal consistency (it_model = Σ ipc_model,
 * err = |model - sim| / sim, ipc_model = ipc_alone x bw_model / bw_alone),
 * the simulated numbers equal to "sim run" with the same options, alone runs
 * shared across workloads, --out files, and bad input (exit 2, the file and
 * line or option named, no output file). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/support/cli_expect.h"
#include "tests/support/tmp_text.h"

#define APPS "--apps-file " BWM_SOURCE_DIR "/data/apps_synth.csv"
#define RUN APPS " --cycles 20000 --warmup 2000"

/* The k-th object (0-based) of the JSON array under key. */
static const char *row(const char *json, const char *key, int k)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":[", key);
    const char *p = strstr(json, pat);
    cr_assert(p, "no %s in %s", key, json);
    p += strlen(pat);
    for (int i = 0; i < k; i++) {
        p = strchr(p, '}');
        cr_assert(p && p[1] == ',', "%s has no row %d", key, k);
        p += 2;
    }
    cr_assert_eq(*p, '{', "%s row %d: %.40s", key, k, p);
    return p;
}

/* The number of objects in the JSON array under key. */
static int rows(const char *json, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":[", key);
    const char *p = strstr(json, pat);
    cr_assert(p, "no %s", key);
    int n = 0;
    for (p += strlen(pat); *p != ']'; p++) {
        if (*p == '{')
            n++;
        if (*p == '{')
            p = strchr(p, '}');
    }
    return n;
}

static void close_to(double got, double want, const char *what)
{
    cr_assert(fabs(got - want) <= 1e-9 * fmax(1, fabs(want)), "%s: %.15g, expected %.15g", what, got, want);
}

static const char *sched_name(const char *obj, char *dst, size_t n)
{
    const char *p = strstr(obj, "\"sched\":\"");
    cr_assert(p);
    p += 9;
    size_t len = (size_t)(strchr(p, '"') - p);
    cr_assert(len < n);
    memcpy(dst, p, len);
    dst[len] = '\0';
    return dst;
}

Test(fit_policy_cli, tables_are_consistent_and_match_sim_run)
{
    bwm_run r;
    bwm_run_cli(&r, "fit policy --mixes BLK_GUPS --scheds frfcfs,prior " RUN " --format json");
    bwm_expect_ok(&r);
    const char *j = r.out;
    cr_assert_eq(rows(j, "apps"), 6, "%s", j);       /* frfcfs, prior-1, prior-2 x 2 applications */
    cr_assert_eq(rows(j, "scheds"), 3);
    cr_assert_eq(rows(j, "workloads"), 1);
    cr_assert_eq(rows(j, "classes"), 7);
    const char *prov = strstr(j, "\"provenance\":{\"version\":");
    cr_assert(prov, "%s", j);
    cr_assert_float_eq(bwm_json_number(prov, "cycles"), 20000, 0);
    bwm_expect_contains(prov, "\"apps_file\":\"" BWM_SOURCE_DIR "/data/apps_synth.csv\"");
    cr_assert_eq(rows(j, "alone"), 2);
    cr_assert_float_eq(bwm_json_number(j, "alone_runs"), 2, 1e-12);
    double peak = bwm_json_number(j, "peak");
    cr_assert_float_eq(peak, 88.704, 1e-9);
    double ipc_alone[2], bw_alone[2];
    for (int i = 0; i < 2; i++) {
        ipc_alone[i] = bwm_json_number(row(j, "alone", i), "ipc");
        bw_alone[i] = bwm_json_number(row(j, "alone", i), "bw");
    }
    const char *want_sched[] = {"frfcfs", "prior-1", "prior-2"};
    for (int k = 0; k < 3; k++) {
        const char *s = row(j, "scheds", k);
        char name[32];
        cr_assert_str_eq(sched_name(s, name, sizeof name), want_sched[k]);
        double it_model = 0, it_sim = 0, bw_model_sum = 0;
        for (int i = 0; i < 2; i++) {
            const char *a = row(j, "apps", 2 * k + i);
            double bw_sim = bwm_json_number(a, "bw_sim"), bw_model = bwm_json_number(a, "bw_model");
            double ipc_sim = bwm_json_number(a, "ipc_sim"), ipc_model = bwm_json_number(a, "ipc_model");
            close_to(bwm_json_number(a, "bw_err"), (bw_model - bw_sim) / bw_sim, "bw_err");
            close_to(bwm_json_number(a, "ipc_err"), (ipc_model - ipc_sim) / ipc_sim, "ipc_err");
            close_to(ipc_model, ipc_alone[i] * bw_model / bw_alone[i], "ipc_model");
            it_model += ipc_model;
            it_sim += ipc_sim;
            bw_model_sum += bw_model;
        }
        close_to(bwm_json_number(s, "it_model"), it_model, "it_model");
        close_to(bwm_json_number(s, "it_sim"), it_sim, "it_sim");
        close_to(bwm_json_number(s, "it_err"), (it_model - it_sim) / it_sim, "it_err");
        /* BLK and GUPS together ask for more than the peak: the model hands out all of it */
        close_to(bw_model_sum, peak, "model bandwidth");

        /* the simulated numbers are those of sim run with the same options */
        bwm_run sr;
        bwm_run_cli(&sr, "sim run --apps BLK,GUPS --sched %s " RUN " --format json", want_sched[k]);
        bwm_expect_ok(&sr);
        const char *a1 = strstr(sr.out, "\"apps\":[{");
        const char *a2 = strstr(a1 + 9, "},{");
        cr_assert(a1 && a2);
        close_to(bwm_json_number(row(j, "apps", 2 * k), "bw_sim"), bwm_json_number(a1, "bw"), "bw vs sim run");
        close_to(bwm_json_number(row(j, "apps", 2 * k + 1), "ipc_sim"), bwm_json_number(a2, "ipc"), "ipc vs sim run");
        close_to(bwm_json_number(s, "ws_sim"), bwm_json_number(a2, "ws"), "ws vs sim run");
        close_to(bwm_json_number(s, "hs_sim"), bwm_json_number(a2, "hs"), "hs vs sim run");
        close_to(ipc_alone[0], bwm_json_number(a1, "ipc_alone"), "ipc_alone vs sim run");
        bwm_run_free(&sr);
    }
    /* frfcfs shares in proportion to demand */
    close_to(bwm_json_number(row(j, "apps", 0), "bw_model") / bwm_json_number(row(j, "apps", 1), "bw_model"),
             bw_alone[0] / bw_alone[1], "frfcfs proportions");
    /* BLK has the lower mpki (IT); WS favours the lower alone bw (Eq. 12-13) */
    const char *w = row(j, "workloads", 0);
    bwm_expect_contains(w, "\"favour_it_model\":\"BLK\"");
    bwm_expect_contains(w, bw_alone[0] < bw_alone[1] ? "\"favour_ws_model\":\"BLK\"" : "\"favour_ws_model\":\"GUPS\"");
    bwm_expect_contains(w, "\"class_mpki\":\"A-MPKI\"");
    const char *all = row(j, "classes", 0);
    bwm_expect_contains(all, "{\"class\":\"all\",\"workloads\":1,");
    bwm_run_free(&r);
}

Test(fit_policy_cli, alone_runs_are_shared_and_prior_expands_per_workload)
{
    bwm_run r;
    bwm_run_cli(&r, "fit policy --mixes BLK_GUPS,BLK_NN_QTC,GUPS_BLK --scheds its,prior " APPS
                    " --cycles 4000 --warmup 400 --format json");
    bwm_expect_ok(&r);
    /* BLK and GUPS on 15 SMs, BLK, NN and QTC on 10: five alone runs for three workloads */
    cr_assert_float_eq(bwm_json_number(r.out, "alone_runs"), 5, 1e-12);
    cr_assert_eq(rows(r.out, "alone"), 5);
    /* its + prior-1..2, its + prior-1..3, its + prior-1..2 */
    cr_assert_eq(rows(r.out, "scheds"), 3 + 4 + 3);
    cr_assert_eq(rows(r.out, "apps"), 3 * 2 + 4 * 3 + 3 * 2);
    char name[32];
    cr_assert_str_eq(sched_name(row(r.out, "scheds", 6), name, sizeof name), "prior-3");
    bwm_expect_contains(row(r.out, "scheds", 3), "\"model\":\"prior-low-mpki\"");
    bwm_run_free(&r);
}

Test(fit_policy_cli, a_run_shorter_than_a_quantum_says_so)
{
    bwm_run r;
    bwm_run_cli(&r, "fit policy --mixes BLK_GUPS --scheds frfcfs,atlas " APPS " --cycles 4000 --warmup 400 --format csv");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.err, "bwmpki fit policy: note: scheduler atlas ranks the applications once per quantum of "
                               "10000000 core cycles, and this run lasts 4400");
    bwm_run_free(&r);
}

Test(fit_policy_cli, text_csv_and_out_dir)
{
    const char *dir = "/tmp/bwm_fit_policy_out";
    bwm_run r;
    bwm_run_shell(&r, "rm -rf /tmp/bwm_fit_policy_out");
    bwm_run_free(&r);
    bwm_run_cli(&r, "fit policy --mixes BLK_GUPS --scheds frfcfs,rr " APPS
                    " --cycles 3000 --warmup 300 --format csv --out %s", dir);
    bwm_expect_ok(&r);
    cr_assert_eq(strncmp(r.out, "id,workload,sched,app,bw_sim,bw_model,bw_err,ipc_sim,ipc_model,ipc_err\n", 71), 0,
                 "%s", r.out);
    const char *tables[] = {"apps", "scheds", "workloads", "classes", "alone"};
    const char *ext[] = {"txt", "csv", "json"};
    for (size_t t = 0; t < 5; t++) {
        for (size_t e = 0; e < 3; e++) {
            char path[256];
            snprintf(path, sizeof path, "%s/policy_%s.%s", dir, tables[t], ext[e]);
            char *text = bwm_slurp(path);
            cr_assert(text && text[0], "%s missing or empty", path);
            if (t == 0 && e == 1)
                cr_assert_str_eq(text, r.out); /* stdout CSV is the apps table */
            if (e == 2)
                cr_assert_eq(text[0], '[', "%s", text);
            free(text);
        }
    }
    bwm_run_free(&r);
    bwm_run_cli(&r, "fit policy --mixes BLK_GUPS --scheds frfcfs,rr " APPS " --cycles 3000 --warmup 300 "
                    "--format table");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "Per application: bandwidth (GB/s)");
    bwm_expect_contains(r.out, "\n\nPer class: MARE");
    bwm_expect_contains(r.out, "| all    |         1 |");
    bwm_expect_contains(r.out, "| rr     | rr+rbl |");
    cr_assert(!strstr(r.out, "nan") && !strstr(r.out, "inf"), "%s", r.out);
    bwm_run_free(&r);
    bwm_run_shell(&r, "rm -rf /tmp/bwm_fit_policy_out");
    bwm_run_free(&r);
}

/* "fit policy APPS ARGS" (short runs) is bad input that writes nothing. */
static void bad(const char *args, const char *message)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "fit policy " APPS " --cycles 1000 --warmup 0 %s", args);
    bwm_expect_bad_cli_writes_nothing(cmd, message);
}

Test(fit_policy_cli, bad_input_exits_2_without_output)
{
    char one[BWM_TMP_PATH_MAX], four[BWM_TMP_PATH_MAX], unknown[BWM_TMP_PATH_MAX], noapps[BWM_TMP_PATH_MAX];
    bwm_write_tmp(one, "id,apps\n1,BLK_GUPS\n2,BLK\n");
    bwm_write_tmp(four, "# four\nid,apps\n1,BLK_GUPS_NN_QTC\n");
    bwm_write_tmp(unknown, "id,apps\n1,BLK_GUPS\n2,BLK_NOPE\n");
    bwm_write_tmp(noapps, "id,where\n1,x\n");
    char args[256], msg[256];
    snprintf(args, sizeof args, "--workloads %s", one);
    snprintf(msg, sizeof msg, "bwmpki fit policy: %s:3: workload 'BLK' has 1 application; fit policy compares 2 or 3",
             one);
    bad(args, msg);
    snprintf(args, sizeof args, "--workloads %s", four);
    snprintf(msg, sizeof msg, "%s:3: workload 'BLK_GUPS_NN_QTC' has 4 applications", four);
    bad(args, msg);
    snprintf(args, sizeof args, "--workloads %s", unknown);
    snprintf(msg, sizeof msg, "%s:3: unknown application 'NOPE' in workload 'BLK_NOPE'", unknown);
    bad(args, msg);
    snprintf(args, sizeof args, "--workloads %s", noapps);
    snprintf(msg, sizeof msg, "%s:1: missing column 'apps'", noapps);
    bad(args, msg);
    bad("--workloads /nonexistent/w.csv", "/nonexistent/w.csv");
    bad("--workloads " BWM_SOURCE_DIR "/tests/fixtures", "/tests/fixtures: is a directory (expected a file)");
    bad("--mixes BLK_NOPE", "option --mixes: unknown application 'NOPE' in workload 'BLK_NOPE'");
    bad("--mixes BLK_GUPS,NN", "option --mixes: workload 'NN' has 1 application");
    bad("--mixes BLK_GUPS --set '-gpgpu_n_clusters 1 -gpgpu_n_cores_per_cluster 1'",
        "option --mixes: workload 'BLK_GUPS' does not fit the GPU: 2 applications but the GPU has 1 SMs");
    bad("--mixes BLK_GUPS --workloads x.csv", "give --workloads or --mixes, not both");
    bad("--mixes BLK_GUPS --scheds frfcfs,fcfs", "option --scheds: scheduler 'fcfs' has no closed form");
    bad("--mixes BLK_GUPS --scheds asjf", "option --scheds: scheduler 'asjf' has no closed form");
    bad("--mixes BLK_GUPS --scheds nosuch", "option --scheds: unknown scheduler 'nosuch'");
    bad("--mixes BLK_GUPS --scheds frfcfs,,rr", "option --scheds: empty scheduler name (item 2)");
    bad("--mixes BLK_NN_QTC,BLK_GUPS --scheds prior-3",
        "option --scheds: workload BLK_GUPS: scheduler 'prior-3': policy 'prior-3': application 3 does not exist");
    bad("--mixes BLK_GUPS --cycles 0", "option --cycles");
    bad("--mixes BLK_GUPS --seed x", "option --seed");
    bad("--mixes BLK_GUPS --window -1", "option --window");
    bwm_expect_bad_cli_writes_nothing("fit policy --mixes BLK_GUPS --cycles 1000 --apps-file /nonexistent/apps.csv",
                                      "/nonexistent/apps.csv");
    bad("--mixes BLK_GUPS --apps-file /nonexistent/apps.csv", "option --apps-file: given twice");
    bwm_run r;
    bwm_run_cli(&r, "fit policy --mixes BLK_GUPS --out ''");
    bwm_expect_bad(&r, "option --out: empty folder name");
    bwm_run_free(&r);
    unlink(one);
    unlink(four);
    unlink(unknown);
    unlink(noapps);
}

Test(fit_policy_cli, help_and_area)
{
    bwm_run r;
    bwm_run_cli(&r, "fit policy --help");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "--mixes A_B,C_D_E");
    bwm_expect_contains(r.out, "rr -> rr weighted by rbl");
    bwm_run_free(&r);
    bwm_run_cli(&r, "fit --help");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "policy");
    bwm_run_free(&r);
}

#define TRACE_GPU " --config " BWM_SOURCE_DIR "/tests/fixtures/tested-cfgs/SM7_QV100.config --config " BWM_SOURCE_DIR \
                  "/tests/fixtures/accel-sim/SM7_QV100/trace.config"
#define VA "va=" BWM_SOURCE_DIR "/tests/fixtures/traces/vectoradd"

/* A traced application in a workload: its simulated numbers and its alone
 * profile are those of sim run on the same group in paper mode (its kernel
 * list's first pass), and the model is fed its alone profile. */
Test(fit_policy_cli, traced_workload_matches_sim_run)
{
    bwm_run r;
    bwm_run_cli(&r, "fit policy --traces " VA " --mixes va_BLK --scheds frfcfs,prior-2 " APPS TRACE_GPU
                    " --paper-mode --insts 400000 --format json");
    bwm_expect_ok(&r);
    const char *j = r.out;
    cr_assert_eq(rows(j, "alone"), 2, "%s", j);
    bwm_expect_contains(row(j, "alone", 0), "{\"app\":\"va\",\"sms\":40,");
    /* vectorAdd alone: 801,056 thread instructions and 12,500 + 6,250 sectors of DRAM traffic over them */
    const char *va_alone = row(j, "alone", 0);
    double mpki = bwm_json_number(va_alone, "mpki");
    cr_assert(mpki > 0, "%s", va_alone);
    const char *scheds[] = {"frfcfs", "prior-2"};
    for (int k = 0; k < 2; k++) {
        bwm_run sr;
        bwm_run_cli(&sr, "sim run --apps trace:" VA ",BLK --sched %s " APPS TRACE_GPU
                         " --paper-mode --insts 400000 --format json", scheds[k]);
        bwm_expect_ok(&sr);
        const char *a1 = strstr(sr.out, "\"apps\":[{");
        const char *a2 = strstr(a1 + 9, "},{");
        cr_assert(a1 && a2);
        close_to(bwm_json_number(row(j, "apps", 2 * k), "ipc_sim"), bwm_json_number(a1, "ipc"), "va ipc");
        close_to(bwm_json_number(row(j, "apps", 2 * k), "bw_sim"), bwm_json_number(a1, "bw"), "va bw");
        close_to(bwm_json_number(row(j, "apps", 2 * k + 1), "ipc_sim"), bwm_json_number(a2, "ipc"), "BLK ipc");
        close_to(bwm_json_number(va_alone, "ipc"), bwm_json_number(a1, "ipc_alone"), "va ipc_alone");
        close_to(mpki, bwm_json_number(a1, "mpki_alone"), "va mpki_alone");
        bwm_run_free(&sr);
    }
    bwm_run_free(&r);
}

Test(fit_policy_cli, bad_traces)
{
    /* MM is a catalogue row (matrix multiplication): a trace may not take its name */
    bwm_expect_bad_cli("fit policy --traces mm=" BWM_SOURCE_DIR "/tests/fixtures/traces/vectoradd --mixes mm_BLK "
                       APPS TRACE_GPU, "option --traces: trace name 'mm' is also an application of the catalogue");
    bwm_expect_bad_cli("fit policy --traces my_va=" BWM_SOURCE_DIR "/tests/fixtures/traces/vectoradd --mixes BLK_GUPS "
                       APPS TRACE_GPU, "option --traces: trace name 'my_va' has a '_'");
    bwm_expect_bad_cli("fit policy --traces " VA "," VA " --mixes BLK_GUPS " APPS TRACE_GPU,
                       "option --traces: two traces are named 'va'");
    bwm_expect_bad_cli("fit policy --traces va=" BWM_SOURCE_DIR "/tests/fixtures --mixes BLK_GUPS " APPS TRACE_GPU,
                       "option --traces: ");
    /* a workload naming a trace not given */
    bwm_expect_bad_cli("fit policy --mixes va_BLK " APPS TRACE_GPU, "option --mixes");
}

/* The JSON object at obj (flat: no nested braces), copied whole. */
static char *object(const char *obj)
{
    const char *end = strchr(obj, '}');
    cr_assert(end);
    size_t n = (size_t)(end - obj) + 1;
    char *s = malloc(n + 1);
    cr_assert(s);
    memcpy(s, obj, n);
    s[n] = '\0';
    return s;
}

/* obj with "engine":"NAME", inserted before the member "before". */
static char *with_engine(const char *obj, const char *before, const char *name)
{
    char key[64], *s = object(obj);
    snprintf(key, sizeof key, "\"%s\":", before);
    char *at = strstr(s, key);
    cr_assert(at, "no %s in %s", before, s);
    size_t n = strlen(s) + 64;
    char *out = malloc(n);
    cr_assert(out);
    snprintf(out, n, "%.*s\"engine\":\"%s\",%s", (int)(at - s), s, name, at);
    free(s);
    return out;
}

/* A string member's value of obj, copied into dst ("" when null). */
static const char *str_member(const char *obj, const char *key, char *dst, size_t n)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(obj, pat);
    cr_assert(p, "no %s in %.80s", key, obj);
    p += strlen(pat);
    dst[0] = '\0';
    if (*p == '"') {
        size_t len = (size_t)(strchr(p + 1, '"') - p - 1);
        cr_assert(len < n);
        memcpy(dst, p + 1, len);
        dst[len] = '\0';
    }
    return dst;
}

#define BOTH_RUN "fit policy --mixes BLK_GUPS,BLK_NN_QTC " RUN " --format json --model "

/* --model both: every row of --model paper and of --model queueing run
 * alone, each with its engine, the paper's row first; the same alone runs. */
Test(fit_policy_cli, both_models_are_each_model_run_alone, .timeout = 600)
{
    bwm_run both, one[2];
    bwm_run_cli(&both, BOTH_RUN "both");
    bwm_expect_ok(&both);
    static const char *const engine[2] = {"paper", "queueing"};
    bwm_run_cli(&one[0], BOTH_RUN "paper");
    bwm_run_cli(&one[1], BOTH_RUN "queueing");
    static const struct {
        const char *key, *before;
    } tables[] = {{"apps", "bw_sim"}, {"scheds", "model"}, {"workloads", "class_mpki"}, {"classes", "workloads"}};
    for (int e = 0; e < 2; e++) {
        bwm_expect_ok(&one[e]);
        for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++) {
            int n = rows(one[e].out, tables[t].key);
            /* 2 x 6 + 3 x 7 application rows of frfcfs, rr, its, weis, prior-1 .. prior-N; 7 classes, then the
               pairs and the triples */
            int want = t == 0 ? 33 : t == 1 ? 13 : t == 2 ? 2 : 7;
            cr_assert_eq(n, want, "%s: %d rows", tables[t].key, n);
            cr_assert_eq(rows(both.out, tables[t].key), 2 * n + (t == 3 ? 4 : 0));
            for (int k = 0; k < n; k++) {
                char *want_row = with_engine(row(one[e].out, tables[t].key, k), tables[t].before, engine[e]);
                char *got = object(row(both.out, tables[t].key, 2 * k + e));
                /* the workloads table ends in the workload's own MAREs */
                size_t len = strlen(want_row) - 1;
                cr_assert(strncmp(got, want_row, len) == 0 && (got[len] == '}' || got[len] == ','),
                          "%s row %d (%s):\n%s\nexpected\n%s", tables[t].key, k, engine[e], got, want_row);
                free(want_row);
                free(got);
            }
        }
    }
    /* the alone runs are the same (the probes of the queueing model are not among them) */
    const char *a = strstr(both.out, "\"alone\":["), *b = strstr(one[0].out, "\"alone\":[");
    cr_assert(a && b);
    cr_assert_eq(strncmp(a, b, (size_t)(strstr(b, "]") - b)), 0);
    cr_assert_float_eq(bwm_json_number(both.out, "alone_runs"), 5, 0);
    bwm_run_free(&both);
    bwm_run_free(&one[0]);
    bwm_run_free(&one[1]);
}

/* A mean of |error| over rows; n counts them. */
typedef struct err_acc {
    double sum;
    int n;
} err_acc;

static void acc(err_acc *a, double v)
{
    if (isfinite(v)) { /* as the summary: an undefined error (sim 0) counts nowhere */
        a->sum += fabs(v);
        a->n++;
    }
}

/* --model both: each class's MARE is the mean of the errors of the rows of
 * its workloads (apps rows for bw and ipc, scheds rows for it, ws, hs), a
 * workload's own MARE that over its rows; the agreement rate the mean of
 * the workloads' agreements. */
Test(fit_policy_cli, both_models_class_mares_are_means_of_the_workloads_errors, .timeout = 300)
{
    bwm_run r;
    bwm_run_cli(&r, BOTH_RUN "both");
    bwm_expect_ok(&r);
    const char *j = r.out;
    static const char *const engine[2] = {"paper", "queueing"};
    static const char *const metric[3] = {"it", "ws", "hs"};
    for (int e = 0; e < 2; e++) {
        /* per workload (0: BLK_GUPS, 1: BLK_NN_QTC): bw, ipc, it, ws, hs */
        err_acc w_err[2][5];
        memset(w_err, 0, sizeof w_err);
        for (int k = e; k < rows(j, "apps"); k += 2) {
            const char *x = row(j, "apps", k);
            char id[8], eng[16];
            cr_assert_str_eq(str_member(x, "engine", eng, sizeof eng), engine[e]);
            int w = atoi(str_member(x, "id", id, sizeof id)) - 1;
            acc(&w_err[w][0], bwm_json_number(x, "bw_err"));
            acc(&w_err[w][1], bwm_json_number(x, "ipc_err"));
        }
        for (int k = e; k < rows(j, "scheds"); k += 2) {
            const char *x = row(j, "scheds", k);
            char id[8];
            int w = atoi(str_member(x, "id", id, sizeof id)) - 1;
            for (int m = 0; m < 3; m++) {
                char key[16];
                snprintf(key, sizeof key, "%s_err", metric[m]);
                acc(&w_err[w][2 + m], bwm_json_number(x, key));
            }
        }
        static const char *const mare[5] = {"mare_bw", "mare_ipc", "mare_it", "mare_ws", "mare_hs"};
        char cls[2][2][16];             /* per workload: class_mpki, class_bw */
        int agree[2][3];
        for (int w = 0; w < 2; w++) {
            const char *x = row(j, "workloads", 2 * w + e);
            for (int q = 0; q < 5; q++)
                close_to(bwm_json_number(x, mare[q]), w_err[w][q].sum / w_err[w][q].n, mare[q]);
            str_member(x, "class_mpki", cls[w][0], sizeof cls[w][0]);
            str_member(x, "class_bw", cls[w][1], sizeof cls[w][1]);
            for (int m = 0; m < 3; m++) {
                char key[16], v[8];
                snprintf(key, sizeof key, "\"agree_%s\":", metric[m]);
                const char *p = strstr(x, key);
                cr_assert(p);
                snprintf(v, sizeof v, "%.4s", p + strlen(key));
                agree[w][m] = strcmp(v, "true") == 0 ? 1 : strcmp(v, "fals") == 0 ? 0 : -1;
            }
        }
        /* BLK_GUPS is a pair, BLK_NN_QTC a triple: "all" weighs each workload by its rows */
        for (int k = e; k < rows(j, "classes"); k += 2) {
            const char *x = row(j, "classes", k);
            char name[16], eng[16];
            str_member(x, "class", name, sizeof name);
            cr_assert_str_eq(str_member(x, "engine", eng, sizeof eng), engine[e]);
            int in[2];
            for (int w = 0; w < 2; w++)
                in[w] = !strcmp(name, "all") || !strcmp(name, cls[w][0]) || !strcmp(name, cls[w][1]) ||
                        (!strcmp(name, "pairs") && w == 0) || (!strcmp(name, "triples") && w == 1);
            cr_assert_float_eq(bwm_json_number(x, "workloads"), in[0] + in[1], 0, "%s", x);
            if (!in[0] && !in[1]) {
                bwm_expect_contains(x, "\"mare_bw\":null");
                continue;
            }
            for (int q = 0; q < 5; q++) {
                double sum = 0;
                int n = 0;
                for (int w = 0; w < 2; w++)
                    if (in[w]) {
                        sum += w_err[w][q].sum;
                        n += w_err[w][q].n;
                    }
                close_to(bwm_json_number(x, mare[q]), sum / n, mare[q]);
            }
            for (int m = 0; m < 3; m++) {
                double sum = 0;
                int n = 0;
                for (int w = 0; w < 2; w++)
                    if (in[w] && agree[w][m] >= 0) {
                        sum += agree[w][m];
                        n++;
                    }
                char key[24];
                snprintf(key, sizeof key, "agree_%s_rate", metric[m]);
                if (n)
                    close_to(bwm_json_number(x, key), sum / n, key);
            }
        }
    }
    bwm_run_free(&r);
}

Test(fit_policy_cli, both_models_text_and_bad_model)
{
    static const char *const shown[] = {
        "; engine: paper 000's model or the queueing model, a row each on the same runs",
        "| all    | paper    |         1 |", "| all    | queueing |         1 |",
        "| 1   | BLK_GUPS | prior-2 | GUPS | queueing |", "\nQueueing model, from the alone runs only: "};
    bwm_run r;
    bwm_run_cli(&r, "fit policy --mixes BLK_GUPS --scheds frfcfs,prior --model both " APPS " --cycles 3000 "
                    "--warmup 300 --format table");
    bwm_expect_ok(&r);
    for (size_t k = 0; k < sizeof shown / sizeof shown[0]; k++)
        bwm_expect_contains(r.out, shown[k]);
    cr_assert(!strstr(r.out, "| pairs "), "one workload: no pairs row\n%s", r.out);
    bwm_run_free(&r);
    bad("--mixes BLK_GUPS --model nope", "option --model: 'nope' (expected paper, queueing or both)");
}
