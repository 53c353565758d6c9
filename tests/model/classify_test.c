/* classify_test.c — workload classes (paper 000, Sec. 7). */
#include <criterion/criterion.h>

#include "model/classify.h"

Test(classify, mpki_boundaries)
{
    cr_assert_eq(bwm_class_of_mpki_diff(10.01), BWM_CLASS_A);
    cr_assert_eq(bwm_class_of_mpki_diff(10), BWM_CLASS_C);   /* "greater than 10" */
    cr_assert_eq(bwm_class_of_mpki_diff(1), BWM_CLASS_C);    /* "less than 1" */
    cr_assert_eq(bwm_class_of_mpki_diff(0.99), BWM_CLASS_B);
}

Test(classify, bw_boundaries_follow_the_paper)
{
    /* > 50 % A, < 25 % C, otherwise B */
    cr_assert_eq(bwm_class_of_bw_diff(0.51), BWM_CLASS_A);
    cr_assert_eq(bwm_class_of_bw_diff(0.50), BWM_CLASS_B);
    cr_assert_eq(bwm_class_of_bw_diff(0.25), BWM_CLASS_B);
    cr_assert_eq(bwm_class_of_bw_diff(0.24), BWM_CLASS_C);
}

Test(classify, table1_workloads)
{
    /* BLK_MUM: |1.6 − 22.6| = 21 -> A-MPKI; |0.676 − 0.797| -> C-BW */
    double m1[2] = {1.6, 22.6}, b1[2] = {0.676, 0.797};
    bwm_classes c = bwm_classify(m1, b1, 2);
    cr_assert_eq(c.mpki, BWM_CLASS_A);
    cr_assert_eq(c.bw, BWM_CLASS_C);
    cr_assert_float_eq(c.d_mpki, 21, 1e-9);
    /* BLK_HISTO: 1.6 − 0.6 is exactly 1 in decimal: C-MPKI, not B */
    double m2[2] = {1.6, 0.6}, b2[2] = {0.676, 0.188};
    c = bwm_classify(m2, b2, 2);
    cr_assert_eq(c.mpki, BWM_CLASS_C);
    cr_assert_eq(c.bw, BWM_CLASS_B);
    /* three applications: spread is max − min */
    double m3[3] = {57.1, 2.7, 0.6}, b3[3] = {0.93, 0.863, 0.188};
    c = bwm_classify(m3, b3, 3);
    cr_assert_float_eq(c.d_mpki, 56.5, 1e-9);
    cr_assert_eq(c.bw, BWM_CLASS_A);
}
