/* rank_corr.h — Spearman's rank correlation with tied values given their
 * average rank.
 *
 * Ranks are 1-based; values within a relative 1e-9 of each other count as
 * tied (closed-form policies that share an allocation give the same metric up
 * to rounding).  Spearman's rho is the Pearson correlation of the two rank
 * vectors, the usual definition when there are ties; it is undefined (NaN)
 * for fewer than two values or when either side is constant. */
#ifndef BWM_RANK_CORR_H
#define BWM_RANK_CORR_H

#include <stddef.h>

#define BWM_RANK_MAX 64

/* rank[i] = average 1-based rank of v[i] (ascending) among n <= BWM_RANK_MAX values. */
void bwm_ranks_avg(const double *v, size_t n, double *rank);

/* Spearman's rho of x and y (n values each, n <= BWM_RANK_MAX), or NaN. */
double bwm_spearman(const double *x, const double *y, size_t n);

#endif
