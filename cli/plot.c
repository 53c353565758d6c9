/* plot.c — "bwmpki plot NAME --results DIR": draws one figure of a study
 * (or every one, NAME = all) from its results, as PNG and SVG with gnuplot;
 * without gnuplot on PATH, writes the script and data and says how to
 * render them. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/area.h"
#include "cli/opts.h"
#include "cli/result_out.h"
#include "io/table.h"
#include "io/outfile.h"
#include "plots/figure.h"
#include "plots/gnuplot.h"

static void usage_details(char *dst, size_t n)
{
    char names[256];
    bwm_figure_names(names, sizeof names);
    snprintf(dst, n,
             "usage: bwmpki plot NAME --results DIR [--out FOLDER]\n"
             "NAME: %s, or all.  Writes FOLDER/NAME.dat (data), NAME.gp (gnuplot script), NAME.png and NAME.svg.\n"
             "Example: bwmpki plot fig8 --results out/study",
             names);
}

/* BWM_OK if dir is a study's folder with results to draw; else bad input
 * saying what dir is and how to make one. */
static int check_results_folder(const char *dir, bwm_err *err)
{
    struct stat st;
    char path[4200];
    if (stat(dir, &st) != 0)
        return bwm_fail(err, BWM_EINPUT, "option --results: no metrics.csv in '%s': there is no such folder; make "
                        "one with: bwmpki study --out %s", dir, dir);
    if (!S_ISDIR(st.st_mode))
        return bwm_fail(err, BWM_EINPUT, "option --results: '%s' is a file, not a study's folder (bwmpki study --out "
                        "DIR makes one)", dir);
    snprintf(path, sizeof path, "%s/metrics.csv", dir);
    if (stat(path, &st) == 0)
        return BWM_OK;
    snprintf(path, sizeof path, "%s/plan/setup.csv", dir);
    if (stat(path, &st) == 0)
        return bwm_fail(err, BWM_EINPUT, "option --results: no metrics.csv in '%s': the study there has not "
                        "finished; run it again to finish it (bwmpki study --out %s, with its other options)", dir,
                        dir);
    return bwm_fail(err, BWM_EINPUT, "option --results: no metrics.csv in '%s': not a study's folder; make one "
                    "with: bwmpki study --out %s", dir, dir);
}

static const char *const drawn_cols[] = {"figure", "data", "script", "png", "svg"};

static void init_drawn(bwm_table *t)
{
    bwm_table_init(t, "Figures", drawn_cols, sizeof drawn_cols / sizeof drawn_cols[0]);
}

/* Figure name's files in folder; png and svg empty when gnuplot did not
 * render them. */
static void add_drawn(bwm_table *t, const char *folder, const char *name, int rendered)
{
    static const char *const ext[] = {"dat", "gp", "png", "svg"};
    char path[4200];
    bwm_table_str(t, name);
    for (int i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%s/%s.%s", folder, name, ext[i]);
        bwm_table_str(t, i < 2 || rendered ? path : "");
    }
}

/* The files drawn: with --format or -o, a table of them in that format;
 * else the images rendered, one path a line. */
static int list_drawn(const bwm_table *t, const bwm_common *common, bwm_err *err)
{
    bwm_buf out;
    bwm_buf_init(&out);
    if (common->format_asked) {
        bwm_table_render(t, common->format, &out);
    } else {
        char num[64];
        for (size_t row = 0; row < bwm_table_rows(t); row++)
            for (size_t c = 3; c < 5; c++) { /* png, svg */
                const char *path = bwm_table_cell_csv(t, row * t->ncols + c, num, sizeof num);
                if (path[0])
                    bwm_buf_printf(&out, "%s\n", path);
            }
    }
    int st = bwm_cli_commit("-o", common->output, &out, err);
    bwm_buf_free(&out);
    return st;
}

int bwm_cmd_plot(int argc, char **argv)
{
    const char *results = NULL, *out = NULL;
    const bwm_opt opts[] = {
        {"results", "DIR", "a study's folder (bwmpki study --out DIR)", &results, NULL},
        {"out", "FOLDER", "where the figure goes (default: DIR/figures)", &out, NULL},
    };
    char details[512];
    usage_details(details, sizeof details);
    const bwm_cmd cmd = {"bwmpki plot", "Draws a figure of a study from its results (gnuplot, found on PATH).",
                         details, opts, sizeof opts / sizeof opts[0]};
    const char *name = argc >= 2 && argv[1][0] != '-' ? argv[1] : NULL;
    bwm_common common;
    bwm_err err;
    int st = bwm_opts_parse(&cmd, name ? argc - 1 : argc, name ? argv + 1 : argv, &common, &err);
    if (st < 0)
        return 0;
    if (st == BWM_OK && !name)
        st = bwm_fail(&err, BWM_EINPUT, "which figure? (usage: bwmpki plot NAME --results DIR; NAME: see --help)");
    const bwm_figure *one = name && strcmp(name, "all") != 0 ? bwm_figure_find(name) : NULL;
    if (st == BWM_OK && !one && strcmp(name, "all") != 0) {
        char names[256];
        bwm_figure_names(names, sizeof names);
        st = bwm_fail(&err, BWM_EINPUT, "unknown figure '%s' (known: %s, all)", name, names);
    }
    if (st == BWM_OK && (!results || !results[0]))
        st = bwm_fail(&err, BWM_EINPUT, "option --results DIR is required (a study's folder)");
    bwm_pl_results r;
    if (st == BWM_OK)
        st = check_results_folder(results, &err);
    char folder[4096], gnuplot[4096];
    if (st == BWM_OK && out)
        snprintf(folder, sizeof folder, "%s", out);
    else if (st == BWM_OK)
        snprintf(folder, sizeof folder, "%s/figures", results);
    if (st == BWM_OK) /* before drawing: a folder that cannot take the figures is bad input, not 17 skipped figures */
        st = bwm_output_folder_check(folder, out ? "option --out: " : "option --results: ", &err);
    if (st == BWM_OK)
        st = bwm_pl_load(results, &r, &err);
    if (st != BWM_OK)
        return bwm_cli_report(&cmd, st, &err);
    int found = bwm_gnuplot_find(gnuplot, sizeof gnuplot);
    bwm_table drawn;
    init_drawn(&drawn);
    for (size_t k = 0; st == BWM_OK && k < bwm_figure_count(); k++) {
        const bwm_figure *f = bwm_figure_at(k);
        if (one && f != one)
            continue;
        st = bwm_figure_draw(f, &r, folder, found ? gnuplot : NULL, &err);
        if (st == BWM_EINPUT && !one) { /* all: a figure without data is skipped */
            fprintf(stderr, "%s: %s: not drawn: %s\n", cmd.path, f->name, err.msg);
            st = BWM_OK;
        } else if (st == BWM_OK) {
            add_drawn(&drawn, folder, f->name, found);
        }
    }
    bwm_pl_free(&r);
    if (st == BWM_OK)
        st = list_drawn(&drawn, &common, &err);
    bwm_table_free(&drawn);
    if (st == BWM_OK && !found)
        fprintf(stderr, "%s: gnuplot not found on PATH: wrote the data and script (%s/%s.dat, .gp); render with: "
                        "cd %s && gnuplot %s.gp\n", cmd.path, folder, one ? one->name : "NAME", folder,
                one ? one->name : "NAME");
    return bwm_cli_report(&cmd, st, &err);
}
