/* chart.h — the charts the figures are made of, written as a gnuplot
 * script and its data file: clustered or stacked bars (one group per x
 * label, one series per bar of a group) and labelled points (one series
 * per marker, one group per point label, each group's points joined by a
 * dotted line) or a scatter (points of one series per marker, unlabelled
 * and unjoined, over the diagonal y = x; x and y on one range), one to four panels side by side or one above the other.  The script draws the
 * chart twice, as NAME.png (pngcairo) and NAME.svg (svg); gnuplot's
 * variable `out` (default NAME) is the output base name.  Missing values
 * are NaN (left out). */
#ifndef BWM_CHART_H
#define BWM_CHART_H

#include <stddef.h>

#include "util/buf.h"

#define BWM_CHART_MAX_GROUPS 1280 /* a scatter's points; a bar chart has far fewer groups */
#define BWM_CHART_MAX_SERIES 12
#define BWM_CHART_MAX_PANELS 4
#define BWM_CHART_LABEL 48

typedef enum bwm_chart_kind { BWM_CHART_BARS, BWM_CHART_STACKED, BWM_CHART_POINTS, BWM_CHART_SCATTER } bwm_chart_kind;

typedef struct bwm_panel {
    bwm_chart_kind kind;
    char title[128], xlabel[128], ylabel[128];
    size_t ngroups, nseries;
    char group[BWM_CHART_MAX_GROUPS][BWM_CHART_LABEL];
    char series[BWM_CHART_MAX_SERIES][BWM_CHART_LABEL];
    double y[BWM_CHART_MAX_GROUPS][BWM_CHART_MAX_SERIES];  /* bar height, or point y */
    double x[BWM_CHART_MAX_GROUPS][BWM_CHART_MAX_SERIES];  /* point x */
    double yref;                        /* a dashed horizontal line at this y; NaN: none */
    char yref_label[32];                /* its name, written above its right end ("": none) */
    double ymin, ymax;                  /* NaN: automatic (a scatter: x too) */
    int zoom;                           /* bars: the axis starts under the lowest bar, not at 0 */
    int logy;
} bwm_panel;

typedef struct bwm_chart {
    char name[32];                      /* file base name, e.g. "fig8" */
    char title[192];                    /* above the panels */
    int width, height;                  /* pixels */
    int vertical;                       /* panels one above the other (default: side by side) */
    size_t npanels;
    bwm_panel panel[BWM_CHART_MAX_PANELS];
} bwm_chart;

/* A new chart (calloc'ed, free with free()): no panels, 1000 x 560, or NULL
 * when out of memory. */
bwm_chart *bwm_chart_new(const char *name, const char *title);
/* Adds a panel (at most BWM_CHART_MAX_PANELS) and returns it: no groups or
 * series, every value NaN, no reference line, automatic range. */
bwm_panel *bwm_chart_panel(bwm_chart *c, bwm_chart_kind kind, const char *title, const char *xlabel,
                           const char *ylabel);
/* Adds a series or a group and returns its index, or -1 when full. */
int bwm_panel_series(bwm_panel *p, const char *name);
int bwm_panel_group(bwm_panel *p, const char *label);

/* Gives every panel the same y range, from 0 to a round value above the
 * highest bar, point and reference line of them all (panels that compare
 * the same quantity, read side by side). */
void bwm_chart_same_y(bwm_chart *c);

/* The data file and the script. */
void bwm_chart_render(const bwm_chart *c, bwm_buf *data, bwm_buf *script);

#endif
