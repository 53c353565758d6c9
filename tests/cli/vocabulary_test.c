/* vocabulary_test.c — every command that prints results speaks the manual's
 * vocabulary: each CSV header field and JSON key is a name of docs/vocabulary.md's
 * "Vocabulary" table (the test reads the table, so docs and outputs cannot
 * drift), a command's CSV tables and its JSON carry the same fields, and
 * booleans are true/false; every statistic of the statistics table
 * (sim/stats/stat_table.h) has its row there with the same unit and
 * meaning, and every per-application field of sim run is a statistic of
 * the table or one of the few fields around them.  Small inputs keep it
 * quick. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/stats/stat_table.h"
#include "tests/support/cli_expect.h"
#include "tests/support/cli_run.h"

#define SRC BWM_SOURCE_DIR
#define SMALL "--set '-gpgpu_n_clusters 4' --cycles 3000 --warmup 300"
#define MAX_NAMES 512

typedef struct names {
    char *v[MAX_NAMES];
    int boolean[MAX_NAMES]; /* vocabulary: the field is a boolean; outputs: a value was true/false */
    size_t n;
} names;

static long find(const names *s, const char *name, size_t len)
{
    for (size_t i = 0; i < s->n; i++)
        if (strlen(s->v[i]) == len && strncmp(s->v[i], name, len) == 0)
            return (long)i;
    return -1;
}

static size_t add(names *s, const char *name, size_t len)
{
    long at = find(s, name, len);
    if (at >= 0)
        return (size_t)at;
    cr_assert(s->n < MAX_NAMES);
    s->v[s->n] = strndup(name, len);
    s->boolean[s->n] = 0;
    return s->n++;
}

static void names_free(names *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->v[i]);
    s->n = 0;
}

/* docs/vocabulary.md's "## Vocabulary" table: rows "| `a`, `b` | meaning | unit |"; a
 * unit "true/false" marks a boolean. */
static void load_vocabulary(names *voc)
{
    char *readme = bwm_slurp(SRC "/docs/vocabulary.md");
    cr_assert(readme);
    char *p = strstr(readme, "\n## Vocabulary\n");
    cr_assert(p, "docs/vocabulary.md has no Vocabulary section");
    char *end = strstr(p + 1, "\n## ");
    for (char *line = p + 1; line && (!end || line < end); line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (strncmp(line, "| `", 3) != 0)
            continue;
        char *cell_end = strchr(line + 1, '|');
        char *eol = strchr(line, '\n');
        int boolean = eol && strstr(cell_end, "true/false") && strstr(cell_end, "true/false") < eol;
        for (char *q = line + 1; q < cell_end;) {
            char *a = strchr(q, '`');
            if (!a || a > cell_end)
                break;
            char *b = strchr(a + 1, '`');
            size_t i = add(voc, a + 1, (size_t)(b - a - 1));
            voc->boolean[i] |= boolean;
            q = b + 1;
        }
    }
    free(readme);
    cr_assert(voc->n > 50, "only %zu names in docs/vocabulary.md's vocabulary", voc->n);
}

/* A minimal JSON reader: collects the keys of scalar values and of arrays of
 * scalars (containers of objects are structure, not fields), skipping the
 * provenance object; notes which keys held true/false. */
static const char *skip_ws(const char *p)
{
    while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
        p++;
    return p;
}

static const char *json_value(const char *p, names *keys, long key);

static const char *json_string(const char *p, const char **start, size_t *len)
{
    cr_assert_eq(*p, '"');
    *start = ++p;
    while (*p != '"') {
        cr_assert(*p, "unterminated string");
        p += *p == '\\' ? 2 : 1;
    }
    *len = (size_t)(p - *start);
    return p + 1;
}

static const char *json_object(const char *p, names *keys)
{
    p = skip_ws(p + 1);
    while (*p != '}') {
        const char *k;
        size_t len;
        p = skip_ws(json_string(p, &k, &len));
        cr_assert_eq(*p, ':');
        p = skip_ws(p + 1);
        int prov = len == 10 && strncmp(k, "provenance", 10) == 0;
        int container = *p == '{' || (*p == '[' && *skip_ws(p + 1) == '{');
        long at = prov || container ? -1 : (long)add(keys, k, len);
        p = skip_ws(json_value(p, prov ? NULL : keys, at));
        if (*p == ',')
            p = skip_ws(p + 1);
    }
    return p + 1;
}

