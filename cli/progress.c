/* progress.c — the progress line on standard error (see progress.h). */
#include "cli/progress.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

double bwm_progress_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int bwm_progress_wanted(int on, int off)
{
    return on ? 1 : off ? 0 : isatty(STDERR_FILENO);
}

bwm_progress bwm_progress_start(const char *what, const char *unit, size_t total, int on, int off)
{
    bwm_progress pg = {0};
    pg.show = bwm_progress_wanted(on, off);
    pg.total = total;
    pg.start = bwm_progress_now();
    pg.what = what;
    pg.unit = unit;
    return pg;
}

static void clock_text(double s, char *dst, size_t n)
{
    long t = (long)(s + 0.5);
    if (t >= 3600)
        snprintf(dst, n, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    else
        snprintf(dst, n, "%ld:%02ld", t / 60, t % 60);
}

void bwm_progress_show(const bwm_progress *pg)
{
    if (!pg->show)
        return;
    double el = bwm_progress_now() - pg->start;
    char e[32], eta[32] = "-";
    clock_text(el, e, sizeof e);
    if (pg->run_now > 0 && pg->total >= pg->done)
        clock_text(el / (double)pg->run_now * (double)(pg->total - pg->done), eta, sizeof eta);
    fprintf(stderr, "\r%s: %zu/%zu %s, %s elapsed, ETA %s   ", pg->what, pg->done, pg->total, pg->unit, e, eta);
    fflush(stderr);
}

void bwm_progress_step(bwm_progress *pg)
{
    pg->done++;
    pg->run_now++;
    bwm_progress_show(pg);
}

void bwm_progress_end(const bwm_progress *pg)
{
    if (pg->show)
        fputc('\n', stderr);
}
