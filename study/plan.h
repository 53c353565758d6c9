/* plan.h — the runs of the study, in a fixed order, each with the content
 * key that names its result file: every experiment's (study/experiment.h:
 * the registry, one entry per experiment, each in study/exp_NAME.c saying
 * which runs it plans, over the workload list, study/list.h; with quick,
 * only the workloads flagged quick), built by study/plan_build.h; and the
 * queries on a plan: a run's alone runs, its baseline's workload, a run
 * done already.  Runs that are the same simulation share a key; it is run
 * once. */
#ifndef BWM_STUDY_PLAN_H
#define BWM_STUDY_PLAN_H

#include <stddef.h>

#include "study/batch_designs.h"
#include "study/run.h"
#include "util/status.h"

void bwm_study_plan_free(bwm_study_plan *p);
/* Appends a copy of r; -1 when out of memory. */
int bwm_study_plan_add(bwm_study_plan *p, const bwm_study_run *r);

/* The index of the alone run of app on sms SMs under design ("": the main
 * GPU's), or -1. */
long bwm_study_plan_alone(const bwm_study_plan *p, const char *app, int sms, const char *design);
/* The alone run of application i of run r (on its share, under the alone
 * design of r's group, or on the main GPU), or -1. */
long bwm_study_plan_alone_of(const bwm_study_plan *p, const bwm_study_run *r, size_t i);
/* The run (not alone) of r's workload with r's SM split under design: of
 * r's experiment for a design, under frfcfs for "" (the main GPU), or -1. */
long bwm_study_plan_same_workload(const bwm_study_plan *p, const bwm_study_run *r, const char *design);
/* The first run before `before` with the same key, or -1: a run done
 * already. */
long bwm_study_plan_same(const bwm_study_plan *p, size_t before);

/* A workload class as the outputs name it: "A-MPKI" from letter "A" and
 * what "MPKI"; "" for an empty letter (a single application). */
void bwm_study_class_text(const char *letter, const char *what, char *dst, size_t n);

#endif