static const char *json_value(const char *p, names *keys, long key)
{
    names ignore = {0};
    names *into = keys ? keys : &ignore;
    if (*p == '{') {
        p = json_object(p, into);
    } else if (*p == '[') {
        p = skip_ws(p + 1);
        while (*p != ']') {
            p = skip_ws(json_value(p, into, key));
            if (*p == ',')
                p = skip_ws(p + 1);
        }
        p++;
    } else if (*p == '"') {
        const char *s;
        size_t len;
        p = json_string(p, &s, &len);
    } else if (strncmp(p, "true", 4) == 0 || strncmp(p, "false", 5) == 0) {
        if (key >= 0)
            into->boolean[key] = 1;
        p += *p == 't' ? 4 : 5;
    } else {
        cr_assert(*p == 'n' || *p == '-' || (*p >= '0' && *p <= '9'), "unexpected JSON at '%.20s'", p);
        while (*p && !strchr(",]} \n", *p))
            p++;
    }
    names_free(&ignore);
    return p;
}

/* The header of a CSV (after '#' comment lines) into fields; values of
 * each column that are true/false mark it boolean; a boolean column of the
 * vocabulary must hold nothing else. */
static void csv_fields(const char *what, const char *csv, const names *voc, names *fields)
{
    while (*csv == '#')
        csv = strchr(csv, '\n') + 1;
    const char *eol = strchr(csv, '\n');
    cr_assert(eol, "%s: no CSV header", what);
    size_t col[MAX_NAMES], ncol = 0;
    for (const char *p = csv; p < eol;) {
        const char *c = memchr(p, ',', (size_t)(eol - p));
        const char *e = c ? c : eol;
        col[ncol++] = add(fields, p, (size_t)(e - p));
        p = e + 1;
    }
    for (const char *row = eol + 1; *row; row = strchr(row, '\n') + 1) {
        size_t k = 0;
        const char *end = strchr(row, '\n');
        for (const char *p = row; p <= end && k < ncol; k++) {
            const char *e = p;
            if (*p == '"') /* quoted: up to the closing quote */
                for (e = p + 1; *e && !(e[0] == '"' && e[1] != '"'); e += e[0] == '"' ? 2 : 1)
                    ;
            e = strpbrk(e, ",\n");
            size_t len = (size_t)(e - p);
            int is_bool = (len == 4 && strncmp(p, "true", 4) == 0) || (len == 5 && strncmp(p, "false", 5) == 0);
            long v = find(voc, fields->v[col[k]], strlen(fields->v[col[k]]));
            if (is_bool)
                fields->boolean[col[k]] = 1;
            if (v >= 0 && voc->boolean[v])
                cr_assert(is_bool || len == 0, "%s: boolean column %s holds '%.*s'", what, fields->v[col[k]],
                          (int)len, p);
            p = e + 1;
        }
    }
}

static void expect_vocabulary(const char *what, const names *got, const names *voc)
{
    for (size_t i = 0; i < got->n; i++) {
        long v = find(voc, got->v[i], strlen(got->v[i]));
        cr_expect(v >= 0, "%s: field '%s' is not in docs/vocabulary.md's vocabulary", what, got->v[i]);
        int any = strcmp(got->v[i], "value") == 0; /* long setting,value files: the setting's type */
        if (v >= 0 && got->boolean[i] && !any)
            cr_expect(voc->boolean[v], "%s: field '%s' holds true/false but is not a boolean of the vocabulary", what,
                      got->v[i]);
    }
}

/* The same names, but for fixed JSON arrays that list a CSV column's values
 * (model asjf's scores: the queues' score). */
static void expect_same(const char *what, const names *csv, const names *json)
{
    static const char *const alias[][2] = {{"scores", "score"}};
    for (size_t i = 0; i < json->n; i++) {
        const char *k = json->v[i];
        for (size_t a = 0; a < sizeof alias / sizeof alias[0]; a++)
            if (strcmp(k, alias[a][0]) == 0)
                k = alias[a][1];
        cr_expect(find(csv, k, strlen(k)) >= 0, "%s: JSON field '%s' is not in the CSV", what, json->v[i]);
    }
    for (size_t i = 0; i < csv->n; i++)
        cr_expect(find(json, csv->v[i], strlen(csv->v[i])) >= 0, "%s: CSV field '%s' is not in the JSON", what,
                  csv->v[i]);
}

