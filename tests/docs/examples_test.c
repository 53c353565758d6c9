/* examples_test.c — every example of README.md and of the pages of docs/ runs,
 * prints what its page shows and writes the files its page says it writes.
 *
 * An example is a command line of a ```sh or ```console code block that
 * calls bwmpki: its first word is bwmpki, or it pipes into bwmpki (a console
 * block's commands are its "$ " lines; a trailing backslash continues a line,
 * as a shell reads it).  The examples of one page run in order in one
 * temporary folder holding copies of data/ and tests/fixtures/ (so that an
 * example can read what an earlier one wrote, and one that writes into data/
 * writes a copy), with bash's pipefail, and each must exit 0; a failure names
 * the page and line of the example and shows its standard error.
 *
 * What an example shows: a ```text block right after its sh block (blank
 * lines between) is what the sh block's examples print on standard output (in
 * a console block, the lines after a "$ " command).  The output must match it
 * line by line, whole: a shown line "…" (or one starting "… ") stands for any
 * number of lines left out, a line ending in " …" for a line that starts with
 * the text before it, and every other line must be printed as shown (trailing
 * blanks aside).  Such an example runs as written, at its full length, so
 * that the numbers shown are the numbers printed; the other examples run
 * shortened where they take a run length (shorten() below: short cycles and
 * instruction budgets, the study in its --quick form, calibrate --check on
 * one application), as docs/testing.md says.  The study is shortened even
 * when its output is shown: its summary line counts runs and figures, which
 * the run length does not change.
 *
 * What an example writes: the paths of its output options (-o, --output,
 * --out, --write, --series, --command-trace), of a > redirection, and those
 * its comment names (a word holding a '/', braces expanded, and bare file
 * names listed after it, in its folder; after "->", only what follows it).
 * Each must exist after the example: a file written by it (new, or modified
 * while it ran) and not empty, a folder not empty.
 *
 * A line ending in the comment "# not run by the tests: REASON" is skipped,
 * and said to be; nothing else is. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "tests/support/cli_run.h"
#include "tests/support/study_dir.h"
#include "util/buf.h"

#define SKIP_MARK "# not run by the tests:"
#define ELLIPSIS "\xe2\x80\xa6" /* … */

/* How an example's command is shortened: for COMMAND (area and verb, or the
 * area alone when it has no verb), when the line gives NEEDS (or NEEDS is
 * NULL) and not UNLESS, each option of APPEND it does not give is added.
 * ALWAYS: shortened even when its page shows its output. */
static const struct rule {
    const char *command, *needs, *unless;
    const char *append[4];
    int always;
} rules[] = {
    {"sim run", NULL, NULL, {"--cycles 4000", "--warmup 400", "--insts 100000"}, 0},
    {"sim variation", NULL, NULL, {"--insts 100000"}, 0},
    {"fit perf", NULL, "--results", {"--cycles 4000", "--warmup 400"}, 0},
    {"fit policy", NULL, NULL, {"--cycles 4000", "--warmup 400"}, 0},
    {"calibrate", NULL, "--check", {"--cycles 4000", "--warmup 400"}, 0},
    {"calibrate", "--check", NULL, {"--apps BLK"}, 0}, /* its check needs the full run length */
    {"study", NULL, NULL, {"--quick", "--cycles 4000", "--warmup 400", "--variation-insts 100000"}, 1},
};

/* Values given in an example that are lowered to these (never raised). */
static const struct cap {
    const char *option;
    long value;
} caps[] = {{"--cycles", 4000}, {"--warmup", 400}, {"--insts", 100000}, {"--variation-insts", 100000}};

/* The options whose value is a path the command writes. */
static const char *const output_options[] = {"-o", "--output", "--out", "--write", "--series", "--command-trace"};

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

/* Where the line's comment starts (a '#' after a blank, outside quotes), or
 * its length. */
