/* report.h — DIR/REPORT.md: the study in one page.  Sections: what ran
 * (and the command that reproduces it), the headline numbers beside paper
 * 000's and 004's (IT of ITS, WS of WEIS, HS of RR and WEIS, per class,
 * the performance model's MARE, ...), every figure embedded with its
 * caption (or why it is missing), the Fig. 6 table, the model against the
 * simulation, every scheduler against FR-FCFS, where each interfering
 * pair's slowdown comes from (report_stages.h), the files, and how the
 * study differs from the paper; each experiment's own section (the window
 * sensitivity, the variation, translation and batching) where its registry
 * entry places it (study/experiment.h).  Built from the written results (plots/results.h)
 * and the fits, so it holds nothing that depends on when or where the
 * study ran. */
#ifndef BWM_STUDY_REPORT_H
#define BWM_STUDY_REPORT_H

#include <stddef.h>

#include "plots/figure.h"
#include "study/fits.h"
#include "study/outcome.h"
#include "study/plan_file.h"
#include "util/buf.h"

typedef struct bwm_report_figure {
    const bwm_figure *f;
    int drawn;                          /* PNG and SVG written */
    char note[BWM_ERR_MAX];             /* why not drawn, or "" */
} bwm_report_figure;

/* What the report is written from (the experiments' sections read it
 * too, study/experiment.h). */
typedef struct bwm_report_ctx {
    const bwm_study_files *f;
    const bwm_study_outcome *o;
    const bwm_study_fits *fits;
    const bwm_pl_results *r;
    const bwm_report_figure *figs;
    size_t nfigs;
} bwm_report_ctx;

/* The study command with the options that define this study (DIR stands
 * for the folder). */
void bwm_report_command(const bwm_study_info *i, bwm_buf *out);

/* The report's own sections in order, each followed by the experiments'
 * whose place is its number (0 what ran, 1 headline numbers, 2 figures,
 * 3 Fig. 6, 4 the model, 5 every scheduler, 6 where the slowdown comes
 * from, 7 files, 8 differences). */
void bwm_study_report(const bwm_report_ctx *c, bwm_buf *out);

#endif
