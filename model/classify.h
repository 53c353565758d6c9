/* classify.h — workload classes of paper 000, Sec. 7.
 *
 * By MPKI difference: Class-A-MPKI if > 10, Class-B-MPKI if < 1, else
 * Class-C-MPKI.  By BW/C difference: Class-A-BW if > 50 %, Class-C-BW if
 * < 25 %, else Class-B-BW (the paper's wording; note that B and C swap
 * relative to the MPKI classes).  For more than two applications the
 * difference is max − min over the workload. */
#ifndef BWM_CLASSIFY_H
#define BWM_CLASSIFY_H

#include <stddef.h>

typedef enum bwm_class { BWM_CLASS_A, BWM_CLASS_B, BWM_CLASS_C } bwm_class;

typedef struct bwm_classes {
    double d_mpki;     /* max − min mpki */
    double d_bw_frac;  /* max − min bw_frac (0..1) */
    bwm_class mpki;
    bwm_class bw;
} bwm_classes;

bwm_class bwm_class_of_mpki_diff(double d_mpki);
bwm_class bwm_class_of_bw_diff(double d_bw_frac);
/* n >= 1 applications' mpki and bw_frac. */
bwm_classes bwm_classify(const double *mpki, const double *bw_frac, size_t n);
/* "A", "B" or "C". */
const char *bwm_class_letter(bwm_class c);

#endif
