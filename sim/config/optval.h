/* optval.h — typed values of the options in a bwm_optset.
 *
 * Each getter takes the option (marking it used), checks its text strictly
 * and reports a bad value as "FILE:LINE: option -NAME: what was expected"
 * with status BWM_EINPUT.  An absent option yields the given default. */
#ifndef BWM_OPTVAL_H
#define BWM_OPTVAL_H

#include "sim/config/optset.h"
#include "util/status.h"

/* Formats "ORIGIN:LINE: option NAME: MESSAGE" into err and returns status.
 * extra_lines moves the line forward, for a fault inside a multi-line value. */
int bwm_optval_fail(const bwm_optent *e, int extra_lines, bwm_err *err, int status,
                    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* The same for option name, whose entry e is NULL when the option is
 * absent: then "option NAME (default): MESSAGE" (its default was at fault),
 * with status BWM_EINPUT either way. */
int bwm_optval_fail_at(const bwm_optent *e, const char *name, bwm_err *err, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Integer option in lo..hi. */
int bwm_optval_int(bwm_optset *s, const char *name, int def, int lo, int hi, int *out,
                   bwm_err *err);

/* Number option, finite and > 0. */
int bwm_optval_positive(bwm_optset *s, const char *name, double def, double *out, bwm_err *err);

/* Text option: *out points into the set (or is def); *ent is the entry, or
 * NULL when the option is absent. */
void bwm_optval_str(bwm_optset *s, const char *name, const char *def, const char **out,
                    const bwm_optent **ent);

/* The name under which the option is given: name, or old_name when only
 * that (GPGPU-Sim 3.x's spelling) is in the set. */
const char *bwm_optval_alias(const bwm_optset *s, const char *name, const char *old_name);

/* Of the n options names, the one given last (in the overrides rather than
 * the file, at a later line), where a fault their values make together is
 * reported; NULL when none is given. */
const bwm_optent *bwm_optval_last_given(const bwm_optset *s, const char *const *names, size_t n);

/* A list of min_n..max_n (at most 64) integers in lo..hi separated by sep
 * ("64:64:64:64"), into out; *n receives the count.  def is the text used
 * when the option is absent. */
int bwm_optval_ints(bwm_optset *s, const char *name, const char *def, char sep, int min_n, int max_n, int lo,
                    int hi, int *out, int *n, bwm_err *err);

#endif
