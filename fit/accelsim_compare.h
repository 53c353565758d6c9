/* accelsim_compare.h — bwmpki's kernels beside Accel-Sim's: the error
 * table of one trace run by both on the same configuration.
 *
 * Kernels are matched by launch order: Accel-Sim's kernel_launch_uid U
 * (1, 2, ... in the order kernelslist.g launches them) is bwmpki's kernel U.
 * Both must hold the same kernels: as many, every uid 1..n once, the same
 * name each (bwmpki keeps a name's first 255 bytes: a name of that length
 * matches the Accel-Sim names it starts); bwmpki's must have run to their
 * end.  Anything else is an
 * input error naming the log (and the kernel's line), since a comparison of
 * different kernels means nothing.
 *
 * For each kernel (in launch order) and each of the BWM_AS_NSTAT compared
 * statistics (fit/accelsim_log.h), then for the total (the kernels' sums):
 * bwmpki's value, Accel-Sim's, diff = bwmpki - Accel-Sim and
 * diff_pct = 100 x diff / Accel-Sim (bwm_accelsim_diff_pct). */
#ifndef BWM_ACCELSIM_COMPARE_H
#define BWM_ACCELSIM_COMPARE_H

#include <stddef.h>

#include "fit/accelsim_log.h"
#include "io/table.h"
#include "util/status.h"

/* One of bwmpki's kernels: sim run's kernel row. */
typedef struct bwm_accelsim_ours {
    const char *name;      /* the kernel's name (borrowed) */
    int complete;          /* it ran to its end */
    double v[BWM_AS_NSTAT];
} bwm_accelsim_ours;

/* 100 x (ours - theirs) / theirs; 0 when both are 0; NaN (an empty cell)
 * when theirs is 0 and ours is not. */
double bwm_accelsim_diff_pct(double ours, double theirs);

/* Matches ours[0..n) (bwmpki's kernels 1..n) with the kernels of the log
 * read from log_path and fills the tables (initialised here, also on
 * error; the caller frees them):
 *   t[0] "kernels": kernel (uid, or "total"), name, statistic (bwmpki's
 *        name), accelsim_name (run.sh's column), bwmpki, accelsim, diff,
 *        diff_pct; one row per kernel and statistic, then the totals;
 *   t[1] "summary": per statistic, the totals' bwmpki, accelsim, diff_pct,
 *        then max_abs_diff_pct, the largest |diff_pct| over the kernels
 *        (empty when none is defined), and worst_kernel, its uid.
 * Errors: kernels that do not match (BWM_EINPUT), no memory (BWM_EFAIL). */
int bwm_accelsim_compare(const char *log_path, const bwm_accelsim_log *as, const bwm_accelsim_ours *ours, size_t n,
                         bwm_table t[2], bwm_err *err);

#endif
