/* figure.h — the study's figures: each is one file in plots/ that turns a
 * study's results (plots/results.h) into a chart (plots/chart.h), and the
 * registry that finds them by name and draws them.
 *
 * Drawing a figure writes OUTDIR/NAME.dat and OUTDIR/NAME.gp (atomically),
 * then runs gnuplot on them when one is given (plots/gnuplot.h). */
#ifndef BWM_FIGURE_H
#define BWM_FIGURE_H

#include <stddef.h>

#include "plots/chart.h"
#include "plots/results.h"
#include "util/status.h"

typedef struct bwm_figure {
    const char *name;                   /* "fig8" */
    const char *paper;                  /* what it reproduces: "paper 000, Fig. 8" */
    const char *caption;                /* one sentence for the report */
    /* Fills c (created empty with the figure's name).  BWM_EINPUT, with the
     * reason, when the results hold nothing to draw. */
    int (*build)(const bwm_pl_results *r, bwm_chart *c, bwm_err *err);
} bwm_figure;

size_t bwm_figure_count(void);
const bwm_figure *bwm_figure_at(size_t i);
/* The figure called name, or NULL. */
const bwm_figure *bwm_figure_find(const char *name);
/* "fig2, fig4, ..." for messages. */
void bwm_figure_names(char *dst, size_t n);

/* Builds f, writes its data and script under outdir (created if need be)
 * and draws it with gnuplot unless gnuplot is NULL. */
int bwm_figure_draw(const bwm_figure *f, const bwm_pl_results *r, const char *outdir, const char *gnuplot,
                    bwm_err *err);

/* The figures, one file each. */
extern const bwm_figure bwm_fig2, bwm_fig4, bwm_fig5, bwm_fig6, bwm_fig7, bwm_fig8, bwm_fig9, bwm_fig10,
    bwm_fig11, bwm_fig12, bwm_fig13, bwm_fig14, bwm_fig_asjf, bwm_fig_stages, bwm_fig_variation,
    bwm_fig_translation, bwm_fig_batching, bwm_fig_traces, bwm_fig_model;

#endif
