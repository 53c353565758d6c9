/* chart.c — charts as gnuplot scripts and data (see chart.h). */
#include "plots/chart.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/json.h"

/* One per series (BWM_CHART_MAX_SERIES): the ten of matplotlib's tab10, then two more. */
static const char *const colours[BWM_CHART_MAX_SERIES] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728",
                                                          "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
                                                          "#bcbd22", "#17becf", "#000080", "#aaffc3"};
#define NCOLOURS (sizeof colours / sizeof colours[0])
#define FONT "DejaVu Sans"

bwm_chart *bwm_chart_new(const char *name, const char *title)
{
    bwm_chart *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    snprintf(c->name, sizeof c->name, "%s", name);
    snprintf(c->title, sizeof c->title, "%s", title);
    c->width = 1000;
    c->height = 560;
    return c;
}

bwm_panel *bwm_chart_panel(bwm_chart *c, bwm_chart_kind kind, const char *title, const char *xlabel,
                           const char *ylabel)
{
    if (c->npanels == BWM_CHART_MAX_PANELS)
        return NULL;
    bwm_panel *p = &c->panel[c->npanels++];
    memset(p, 0, sizeof *p);
    p->kind = kind;
    snprintf(p->title, sizeof p->title, "%s", title);
    snprintf(p->xlabel, sizeof p->xlabel, "%s", xlabel);
    snprintf(p->ylabel, sizeof p->ylabel, "%s", ylabel);
    for (size_t g = 0; g < BWM_CHART_MAX_GROUPS; g++)
        for (size_t s = 0; s < BWM_CHART_MAX_SERIES; s++)
            p->x[g][s] = p->y[g][s] = NAN;
    p->yref = p->ymin = p->ymax = NAN;
    return p;
}

int bwm_panel_series(bwm_panel *p, const char *name)
{
    if (p->nseries == BWM_CHART_MAX_SERIES)
        return -1;
    snprintf(p->series[p->nseries], BWM_CHART_LABEL, "%s", name);
    return (int)p->nseries++;
}

int bwm_panel_group(bwm_panel *p, const char *label)
{
    if (p->ngroups == BWM_CHART_MAX_GROUPS)
        return -1;
    snprintf(p->group[p->ngroups], BWM_CHART_LABEL, "%s", label);
    return (int)p->ngroups++;
}

/* A double-quoted gnuplot string. */
static void quoted(bwm_buf *b, const char *s)
{
    bwm_buf_puts(b, "\"");
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            bwm_buf_puts(b, "\\");
        bwm_buf_append(b, s, 1);
    }
    bwm_buf_puts(b, "\"");
}

static void value(bwm_buf *b, double v)
{
    char t[64];
    if (isfinite(v))
        bwm_format_number(t, sizeof t, v);
    else
        snprintf(t, sizeof t, "NaN");
    bwm_buf_puts(b, t);
}

/* Data blocks of one panel, from block index *index on. */
static void panel_data(const bwm_panel *p, bwm_buf *d, int *index)
{
    if (p->kind != BWM_CHART_POINTS && p->kind != BWM_CHART_SCATTER) {
        bwm_buf_printf(d, "# block %d: group", (*index)++);
        for (size_t s = 0; s < p->nseries; s++)
            bwm_buf_printf(d, "\t%s", p->series[s]);
        bwm_buf_puts(d, "\n");
        for (size_t g = 0; g < p->ngroups; g++) {
            bwm_buf_puts(d, p->group[g]);
            for (size_t s = 0; s < p->nseries; s++) {
                bwm_buf_puts(d, "\t");
                value(d, p->y[g][s]);
            }
            bwm_buf_puts(d, "\n");
        }
        bwm_buf_puts(d, "\n\n");
        return;
    }
    for (size_t s = 0; s < p->nseries; s++) {
        bwm_buf_printf(d, "# block %d: %s: x\ty\tlabel\n", (*index)++, p->series[s]);
        for (size_t g = 0; g < p->ngroups; g++) {
            value(d, p->x[g][s]);
            bwm_buf_puts(d, "\t");
            value(d, p->y[g][s]);
            bwm_buf_printf(d, "\t%s\n", p->group[g]);
        }
        bwm_buf_puts(d, "\n\n");
    }
    for (size_t g = 0; p->kind == BWM_CHART_POINTS && g < p->ngroups; g++) {
        bwm_buf_printf(d, "# block %d: %s over the series: x\ty\n", (*index)++, p->group[g]);
        for (size_t s = 0; s < p->nseries; s++) {
            value(d, p->x[g][s]);
            bwm_buf_puts(d, "\t");
            value(d, p->y[g][s]);
            bwm_buf_puts(d, "\n");
        }
        bwm_buf_puts(d, "\n\n");
    }
}

