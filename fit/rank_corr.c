/* rank_corr.c — average ranks and Spearman's rho (see rank_corr.h). */
#include "fit/rank_corr.h"

#include <math.h>

#define TIE_REL 1e-9

static int tied(double a, double b)
{
    return fabs(a - b) <= TIE_REL * fmax(fabs(a), fabs(b));
}

void bwm_ranks_avg(const double *v, size_t n, double *rank)
{
    size_t idx[BWM_RANK_MAX];
    if (n > BWM_RANK_MAX)
        return;
    for (size_t i = 0; i < n; i++)
        idx[i] = i;
    for (size_t i = 1; i < n; i++) { /* insertion sort, ascending */
        size_t x = idx[i], j = i;
        while (j > 0 && v[idx[j - 1]] > v[x]) {
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = x;
    }
    for (size_t k = 0; k < n;) {
        size_t end = k + 1; /* a group of ties: all within the tolerance of its first */
        while (end < n && tied(v[idx[k]], v[idx[end]]))
            end++;
        double avg = (double)(k + 1 + end) / 2.0; /* mean of ranks k+1 .. end */
        for (size_t r = k; r < end; r++)
            rank[idx[r]] = avg;
        k = end;
    }
}

double bwm_spearman(const double *x, const double *y, size_t n)
{
    double rx[BWM_RANK_MAX], ry[BWM_RANK_MAX];
    if (n < 2 || n > BWM_RANK_MAX)
        return NAN;
    bwm_ranks_avg(x, n, rx);
    bwm_ranks_avg(y, n, ry);
    double mean = (double)(n + 1) / 2.0; /* average ranks always average (n+1)/2 */
    double sxy = 0, sxx = 0, syy = 0;
    for (size_t i = 0; i < n; i++) {
        sxy += (rx[i] - mean) * (ry[i] - mean);
        sxx += (rx[i] - mean) * (rx[i] - mean);
        syy += (ry[i] - mean) * (ry[i] - mean);
    }
    if (sxx == 0 || syy == 0)
        return NAN;
    return sxy / sqrt(sxx * syy);
}
