/* figures.c — the registry of figures and drawing one (see figure.h).  A
 * new figure is a new file in this folder and one line here. */
#include "plots/figure.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/outfile.h"
#include "plots/gnuplot.h"

static const bwm_figure *const figures[] = {
    &bwm_fig2, &bwm_fig4, &bwm_fig5, &bwm_fig6, &bwm_fig7, &bwm_fig8, &bwm_fig9,
    &bwm_fig10, &bwm_fig11, &bwm_fig12, &bwm_fig13, &bwm_fig14, &bwm_fig_asjf, &bwm_fig_stages,
    &bwm_fig_variation, &bwm_fig_translation, &bwm_fig_batching, &bwm_fig_traces, &bwm_fig_model,
};

size_t bwm_figure_count(void)
{
    return sizeof figures / sizeof figures[0];
}

const bwm_figure *bwm_figure_at(size_t i)
{
    return i < bwm_figure_count() ? figures[i] : NULL;
}

const bwm_figure *bwm_figure_find(const char *name)
{
    for (size_t i = 0; i < bwm_figure_count(); i++)
        if (strcmp(figures[i]->name, name) == 0)
            return figures[i];
    return NULL;
}

void bwm_figure_names(char *dst, size_t n)
{
    size_t len = 0;
    dst[0] = '\0';
    for (size_t i = 0; i < bwm_figure_count() && len < n; i++)
        len += (size_t)snprintf(dst + len, n - len, "%s%s", i ? ", " : "", figures[i]->name);
}

int bwm_figure_draw(const bwm_figure *f, const bwm_pl_results *r, const char *outdir, const char *gnuplot,
                    bwm_err *err)
{
    bwm_chart *c = bwm_chart_new(f->name, f->paper);
    if (!c)
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    int st = f->build(r, c, err);
    bwm_buf data, script;
    bwm_buf_init(&data);
    bwm_buf_init(&script);
    if (st == BWM_OK) {
        bwm_chart_render(c, &data, &script);
        st = bwm_output_folder(outdir, "", err);
    }
    char path[4096];
    if (st == BWM_OK) {
        snprintf(path, sizeof path, "%s/%s.dat", outdir, f->name);
        st = bwm_output_commit(path, &data, err);
    }
    if (st == BWM_OK) {
        snprintf(path, sizeof path, "%s/%s.gp", outdir, f->name);
        st = bwm_output_commit(path, &script, err);
    }
    if (st == BWM_OK && gnuplot)
        st = bwm_gnuplot_render(gnuplot, outdir, f->name, err);
    bwm_buf_free(&data);
    bwm_buf_free(&script);
    free(c);
    return st;
}
