/* classify.c — Class-A/B/C-MPKI and -BW (see classify.h). */
#include "model/classify.h"

#include <math.h>

bwm_class bwm_class_of_mpki_diff(double d)
{
    if (d > 10)
        return BWM_CLASS_A;
    if (d < 1)
        return BWM_CLASS_B;
    return BWM_CLASS_C;
}

bwm_class bwm_class_of_bw_diff(double d)
{
    if (d > 0.5)
        return BWM_CLASS_A;
    if (d < 0.25)
        return BWM_CLASS_C;
    return BWM_CLASS_B;
}

static double spread(const double *v, size_t n)
{
    double lo = v[0], hi = v[0];
    for (size_t i = 1; i < n; i++) {
        if (v[i] < lo)
            lo = v[i];
        if (v[i] > hi)
            hi = v[i];
    }
    /* Table values are decimals: 1.6 − 0.6 must be 1, not 0.99999999…, so
     * the difference is rounded to 1e-9 before it meets a class boundary. */
    return round((hi - lo) * 1e9) / 1e9;
}

bwm_classes bwm_classify(const double *mpki, const double *bw_frac, size_t n)
{
    bwm_classes c;
    c.d_mpki = spread(mpki, n);
    c.d_bw_frac = spread(bw_frac, n);
    c.mpki = bwm_class_of_mpki_diff(c.d_mpki);
    c.bw = bwm_class_of_bw_diff(c.d_bw_frac);
    return c;
}

const char *bwm_class_letter(bwm_class c)
{
    return c == BWM_CLASS_A ? "A" : c == BWM_CLASS_B ? "B" : "C";
}
