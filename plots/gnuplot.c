/* gnuplot.c — running gnuplot on a figure's script (see gnuplot.h). */
#include "plots/gnuplot.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

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

/* A gnuplot string of s in double quotes (room for n bytes). */
static void gp_string(const char *s, char *dst, size_t n)
{
    size_t k = 0;
    if (n < 3)
        return;
    dst[k++] = '"';
    for (; *s && k + 3 < n; s++) {
        if (*s == '"' || *s == '\\')
            dst[k++] = '\\';
        dst[k++] = *s;
    }
    dst[k++] = '"';
    dst[k] = '\0';
}

int bwm_gnuplot_render(const char *gnuplot, const char *dir, const char *name, bwm_err *err)
{
    /* gnuplot -e 'cd "DIR"; out=".NAME.tmp"' NAME.gp > DIR/NAME.log 2>&1 < /dev/null */
    char log[4096], quoted[4200], set[4400], script[256];
    snprintf(log, sizeof log, "%s/%s.log", dir, name);
    snprintf(script, sizeof script, "%s.gp", name);
    gp_string(dir, quoted, sizeof quoted);
    snprintf(set, sizeof set, "cd %s; out = \".%s.tmp\"", quoted, name);
    posix_spawn_file_actions_t fa;
    if (posix_spawn_file_actions_init(&fa) != 0)
        return bwm_fail(err, BWM_EFAIL, "cannot start gnuplot: out of memory");
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    char *argv[] = {"gnuplot", "-e", set, script, NULL};
    fflush(NULL);
    pid_t pid;
    int rc = posix_spawn(&pid, gnuplot, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0)
        return bwm_fail(err, BWM_EFAIL, "cannot start %s: %s", gnuplot, strerror(rc));
    int ws = 0;
    while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
        ;
    char tmp[4096], final[4096];
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
