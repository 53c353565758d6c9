/* examples_test.c — every example of README.md and of the pages of docs/ runs.
 *
 * An example is a command line of a ```sh or ```console code block that
 * calls bwmpki: its first word is bwmpki, or it pipes into bwmpki ("$ " of a
 * console block and a trailing backslash's continuation are read as a shell
 * reads them).  The examples of one page run in order in one temporary
 * folder holding copies of data/ and tests/fixtures/ (so that an example can
 * read what an earlier one wrote, and one that writes into data/ writes a
 * copy), with bash's pipefail, and each must exit 0; a failure names the
 * page and line of the example and shows its standard error.
 *
 * Examples run shortened where they take a run length (shorten() below:
 * short cycles and instruction budgets, the study in its --quick form,
 * calibrate --check on one application), as docs/testing.md says.  A line
 * ending in the comment "# not run by the tests: REASON" is skipped, and
 * said to be; nothing else is. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tests/support/cli_run.h"
#include "tests/support/study_dir.h"
#include "util/buf.h"

#define SKIP_MARK "# not run by the tests:"

/* How an example's command is shortened: for COMMAND (area and verb, or the
 * area alone when it has no verb), when the line gives NEEDS (or NEEDS is
 * NULL) and not UNLESS, each option of APPEND it does not give is added. */
static const struct rule {
    const char *command, *needs, *unless;
    const char *append[4];
} rules[] = {
    {"sim run", NULL, NULL, {"--cycles 4000", "--warmup 400", "--insts 100000"}},
    {"sim variation", NULL, NULL, {"--insts 100000"}},
    {"fit perf", NULL, "--results", {"--cycles 4000", "--warmup 400"}},
    {"fit policy", NULL, NULL, {"--cycles 4000", "--warmup 400"}},
    {"calibrate", NULL, "--check", {"--cycles 4000", "--warmup 400"}},
    {"calibrate", "--check", NULL, {"--apps BLK"}}, /* its check needs the full run length */
    {"study", NULL, NULL, {"--quick", "--cycles 4000", "--warmup 400", "--variation-insts 100000"}},
};

/* Values given in an example that are lowered to these (never raised). */
static const struct cap {
    const char *option;
    long value;
} caps[] = {{"--cycles", 4000}, {"--warmup", 400}, {"--insts", 100000}, {"--variation-insts", 100000}};

/* The n-th word (0-based) of s into w; 0 if there is none. */
static int word_at(const char *s, int n, char *w, size_t size)
{
    for (int k = 0;; k++) {
        while (*s == ' ')
            s++;
        if (!*s)
            return 0;
        size_t len = strcspn(s, " ");
        if (k == n) {
            snprintf(w, size, "%.*s", (int)len, s);
            return 1;
        }
        s += len;
    }
}

/* Where the bwmpki command of line ends: at the first pipe, redirection,
 * list operator or comment outside quotes. */
