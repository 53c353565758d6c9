/* links_test.c — every link of README.md and of the pages of docs/ leads
 * somewhere: a link (or image) to a file of the repository names one that
 * exists, and a link to a section (#anchor, on its page or another) names a
 * heading of that page, as GitHub makes anchors of headings: lower case,
 * punctuation dropped, blanks made hyphens.  Links to web pages are not
 * followed; code blocks are not read. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/support/cli_run.h"
#include "util/buf.h"

/* GitHub's anchor of a heading's text into out. */
static void slug(const char *text, bwm_buf *out)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p >= 'A' && *p <= 'Z') {
            char c = (char)(*p - 'A' + 'a');
            bwm_buf_append(out, &c, 1);
        } else if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-' || *p == '_') {
            bwm_buf_append(out, (const char *)p, 1);
        } else if (*p == ' ') {
            bwm_buf_puts(out, "-");
        } else if (*p == 0xe2 && (p[1] == 0x80 || p[1] == 0x86) && p[2]) {
            p += 2; /* general punctuation (dashes, quotes, …) and arrows: dropped */
        } else if (*p >= 0x80) {
            bwm_buf_append(out, (const char *)p, 1); /* a letter of another alphabet: kept */
        }
    }
}

/* 1 if the page (path from the source folder) has a heading whose anchor is
 * anchor. */
static int has_anchor(const char *page, const char *anchor)
{
    char path[2048];
    snprintf(path, sizeof path, "%s/%s", BWM_SOURCE_DIR, page);
    char *text = bwm_slurp(path);
    if (!text)
        return 0;
    int found = 0, code = 0;
    for (char *l = text; l && *l && !found;) {
        char *eol = strchr(l, '\n');
        if (eol)
            *eol = '\0';
        if (strncmp(l, "```", 3) == 0)
            code = !code;
        else if (!code && l[0] == '#') {
            const char *h = l + strspn(l, "#");
            h += strspn(h, " ");
            bwm_buf s;
            bwm_buf_init(&s);
            slug(h, &s);
            found = strcmp(bwm_buf_str(&s), anchor) == 0;
            bwm_buf_free(&s);
        }
        l = eol ? eol + 1 : NULL;
    }
    free(text);
    return found;
}

/* The folder part of a page's path ("docs/" or ""). */
static void folder_of(const char *page, char *dir, size_t size)
{
    const char *slash = strrchr(page, '/');
    snprintf(dir, size, "%.*s", slash ? (int)(slash - page + 1) : 0, page);
}

/* "a/b/../c" -> "a/c"; "./x" -> "x" (in place). */
static void normalise(char *path)
{
    char *parts[64];
    int n = 0;
    for (char *p = strtok(path, "/"); p && n < 64; p = strtok(NULL, "/")) {
        if (strcmp(p, ".") == 0)
            continue;
        if (strcmp(p, "..") == 0 && n > 0)
            n--;
        else
            parts[n++] = p;
    }
    char out[1600] = "";
    for (int k = 0; k < n; k++) {
        strncat(out, parts[k], sizeof out - strlen(out) - 1);
        if (k + 1 < n)
            strncat(out, "/", sizeof out - strlen(out) - 1);
    }
    strcpy(path, out);
}

/* Checks every link of one page; returns how many it checked. */
static int check_page(const char *page)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", BWM_SOURCE_DIR, page);
    char *text = bwm_slurp(path);
    cr_assert(text, "cannot read %s", path);
    char dir[512];
    folder_of(page, dir, sizeof dir);
    int n = 0, code = 0, lineno = 0;
    for (char *l = text; l && *l;) {
        char *eol = strchr(l, '\n');
        if (eol)
            *eol = '\0';
        lineno++;
        if (strncmp(l, "```", 3) == 0)
            code = !code;
        for (const char *p = code ? NULL : strstr(l, "]("); p; p = strstr(p + 2, "](")) {
            const char *t = p + 2, *end = strchr(t, ')');
            if (!end)
                break;
            char target[1024];
            snprintf(target, sizeof target, "%.*s", (int)(end - t), t);
            if (strstr(target, "://") || strncmp(target, "mailto:", 7) == 0)
                continue;
            n++;
            char *hash = strchr(target, '#');
            char anchor[512] = "";
            if (hash) {
                snprintf(anchor, sizeof anchor, "%s", hash + 1);
                *hash = '\0';
            }
            char file[1600];
            if (target[0])
                snprintf(file, sizeof file, "%s%s", dir, target);
            else
                snprintf(file, sizeof file, "%s", page);
            normalise(file);
            char full[2400];
            snprintf(full, sizeof full, "%s/%s", BWM_SOURCE_DIR, file);
            int exists = access(full, F_OK) == 0;
            cr_expect(exists, "%s:%d: the link (%.*s) leads to %s, which does not exist", page, lineno, (int)(end - t),
                      t, file);
            if (exists && anchor[0])
                cr_expect(has_anchor(file, anchor), "%s:%d: the link (%.*s): %s has no heading whose anchor is #%s",
                          page, lineno, (int)(end - t), t, file, anchor);
        }
        l = eol ? eol + 1 : NULL;
    }
    free(text);
    return n;
}

Test(docs, every_link_of_readme_and_docs_leads_somewhere)
{
    int n = check_page("README.md");
    char docs[1024];
    snprintf(docs, sizeof docs, "%s/docs", BWM_SOURCE_DIR);
    DIR *d = opendir(docs);
    cr_assert(d, "no docs/ folder in %s", BWM_SOURCE_DIR);
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (len > 3 && strcmp(e->d_name + len - 3, ".md") == 0) {
            char page[300];
            snprintf(page, sizeof page, "docs/%s", e->d_name);
            n += check_page(page);
        }
    }
    closedir(d);
    cr_expect(n > 30, "only %d links found", n);
}

/* The anchors GitHub makes of headings these pages have. */
Test(docs, anchors_are_made_as_github_makes_them)
{
    static const char *const cases[][2] = {
        {"The memory partition against GPGPU-Sim 3.x", "the-memory-partition-against-gpgpu-sim-3x"},
        {"DRAM energy (`--energy`)", "dram-energy---energy"},
        {"Address translation (thesis 001, Ch. 6-7)", "address-translation-thesis-001-ch-6-7"},
        {"`sim run` \xe2\x80\x94 applications sharing the GPU", "sim-run--applications-sharing-the-gpu"},
        {"\xce\xb1-SJF and caches_1", "\xce\xb1-sjf-and-caches_1"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        bwm_buf s;
        bwm_buf_init(&s);
        slug(cases[k][0], &s);
        cr_expect_str_eq(bwm_buf_str(&s), cases[k][1]);
        bwm_buf_free(&s);
    }
}