void bwm_chart_same_y(bwm_chart *c)
{
    double hi = 0;
    for (size_t k = 0; k < c->npanels; k++) {
        const bwm_panel *p = &c->panel[k];
        if (isfinite(p->yref))
            hi = fmax(hi, p->yref);
        for (size_t g = 0; g < p->ngroups; g++)
            for (size_t s = 0; s < p->nseries; s++)
                if (isfinite(p->y[g][s]))
                    hi = fmax(hi, p->y[g][s]);
    }
    /* 8 % of room above, up to a multiple of a fifth of its power of ten:
       101 -> 120, 1.52 -> 1.8 */
    double top = hi > 0 ? 1.08 * hi : 1, step = pow(10, floor(log10(top))) / 5;
    for (size_t k = 0; k < c->npanels; k++) {
        c->panel[k].ymin = 0;
        c->panel[k].ymax = ceil(top / step) * step;
    }
}

/* For bars around a reference: a round floor a little under the lowest bar
 * (and the reference), so that small differences show; NaN when there is
 * nothing to draw. */
static double zoom_floor(const bwm_panel *p)
{
    double lo = isfinite(p->yref) ? p->yref : INFINITY, hi = lo;
    for (size_t g = 0; g < p->ngroups; g++)
        for (size_t k = 0; k < p->nseries; k++)
            if (isfinite(p->y[g][k])) {
                lo = fmin(lo, p->y[g][k]);
                hi = fmax(hi, p->y[g][k]);
            }
    if (!isfinite(lo))
        return NAN;
    double span = hi - lo > 0.02 ? hi - lo : 0.02;
    double step = span > 0.5 ? 0.1 : span > 0.1 ? 0.05 : 0.01;
    double f = floor((lo - 0.25 * span) / step) * step;
    return f > 0 ? f : 0;
}

static void axes(const bwm_panel *p, bwm_buf *s)
{
    bwm_buf_puts(s, "  unset arrow; unset logscale; unset xzeroaxis; unset yzeroaxis; set offsets 0, 0, 0, 0\n"
                    "  set title ");
    quoted(s, p->title);
    bwm_buf_puts(s, "\n  set xlabel ");
    quoted(s, p->xlabel);
    bwm_buf_puts(s, "\n  set ylabel ");
    quoted(s, p->ylabel);
    bwm_buf_puts(s, "\n  set grid ytics lc rgb \"#dddddd\"\n");
    if (p->logy)
        bwm_buf_puts(s, "  set logscale y\n");
    bwm_buf_puts(s, "  set yrange [");
    double floor_y = p->zoom ? zoom_floor(p) : NAN;
    if (isfinite(p->ymin))
        value(s, p->ymin);
    else if (isfinite(floor_y))
        value(s, floor_y);
    else
        bwm_buf_puts(s, p->kind == BWM_CHART_POINTS || p->kind == BWM_CHART_SCATTER || p->logy ? "*" : "0");
    bwm_buf_puts(s, ":");
    if (isfinite(p->ymax))
        value(s, p->ymax);
    else
        bwm_buf_puts(s, "*");
    bwm_buf_puts(s, "]\n");
    if (isfinite(p->yref)) {
        bwm_buf_puts(s, "  set arrow from graph 0, first ");
        value(s, p->yref);
        bwm_buf_puts(s, " to graph 1, first ");
        value(s, p->yref);
        bwm_buf_puts(s, " nohead dt 2 lw 1.5 lc rgb \"#555555\" front\n");
    }
    if (isfinite(p->yref) && p->yref_label[0]) {
        bwm_buf_puts(s, "  set label ");
        quoted(s, p->yref_label);
        bwm_buf_puts(s, " at graph 0.99, first ");
        value(s, p->yref);
        bwm_buf_puts(s, " right offset 0, 0.7 tc rgb \"#555555\" front\n");
    }
}

static void bars(const bwm_panel *p, const char *dat, int index, bwm_buf *s)
{
    bwm_buf_printf(s, "  set style data histograms\n  set style histogram %s\n",
                   p->kind == BWM_CHART_STACKED ? "rowstacked" : "clustered gap 1");
    bwm_buf_puts(s, "  set style fill solid 0.85 border lt -1\n  set boxwidth 0.8 relative\n"
                    "  set xrange [*:*]\n  set key outside top center horizontal\n");
    if (!p->logy)
        bwm_buf_puts(s, "  set offsets 0, 0, graph 0.06, 0\n");
    if (p->ngroups > 8)
        bwm_buf_puts(s, "  set xtics rotate by -55 scale 0 font \"," "9\"\n");
    else
        bwm_buf_puts(s, "  set xtics norotate scale 0 font \",10\"\n");
    bwm_buf_puts(s, "  plot ");
    for (size_t k = 0; k < p->nseries; k++) {
        bwm_buf_printf(s, "%s'%s' index %d using %zu%s title ", k ? ", \\\n       " : "", dat, index, k + 2,
                       k ? "" : ":xtic(1)");
        quoted(s, p->series[k]);
        bwm_buf_printf(s, " lc rgb \"%s\"", colours[k % NCOLOURS]);
    }
    bwm_buf_puts(s, "\n");
}

