/* study_workloads.c — "bwmpki study workloads": the study's workload list,
 * picked from the catalogue and the paper's named workloads (study/pick.h).
 * Its output is committed as data/workloads/study.csv. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/data_path.h"
#include "cli/opts.h"
#include "io/provenance.h"
#include "cli/result_out.h"
#include "cli/study_cmds.h"
#include "io/csv.h"
#include "study/pick.h"

#define MAX_NAMED 64

/* The 'where' column of the named workloads, in the order the list loader
 * read them (optional: "" when the file has none). */
static int read_where(const char *path, size_t n, char (*where)[32], bwm_err *err)
{
    bwm_csv c;
    int st = bwm_csv_open(&c, path, err);
    if (st == BWM_OK)
        st = bwm_csv_header(&c, err);
    int col = st == BWM_OK ? bwm_csv_col(&c, "where") : -1;
    for (size_t k = 0; st == BWM_OK && k < n; k++) {
        int got;
        st = bwm_csv_read(&c, &got, err);
        snprintf(where[k], 32, "%s", st == BWM_OK && got && col >= 0 ? bwm_csv_field(&c, col) : "");
    }
    bwm_csv_close(&c);
    return st;
}

int bwm_cmd_study_workloads(int argc, char **argv)
{
    const char *apps_file = NULL, *named = NULL;
    int o_prov = 0;
    const bwm_opt opts[] = {
        {"apps-file", "FILE", "applications catalogue (default: the shipped data/apps.csv, Table 1)", &apps_file, NULL},
        {"named", "FILE", "the workloads the paper names, id,apps,where (default: data/workloads/paper.csv)", &named,
         NULL},
        BWM_PROVENANCE_OPT(o_prov),
    };
    const bwm_cmd cmd = {
        "bwmpki study workloads",
        "The study's workloads, chosen deterministically: 100 pairs covering every MPKI and BW class (the paper's "
        "named pairs first), the 25-workload IT and WS subsets, 10 triples, every application alone, and the "
        "--quick flags.",
        "Fields: id,apps,class_mpki,class_bw,d_mpki,d_bw_frac,it_subset,ws_subset,quick,paper (flags true/false).\n"
        "CSV starts with comment lines saying what the file is (it is a workload list the study reads); JSON:\n"
        "{\"workloads\":[...], \"provenance\":{...}}.\n"
        "The shipped data/workloads/study.csv is: bwmpki study workloads -o data/workloads/study.csv",
        opts, sizeof opts / sizeof opts[0],
    };
    bwm_common common;
    bwm_err err;
    int st = bwm_opts_parse(&cmd, argc, argv, &common, &err);
    if (st < 0)
        return 0;
    if (st != BWM_OK)
        return bwm_cli_report(&cmd, st, &err);
    char cat_path[4096], named_path[4096];
    bwm_catalog_path(apps_file, cat_path, sizeof cat_path);
    if (named)
        snprintf(named_path, sizeof named_path, "%s", named);
    else
        bwm_data_path("workloads/paper.csv", named_path, sizeof named_path);
    bwm_catalog cat = {0};
    bwm_workload_list list = {0};
    bwm_pick_list pick = {0};
    char (*where)[32] = NULL;
    const char *where_ptr[MAX_NAMED];
    st = bwm_catalog_load(&cat, cat_path, &err);
    if (st == BWM_OK)
        st = bwm_workloads_load(&list, named_path, &cat, &err);
    if (st == BWM_OK && list.n > MAX_NAMED)
        st = bwm_fail(&err, BWM_EINPUT, "%s: more than %d workloads", named_path, MAX_NAMED);
    if (st == BWM_OK && !(where = calloc(list.n, sizeof *where)))
        st = bwm_fail(&err, BWM_EFAIL, "out of memory");
    if (st == BWM_OK)
        st = read_where(named_path, list.n, where, &err);
    for (size_t k = 0; st == BWM_OK && k < list.n; k++)
        where_ptr[k] = where[k];
    if (st == BWM_OK)
        st = bwm_pick(&cat, &list, where_ptr, &pick, &err);
    bwm_provenance prov;
    bwm_provenance_init(&prov, cmd.path, argc, argv);
    if (st == BWM_OK)
        st = bwm_provenance_files(&prov, NULL, NULL, cat_path, named_path, &err);
    if (st != BWM_OK) {
        bwm_cli_report(&cmd, st, &err);
    } else {
        bwm_table t;
        bwm_pick_table(&cat, &pick, &t);
        bwm_result_table tab = {"workloads", &t};
        bwm_result_prov rp = {&prov, o_prov};
        bwm_buf out;
        bwm_buf_init(&out);
        if (common.format == BWM_FMT_CSV)
            bwm_buf_puts(&out, bwm_pick_csv_comment);
        bwm_result_render(&tab, 1, 0, common.format, &rp, &out);
        st = bwm_cli_emit(&cmd, &common, &out);
        bwm_buf_free(&out);
        bwm_table_free(&t);
    }
    bwm_pick_free(&pick);
    free(where);
    bwm_workloads_free(&list);
    bwm_catalog_free(&cat);
    return st;
}