static size_t comment_start(const char *line)
{
    char quote = 0;
    for (size_t i = 0; line[i]; i++) {
        char c = line[i];
        if (quote)
            quote = c == quote ? 0 : quote;
        else if (c == '\'' || c == '"')
            quote = c;
        else if (c == '#' && (i == 0 || line[i - 1] == ' '))
            return i;
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

/* Where the bwmpki command of line starts, or NULL. */
static const char *bwmpki_start(const char *line)
{
    const char *b = strstr(line, "bwmpki ");
    while (b && b != line && b[-1] != ' ')
        b = strstr(b + 1, "bwmpki ");
    return b;
}

/* The command's key for rules[]: "AREA VERB", or "AREA" without a verb. */
static void command_key(const char *cmd, char *key, size_t size)
{
    char area[32] = "", verb[32] = "";
    word_at(cmd, 1, area, sizeof area);
    if (word_at(cmd, 2, verb, sizeof verb) && verb[0] != '-')
        snprintf(key, size, "%s %s", area, verb);
    else
        snprintf(key, size, "%s", area);
}

/* The command line to run for an example: its bwmpki command shortened,
 * unless its page shows its output (shown) and its rule is not ALWAYS. */
static void shorten(const char *line, int shown, bwm_buf *out)
{
    const char *b = bwmpki_start(line);
    if (!b) {
        bwm_buf_puts(out, line);
        return;
    }
    size_t start = (size_t)(b - line), end = command_end(line, start);
    bwm_buf cmd;
    bwm_buf_init(&cmd);
    bwm_buf_append(&cmd, b, end - start);
    char key[80];
    command_key(bwm_buf_str(&cmd), key, sizeof key);
    int always = 0;
    for (size_t r = 0; r < sizeof rules / sizeof rules[0]; r++)
        always |= strcmp(rules[r].command, key) == 0 && rules[r].always;
    if (shown && !always) {
        bwm_buf_puts(out, line);
        bwm_buf_free(&cmd);
        return;
    }
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

/* ---- the files an example says it writes ---- */

typedef struct claim {
    char path[512];   /* as the example names it */
    int existed;      /* before the example ran */
    struct timespec mtime;
} claim;

typedef struct claims {
    claim c[32];
    int n;
} claims;

/* The next shell word of *s before end (quotes removed) into w; 0 at the end. */
static int next_word(const char **s, const char *end, char *w, size_t size)
{
    const char *p = *s;
    while (p < end && *p == ' ')
        p++;
    if (p >= end)
        return 0;
    size_t n = 0;
    char quote = 0;
    for (; p < end && (quote || *p != ' '); p++) {
        if (quote && *p == quote)
            quote = 0;
        else if (!quote && (*p == '\'' || *p == '"'))
            quote = *p;
        else if (n + 1 < size)
            w[n++] = *p;
    }
    w[n] = '\0';
    *s = p;
    return 1;
}

static void add_claim(claims *cl, const char *path)
{
    for (int k = 0; k < cl->n; k++)
        if (strcmp(cl->c[k].path, path) == 0)
            return;
    cr_assert(cl->n < (int)(sizeof cl->c / sizeof cl->c[0]), "too many files named by one example");
    snprintf(cl->c[cl->n++].path, sizeof cl->c[0].path, "%s", path);
}

/* Adds path with one {a,b,...} group expanded. */
static void add_expanded(claims *cl, const char *path)
{
    const char *open = strchr(path, '{'), *close = open ? strchr(open, '}') : NULL;
    if (!close) {
        add_claim(cl, path);
        return;
    }
    for (const char *alt = open + 1; alt <= close;) {
        size_t len = strcspn(alt, ",}");
        char one[512];
        snprintf(one, sizeof one, "%.*s%.*s%s", (int)(open - path), path, (int)len, alt, close + 1);
        add_claim(cl, one);
        alt += len + 1;
    }
}

/* 1 if w is a plain file name (no folder), such as perf_summary.csv. */
static int is_file_name(const char *w)
{
    return w[0] && strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-{},") == strlen(w) &&
           strchr(w + 1, '.') != NULL;
}

/* The paths the example's comment names as written (see the header). */
static void comment_claims(const char *comment, claims *cl)
{
    const char *from = comment;
    for (const char *a = strstr(comment, "->"); a; a = strstr(a + 2, "->"))
        from = a + 2;
    const char *end = from + strlen(from);
    char w[512], folder[512] = "";
    int listing = 0; /* the words so far are a list after a path */
    while (next_word(&from, end, w, sizeof w)) {
        size_t len = strlen(w);
        int comma = len && w[len - 1] == ',';
        while (len && strchr(",;:)", w[len - 1]))
            w[--len] = '\0';
        char *p = w[0] == '(' ? w + 1 : w;
        if (strchr(p, '/') && strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./{},-") ==
                                  strlen(p)) {
            add_expanded(cl, p);
            const char *slash = strrchr(p, '/');
            snprintf(folder, sizeof folder, "%.*s", (int)(slash - p + 1), p);
            listing = comma;
        } else if (listing && is_file_name(p)) {
            char full[1024];
            snprintf(full, sizeof full, "%s%s", folder, p);
            add_expanded(cl, full);
            listing = comma;
        } else {
            listing = 0;
        }
    }
}

/* The paths an example writes: its output options, a > redirection, and
 * what its comment names. */
static void find_claims(const char *line, claims *cl)
{
    cl->n = 0;
    size_t cs = comment_start(line);
    const char *s = line, *end = line + cs;
    char w[512], prev[512] = "";
    while (next_word(&s, end, w, sizeof w)) {
        for (size_t k = 0; k < sizeof output_options / sizeof output_options[0]; k++) {
            const char *o = output_options[k];
            size_t n = strlen(o);
            if (strcmp(prev, o) == 0)
                add_claim(cl, w);
            else if (strncmp(w, o, n) == 0 && w[n] == '=' && w[n + 1])
                add_claim(cl, w + n + 1);
        }
        if (strncmp(w, "-o", 2) == 0 && w[2] && w[2] != '-' && w[2] != '=' && !strchr(w, ' '))
            add_claim(cl, w + 2);
        if (strcmp(prev, ">") == 0)
            add_claim(cl, w);
        else if (w[0] == '>' && w[1] && w[1] != '&' && w[1] != '>')
            add_claim(cl, w + 1);
        snprintf(prev, sizeof prev, "%s", w);
    }
    if (line[cs])
        comment_claims(line + cs + 1, cl);
}

static void full_path(const char *dir, const char *path, char *out, size_t size)
{
    if (path[0] == '/')
        snprintf(out, size, "%s", path);
    else
        snprintf(out, size, "%s/%s", dir, path);
}

/* Notes what each claimed path was before the example. */
static void claims_before(const char *dir, claims *cl)
{
    for (int k = 0; k < cl->n; k++) {
        char p[1024];
        full_path(dir, cl->c[k].path, p, sizeof p);
        struct stat st;
        cl->c[k].existed = stat(p, &st) == 0;
        if (cl->c[k].existed)
            cl->c[k].mtime = st.st_mtim;
    }
}

static int folder_empty(const char *path)
{
    DIR *d = opendir(path);
    if (!d)
        return 1;
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n == 0;
}

/* Checks each claimed path after the example; returns how many failed. */
static int claims_after(const char *dir, const claims *cl, const char *name, int lineno)
{
    int failed = 0;
    for (int k = 0; k < cl->n; k++) {
        const claim *c = &cl->c[k];
        char p[1024];
        full_path(dir, c->path, p, sizeof p);
        struct stat st;
        const char *why = NULL;
        if (stat(p, &st) != 0)
            why = "it does not exist";
        else if (S_ISDIR(st.st_mode))
            why = folder_empty(p) ? "the folder is empty" : NULL;
        else if (!S_ISREG(st.st_mode))
            why = NULL; /* a device or a FIFO */
        else if (st.st_size == 0)
            why = "it is empty";
        else if (c->existed && st.st_mtim.tv_sec == c->mtime.tv_sec && st.st_mtim.tv_nsec == c->mtime.tv_nsec)
            why = "it was there before and the example did not write it";
        if (why) {
            failed++;
            cr_expect(0, "%s:%d: the example says it writes %s, but %s", name, lineno, c->path, why);
        }
    }
    return failed;
}

/* ---- the output an example shows ---- */

/* Strips trailing blanks (and a carriage return) of s[0..len). */
static size_t rtrim(const char *s, size_t len)
{
    while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\r'))
        len--;
    return len;
}

typedef struct span {
    const char *s;
    size_t len;
} span;

/* Splits text into lines (trailing blanks stripped, trailing empty lines
 * dropped); returns their number. */
static size_t split_lines(const char *text, span **lines)
{
    size_t n = 0, cap = 16;
    *lines = malloc(cap * sizeof **lines);
    for (const char *p = text; p && *p;) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        if (n == cap)
            *lines = realloc(*lines, (cap *= 2) * sizeof **lines);
        (*lines)[n++] = (span){p, rtrim(p, len)};
        p = eol ? eol + 1 : NULL;
    }
    while (n && (*lines)[n - 1].len == 0)
        n--;
    return n;
}

enum shown_kind { SHOWN_EXACT, SHOWN_PREFIX, SHOWN_ELIDED };

/* What a shown line stands for; *prefix: the length a printed line must
 * start with (SHOWN_PREFIX) or have (SHOWN_EXACT). */
static enum shown_kind kind_of(span l, size_t *prefix)
{
    size_t e = strlen(ELLIPSIS);
    size_t start = 0;
    while (start < l.len && l.s[start] == ' ')
        start++;
    if (l.len - start >= e && strncmp(l.s + start, ELLIPSIS, e) == 0 &&
        (l.len - start == e || l.s[start + e] == ' '))
        return SHOWN_ELIDED;
    if (l.len > e && strncmp(l.s + l.len - e, ELLIPSIS, e) == 0 && l.s[l.len - e - 1] == ' ') {
        *prefix = rtrim(l.s, l.len - e);
        return SHOWN_PREFIX;
    }
    *prefix = l.len;
    return SHOWN_EXACT;
}

static int line_shown(span shown, span printed)
{
    size_t prefix;
    switch (kind_of(shown, &prefix)) {
    case SHOWN_ELIDED:
        return 1;
    case SHOWN_PREFIX:
        return printed.len >= prefix && strncmp(printed.s, shown.s, prefix) == 0;
    default:
        return printed.len == shown.len && strncmp(printed.s, shown.s, shown.len) == 0;
    }
}

/* 1 if the printed lines are the shown ones, elisions standing for any
 * number of lines (a wildcard match, greedy with backtracking). */
static int output_matches(const span *shown, size_t ns, const span *printed, size_t np)
{
    size_t i = 0, j = 0, star = (size_t)-1, mark = 0, dummy;
    while (j < np) {
        if (i < ns && kind_of(shown[i], &dummy) == SHOWN_ELIDED) {
            star = i++;
            mark = j;
        } else if (i < ns && line_shown(shown[i], printed[j])) {
            i++;
            j++;
        } else if (star != (size_t)-1) {
            i = star + 1;
            j = ++mark;
        } else {
            return 0;
        }
    }
    while (i < ns && kind_of(shown[i], &dummy) == SHOWN_ELIDED)
        i++;
    return i == ns;
}

/* Compares what a block's examples printed with what its page shows
 * (shown, the text of the lines); returns 1 if they match. */
static int expect_shown(const char *shown_text, const char *printed, const char *name, int lineno)
{
    span *s, *p;
    size_t ns = split_lines(shown_text, &s), np = split_lines(printed, &p);
    int ok = output_matches(s, ns, p, np);
    if (!ok) {
        /* name the first shown line printed nowhere, if there is one */
        const span *missing = NULL;
        for (size_t i = 0; i < ns && !missing; i++) {
            int found = 0;
            size_t dummy;
            for (size_t j = 0; j < np && !found; j++)
                found = line_shown(s[i], p[j]);
            if (!found && kind_of(s[i], &dummy) != SHOWN_ELIDED)
                missing = &s[i];
        }
        char why[600];
        if (missing)
            snprintf(why, sizeof why, "it does not print the line \"%.*s\"", (int)(missing->len > 400 ? 400 : missing->len),
                     missing->s);
        else
            snprintf(why, sizeof why, "it prints every line shown, but not in that order or with other lines between "
                                      "(mark lines left out with \"" ELLIPSIS "\")");
        cr_expect(0, "%s:%d: the output shown does not match what the example prints: %s\nprinted:\n%.3000s", name,
                  lineno, why, printed);
    }
    free(s);
    free(p);
    return ok;
}

/* ---- running a page ---- */

typedef struct tally {
    int run, skipped, failed, shown, files;
    double seconds;
} tally;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Runs one example in dir (shown: its page shows its output); name and line
 * say where it stands.  Its standard output goes to printed. */
static void run_example(const char *dir, const char *name, int lineno, const char *line, int shown, bwm_buf *printed,
                        tally *t)
{
    bwm_buf full;
    bwm_buf_init(&full);
    shorten(line, shown, &full);
    char script[BWM_DIR_MAX + 32];
    snprintf(script, sizeof script, "%s/.example.sh", dir);
    FILE *f = fopen(script, "w");
    cr_assert(f, "cannot write %s", script);
    const char *bin = BWM_BIN;
    fprintf(f, "set -o pipefail\ncd '%s'\nexport PATH='%.*s':\"$PATH\"\n%s\n", dir,
            (int)(strrchr(bin, '/') - bin), bin, bwm_buf_str(&full));
    fclose(f);
    claims cl;
    find_claims(line, &cl);
    claims_before(dir, &cl);
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
    if (r.status == 0) {
        t->files += cl.n;
        t->failed += claims_after(dir, &cl, name, lineno) > 0;
    }
    bwm_buf_puts(printed, r.out ? r.out : "");
    bwm_run_free(&r);
    bwm_buf_free(&full);
}

/* A page's lines, split in place. */
typedef struct page {
    char *text;
    char **line;
    int n;
} page;

static void read_page(const char *name, page *pg)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", BWM_SOURCE_DIR, name);
    pg->text = bwm_slurp(path);
    cr_assert(pg->text, "cannot read %s", path);
    int cap = 256;
    pg->line = malloc((size_t)cap * sizeof *pg->line);
    pg->n = 0;
    for (char *l = pg->text; l && *l;) {
        char *eol = strchr(l, '\n');
        if (eol)
            *eol = '\0';
        if (pg->n == cap)
            pg->line = realloc(pg->line, (size_t)(cap *= 2) * sizeof *pg->line);
        pg->line[pg->n++] = l;
        l = eol ? eol + 1 : NULL;
    }
}

/* The index of the line closing the code block opened at line k, or n. */
static int block_end(const page *pg, int k)
{
    for (int j = k + 1; j < pg->n; j++)
        if (strncmp(pg->line[j], "```", 3) == 0)
            return j;
    return pg->n;
}

/* The text block shown right after the code block closing at line close
 * (blank lines between), into shown; returns the 1-based line of its
 * opening, 0 if there is none. */
static int shown_after(const page *pg, int close, bwm_buf *shown)
{
    int j = close + 1;
    while (j < pg->n && pg->line[j][strspn(pg->line[j], " ")] == '\0')
        j++;
    if (j >= pg->n || strcmp(pg->line[j], "```text") != 0)
        return 0;
    int end = block_end(pg, j);
    for (int k = j + 1; k < end; k++)
        bwm_buf_printf(shown, "%s\n", pg->line[k]);
    return j + 1;
}

typedef struct block_run {
    bwm_buf printed; /* what the examples printed */
    int run, skipped;
} block_run;

/* Compares what a block (or a console command) printed with what is shown. */
static void compare_shown(block_run *b, const char *shown, const char *name, int lineno, tally *t)
{
    if (b->skipped || !b->run)
        return;
    t->shown++;
    if (!expect_shown(shown, bwm_buf_str(&b->printed), name, lineno))
        t->failed++;
}

/* Runs the commands of the block from line open to close (exclusive). */
static void run_block(const page *pg, int open, int close, const char *dir, const char *name, tally *t)
{
    int console = strcmp(pg->line[open], "```console") == 0;
    bwm_buf shown;
    bwm_buf_init(&shown);
    int shown_line = console ? 0 : shown_after(pg, close, &shown), has_shown = shown_line > 0;
    block_run b = {.run = 0, .skipped = 0};
    bwm_buf_init(&b.printed);
    bwm_buf cont, cshown;
    bwm_buf_init(&cont);
    bwm_buf_init(&cshown);
    int start = 0, cmd_line = 0;
    for (int k = open + 1; k < close; k++) {
        const char *line = pg->line[k];
        if (console && !cont.len && strncmp(line, "$ ", 2) != 0) { /* output of the console command above */
            if (cmd_line)
                bwm_buf_printf(&cshown, "%s\n", line);
            continue;
        }
        const char *l = console && !cont.len ? line + 2 : line;
        if (!cont.len)
            start = k + 1;
        size_t len = strlen(l);
        if (len && l[len - 1] == '\\') { /* continued on the next line */
            bwm_buf_append(&cont, l, len - 1);
            continue;
        }
        bwm_buf_puts(&cont, l);
        const char *whole = bwm_buf_str(&cont);
        if (console && cmd_line && cshown.len) { /* the previous console command's output */
            compare_shown(&b, bwm_buf_str(&cshown), name, cmd_line, t);
            bwm_buf_clear(&cshown);
        }
        if (console) {
            bwm_buf_clear(&b.printed);
            b.run = b.skipped = 0;
        }
        if (calls_bwmpki(whole) && strstr(whole, SKIP_MARK)) {
            fprintf(stderr, "examples: %s:%d: skipped, as marked: %s\n", name, start, whole);
            t->skipped++;
            b.skipped++;
        } else if (calls_bwmpki(whole)) {
            int shows = has_shown || console;
            run_example(dir, name, start, whole, shows, &b.printed, t);
            b.run++;
        }
        cmd_line = start;
        bwm_buf_clear(&cont);
    }
    if (console && cmd_line && cshown.len)
        compare_shown(&b, bwm_buf_str(&cshown), name, cmd_line, t);
    if (has_shown)
        compare_shown(&b, bwm_buf_str(&shown), name, shown_line, t);
    bwm_buf_free(&cont);
    bwm_buf_free(&cshown);
    bwm_buf_free(&b.printed);
    bwm_buf_free(&shown);
}

/* Runs every example of one page (name is its path from the source
 * folder) in a new temporary folder. */
static void run_page(const char *name, tally *t)
{
    page pg;
    read_page(name, &pg);
    char dir[BWM_DIR_MAX];
    bwm_tmp_dir(dir);
    char cmd[3 * BWM_DIR_MAX + 256];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s/tests' && cp -r '%s/data' '%s/' && cp -r '%s/tests/fixtures' '%s/tests/'",
             dir, BWM_SOURCE_DIR, dir, BWM_SOURCE_DIR, dir);
    bwm_run r;
    bwm_run_shell(&r, cmd);
    cr_assert_eq(r.status, 0, "cannot set up %s: %s", dir, r.err);
    bwm_run_free(&r);

    for (int k = 0; k < pg.n; k++) {
        if (strncmp(pg.line[k], "```", 3) != 0)
            continue;
        int close = block_end(&pg, k);
        cr_expect(close < pg.n, "%s:%d: a code block is not closed", name, k + 1);
        if (strcmp(pg.line[k], "```sh") == 0 || strcmp(pg.line[k], "```console") == 0)
            run_block(&pg, k, close, dir, name, t);
        k = close;
    }
    free(pg.line);
    free(pg.text);
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
            char pagename[300];
            snprintf(pagename, sizeof pagename, "docs/%s", e->d_name);
            pages[n++] = strdup(pagename);
        }
    }
    closedir(d);
    qsort(pages + 1, (size_t)n - 1, sizeof pages[0], by_name);
    /* BWM_EXAMPLES_PAGES=README.md,docs/sim.md runs those pages alone */
    const char *only = getenv("BWM_EXAMPLES_PAGES");
    tally t = {0};
    for (int k = 0; k < n; k++) {
        char listed[1100];
        snprintf(listed, sizeof listed, ",%s,", only ? only : "");
        char me[320];
        snprintf(me, sizeof me, ",%s,", pages[k]);
        if (!only || strstr(listed, me))
            run_page(pages[k], &t);
        free(pages[k]);
    }
    fprintf(stderr,
            "examples: %d run (%d failed) in %.1f s, %d skipped as marked, from %d pages; %d outputs shown compared, "
            "%d files and folders written checked\n",
            t.run, t.failed, t.seconds, t.skipped, n, t.shown, t.files);
    cr_expect(only || t.run > 20, "only %d examples found", t.run);
    cr_expect(only || t.shown >= 5, "only %d outputs shown found", t.shown);
}