static size_t command_end(const char *line, size_t from)
{
    char quote = 0;
    for (size_t i = from; line[i]; i++) {
        char c = line[i];
        if (quote) {
            quote = c == quote ? 0 : quote;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (strchr("|><;&", c) || (c == '#' && i > 0 && line[i - 1] == ' ')) {
            while (i > from && line[i - 1] == ' ')
                i--;
            return i;
        }
    }
    return strlen(line);
}

/* The option's word in the command text, or NULL. */
static const char *find_option(const char *cmd, const char *option)
{
    size_t n = strlen(option);
    for (const char *p = strstr(cmd, option); p; p = strstr(p + 1, option))
        if ((p == cmd || p[-1] == ' ') && (p[n] == ' ' || p[n] == '=' || p[n] == '\0'))
            return p;
    return NULL;
}

/* The command line to run for an example: its bwmpki command shortened. */
static void shorten(const char *line, bwm_buf *out)
{
    const char *b = strstr(line, "bwmpki ");
    while (b && b != line && b[-1] != ' ')
        b = strstr(b + 1, "bwmpki ");
    if (!b) {
        bwm_buf_puts(out, line);
        return;
    }
    size_t start = (size_t)(b - line), end = command_end(line, start);
    bwm_buf cmd;
    bwm_buf_init(&cmd);
    bwm_buf_append(&cmd, b, end - start);
    /* lower the run lengths it gives */
    bwm_buf capped;
    bwm_buf_init(&capped);
    const char *c = bwm_buf_str(&cmd);
    while (*c) {
        size_t len = strcspn(c, " ");
        const struct cap *hit = NULL;
        for (size_t k = 0; k < sizeof caps / sizeof caps[0]; k++)
            if (len == strlen(caps[k].option) && strncmp(c, caps[k].option, len) == 0)
                hit = &caps[k];
        bwm_buf_append(&capped, c, len);
        c += len;
        if (hit && *c == ' ' && strtol(c + 1, NULL, 10) > hit->value) {
            bwm_buf_printf(&capped, " %ld", hit->value);
            c += 1 + strcspn(c + 1, " ");
        }
        for (; *c == ' '; c++)
            bwm_buf_puts(&capped, " ");
    }
    /* add the run lengths it does not give */
    char area[32] = "", verb[32] = "", key[80];
    word_at(bwm_buf_str(&capped), 1, area, sizeof area);
    if (word_at(bwm_buf_str(&capped), 2, verb, sizeof verb) && verb[0] != '-')
        snprintf(key, sizeof key, "%s %s", area, verb);
    else
        snprintf(key, sizeof key, "%s", area);
    for (size_t r = 0; r < sizeof rules / sizeof rules[0]; r++) {
        const struct rule *u = &rules[r];
        if (strcmp(u->command, key) != 0 || (u->needs && !find_option(bwm_buf_str(&capped), u->needs)) ||
            (u->unless && find_option(bwm_buf_str(&capped), u->unless)))
            continue;
        for (int k = 0; k < 4 && u->append[k]; k++) {
            char opt[64];
            word_at(u->append[k], 0, opt, sizeof opt);
            if (!find_option(bwm_buf_str(&capped), opt))
                bwm_buf_printf(&capped, " %s", u->append[k]);
        }
    }
    bwm_buf_append(out, line, start);
    bwm_buf_puts(out, bwm_buf_str(&capped));
    bwm_buf_puts(out, line + end);
    bwm_buf_free(&capped);
    bwm_buf_free(&cmd);
}

/* 1 if the line calls bwmpki: as its first word, or piped into. */
static int calls_bwmpki(const char *line)
{
    return strncmp(line, "bwmpki ", 7) == 0 || strstr(line, "| bwmpki ") != NULL;
}

typedef struct tally {
    int run, skipped, failed;
    double seconds;
} tally;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Runs one example in dir; name and line say where it stands. */
static void run_example(const char *dir, const char *name, int lineno, const char *line, tally *t)
{
    bwm_buf full;
    bwm_buf_init(&full);
    shorten(line, &full);
    char script[BWM_DIR_MAX + 32];
    snprintf(script, sizeof script, "%s/.example.sh", dir);
    FILE *f = fopen(script, "w");
    cr_assert(f, "cannot write %s", script);
    const char *bin = BWM_BIN;
    fprintf(f, "set -o pipefail\ncd '%s'\nexport PATH='%.*s':\"$PATH\"\n%s\n", dir,
            (int)(strrchr(bin, '/') - bin), bin, bwm_buf_str(&full));
    fclose(f);
    char cmd[BWM_DIR_MAX + 64];
    snprintf(cmd, sizeof cmd, "bash '%s'", script);
    double t0 = now();
    bwm_run r;
    bwm_run_shell(&r, cmd);
    double dt = now() - t0;
    t->seconds += dt;
    t->run++;
    fprintf(stderr, "examples: %s:%d: %.1f s: %s\n", name, lineno, dt, bwm_buf_str(&full));
    if (r.status != 0)
        t->failed++;
    cr_expect_eq(r.status, 0, "%s:%d: the example exits %d: %s\n(run as: %s)\n%.3000s", name, lineno, r.status,
                 line, bwm_buf_str(&full), r.err ? r.err : "");
    bwm_run_free(&r);
    bwm_buf_free(&full);
}

/* Runs every example of one page (name is its path from the source
 * folder) in a new temporary folder. */
static void run_page(const char *name, tally *t)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", BWM_SOURCE_DIR, name);
    char *text = bwm_slurp(path);
    cr_assert(text, "cannot read %s", path);
    char dir[BWM_DIR_MAX];
    bwm_tmp_dir(dir);
    char cmd[3 * BWM_DIR_MAX + 256];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s/tests' && cp -r '%s/data' '%s/' && cp -r '%s/tests/fixtures' '%s/tests/'",
             dir, BWM_SOURCE_DIR, dir, BWM_SOURCE_DIR, dir);
    bwm_run r;
    bwm_run_shell(&r, cmd);
    cr_assert_eq(r.status, 0, "cannot set up %s: %s", dir, r.err);
    bwm_run_free(&r);

    int in_block = 0, lineno = 0, start = 0;
    bwm_buf cont;
    bwm_buf_init(&cont);
    for (char *line = text; line && *line;) {
        char *eol = strchr(line, '\n');
        if (eol)
            *eol = '\0';
        lineno++;
        if (strncmp(line, "```", 3) == 0) {
            in_block = !in_block && (strcmp(line + 3, "sh") == 0 || strcmp(line + 3, "console") == 0);
        } else if (in_block) {
            const char *l = strncmp(line, "$ ", 2) == 0 ? line + 2 : line;
            if (!cont.len)
                start = lineno;
            size_t len = strlen(l);
            if (len && l[len - 1] == '\\') { /* continued on the next line */
                bwm_buf_append(&cont, l, len - 1);
            } else {
                bwm_buf_puts(&cont, l);
                const char *whole = bwm_buf_str(&cont);
                if (calls_bwmpki(whole) && strstr(whole, SKIP_MARK)) {
                    fprintf(stderr, "examples: %s:%d: skipped, as marked: %s\n", name, start, whole);
                    t->skipped++;
                } else if (calls_bwmpki(whole)) {
                    run_example(dir, name, start, whole, t);
                }
                bwm_buf_clear(&cont);
            }
        }
        line = eol ? eol + 1 : NULL;
    }
    cr_expect(!in_block, "%s: a code block is not closed", name);
    bwm_buf_free(&cont);
    free(text);
    bwm_rm_rf(dir);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

