/* experiment.c — the registry of the study's experiments (see
 * experiment.h): one line each, in plan order.  A new experiment is its
 * file (study/exp_NAME.c) and a line here. */
#include "study/experiment.h"

#include <string.h>

extern const bwm_study_experiment bwm_exp_alone, bwm_exp_main, bwm_exp_prior, bwm_exp_three, bwm_exp_split,
    bwm_exp_window, bwm_exp_asjf, bwm_exp_variation, bwm_exp_translation, bwm_exp_page_reuse, bwm_exp_batch,
    bwm_exp_traces, bwm_exp_queue_probe;

static const bwm_study_experiment *const registry[] = {
    [BWM_EXP_ALONE] = &bwm_exp_alone,
    [BWM_EXP_MAIN] = &bwm_exp_main,
    [BWM_EXP_PRIOR] = &bwm_exp_prior,
    [BWM_EXP_THREE] = &bwm_exp_three,
    [BWM_EXP_SPLIT] = &bwm_exp_split,
    [BWM_EXP_WINDOW] = &bwm_exp_window,
    [BWM_EXP_ASJF] = &bwm_exp_asjf,
    [BWM_EXP_VARIATION] = &bwm_exp_variation,
    [BWM_EXP_TRANSLATION] = &bwm_exp_translation,
    [BWM_EXP_PAGE_REUSE] = &bwm_exp_page_reuse,
    [BWM_EXP_BATCH] = &bwm_exp_batch,
    &bwm_exp_traces,
    &bwm_exp_queue_probe,
};

int bwm_study_exp_count(void)
{
    return (int)(sizeof registry / sizeof registry[0]);
}

const bwm_study_experiment *bwm_study_exp_at(int e)
{
    return e >= 0 && e < bwm_study_exp_count() ? registry[e] : NULL;
}

int bwm_study_exp_id(const bwm_study_experiment *x)
{
    for (int e = 0; e < bwm_study_exp_count(); e++)
        if (registry[e] == x)
            return e;
    return -1;
}

const char *bwm_study_exp_name(int exp)
{
    return exp >= 0 && exp < bwm_study_exp_count() ? registry[exp]->name : "?";
}

int bwm_study_exp_parse(const char *s)
{
    for (int e = 0; e < bwm_study_exp_count(); e++)
        if (strcmp(s, registry[e]->name) == 0)
            return e;
    return -1;
}

int bwm_study_run_translated(const bwm_study_run *r)
{
    return r->design[0] != '\0' && !bwm_study_exp_at(r->exp)->design_find;
}

void bwm_exp_tables_free(bwm_exp_tables *t)
{
    for (size_t k = 0; k < t->n; k++)
        bwm_table_free(&t->t[k]);
    t->n = 0;
}