/* The shortening itself: run lengths lowered or added, the rest of the
 * line (pipes, redirections, comments) kept; an example whose output is
 * shown runs as written, the study aside. */
Test(docs, examples_are_shortened_where_they_take_a_run_length)
{
    static const char *const cases[][3] = {
        {"bwmpki sim run --apps BLK,QTC --sm-split 10,20 --cycles 200000 --warmup 20000",
         "bwmpki sim run --apps BLK,QTC --sm-split 10,20 --cycles 4000 --warmup 400 --insts 100000", ""},
        {"bwmpki sim run --apps BLK --format csv > blk.csv",
         "bwmpki sim run --apps BLK --format csv --cycles 4000 --warmup 400 --insts 100000 > blk.csv", ""},
        {"bwmpki study --out out/study                 # the whole study",
         "bwmpki study --out out/study --quick --cycles 4000 --warmup 400 --variation-insts 100000"
         "                 # the whole study", ""},
        {"bwmpki study merge --out m s1 s2", "bwmpki study merge --out m s1 s2", ""},
        {"bwmpki fit perf --results blk.csv --format json", "bwmpki fit perf --results blk.csv --format json", ""},
        {"bwmpki calibrate --check", "bwmpki calibrate --check --apps BLK", ""},
        {"awk 'BEGIN{print 1}' | bwmpki sim dram --trace - --format csv",
         "awk 'BEGIN{print 1}' | bwmpki sim dram --trace - --format csv", ""},
        {"bwmpki sim run --apps A --set '-x 1 | y' --cycles 10", "bwmpki sim run --apps A --set '-x 1 | y' --cycles 10 "
                                                                 "--warmup 400 --insts 100000", ""},
        {"bwmpki sim run --apps BLK,GUPS --format table", "bwmpki sim run --apps BLK,GUPS --format table", "shown"},
        {"bwmpki fit perf --format table", "bwmpki fit perf --format table", "shown"},
        {"bwmpki study --out out/quick --quick -j 2",
         "bwmpki study --out out/quick --quick -j 2 --cycles 4000 --warmup 400 --variation-insts 100000", "shown"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        bwm_buf out;
        bwm_buf_init(&out);
        shorten(cases[k][0], cases[k][2][0] != '\0', &out);
        cr_expect_str_eq(bwm_buf_str(&out), cases[k][1]);
        bwm_buf_free(&out);
    }
}

/* The files an example says it writes, read from its options, a
 * redirection and its comment. */
Test(docs, the_files_an_example_writes_are_read_from_the_line)
{
    static const char *const cases[][2] = {
        {"bwmpki fit perf --out results/            # results/perf.txt, perf.csv, perf_summary.csv, perf.json",
         "results/|results/perf.txt|results/perf.csv|results/perf_summary.csv|results/perf.json|"},
        {"bwmpki plot fig8 --results out/study   # out/study/figures/fig8.{png,svg,dat,gp}",
         "out/study/figures/fig8.png|out/study/figures/fig8.svg|out/study/figures/fig8.dat|out/study/figures/fig8.gp|"},
        {"bwmpki calibrate                         # data/apps_synth.csv -> ./apps_calibrated.csv",
         "./apps_calibrated.csv|"},
        {"bwmpki sim run --apps BLK --format csv > blk.csv 2>/dev/null", "blk.csv|"},
        {"bwmpki sim run --apps X -o o.json --series=s.csv -ox.csv --set '-o nope'", "o.json|s.csv|x.csv|"},
        {"bwmpki plot all --results out/study --out figs         # every figure elsewhere (figs/)", "figs|figs/|"},
        {"bwmpki model perf --bw 60.03 --mpki 1.6   # IPC at 700 MHz, 128-byte lines, results.csv", ""},
        {"bwmpki study --out out/study   # the whole study: 1388 runs, figures, out/study/REPORT.md",
         "out/study|out/study/REPORT.md|"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        claims cl;
        find_claims(cases[k][0], &cl);
        bwm_buf got;
        bwm_buf_init(&got);
        for (int i = 0; i < cl.n; i++)
            bwm_buf_printf(&got, "%s|", cl.c[i].path);
        cr_expect_str_eq(bwm_buf_str(&got), cases[k][1], "from: %s", cases[k][0]);
        bwm_buf_free(&got);
    }
}

/* What is shown against what is printed: whole, with elisions and cut
 * lines. */
Test(docs, shown_output_is_matched_line_by_line)
{
    static const char *const printed = "Title\n\n| a | b | c |\n|---|---|---|\n| 1 | 2 | 3 |\n| 4 | 5 | 6 |\n\nEnd\n";
    static const struct {
        const char *shown;
        int ok;
    } cases[] = {
        {"Title\n\n| a | b | c |\n|---|---|---|\n| 1 | 2 | 3 |\n| 4 | 5 | 6 |\n\nEnd\n", 1},
        {"Title\n\n| a | b | c |\n|---|---|---|\n| 1 | 2 | 3 |\n| 4 | 5 | 6 |\n\nEnd  \n\n", 1}, /* trailing blanks */
        {ELLIPSIS "\n| 4 | 5 | 6 |\n" ELLIPSIS "\n", 1},
        {"Title\n" ELLIPSIS " one row per thing " ELLIPSIS "\n\nEnd\n", 1},
        {"Title\n\n| a | " ELLIPSIS "\n|---| " ELLIPSIS "\n| 1 | 2 " ELLIPSIS "\n" ELLIPSIS "\n", 1},
        {"Title\n\n| a | b | c |\n|---|---|---|\n| 1 | 2 | 3 |\n", 0},          /* cut short without saying so */
        {"| 1 | 2 | 3 |\n| 4 | 5 | 6 |\n\nEnd\n", 0},                          /* the start left out unmarked */
        {"Title\n\n| a | b | c |\n|---|---|---|\n| 1 | 2 | 4 |\n" ELLIPSIS "\n", 0}, /* another number */
        {ELLIPSIS "\n| 4 | 5 | 6 |\n| 1 | 2 | 3 |\n" ELLIPSIS "\n", 0},         /* another order */
        {ELLIPSIS "\n| 1 | 3 " ELLIPSIS "\n" ELLIPSIS "\n", 0},                 /* a cut line that does not start so */
        {"Title\n\n| a | b | c |\n|---|---|---|\n| 1 | 2 | 3 | " ELLIPSIS "\n" ELLIPSIS "\n", 1}, /* cut at its end */
    };
    span *p;
    size_t np = split_lines(printed, &p);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        span *s;
        size_t ns = split_lines(cases[k].shown, &s);
        cr_expect_eq(output_matches(s, ns, p, np), cases[k].ok, "case %zu:\n%s", k, cases[k].shown);
        free(s);
    }
    free(p);
}
