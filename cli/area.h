/* area.h — dispatch of "bwmpki AREA VERB": each area is a table of verbs. */
#ifndef BWM_AREA_H
#define BWM_AREA_H

#include <stddef.h>

typedef int (*bwm_verb_fn)(int argc, char **argv);

typedef struct bwm_verb {
    const char *name;
    const char *summary;
    bwm_verb_fn run;
} bwm_verb;

/* Runs the verb named by argv[1] (argv[0] is the area); prints the area's
 * help for --help or no verb, and an error (exit 2) for an unknown verb. */
int bwm_area_dispatch(const char *area, const bwm_verb *verbs, size_t n, int argc, char **argv);

/* Area entry points (one file each). */
int bwm_area_model(int argc, char **argv);
int bwm_area_sim(int argc, char **argv);
int bwm_area_fit(int argc, char **argv);
int bwm_area_study(int argc, char **argv);
/* "bwmpki calibrate" and "bwmpki plot" are commands of their own, without verbs. */
int bwm_cmd_calibrate(int argc, char **argv);
int bwm_cmd_plot(int argc, char **argv);

#endif
