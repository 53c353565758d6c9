/* study_pool.c — worker processes for the study (see study_pool.h). */
#include "cli/study_pool.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#define MAX_JOBS 1024

typedef struct message {
    uint32_t task;
    int32_t status;
    char text[BWM_ERR_MAX];
} message;

double bwm_pool_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void clock_text(double s, char *dst, size_t n)
{
    long t = (long)(s + 0.5);
    if (t >= 3600)
        snprintf(dst, n, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    else
        snprintf(dst, n, "%ld:%02ld", t / 60, t % 60);
}

static void show(const bwm_progress *pg)
{
    if (!pg->show)
        return;
    double el = bwm_pool_now() - pg->start;
    char e[32], eta[32] = "-";
    clock_text(el, e, sizeof e);
    if (pg->run_now > 0)
        clock_text(el / (double)pg->run_now * (double)(pg->total - pg->done), eta, sizeof eta);
    fprintf(stderr, "\r%s: %zu/%zu runs, %s elapsed, ETA %s   ", pg->what, pg->done, pg->total, e, eta);
    fflush(stderr);
}

void bwm_progress_end(const bwm_progress *pg)
{
    if (pg->show)
        fputc('\n', stderr);
}

static int write_all(int fd, const void *p, size_t n)
{
    const char *c = p;
    while (n > 0) {
        ssize_t w = write(fd, c, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        c += w;
        n -= (size_t)w;
    }
    return 0;
}

/* A worker: its share of the tasks, a message after each. */
static void worker(int fd, pid_t parent, const size_t *tasks, size_t n, int w, int jobs, bwm_pool_task fn,
                   void *ctx)
{
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    for (size_t t = (size_t)w; t < n; t += (size_t)jobs) {
        if (getppid() != parent)
            _exit(1);
        message m;
        memset(&m, 0, sizeof m);
        bwm_err err;
        m.task = (uint32_t)t;
        m.status = fn(ctx, tasks[t], &err);
        if (m.status != BWM_OK)
            snprintf(m.text, sizeof m.text, "%s", err.msg);
        if (write_all(fd, &m, sizeof m) != 0 || m.status != BWM_OK)
            _exit(1);
    }
    _exit(0);
}

static ssize_t read_message(int fd, message *m)
{
    size_t got = 0;
    while (got < sizeof *m) {
        ssize_t r = read(fd, (char *)m + got, sizeof *m - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return got ? -1 : 0;
        got += (size_t)r;
    }
    return (ssize_t)got;
}

int bwm_pool_run(const size_t *tasks, size_t n, int jobs, bwm_pool_task fn, void *ctx, bwm_progress *pg,
                 bwm_err *err)
{
    if (n == 0)
        return BWM_OK;
    if (jobs > MAX_JOBS)
        jobs = MAX_JOBS;
    if ((size_t)jobs > n)
        jobs = (int)n;
    int fd[2];
    if (pipe(fd) != 0)
        return bwm_fail(err, BWM_EFAIL, "cannot create a pipe: %s", strerror(errno));
    fflush(NULL);
    pid_t parent = getpid(), pid[MAX_JOBS];
    int started = 0, st = BWM_OK;
    for (; started < jobs; started++) {
        pid[started] = fork();
        if (pid[started] < 0) {
            st = bwm_fail(err, BWM_EFAIL, "cannot start worker %d: %s", started + 1, strerror(errno));
            break;
        }
        if (pid[started] == 0) {
            close(fd[0]);
            worker(fd[1], parent, tasks, n, started, jobs, fn, ctx);
        }
    }
    close(fd[1]);
    message m;
    size_t finished = 0;
    while (read_message(fd[0], &m) > 0) {
        if (m.status != BWM_OK) {
            if (st == BWM_OK)
                st = bwm_fail(err, m.status, "%s", m.text);
            continue;
        }
        finished++;
        pg->done++;
        pg->run_now++;
        show(pg);
    }
    close(fd[0]);
    int crashed = 0;
    for (int w = 0; w < started; w++) {
        int ws = 0;
        pid_t got;
        while ((got = waitpid(pid[w], &ws, 0)) < 0 && errno == EINTR)
            ;
        crashed |= got < 0 || !WIFEXITED(ws);
    }
    if (st == BWM_OK && (crashed || finished < n))
        st = bwm_fail(err, BWM_EFAIL, "a worker process ended before its tasks were done (%zu of %zu finished)",
                      finished, n);
    return st;
}
