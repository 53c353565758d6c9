/* cli_run.h — test support: runs a shell command and captures what it did. */
#ifndef BWM_CLI_RUN_H
#define BWM_CLI_RUN_H

typedef struct bwm_run {
    int status;   /* exit code, or -1 if it did not exit normally */
    char *out;    /* everything written to standard output */
    char *err;    /* everything written to standard error */
} bwm_run;

/* Runs "BWM_BIN <args>" through the shell (args are shell text). */
void bwm_run_cli(bwm_run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Runs a whole shell command line. */
void bwm_run_shell(bwm_run *r, const char *cmdline);
void bwm_run_free(bwm_run *r);

/* Reads a whole file into a new string (NULL if it cannot be read). */
char *bwm_slurp(const char *path);

#endif
