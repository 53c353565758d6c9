/* sm_banks.h — which bank colours an SM owns under TEMP (paper 002, Sec. 3).
 *
 * Paper 002 binds each SM to dedicated banks but leaves the split open.
 * bwmpki's: with C bank colours (colors.h, bwm_colors_of_banks: a colour
 * is a set of banks of every channel) and an application on n SMs, the SM
 * of rank r (0 .. n-1 among the application's) owns colours c with
 * c mod n = r when C >= n (bank b of every channel to SM b mod n, the
 * spec's reading), and colour r mod C when C < n (SMs share banks).  An
 * access is local when its bank's colour is owned by the SM that made it. */
#ifndef BWM_VM_SM_BANKS_H
#define BWM_VM_SM_BANKS_H

/* The colours SM rank owns (>= 1). */
static inline unsigned bwm_sm_bank_colors(unsigned n_colors, int n_sms, int rank)
{
    unsigned n = (unsigned)n_sms, r = (unsigned)rank;
    return n_colors >= n ? (n_colors - r + n - 1) / n : 1;
}

/* The j-th of them (j < bwm_sm_bank_colors). */
static inline unsigned bwm_sm_bank_color(unsigned n_colors, int n_sms, int rank, unsigned j)
{
    unsigned n = (unsigned)n_sms, r = (unsigned)rank;
    return n_colors >= n ? r + j * n : r % n_colors;
}

/* Whether SM rank owns colour c. */
static inline int bwm_sm_owns_color(unsigned n_colors, int n_sms, int rank, unsigned c)
{
    unsigned n = (unsigned)n_sms, r = (unsigned)rank;
    return n_colors >= n ? c % n == r : c == r % n_colors;
}

#endif
