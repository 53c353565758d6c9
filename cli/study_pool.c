/* study_pool.c — worker processes for the study (see study_pool.h). */
#include "cli/study_pool.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
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
        bwm_progress_step(pg);
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
