/* progress.h — the progress line of long commands on standard error: units
 * done of the total, elapsed time and the estimated time left, redrawn in
 * place, shown only when stderr is a terminal unless --progress or
 * --no-progress says otherwise. */
#ifndef BWM_PROGRESS_H
#define BWM_PROGRESS_H

#include <stddef.h>

typedef struct bwm_progress {
    int show;                           /* print the progress line */
    size_t total;                       /* units in the whole job (all phases) */
    size_t done;                        /* of which finished */
    size_t run_now;                     /* finished by this process (the estimate's pace) */
    double start;                       /* monotonic seconds at the start */
    const char *what;                   /* "study" */
    const char *unit;                   /* "runs" */
} bwm_progress;

/* The option rows of a command with a progress line; *on and *off are the
 * flags. */
#define BWM_PROGRESS_OPTS(on, off)                                                                      \
    {"progress", NULL, "show progress on stderr even when it is not a terminal", NULL, &(on)},          \
    {"no-progress", NULL, "never show progress (default: shown when stderr is a terminal)", NULL, &(off)}

/* Whether to show progress: on (--progress), else not off (--no-progress)
 * and stderr is a terminal. */
int bwm_progress_wanted(int on, int off);

/* Monotonic time in seconds. */
double bwm_progress_now(void);

/* A progress line for `what`, counting `unit`, shown as the flags say
 * (neither: when stderr is a terminal), started now with total units. */
bwm_progress bwm_progress_start(const char *what, const char *unit, size_t total, int on, int off);

/* Redraws the line (nothing when not shown). */
void bwm_progress_show(const bwm_progress *pg);

/* Counts one more unit done by this process and redraws. */
void bwm_progress_step(bwm_progress *pg);

/* Ends the progress line (a newline when one was shown). */
void bwm_progress_end(const bwm_progress *pg);

#endif
