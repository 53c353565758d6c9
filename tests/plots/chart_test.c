/* chart_test.c — the charts' gnuplot scripts (plots/chart.h): panels that
 * share one y range holding their reference line, and the line's name. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots/chart.h"
#include "tests/support/cli_expect.h"

/* The number of times needle is in hay. */
static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* Two panels of bars as translation.png has them: MASK's designs at 72 to
 * 83 % of Ideal, Mosaic's at 73 to 101 %, Ideal the line at 100.  Before,
 * each panel took gnuplot's automatic range (0..90 and 0..120), the line
 * at 100 falling above the first panel's frame. */
static bwm_chart *two_panels(void)
{
    bwm_chart *c = bwm_chart_new("t", "T");
    cr_assert(c);
    const double y[2][2][2] = {{{72, 79}, {76.5, 83}}, {{73, 95}, {78, 101}}};
    for (int k = 0; k < 2; k++) {
        bwm_panel *p = bwm_chart_panel(c, BWM_CHART_BARS, k ? "mosaic designs" : "mask designs", "apps", "%");
        p->yref = 100;
        strcpy(p->yref_label, "Ideal");
        for (int g = 0; g < 2; g++) {
            bwm_panel_group(p, g ? "2 apps" : "1 app");
            for (int s = 0; s < 2; s++) {
                if (g == 0)
                    bwm_panel_series(p, s ? "b" : "a");
                p->y[g][s] = y[k][g][s];
            }
        }
    }
    return c;
}

Test(chart, panels_share_a_y_range_that_holds_the_reference)
{
    bwm_chart *c = two_panels();
    bwm_chart_same_y(c);
    /* the highest is 101; 8 % above, 109.08, up to a multiple of 20 */
    for (int k = 0; k < 2; k++) {
        cr_expect_eq(c->panel[k].ymin, 0);
        cr_expect_float_eq(c->panel[k].ymax, 120, 1e-9);
    }
    bwm_buf d, s;
    bwm_buf_init(&d);
    bwm_buf_init(&s);
    bwm_chart_render(c, &d, &s);
    cr_expect_eq(count(bwm_buf_str(&s), "  set yrange [0:120]\n"), 2, "%s", bwm_buf_str(&s));
    /* the line is named in each panel, once: the first's label is gone before the second's */
    cr_expect_eq(count(bwm_buf_str(&s), "set label \"Ideal\" at graph 0.99, first 100 right"), 2);
    const char *second = strstr(bwm_buf_str(&s), "mosaic designs");
    cr_assert(second);
    const char *unset = strstr(bwm_buf_str(&s), "  unset label\n");
    cr_expect(unset && unset < second, "%s", bwm_buf_str(&s));
    bwm_buf_free(&d);
    bwm_buf_free(&s);
    free(c);
}

/* Ratios around 1 (batching.png's BLP, up to 1.52): 1.64 up to a multiple
 * of 0.2, 1.8; a chart without a reference name writes no label. */
Test(chart, a_round_top_above_ratios)
{
    bwm_chart *c = two_panels();
    for (int k = 0; k < 2; k++) {
        c->panel[k].yref = 1;
        c->panel[k].yref_label[0] = '\0';
        for (int g = 0; g < 2; g++)
            for (int s = 0; s < 2; s++)
                c->panel[k].y[g][s] /= 100;
    }
    c->panel[1].y[1][1] = 1.52;
    bwm_chart_same_y(c);
    cr_expect_float_eq(c->panel[0].ymax, 1.8, 1e-9);
    bwm_buf d, s;
    bwm_buf_init(&d);
    bwm_buf_init(&s);
    bwm_chart_render(c, &d, &s);
    cr_expect_eq(count(bwm_buf_str(&s), "  set yrange [0:1.8]\n"), 2, "%s", bwm_buf_str(&s));
    cr_expect(!strstr(bwm_buf_str(&s), "set label"), "%s", bwm_buf_str(&s));
    cr_expect(!strstr(bwm_buf_str(&s), "unset label"), "%s", bwm_buf_str(&s));
    bwm_buf_free(&d);
    bwm_buf_free(&s);
    free(c);
}

/* A scatter (figure model): two series of (x, y) points, one data block
 * each with every point and its label, no per-group blocks; the script
 * draws the diagonal, each series from its block, no labels, and puts x on
 * y's range. */
Test(chart, a_scatter_draws_each_series_over_the_diagonal)
{
    bwm_chart *c = bwm_chart_new("m", "M");
    cr_assert(c);
    bwm_panel *p = bwm_chart_panel(c, BWM_CHART_SCATTER, "pairs", "simulated", "predicted");
    bwm_panel_series(p, "paper");
    bwm_panel_series(p, "queueing");
    for (int g = 0; g < 3; g++) {
        char label[16];
        snprintf(label, sizeof label, "w%d", g);
        bwm_panel_group(p, label);
        p->x[g][0] = p->x[g][1] = 0.5 + 0.1 * g;
        p->y[g][0] = 1;
        p->y[g][1] = 0.55 + 0.1 * g;
    }
    p->ymin = 0;
    p->ymax = 1.1;
    bwm_buf data, script;
    bwm_buf_init(&data);
    bwm_buf_init(&script);
    bwm_chart_render(c, &data, &script);
    const char *d = bwm_buf_str(&data), *s = bwm_buf_str(&script);
    cr_assert_eq(count(d, "# block "), 2, "%s", d);
    bwm_expect_contains(d, "# block 0: paper: x\ty\tlabel\n0.5\t1\tw0\n0.6\t1\tw1\n0.7\t1\tw2\n");
    bwm_expect_contains(d, "# block 1: queueing: x\ty\tlabel\n0.5\t0.55\tw0\n");
    bwm_expect_contains(s, "set xrange [0:1.1]");
    bwm_expect_contains(s, "set yrange [0:1.1]");
    bwm_expect_contains(s, "plot x with lines");
    bwm_expect_contains(s, "'m.dat' index 0 using 1:2 with points");
    bwm_expect_contains(s, "'m.dat' index 1 using 1:2 with points");
    cr_assert_eq(count(s, "with labels"), 0, "%s", s);
    bwm_buf_free(&data);
    bwm_buf_free(&script);
    free(c);
}
