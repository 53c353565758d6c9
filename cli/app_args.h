/* app_args.h — the options that describe a workload to the closed-form
 * engine, shared by the model subcommands: either numbers (--mpki, --bw-alone,
 * optional --rbl, --peak) or names from the catalogue (--apps BLK,QTC with
 * bw_alone = bw_frac × peak, --peak defaulting to the paper's 88.8 GB/s). */
#ifndef BWM_APP_ARGS_H
#define BWM_APP_ARGS_H

#include <stddef.h>

#include "cli/opts.h"
#include "io/provenance.h"
#include "model/app.h"
#include "model/queue.h"
#include "util/status.h"

#define BWM_PAPER_PEAK_GBS 88.8

typedef struct bwm_app_opts {
    const char *mpki, *bw_alone, *rbl, *apps, *peak, *apps_file;
    const char *model, *round_trip, *lat_share, *row_hit, *queue_scale, *wait_alone; /* --model queueing */
} bwm_app_opts;

/* The queueing model's defaults (docs/model.md): a round trip alone of 250
 * core cycles, latency-bound (share 1), no row hits, and the scales fitted on
 * the shipped GPU's alone runs (bwmpki fit policy --model queueing). */
#define BWM_QUEUE_DEFAULT_ROUND_TRIP 250.0
#define BWM_QUEUE_DEFAULT_W_MISS 19.6
#define BWM_QUEUE_DEFAULT_W_HIT 3.1

/* Option-table entries for a bwm_app_opts named o (see cli/opts.h). */
#define BWM_APP_OPTS(o)                                                                          \
    {"mpki", "LIST", "MPKI per application, e.g. 20,5 (with --bw-alone, --peak)", &(o).mpki, NULL}, \
    {"bw-alone", "LIST", "alone bandwidth (demand) per application, same unit as --peak",         \
     &(o).bw_alone, NULL},                                                                       \
    {"rbl", "LIST", "row-buffer locality per application (optional; steers rr)", &(o).rbl, NULL}, \
    {"apps", "NAMES", "applications by name from the catalogue, e.g. BLK,QTC", &(o).apps, NULL}, \
    {"peak", "BW", "peak bandwidth C (default with --apps: 88.8 GB/s)", &(o).peak, NULL},         \
    {"apps-file", "FILE", "catalogue for --apps (default: data/apps.csv)", &(o).apps_file, NULL},    \
    {"model", "NAME", "paper (default: paper 000's sharing) or queueing (model/queue.h)", &(o).model, NULL}, \
    {"round-trip", "LIST", "queueing: memory round trip alone per application, core cycles (default 250)", \
     &(o).round_trip, NULL},                                                                     \
    {"lat-share", "LIST", "queueing: share of each application's time that scales with latency (default 1)", \
     &(o).lat_share, NULL},                                                                      \
    {"row-hit", "LIST", "queueing: row-hit rate per application (default 1 - 1/rbl with --rbl, else 0)", \
     &(o).row_hit, NULL},                                                                        \
    {"wait-alone", "LIST", "queueing: each application's measured wait in the controller's queue alone, " \
     "core cycles (default: not measured, --queue-scale's form)", &(o).wait_alone, NULL},       \
    {"queue-scale", "WM,WH", "queueing: residual service of a row miss and a row hit, core cycles "  \
     "(default 19.6,3.1)", &(o).queue_scale, NULL}

typedef struct bwm_app_set {
    size_t n;
    double peak;
    bwm_app apps[BWM_MODEL_MAX_APPS];
    char catalog[1024];                  /* the catalogue read for --apps, or "" */
    int named;                           /* from the catalogue (--apps): abbr and full name known */
    char abbr[BWM_MODEL_MAX_APPS][16];   /* the catalogue's abbreviation, or "" */
    char full[BWM_MODEL_MAX_APPS][64];   /* the catalogue's full name, or "" */
    char label[BWM_MODEL_MAX_APPS][16];  /* for text tables only: the abbreviation, or "#1", "#2", ... */
    int queueing;                        /* --model queueing: share with model/queue.h */
    bwm_qapp q[BWM_QUEUE_MAX_APPS];
    bwm_qctx qctx;                       /* {q, the scales} */
} bwm_app_set;

/* The allocation of policy p by the set's model. */
void bwm_app_set_share(const bwm_app_set *s, const bwm_policy *p, double *bw);

/* Builds and validates the workload; errors name the option at fault. */
int bwm_app_opts_resolve(const bwm_app_opts *o, bwm_app_set *s, bwm_err *err);

/* The start of every workload command: parses argv against cmd (whose table
 * fills o) and resolves the workload into a new set (*s, freed by the caller
 * with free()).  Returns BWM_OK; -1 when --help was printed; otherwise the
 * error status, with the message in err. */
int bwm_app_cmd_start(const bwm_cmd *cmd, int argc, char **argv, const bwm_app_opts *o,
                      bwm_common *common, bwm_app_set **s, bwm_err *err);

/* The provenance of a workload command (io/provenance.h): its command line
 * and, with --apps, the catalogue and its sha256. */
int bwm_app_provenance(const bwm_cmd *cmd, int argc, char **argv, const bwm_app_set *s, bwm_provenance *p,
                       bwm_err *err);

#endif
