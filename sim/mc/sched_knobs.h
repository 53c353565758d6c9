/* sched_knobs.h — the tunable parameters ("knobs") of memory schedulers and
 * the settings a user gives for them.
 *
 * A policy lists its knobs in its bwm_sched_ops (sched.h): name, the paper's
 * default, the accepted range, and whether the value is a whole number, a
 * time in core cycles (the policy converts it to its controller's DRAM
 * cycles) or one of a few named choices.  A user's settings are
 * "NAME=VALUE" or "POLICY.NAME=VALUE" texts; a plain NAME applies to every
 * scheduler of the run that has that knob.  Settings are checked against the
 * schedulers of a run before anything is simulated, so that a policy's init
 * only reads values that are known to be valid.  Settings are plain data
 * owned by the caller. */
#ifndef BWM_SCHED_KNOBS_H
#define BWM_SCHED_KNOBS_H

#include <stddef.h>

#include "util/buf.h"
#include "util/status.h"

struct bwm_sched_ops;

typedef enum bwm_knob_kind {
    BWM_KNOB_REAL,   /* any number in [min, max] */
    BWM_KNOB_WEIGHT, /* a number in [0, 1) (min and max unused) */
    BWM_KNOB_SHARE,  /* a number in (0, 1] (min and max unused) */
    BWM_KNOB_WHOLE,  /* a whole number in [min, max] */
    BWM_KNOB_CYCLES, /* a whole number of core cycles in [min, max] */
    BWM_KNOB_CHOICE  /* one of choices[] (the value is its index) */
} bwm_knob_kind;

typedef struct bwm_sched_knob {
    const char *name;            /* e.g. "marking-cap" */
    bwm_knob_kind kind;
    double def, min, max;        /* default (the paper's) and accepted range */
    const char *const *choices;  /* BWM_KNOB_CHOICE: NULL-terminated names */
    const char *help;            /* one line: what it is and where the default comes from */
} bwm_sched_knob;

#define BWM_SCHED_MAX_SETTINGS 24

typedef struct bwm_sched_setting {
    char policy[24]; /* "" when the setting names no scheduler */
    char name[32];
    char value[32];
} bwm_sched_setting;

typedef struct bwm_sched_settings {
    int n;
    bwm_sched_setting v[BWM_SCHED_MAX_SETTINGS];
} bwm_sched_settings;

/* Appends the settings of text: one or more "[POLICY.]NAME=VALUE" separated
 * by commas.  Fails (BWM_EINPUT) on a malformed item or too many. */
int bwm_sched_settings_add(bwm_sched_settings *s, const char *text, bwm_err *err);

/* Checks every setting against the n policies of a run: a POLICY prefix must
 * be one of them, NAME a knob of that policy (or, unprefixed, of at least one
 * of them), and VALUE valid for every knob it applies to.  The message names
 * the setting and lists the knobs that exist. */
int bwm_sched_settings_check(const bwm_sched_settings *s, const struct bwm_sched_ops *const *ops, size_t n,
                             bwm_err *err);

/* The knob of ops called name, or NULL. */
const bwm_sched_knob *bwm_sched_knob_find(const struct bwm_sched_ops *ops, const char *name);

/* The value of text for knob k: BWM_OK, or BWM_EINPUT saying what k takes
 * ("2 is outside (0, 1]"). */
int bwm_sched_knob_parse(const bwm_sched_knob *k, const char *text, double *out, bwm_err *err);

/* The values of ops's knobs, in the order of its list: each setting that
 * applies overrides the default (the last one wins).  s may be NULL.  The
 * settings must have passed bwm_sched_settings_check. */
void bwm_sched_knob_values(const struct bwm_sched_ops *ops, const bwm_sched_settings *s, double *out);

/* The value of ops's knob j alone, as bwm_sched_knob_values gives it. */
double bwm_sched_knob_value(const struct bwm_sched_ops *ops, const bwm_sched_settings *s, int j);

/* The text of a knob's value ("sm" for a choice, "0.875", "100000"). */
void bwm_sched_knob_format(const bwm_sched_knob *k, double v, bwm_buf *out);

/* One paragraph per policy that has knobs: "NAME: knob=default (help)...",
 * for help texts. */
void bwm_sched_knobs_help(bwm_buf *out);

/* The settings as "NAME=VALUE,..." in the order given ("" when none): what
 * a result depends on beyond the scheduler's name. */
void bwm_sched_settings_text(const bwm_sched_settings *s, bwm_buf *out);

#endif