/* Both outputs against the vocabulary and each other; frees the lists. */
static void expect_all(const char *args, names *voc, names *json, names *csv)
{
    expect_vocabulary(args, json, voc);
    expect_vocabulary(args, csv, voc);
    expect_same(args, csv, json);
    names_free(voc);
    names_free(json);
    names_free(csv);
}

/* Runs "ARGS --format json" and "ARGS --format csv [--table T]" for each
 * table, checks the vocabulary and that CSV and JSON agree. */
static void check_command(const char *args, const char *const *tables)
{
    names voc = {0}, json = {0}, csv = {0};
    load_vocabulary(&voc);
    bwm_run r;
    bwm_run_cli(&r, "%s --format json", args);
    cr_assert_eq(r.status, 0, "%s: %s", args, r.err);
    json_value(skip_ws(r.out), &json, -1);
    bwm_run_free(&r);
    size_t nt = 0;
    while (tables && tables[nt])
        nt++;
    for (size_t t = 0; t < (nt ? nt : 1); t++) {
        if (nt)
            bwm_run_cli(&r, "%s --format csv --table %s", args, tables[t]);
        else
            bwm_run_cli(&r, "%s --format csv", args);
        cr_assert_eq(r.status, 0, "%s: %s", args, r.err);
        csv_fields(args, r.out, &voc, &csv);
        bwm_run_free(&r);
    }
    expect_all(args, &voc, &json, &csv);
}

Test(vocabulary, the_readme_table_lists_the_names_and_marks_the_booleans)
{
    names voc = {0};
    load_vocabulary(&voc);
    long app = find(&voc, "app", 3), conflict = find(&voc, "conflict", 8);
    cr_assert(app >= 0 && find(&voc, "app_index", 9) >= 0 && find(&voc, "app_name", 8) >= 0);
    cr_assert(!voc.boolean[app]);
    cr_assert(conflict >= 0 && voc.boolean[conflict]);
    cr_assert(find(&voc, "abbr", 4) < 0, "abbr is no longer an output field");
    names_free(&voc);
}

Test(vocabulary, model_commands)
{
    static const char *const compare[] = {"policies", "marginal", "verdict", NULL};
    static const char *const transfer[] = {"marginal", "verdict", NULL};
    static const char *const asjf[] = {"queues", "summary", NULL};
    check_command("model compare --mpki 20,5 --bw-alone 30,40 --peak 50", compare);
    check_command("model compare --apps BLK,QTC --rbl 2,3", compare);
    check_command("model share --apps GUPS,SCP,HISTO --order 3,2,1", NULL);
    check_command("model share --mpki 20,5 --bw-alone 30,40 --peak 50 --policy rr", NULL);
    check_command("model transfer --apps GUPS,SCP,HISTO --at weis", transfer);
    check_command("model perf --bw 60.03 --mpki 1.6 --max-ipc 2", NULL);
    check_command("model classify --mixes BLK_QTC,HISTO_TRD", NULL);
    check_command("model asjf --alpha 0.5 --m 3 --queues 4h,1m,6h", asjf);
}

Test(vocabulary, sim_commands)
{
    check_command("sim run --apps BLK,GUPS " SMALL, NULL);
    check_command("sim run --apps BLK,GUPS --set '-gpgpu_n_clusters 4 -bwm_mmu pwcache' --cycles 3000 --warmup 300",
                  NULL);
    check_command("sim dram --config " SRC "/data/configs/memsys15.config --trace " SRC
                  "/tests/fixtures/traces/small.trace --per-channel --per-bank", NULL);
    check_command("sim dram --config " SRC "/data/configs/memsys15.config --trace " SRC
                  "/tests/fixtures/traces/small.trace --per-channel --per-bank --energy", NULL);
    static const char *const energy[] = {"apps", "dram", NULL};
    check_command("sim run --apps BLK,GUPS --energy " SMALL, energy);
    static const char *const variation[] = {"apps", "runs", "summary", NULL};
    check_command("sim variation --apps VA --interferers MM --insts 100000", variation);
}

