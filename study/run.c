/* run.c — the experiments' names and what a run's fields say (see run.h). */
#include "study/run.h"

#include <string.h>

static const char *const exp_names[BWM_EXP_COUNT] = {"alone", "main", "prior", "three", "split", "window", "asjf", "variation",
                                                        "translation", "batch", "page_reuse"};

const char *bwm_study_exp_name(int exp)
{
    return exp >= 0 && exp < BWM_EXP_COUNT ? exp_names[exp] : "?";
}

int bwm_study_run_translated(const bwm_study_run *r)
{
    return r->exp != BWM_EXP_BATCH && r->design[0] != '\0';
}

int bwm_study_exp_parse(const char *s)
{
    for (int e = 0; e < BWM_EXP_COUNT; e++)
        if (strcmp(s, exp_names[e]) == 0)
            return e;
    return -1;
}
