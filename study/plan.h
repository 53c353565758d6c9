/* plan.h — the runs of the study (paper 000's evaluation and paper 004's
 * alpha-SJF sweep), in a fixed order, each with the content key that names
 * its result file.
 *
 * Experiments, over the workload list (study/list.h; with quick, only the
 * workloads flagged quick):
 *   alone   each application alone on its SM share, FR-FCFS (the profiles
 *           every slowdown compares against; all applications on the
 *           two-way share, for the performance-model fit)
 *   main    every pair under every main scheduler (frfcfs first)
 *   prior   prior-1 and prior-2 on the pairs of paper 000's Fig. 5
 *   three   every triple under frfcfs, its, weis
 *   split   JPEG_GUPS under frfcfs and its with the SMs split 1/3-2/3 and
 *           2/3-1/3 (Fig. 13; the equal split is in main)
 *   window  its on the IT subset and weis on the WS subset with windows of
 *           256 and 2048 core cycles (quick: two workloads each)
 *   asjf    every single application on the whole GPU under asjf and asjfw
 *           for alpha 0.25, 0.5, 0.75, 1.0 (m = 3)
 *   variation  paper 003's isolation measure on its own GPU (the setup's
 *           var_cfg, GTX 1080 by default; sim/gpu/variation.h): MM, SCP,
 *           FWT, CFD and VA each alone on the whole GPU, then on one of two
 *           partitions under cp and under cmp, alone and beside MM, FWT and
 *           VA; time to var_insts thread instructions (paper mode)
 *   translation  thesis 001's address translation (Ch. 6) on its own GPU (the
 *           setup's xlat_cfg, mask17 by default): every design of
 *           study/xlat_designs.h on the thesis's pairs that the catalogue
 *           has, each of their applications alone on the whole GPU, and
 *           groups of 3 and 4 of those applications (in order of first
 *           appearance, cut into consecutive groups, the rest dropped); the
 *           alone runs (experiment alone, design set) on the same shares
 *           under the group's alone design.  quick: one pair and one
 *           application under the designs marked quick
 *   batch   paper 002's thread batching (Sec. 6.1) on its own GPU (the
 *           setup's batch_cfgs, cal12 with 8 SMs by default) with its own
 *           applications (the setup's batch_apps, data/apps_cta.csv by
 *           default): every application alone on the whole GPU under every
 *           design of study/batch_designs.h (quick: BST and GUPS under the
 *           designs marked quick); no alone profile is needed, each design
 *           being measured against the baseline design's run
 *   page_reuse  the translation experiment's designs on its probes (the
 *           setup's xlat_probes, data/apps_tlb_reuse.csv by default:
 *           applications that come back to their pages), 1 to 4 copies of
 *           each on SMs split equally, with the same alone runs; quick: 2
 *           copies of the first under the designs marked quick
 * Translation and page_reuse runs (and their alone runs) last the setup's
 * xlat_warmup and xlat_cycles, long enough for MASK's epochs to act.
 * Runs that are the same simulation share a key; it is run once. */
#ifndef BWM_STUDY_PLAN_H
#define BWM_STUDY_PLAN_H

#include <stddef.h>

#include "study/batch_designs.h"
#include "study/run.h"
#include "util/status.h"

/* Builds the plan.  Errors (BWM_EINPUT) name the scheduler that is unknown
 * or does not fit a workload (prior-3 for a pair), or the application of a
 * workload that is not in the applications file. */
int bwm_study_plan_build(const bwm_study_setup *s, bwm_study_plan *p, bwm_err *err);
void bwm_study_plan_free(bwm_study_plan *p);
/* Appends a copy of r; -1 when out of memory. */
int bwm_study_plan_add(bwm_study_plan *p, const bwm_study_run *r);

/* The index of the alone run of app on sms SMs under design ("": the main
 * GPU's), or -1. */
long bwm_study_plan_alone(const bwm_study_plan *p, const char *app, int sms, const char *design);
/* The alone run of application i of run r (on its share, under the alone
 * design of r's group, or on the main GPU), or -1. */
long bwm_study_plan_alone_of(const bwm_study_plan *p, const bwm_study_run *r, size_t i);
/* The first run before `before` with the same key, or -1: a run done
 * already. */
long bwm_study_plan_same(const bwm_study_plan *p, size_t before);

/* A workload class as the outputs name it: "A-MPKI" from letter "A" and
 * what "MPKI"; "" for an empty letter (a single application). */
void bwm_study_class_text(const char *letter, const char *what, char *dst, size_t n);

#endif
