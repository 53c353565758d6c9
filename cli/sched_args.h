/* sched_args.h — the --sched-param option of the commands that simulate
 * under memory schedulers: "[SCHEDULER.]NAME=VALUE", repeatable (or several
 * joined by commas), collected into a bwm_sched_settings and checked against
 * the schedulers of the run (sim/mc/sched_knobs.h), and the list of every
 * scheduler's parameters for --help.  Errors read "option --sched-param: ...". */
#ifndef BWM_SCHED_ARGS_H
#define BWM_SCHED_ARGS_H

#include <stddef.h>
#include <stdint.h>

#include "cli/opts.h"
#include "sim/mc/sched.h"
#include "sim/mc/sched_knobs.h"

#define BWM_SCHED_PARAM_OPT(var)                                                                           \
    {"sched-param", "NAME=VALUE", "a scheduler parameter, [SCHEDULER.]NAME=VALUE; repeatable (list below)", \
     &(var), NULL}

/* Collects the values of every --sched-param of argv (parsed by
 * bwm_opts_parse before) into s. */
int bwm_sched_args_collect(const bwm_cmd *cmd, int argc, char **argv, bwm_sched_settings *s, bwm_err *err);

/* Checks s against the n schedulers of a run, by the names the command line
 * gives them (prior-K included). */
int bwm_sched_args_check(const bwm_sched_settings *s, const char *const *scheds, size_t n, int n_apps,
                         bwm_err *err);

/* --NAME VALUE, a shorthand of the knob NAME of the n schedulers ops (--alpha
 * and --m of asjf and asjfw): VALUE is checked as ops[0]'s knob ("option
 * --NAME: ..."); when policy, the run's scheduler, is one of ops the setting
 * POLICY.NAME=VALUE is added to s (checked before: bwm_sched_args_check),
 * and a setting of s giving the knob another value is refused, naming both.
 * Beside other schedulers the option is refused (BWM_EINPUT), as
 * --sched-param NAME=VALUE is. */
int bwm_sched_args_shorthand(bwm_sched_settings *s, const bwm_sched_ops *const *ops, size_t n, const char *policy,
                             const char *name, const char *value, bwm_err *err);

/* When scheduler policy (a registry name) ranks once per `quantum` knob
 * (atlas, tcm) and, under settings s, that quantum is longer than a run of
 * run_cycles core cycles, writes into msg (size bytes) a note that the run
 * orders requests as FR-FCFS does and which --sched-param changes it, and
 * returns 1; else 0. */
int bwm_sched_args_quantum_note(const char *policy, const bwm_sched_settings *s, int64_t run_cycles, char *msg,
                                size_t size);

/* details, then a paragraph listing every scheduler parameter with its
 * default: the details text of a command with --sched-param. */
void bwm_sched_args_details(const char *details, bwm_buf *out);

#endif