Test(vocabulary, fit_commands)
{
    static const char *const import[] = {"runs", "summary", NULL};
    static const char *const perf[] = {"errors", "summary", "params", NULL};
    check_command("fit import --logs " SRC "/tests/fixtures/gpgpusim/normal.log --csv " SRC
                  "/tests/fixtures/gpgpusim/runs.csv", import);
    bwm_run r;
    bwm_run_cli(&r, "sim run --apps BLK,GUPS " SMALL " --format csv -o /tmp/bwm_vocab_runs.csv");
    bwm_expect_ok(&r);
    bwm_run_free(&r);
    check_command("fit perf --results /tmp/bwm_vocab_runs.csv", perf);
}

/* fit policy and calibrate simulate: their tables come from --out in one run each. */
static void check_out_dir(const char *args, const char *dir, const char *const *files)
{
    names voc = {0}, json = {0}, csv = {0};
    load_vocabulary(&voc);
    bwm_run r;
    bwm_run_cli(&r, "%s --out %s --format json", args, dir);
    cr_assert(r.status == 0 || r.status == 1, "%s: %s", args, r.err); /* calibrate: 1 when out of tolerance */
    json_value(skip_ws(r.out), &json, -1);
    bwm_run_free(&r);
    for (size_t k = 0; files[k]; k++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, files[k]);
        char *text = bwm_slurp(path);
        cr_assert(text, "%s: no %s", args, path);
        csv_fields(path, text, &voc, &csv);
        free(text);
    }
    expect_all(args, &voc, &json, &csv);
}

Test(vocabulary, fit_policy_and_calibrate)
{
    static const char *const policy[] = {"policy_apps.csv", "policy_scheds.csv", "policy_workloads.csv",
                                         "policy_classes.csv", "policy_alone.csv", "policy_run.csv", NULL};
    static const char *const calib[] = {"calibration_check.csv", NULL};
    check_out_dir("fit policy --mixes BLK_GUPS --scheds frfcfs,prior --apps-file " SRC "/data/apps_synth.csv " SMALL,
                  "/tmp/bwm_vocab_policy", policy);
    check_out_dir("calibrate --check --apps BLK --no-progress " SMALL, "/tmp/bwm_vocab_calib", calib);
}

/* The fields of a CSV the study wrote. */
static void study_csv(const char *name, const names *voc, names *fields)
{
    char path[256];
    snprintf(path, sizeof path, "/tmp/bwm_vocab_study/%s", name);
    char *text = bwm_slurp(path);
    cr_assert(text, "no %s", path);
    csv_fields(path, text, voc, fields);
    free(text);
}

/* A tiny study: results.csv and metrics.csv against results.json, and the
 * fit tables and plan files it writes, against the vocabulary. */
Test(vocabulary, study_tables)
{
    static const char *const tables[] = {"results.csv", "metrics.csv", NULL};
    static const char *const fits[] = {"fit_perf.csv", "fit_perf_summary.csv", "fit_perf_params.csv",
                                       "fit_policy_apps.csv", "fit_policy_scheds.csv", "fit_policy_workloads.csv",
                                       "fit_policy_classes.csv", "plan/setup.csv", "plan/apps.csv",
                                       "plan/runs.csv", "variation.csv", "variation_runs.csv",
                                       "variation_summary.csv", "batching.csv", "batching_summary.csv", NULL};
    bwm_run r;
    bwm_run_shell(&r, "rm -rf /tmp/bwm_vocab_study && printf 'id,apps\\n1,BLK_NN\\n' > /tmp/bwm_vocab_study.csv");
    bwm_run_free(&r);
    bwm_run_cli(&r, "study --out /tmp/bwm_vocab_study --workloads /tmp/bwm_vocab_study.csv --cycles 4000 "
                    "--warmup 400 --sched its --variation-insts 100000 --no-progress");
    cr_assert_eq(r.status, 0, "%s", r.err);
    bwm_run_free(&r);
    names voc = {0}, json = {0}, csv = {0}, fit = {0};
    load_vocabulary(&voc);
    char *text = bwm_slurp("/tmp/bwm_vocab_study/results.json");
    cr_assert(text);
    json_value(skip_ws(text), &json, -1);
    free(text);
    for (size_t k = 0; tables[k]; k++)
        study_csv(tables[k], &voc, &csv);
    for (size_t k = 0; fits[k]; k++)
        study_csv(fits[k], &voc, &fit);
    expect_vocabulary("study fits", &fit, &voc);
    names_free(&fit);
    expect_all("study", &voc, &json, &csv);
}

