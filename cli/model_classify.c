/* model_classify.c — "bwmpki model classify": Class-A/B/C-MPKI and -BW of
 * workloads (paper 000, Sec. 7), with the application ITS and WEIS favour. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/data_path.h"
#include "cli/model_cmds.h"
#include "cli/opts.h"
#include "cli/result_out.h"
#include "io/catalog.h"
#include "io/table.h"
#include "io/workloads.h"
#include "model/classify.h"
#include "util/num.h"


/* Lowest value's abbreviation (ties: first). */
static const char *lowest(const bwm_workload *w, int by_mpki)
{
    const bwm_catalog_entry *best = w->apps[0];
    for (size_t i = 1; i < w->napps; i++) {
        double a = by_mpki ? w->apps[i]->mpki : w->apps[i]->bw_frac;
        double b = by_mpki ? best->mpki : best->bw_frac;
        if (a < b)
            best = w->apps[i];
    }
    return best->abbr;
}

static void add_row(bwm_table *t, const bwm_workload *w)
{
    double mpki[BWM_WORKLOAD_MAX_APPS], bwf[BWM_WORKLOAD_MAX_APPS];
    for (size_t i = 0; i < w->napps; i++) {
        mpki[i] = w->apps[i]->mpki;
        bwf[i] = w->apps[i]->bw_frac;
    }
    bwm_classes c = bwm_classify(mpki, bwf, w->napps);
    char cm[16], cb[16];
    snprintf(cm, sizeof cm, "%s-MPKI", bwm_class_letter(c.mpki));
    snprintf(cb, sizeof cb, "%s-BW", bwm_class_letter(c.bw));
    bwm_table_str(t, w->id);
    bwm_table_str(t, w->name);
    bwm_table_num(t, c.d_mpki);
    bwm_table_str(t, cm);
    bwm_table_num(t, c.d_bw_frac);
    bwm_table_str(t, cb);
    bwm_table_str(t, lowest(w, 1));
    bwm_table_str(t, lowest(w, 0));
}

int bwm_cmd_model_classify(int argc, char **argv)
{
    const char *o_workloads = NULL, *o_mixes = NULL, *o_apps_file = NULL;
    int o_prov = 0;

    const bwm_opt opts[] = {
        {"workloads", "FILE", "workload list (id,apps; apps joined by '_'), e.g. data/workloads/paper.csv",
         &o_workloads, NULL},
        {"mixes", "A_B,C_D", "workloads given directly instead of --workloads, e.g. BLK_QTC,HISTO_TRD", &o_mixes, NULL},
        {"apps-file", "FILE", "catalogue of applications (default: data/apps.csv)", &o_apps_file, NULL},
        BWM_PROVENANCE_OPT(o_prov),
    };

    const bwm_cmd cmd = {
        "bwmpki model classify",
        "Workload classes of paper 000, Sec. 7: Class-A/B/C-MPKI by |dMPKI| > 10, < 1, else;\n"
        "Class-A/B/C-BW by |dBW/C| > 50 %, else (25..50 %) B, < 25 % C.  More than two applications: max - min.",
        "favour_it_app, favour_ws_app: the application with the lowest mpki, the lowest bw_frac.\n"
        "JSON: {\"workloads\":[rows of the CSV], \"provenance\":{...}}.\n"
        "Examples:\n"
        "  bwmpki model classify --mixes BLK_QTC,HISTO_TRD\n"
        "  bwmpki model classify --workloads data/workloads/paper.csv --format csv",
        opts, sizeof opts / sizeof opts[0],
    };
    bwm_common common;
    bwm_err err;
    int st = bwm_opts_parse(&cmd, argc, argv, &common, &err);
    if (st < 0)
        return 0;
    if (st == BWM_OK && !o_workloads == !o_mixes)
        st = bwm_fail(&err, BWM_EINPUT, "give exactly one of --workloads and --mixes");
    if (st != BWM_OK)
        return bwm_cli_report(&cmd, st, &err);
    char path[1024];
    bwm_catalog_path(o_apps_file, path, sizeof path);
    bwm_catalog cat;
    st = bwm_catalog_load(&cat, path, &err);
    if (st != BWM_OK)
        return bwm_cli_report(&cmd, st, &err);
    bwm_workload_list list = {0};
    st = o_workloads ? bwm_workloads_load(&list, o_workloads, &cat, &err) : bwm_workloads_parse_list(&list, o_mixes, &cat, "option --mixes", &err);
    bwm_provenance prov;
    bwm_provenance_init(&prov, cmd.path, argc, argv);
    if (st == BWM_OK)
        st = bwm_provenance_files(&prov, NULL, NULL, path, o_workloads, &err);
    if (st == BWM_OK) {
        static const char *const cols[] = {"id", "workload", "d_mpki", "class_mpki", "d_bw_frac", "class_bw",
                                           "favour_it_app", "favour_ws_app"};
        bwm_table t;
        bwm_table_init(&t, "Workload classes (paper 000, Sec. 7); favour_*: lowest MPKI / lowest BW/C",
                       cols, sizeof cols / sizeof cols[0]);
        for (size_t i = 0; i < list.n; i++)
            add_row(&t, &list.w[i]);
        bwm_result_table tab = {"workloads", &t};
        bwm_result_prov rp = {&prov, o_prov};
        st = bwm_result_emit(&cmd, &common, &tab, 1, NULL, &rp);
        bwm_table_free(&t);
    } else {
        bwm_cli_report(&cmd, st, &err);
    }
    bwm_workloads_free(&list);
    bwm_catalog_free(&cat);
    return st;
}
