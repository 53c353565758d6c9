/* report_model.h — REPORT.md's "The model against the simulation": the
 * performance model's MARE, then the closed-form schedulers against the
 * simulated ones (study/fits.h), paper 000's model beside the queueing
 * model per class, pairs and triples (MARE of slowdown = ipc, bw, it, ws,
 * hs and the agreement on which application to favour), the queueing
 * model's scales with their error on the alone runs, and the figure that
 * shows every prediction (plots/fig_model.c). */
#ifndef BWM_STUDY_REPORT_MODEL_H
#define BWM_STUDY_REPORT_MODEL_H

#include "study/fits.h"
#include "util/buf.h"

void bwm_report_model(const bwm_study_fits *fits, bwm_buf *out);

#endif
