/* list.c — the study's workload list (see list.h). */
#include "study/list.h"

#include <stdlib.h>
#include <string.h>

#include "io/csv.h"

#define NFLAGS 3

static int *flag_of(bwm_study_flags *f, int k)
{
    return k == 0 ? &f->it_subset : k == 1 ? &f->ws_subset : &f->quick;
}

/* Second pass over the file: the flag columns of each row, in the order
 * bwm_workloads_load read the rows. */
static int read_flags(bwm_study_list *s, const char *path, bwm_err *err)
{
    static const char *const names[NFLAGS] = {"it_subset", "ws_subset", "quick"};
    bwm_csv csv;
    int st = bwm_csv_open(&csv, path, err);
    if (st != BWM_OK)
        return st;
    int col[NFLAGS];
    st = bwm_csv_header(&csv, err);
    for (int k = 0; k < NFLAGS; k++)
        col[k] = bwm_csv_col(&csv, names[k]);
    for (size_t row = 0; st == BWM_OK && row < s->l.n; row++) {
        int got;
        st = bwm_csv_read(&csv, &got, err);
        for (int k = 0; st == BWM_OK && got && k < NFLAGS; k++) {
            const char *v = col[k] < 0 ? "true" : bwm_csv_field(&csv, col[k]);
            int yes = strcmp(v, "true") == 0 || strcmp(v, "1") == 0; /* 1 and 0: files written before true/false */
            if (!yes && strcmp(v, "false") != 0 && strcmp(v, "0") != 0)
                st = bwm_fail(err, BWM_EINPUT, "%s:%ld: column '%s': expected true or false, got '%s'", csv.path,
                              csv.line, names[k], v);
            else
                *flag_of(&s->flags[row], k) = yes;
        }
    }
    bwm_csv_close(&csv);
    return st;
}

int bwm_study_list_load(bwm_study_list *s, const char *path, const bwm_catalog *cat, bwm_err *err)
{
    memset(s, 0, sizeof *s);
    int st = bwm_workloads_load(&s->l, path, cat, err);
    for (size_t w = 0; st == BWM_OK && w < s->l.n; w++)
        if (s->l.w[w].napps > 3)
            st = bwm_fail(err, BWM_EINPUT, "%s:%ld: workload '%s' has %zu applications; the study runs 1 to 3",
                          path, s->l.w[w].line, s->l.w[w].name, s->l.w[w].napps);
    if (st == BWM_OK && !(s->flags = calloc(s->l.n, sizeof *s->flags)))
        st = bwm_fail(err, BWM_EFAIL, "out of memory");
    if (st == BWM_OK)
        st = read_flags(s, path, err);
    if (st != BWM_OK)
        bwm_study_list_free(s);
    return st;
}

void bwm_study_list_free(bwm_study_list *s)
{
    bwm_workloads_free(&s->l);
    free(s->flags);
    s->flags = NULL;
}
