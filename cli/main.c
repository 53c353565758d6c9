/* main.c — the bwmpki executable: dispatches "bwmpki AREA ..." to an area. */
#include <stdio.h>
#include <string.h>

#include "bwm_revision.h"
#include "cli/area.h"
#include "cli/data_path.h"

static const bwm_verb areas[] = {
    {"model", "closed-form engine: performance, bandwidth sharing, epsilon-transfer, alpha-SJF", bwm_area_model},
    {"sim", "cycle-level simulator of the GPU memory system", bwm_area_sim},
    {"fit", "the model against measurements (GPGPU-Sim logs, simulated runs): errors, fitted parameters, policies",
     bwm_area_fit},
    {"calibrate", "tune the synthetic applications to Table 1 (--check: verify the calibrated file)",
     bwm_cmd_calibrate},
    {"study", "the main job: paper 000's evaluation with figures and a report (merge: combine shards)",
     bwm_area_study},
    {"plot", "draw one figure of a study from its results (gnuplot)", bwm_cmd_plot},
};

static void help(FILE *f)
{
    fprintf(f, "bwmpki %s — bandwidth/MPKI modelling of GPU memory systems shared by several applications\n\n"
               "usage: bwmpki AREA VERB [options]  |  bwmpki study --out DIR  |  bwmpki plot NAME --results DIR\n\nareas:\n", BWM_VERSION);
    for (size_t i = 0; i < sizeof areas / sizeof areas[0]; i++)
        fprintf(f, "  %-10s %s\n", areas[i].name, areas[i].summary);
    fprintf(f, "\nEvery command takes --format table|csv|json, -o FILE and --help.\n"
               "Exit codes: 0 success, 1 failure while running, 2 bad usage or bad input.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        help(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        help(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        bwm_data_where w;
        bwm_data_locate(&w);
        printf("bwmpki %s (source revision %s)\n", BWM_VERSION, BWM_REVISION);
        if (w.origin == BWM_DATA_MISSING)
            printf("data: not found (looked in: %s)\n", w.looked);
        else
            printf("data: %s (%s)\n", w.dir, bwm_data_origin_text(w.origin));
        return 0;
    }
    for (size_t i = 0; i < sizeof areas / sizeof areas[0]; i++)
        if (strcmp(argv[1], areas[i].name) == 0) {
            int st = areas[i].run(argc - 1, argv + 1);
            char why[9000];
            if (st != 0 && bwm_data_missing(why, sizeof why)) /* the likely cause of the failure */
                fprintf(stderr, "bwmpki: %s\n", why);
            return st;
        }
    fprintf(stderr, "bwmpki: unknown area '%s' (see 'bwmpki --help')\n", argv[1]);
    return 2;
}
