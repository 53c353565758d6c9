/* gnuplot.c — running gnuplot on a figure's script (see gnuplot.h). */
#include "plots/gnuplot.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int bwm_gnuplot_find(char *path, size_t n)
{
    const char *env = getenv("PATH");
    if (!env)
        return 0;
    for (const char *p = env; *p;) {
        size_t len = strcspn(p, ":");
        snprintf(path, n, "%.*s/gnuplot", (int)len, len ? p : ".");
        if (access(path, X_OK) == 0)
            return 1;
        p += len + (p[len] == ':');
    }
    return 0;
}

/* The child: in dir, output to the log, gnuplot -e "out='.NAME.tmp'" NAME.gp. */
static void child(const char *gnuplot, const char *dir, const char *name)
{
    char log[256], script[256], set[300];
    snprintf(log, sizeof log, "%s.log", name);
    snprintf(script, sizeof script, "%s.gp", name);
    snprintf(set, sizeof set, "out='.%s.tmp'", name);
    if (chdir(dir) != 0)
        _exit(126);
    int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    int null = open("/dev/null", O_RDONLY);
    if (fd < 0 || null < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0 || dup2(null, 0) < 0)
        _exit(126);
    execl(gnuplot, "gnuplot", "-e", set, script, (char *)NULL);
    _exit(127);
}

int bwm_gnuplot_render(const char *gnuplot, const char *dir, const char *name, bwm_err *err)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return bwm_fail(err, BWM_EFAIL, "cannot start gnuplot: %s", strerror(errno));
    if (pid == 0)
        child(gnuplot, dir, name);
    int ws = 0;
    while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
        ;
    char tmp[4096], final[4096], log[4096];
    snprintf(log, sizeof log, "%s/%s.log", dir, name);
    int ok = WIFEXITED(ws) && WEXITSTATUS(ws) == 0;
    static const char *const ext[] = {"png", "svg"};
    for (int k = 0; k < 2; k++) {
        snprintf(tmp, sizeof tmp, "%s/.%s.tmp.%s", dir, name, ext[k]);
        snprintf(final, sizeof final, "%s/%s.%s", dir, name, ext[k]);
        if (ok && rename(tmp, final) != 0)
            ok = 0;
        unlink(tmp);
    }
    if (!ok)
        return bwm_fail(err, BWM_EFAIL, "gnuplot failed on %s/%s.gp (exit %d); its messages are in %s", dir, name,
                        WIFEXITED(ws) ? WEXITSTATUS(ws) : -1, log);
    unlink(log);
    return BWM_OK;
}