/* study workloads writes a workload list: CSV (after its comment lines)
 * and JSON carry the same fields. */
Test(vocabulary, study_workloads_list)
{
    check_command("study workloads", NULL);
    names voc = {0}, csv = {0};
    load_vocabulary(&voc);
    bwm_run r;
    bwm_run_cli(&r, "study workloads --format csv");
    bwm_expect_ok(&r);
    csv_fields("study workloads", r.out, &voc, &csv);
    long quick = find(&csv, "quick", 5);
    cr_assert(quick >= 0 && csv.boolean[quick], "quick holds true/false");
    bwm_run_free(&r);
    names_free(&voc);
    names_free(&csv);
}

/* sim config: a long CSV (setting, value) whose settings are the JSON's keys. */
Test(vocabulary, sim_config_settings_are_the_json_keys)
{
    names voc = {0}, json = {0}, head = {0};
    load_vocabulary(&voc);
    bwm_run r;
    bwm_run_cli(&r, "sim config --format json");
    bwm_expect_ok(&r);
    json_value(skip_ws(r.out), &json, -1);
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim config --format csv");
    bwm_expect_ok(&r);
    csv_fields("sim config", r.out, &voc, &head);
    expect_vocabulary("sim config", &head, &voc);
    size_t rows = 0;
    for (const char *line = strchr(r.out, '\n') + 1; *line; line = strchr(line, '\n') + 1, rows++)
        cr_expect(find(&json, line, strcspn(line, ",")) >= 0, "sim config: setting '%.*s' is not a JSON key",
                  (int)strcspn(line, ","), line);
    cr_expect_eq(rows, json.n, "%zu CSV rows, %zu JSON keys", rows, json.n);
    bwm_run_free(&r);
    names_free(&voc);
    names_free(&json);
    names_free(&head);
}

/* Provenance in the commands that gained it. */
Test(vocabulary, provenance_of_model_commands_import_and_sim_config)
{
    bwm_run r;
    bwm_run_cli(&r, "model compare --apps BLK,QTC --format json");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "\"provenance\":{\"version\":\"");
    bwm_expect_contains(r.out, "\"command_line\":\"bwmpki model compare --apps BLK,QTC --format json\"");
    bwm_expect_contains(r.out, "\"apps_file\":\"");
    bwm_expect_contains(r.out, "\"apps_sha256\":\"");
    bwm_run_free(&r);
    bwm_run_cli(&r, "sim config --config " SRC "/tests/fixtures/gtx480.config --format json");
    bwm_expect_ok(&r);
    bwm_expect_contains(r.out, "\"command_line\":\"bwmpki sim config --config " SRC "/tests/fixtures/gtx480.config");
    char want[200];
    bwm_run sha;
    bwm_run_shell(&sha, "sha256sum " SRC "/tests/fixtures/gtx480.config");
    snprintf(want, sizeof want, "\"config_sha256\":\"%.64s\"", sha.out);
    bwm_expect_contains(r.out, want);
    bwm_run_free(&sha);
    bwm_run_free(&r);
    bwm_run_cli(&r, "fit import --csv " SRC "/tests/fixtures/gpgpusim/runs.csv --format csv --provenance");
    bwm_expect_ok(&r);
    cr_assert(strncmp(r.out, "# version: ", 11) == 0, "%s", r.out);
    bwm_expect_contains(r.out, "# command_line: bwmpki fit import --csv ");
    bwm_run_free(&r);
    bwm_run_cli(&r, "model asjf --alpha 0.5 --queues 4h,1m --format csv");
    bwm_expect_ok(&r);
    cr_assert(strncmp(r.out, "queue,", 6) == 0, "CSV stays plain without --provenance: %s", r.out);
    bwm_run_free(&r);
}

/* The row of docs/vocabulary.md's Vocabulary table whose first cell lists
 * `name`: its meaning (the middle cells) and unit (the last); 0 if none. */
