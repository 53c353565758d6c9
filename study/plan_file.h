/* plan_file.h — the study's plan on disk, DIR/plan/: what every shard of a
 * study writes identically, and all that assembling the results needs
 * besides the run files — so a merge needs neither the configuration nor
 * the applications file, and cannot mix shards of different studies.
 *
 *   setup.csv  name,value: version, source revision, executable hash, the
 *              configuration, applications and workload files with their
 *              sha256, the variation's configuration and extra
 *              applications with theirs, the translation experiment's
 *              configuration with its sha256, the batch experiment's
 *              configuration and applications with theirs, seed, cycles,
 *              warmup, window, quick,
 *              the main schedulers, the DRAM peak, the core clock, SMs, the
 *              most thread instructions an SM issues per cycle, the
 *              variation's instruction budget, and the traced experiment's
 *              traces, GPU and stand-ins with their sha256, its DRAM peak
 *              and its stand-ins' instruction budget
 *   apps.csv   abbr,name,mpki,bw_frac,smem_frac,pattern of the applications
 *              file, the variation's extra applications and the batch
 *              experiment's (those whose abbreviation is not listed already:
 *              the study refuses one listed with other values)
 *   runs.csv   one row per run of the plan (study/plan.h), keys included */
#ifndef BWM_STUDY_PLAN_FILE_H
#define BWM_STUDY_PLAN_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "study/plan.h"
#include "util/buf.h"
#include "util/prov_record.h"
#include "util/sha256.h"

typedef struct bwm_study_info {
    bwm_prov_record prov;               /* version, revision, main files, seed, cycles, warmup: what every
                                           result's provenance has (has_run always) */
    char binary[BWM_SHA256_HEX];
    char var_config[BWM_PROV_PATH], var_config_sha[BWM_SHA256_HEX]; /* the variation's GPU */
    char var_apps_file[BWM_PROV_PATH], var_apps_sha[BWM_SHA256_HEX]; /* its extra applications */
    char xlat_config[BWM_PROV_PATH], xlat_config_sha[BWM_SHA256_HEX]; /* the translation experiment's GPU */
    char xlat_probes_file[BWM_PROV_PATH], xlat_probes_sha[BWM_SHA256_HEX]; /* page_reuse's applications */
    int64_t xlat_cycles, xlat_warmup;   /* core cycles of each translation and page_reuse run */
    char batch_config[BWM_PROV_PATH], batch_config_sha[BWM_SHA256_HEX]; /* the batch experiment's GPU */
    char batch_apps_file[BWM_PROV_PATH], batch_apps_sha[BWM_SHA256_HEX]; /* and its applications */
    uint64_t var_insts;                 /* thread instructions per variation run */
    int64_t window;
    int quick;
    char scheds[512];                   /* main schedulers, comma-separated, frfcfs first */
    double peak_gbs, core_mhz;
    int n_sms, sm_issue;                /* SMs; warp schedulers x warp size */
    char traces[BWM_PROV_PATH], traces_sha[BWM_SHA256_HEX]; /* the traced experiment's traces (NAME=PATH,
                                                              comma-separated) and their contents' sha256 */
    char traces_config[BWM_PROV_PATH], traces_config_sha[BWM_SHA256_HEX]; /* its GPU */
    char traces_standins[BWM_PROV_PATH], traces_standins_sha[BWM_SHA256_HEX]; /* the traces' stand-ins */
    double traces_peak_gbs;             /* its GPU's DRAM peak */
    uint64_t traces_insts;              /* a stand-in's paper-mode budget */
} bwm_study_info;

typedef struct bwm_study_app {
    char abbr[16], name[64];
    double mpki, bw_frac, smem_frac;
    char pattern[8];                    /* the access pattern (sim/workload/synth_app.h) */
} bwm_study_app;

typedef struct bwm_study_files {
    bwm_study_info info;
    bwm_study_app *apps;
    size_t n_apps;
    bwm_study_plan plan;
} bwm_study_files;

/* The three files' contents, rendered (nothing written); apps.csv lists
 * apps, then those of batch_apps whose abbreviation apps has not. */
void bwm_plan_render(const bwm_study_info *info, const bwm_synth_app *apps, size_t n_apps,
                     const bwm_synth_app *batch_apps, size_t n_batch_apps, const bwm_study_plan *plan,
                     bwm_buf out[3]);
/* Their names under DIR/plan/, in that order. */
extern const char *const bwm_plan_file_names[3];

/* Reads DIR/plan/ (free with bwm_plan_files_free).  Errors (BWM_EINPUT)
 * name the file and line. */
int bwm_plan_read(const char *dir, bwm_study_files *f, bwm_err *err);
void bwm_plan_files_free(bwm_study_files *f);

/* The index of the application abbr in f->apps, or -1. */
long bwm_plan_app(const bwm_study_files *f, const char *abbr);

#endif
