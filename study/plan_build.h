/* plan_build.h — the study's plan built over the experiments' registry
 * (study/experiment.h), and what an experiment's plan function
 * appends runs with: the plan under construction, the setup it is built
 * from, and helpers that add a run after the alone runs it needs, with its
 * classes and content key. */
#ifndef BWM_STUDY_PLAN_BUILD_H
#define BWM_STUDY_PLAN_BUILD_H

#include <stddef.h>
#include <stdint.h>

#include "study/plan.h"

typedef struct bwm_plan_builder {
    const bwm_study_setup *s;
    bwm_study_plan *p;
    const char *scheds[BWM_STUDY_MAX_SCHEDS + 1]; /* the main schedulers, frfcfs first */
    size_t nsched;
} bwm_plan_builder;

/* A run of a workload of the list. */
typedef struct bwm_plan_spec {
    int exp;
    const char *sched;
    const int *split;                   /* SMs per application; NULL: equal shares */
    int whole;                          /* every application on the whole GPU */
    int64_t window;
    double alpha, m;
} bwm_plan_spec;

/* Builds the plan: each experiment's runs, in registry order.  Errors (BWM_EINPUT) name the scheduler that is unknown
 * or does not fit a workload (prior-3 for a pair), or the application of a
 * workload that is not in the applications file. */
int bwm_study_plan_build(const bwm_study_setup *s, bwm_study_plan *p, bwm_err *err);
#define BWM_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* The application abbr of the setup's applications file, or NULL. */
const bwm_synth_app *bwm_plan_synth(const bwm_plan_builder *b, const char *abbr);
/* Keys and appends r, whose applications are apps; BWM_EFAIL when out of memory. */
int bwm_plan_push(bwm_plan_builder *b, const bwm_synth_app *const *apps, bwm_study_run *r, bwm_err *err);
/* Keys and appends r (its applications from the applications file); an
 * alone run only if it is not there. */
int bwm_plan_add(bwm_plan_builder *b, bwm_study_run *r, bwm_err *err);
/* app alone on sms SMs under design ("": the main GPU). */
int bwm_plan_add_alone(bwm_plan_builder *b, const char *app, int sms, const char *design, bwm_err *err);
/* Workload w of the list as spec says, after the alone runs it needs. */
int bwm_plan_add_run(bwm_plan_builder *b, const bwm_plan_spec *spec, size_t w, bwm_err *err);
/* A workload's MPKI and BW classes (paper 000, Sec. 7; none for a single
 * application). */
void bwm_plan_set_classes(bwm_study_run *r, const double *mpki, const double *bw);
/* Whether workload w of the list has napps applications and is in this
 * study (quick: flagged quick). */
int bwm_plan_in_study(const bwm_plan_builder *b, size_t w, size_t napps);
/* The pair called name in this study, or -1. */
long bwm_plan_find_pair(const bwm_plan_builder *b, const char *name);

#endif