static int vocabulary_row(const char *doc, const char *name, char *meaning, size_t mn, char *unit, size_t un)
{
    char tick[128];
    snprintf(tick, sizeof tick, "`%s`", name);
    const char *p = strstr(doc, "\n## Vocabulary\n");
    cr_assert(p);
    const char *end = strstr(p + 1, "\n## ");
    for (const char *line = strstr(p, "\n| `"); line && (!end || line < end); line = strstr(line + 1, "\n| `")) {
        const char *eol = strchr(line + 1, '\n'), *first = strstr(line + 1, " | ");
        const char *hit = strstr(line + 1, tick);
        if (!eol || !first || !hit || hit > first)
            continue;
        const char *last = first;
        for (const char *q = strstr(first + 3, " | "); q && q < eol; q = strstr(q + 3, " | "))
            last = q;
        snprintf(meaning, mn, "%.*s", (int)(last - first - 3), first + 3);
        snprintf(unit, un, "%.*s", (int)(eol - last - 5), last + 3); /* less the closing " |" */
        return 1;
    }
    return 0;
}

Test(vocabulary, every_statistic_of_the_table_has_its_row_with_its_unit_and_meaning)
{
    char *doc = bwm_slurp(SRC "/docs/vocabulary.md");
    cr_assert(doc);
    for (size_t k = 0; k < bwm_stat_count; k++) {
        const bwm_stat *s = &bwm_stat_table[k];
        char meaning[1024], unit[64];
        if (!vocabulary_row(doc, s->name, meaning, sizeof meaning, unit, sizeof unit)) {
            cr_expect(0, "statistic '%s' has no row in docs/vocabulary.md", s->name);
            continue;
        }
        cr_expect_str_eq(unit, s->unit, "%s: unit '%s' in docs/vocabulary.md, '%s' in the table", s->name, unit,
                         s->unit);
        cr_expect_str_eq(meaning, s->meaning, "%s: docs/vocabulary.md says '%s', the table '%s'", s->name, meaning,
                         s->meaning);
    }
    free(doc);
}

/* The other way: sim run's per-application fields, with translation and
 * thread blocks, are the table's statistics (those of the groups sim run
 * prints, every level of the walk) and the fields around them. */
Test(vocabulary, sim_run_prints_the_table_and_nothing_else_per_application)
{
    static const char *const around[] = {"workload", "sched", "mode", "seed", "requests", "name", "app_index", "app",
                                         "app_name", "ipc_alone", "mpki_alone", "bw_alone", "sd", "it", "ws", "hs",
                                         "antt", "max_slowdown", "unfairness"};
    names json = {0};
    bwm_run r;
    bwm_run_cli(&r, "sim run --config " SRC "/data/configs/mask17.config --apps-file " SRC "/data/apps_cta.csv "
                    "--apps BST --set '-bwm_mmu pwcache' --cycles 3000 --warmup 300 --format json");
    bwm_expect_ok(&r);
    json_value(skip_ws(r.out), &json, -1);
    bwm_run_free(&r);
    int levels = 0;
    for (size_t i = 0; i < json.n; i++) {
        int other = 0;
        for (size_t k = 0; k < sizeof around / sizeof around[0]; k++)
            other |= strcmp(json.v[i], around[k]) == 0;
        cr_expect(other || bwm_stat_find(json.v[i]), "sim run's field '%s' is not in sim/stats/stat_table.c",
                  json.v[i]);
        levels += strncmp(json.v[i], "walk_l2_hit_", 12) == 0;
    }
    cr_assert(levels >= 2, "the run translates, with a walk of %d levels", levels);
    static const bwm_stat_group printed[] = {BWM_SG_RUN, BWM_SG_STAGES, BWM_SG_CACHE, BWM_SG_SECTORS,
                                             BWM_SG_DRAM_BYTES, BWM_SG_LOCALITY, BWM_SG_XLAT};
    for (size_t g = 0; g < sizeof printed / sizeof printed[0]; g++) {
        const bwm_stat *s[BWM_STAT_MAX];
        size_t n = bwm_stat_list(printed[g], levels, s);
        for (size_t k = 0; k < n; k++)
            cr_expect(find(&json, s[k]->name, strlen(s[k]->name)) >= 0, "sim run does not print statistic '%s'",
                      s[k]->name);
    }
    names_free(&json);
}