static void points(const bwm_panel *p, const char *dat, int index, bwm_buf *s)
{
    bwm_buf_puts(s, "  set style data points\n  set xrange [*:*]\n  set xtics norotate scale 1 font \",10\"\n"
                    "  set xzeroaxis lt -1 lc rgb \"#888888\"\n  set yzeroaxis lt -1 lc rgb \"#888888\"\n"
                    "  set key outside top center horizontal\n  set offsets graph 0.08, graph 0.08, graph 0.08, graph 0.08\n"
                    "  plot ");
    int lines = index + (int)p->nseries;
    for (size_t g = 0; g < p->ngroups; g++)
        bwm_buf_printf(s, "'%s' index %d using 1:2 with lines dt 3 lc rgb \"#999999\" notitle, \\\n       ", dat,
                       lines + (int)g);
    for (size_t k = 0; k < p->nseries; k++) {
        bwm_buf_printf(s, "'%s' index %d using 1:2 with points pt %zu ps 1.8 lc rgb \"%s\" title ", dat,
                       index + (int)k, 5 + 2 * k, colours[k % NCOLOURS]);
        quoted(s, p->series[k]);
        bwm_buf_puts(s, ", \\\n       ");
    }
    bwm_buf_printf(s, "'%s' index %d using 1:2:3 with labels offset char 1,1 left font \",9\" notitle\n", dat,
                   index);
}

/* Every series' points, no labels, over the diagonal; x on y's range. */
static void scatter(const bwm_panel *p, const char *dat, int index, bwm_buf *s)
{
    bwm_buf_puts(s, "  set style data points\n  set xrange [");
    if (isfinite(p->ymin))
        value(s, p->ymin);
    else
        bwm_buf_puts(s, "*");
    bwm_buf_puts(s, ":");
    if (isfinite(p->ymax))
        value(s, p->ymax);
    else
        bwm_buf_puts(s, "*");
    bwm_buf_puts(s, "]\n  set xtics norotate scale 1 font \",10\"\n  set grid xtics ytics lc rgb \"#dddddd\"\n"
                    "  set key outside top center horizontal\n"
                    "  plot x with lines dt 2 lw 1.5 lc rgb \"#555555\" title \"model = simulation\"");
    for (size_t k = 0; k < p->nseries; k++) {
        bwm_buf_printf(s, ", \\\n       '%s' index %d using 1:2 with points pt %zu ps 0.7 lc rgb \"%s\" title ", dat,
                       index + (int)k, 7 + 2 * k, colours[k % NCOLOURS]);
        quoted(s, p->series[k]);
    }
    bwm_buf_puts(s, "\n");
}

void bwm_chart_render(const bwm_chart *c, bwm_buf *data, bwm_buf *script)
{
    char dat[64];
    snprintf(dat, sizeof dat, "%s.dat", c->name);
    bwm_buf_printf(data, "# %s: %s\n# tab-separated blocks, read by %s.gp\n", c->name, c->title, c->name);
    int first[BWM_CHART_MAX_PANELS], index = 0;
    for (size_t k = 0; k < c->npanels; k++) {
        first[k] = index;
        panel_data(&c->panel[k], data, &index);
    }
    bwm_buf_printf(script,
                   "# %s: %s\n# Drawn by bwmpki from %s; 'gnuplot %s.gp' writes %s.png and %s.svg.\n"
                   "if (!exists(\"out\")) out = \"%s\"\n"
                   "set datafile separator \"\\t\"\nset datafile missing \"NaN\"\n"
                   "do for [pass = 1:2] {\n"
                   "  if (pass == 1) {\n"
                   "    set terminal pngcairo size %d,%d noenhanced font \"" FONT ",11\"\n"
                   "    set output out.\".png\"\n"
                   "  } else {\n"
                   "    set terminal svg size %d,%d noenhanced font \"" FONT ",11\" background rgb \"white\"\n"
                   "    set output out.\".svg\"\n"
                   "  }\n",
                   c->name, c->title, dat, c->name, c->name, c->name, c->name, c->width, c->height, c->width,
                   c->height);
    bwm_buf_printf(script, "  set multiplot layout %zu,%zu title ", c->vertical ? c->npanels : 1,
                   c->vertical ? 1 : c->npanels);
    quoted(script, c->title);
    bwm_buf_puts(script, " font \",13\"\n");
    for (size_t k = 0; k < c->npanels; k++) {
        const bwm_panel *p = &c->panel[k];
        axes(p, script);
        if (p->kind == BWM_CHART_POINTS)
            points(p, dat, first[k], script);
        else if (p->kind == BWM_CHART_SCATTER)
            scatter(p, dat, first[k], script);
        else
            bars(p, dat, first[k], script);
        if (p->yref_label[0]) /* the next panel draws its own */
            bwm_buf_puts(script, "  unset label\n");
    }
    bwm_buf_puts(script, "  unset multiplot\n");
    bwm_buf_puts(script, "  unset output\n}\n");
}