Test(docs, every_example_of_readme_and_docs_runs, .timeout = 900)
{
    char *pages[64];
    int n = 0;
    pages[n++] = strdup("README.md");
    char docs[1024];
    snprintf(docs, sizeof docs, "%s/docs", BWM_SOURCE_DIR);
    DIR *d = opendir(docs);
    cr_assert(d, "no docs/ folder in %s", BWM_SOURCE_DIR);
    for (struct dirent *e; (e = readdir(d)) != NULL && n < 64;) {
        size_t len = strlen(e->d_name);
        if (len > 3 && strcmp(e->d_name + len - 3, ".md") == 0) {
            char page[300];
            snprintf(page, sizeof page, "docs/%s", e->d_name);
            pages[n++] = strdup(page);
        }
    }
    closedir(d);
    qsort(pages + 1, (size_t)n - 1, sizeof pages[0], by_name);
    tally t = {0};
    for (int k = 0; k < n; k++) {
        run_page(pages[k], &t);
        free(pages[k]);
    }
    fprintf(stderr, "examples: %d run (%d failed) in %.1f s, %d skipped as marked, from %d pages\n", t.run, t.failed,
            t.seconds, t.skipped, n);
    cr_expect(t.run > 20, "only %d examples found", t.run);
}

/* The shortening itself: run lengths lowered or added, the rest of the
 * line (pipes, redirections, comments) kept. */
Test(docs, examples_are_shortened_where_they_take_a_run_length)
{
    static const char *const cases[][2] = {
        {"bwmpki sim run --apps BLK,QTC --sm-split 10,20 --cycles 200000 --warmup 20000",
         "bwmpki sim run --apps BLK,QTC --sm-split 10,20 --cycles 4000 --warmup 400 --insts 100000"},
        {"bwmpki sim run --apps BLK --format csv > blk.csv",
         "bwmpki sim run --apps BLK --format csv --cycles 4000 --warmup 400 --insts 100000 > blk.csv"},
        {"bwmpki study --out out/study                 # the whole study",
         "bwmpki study --out out/study --quick --cycles 4000 --warmup 400 --variation-insts 100000"
         "                 # the whole study"},
        {"bwmpki study merge --out m s1 s2", "bwmpki study merge --out m s1 s2"},
        {"bwmpki fit perf --results blk.csv --format json", "bwmpki fit perf --results blk.csv --format json"},
        {"bwmpki calibrate --check", "bwmpki calibrate --check --apps BLK"},
        {"awk 'BEGIN{print 1}' | bwmpki sim dram --trace - --format csv",
         "awk 'BEGIN{print 1}' | bwmpki sim dram --trace - --format csv"},
        {"bwmpki sim run --apps A --set '-x 1 | y' --cycles 10", "bwmpki sim run --apps A --set '-x 1 | y' --cycles 10 "
                                                                 "--warmup 400 --insts 100000"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        bwm_buf out;
        bwm_buf_init(&out);
        shorten(cases[k][0], &out);
        cr_expect_str_eq(bwm_buf_str(&out), cases[k][1]);
        bwm_buf_free(&out);
    }
}
