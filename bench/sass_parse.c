/* sass_parse.c — speed of the Accel-Sim trace reader (sim/sass): MB/s of
 * .traceg text read in full (every instruction tokenized, every address
 * expanded under its mask, one thread block held at a time), plain and
 * xz-compressed, on one core.  The trace is synthetic: the shipped vectorAdd
 * kernel's thread blocks repeated (renumbered) to about SIZE_MB megabytes
 * (argument 1; 200 by default) in a temporary folder, then compressed with
 * liblzma (preset 1); then the shipped trace itself (1 MB, xz -9).  Prints
 * the figures; asserts nothing. */
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sim/sass/kernel.h"
#include "sim/sass/lines.h"

#define FIXTURE BWM_SOURCE_DIR "/tests/fixtures/traces/vectoradd/kernel-1.traceg.xz"

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void die(const char *what)
{
    fprintf(stderr, "sass_parse: %s\n", what);
    exit(1);
}

/* The fixture's text: its header lines (grid dim left out) in head, its
 * blocks (without the "thread block" lines) in blocks, one string each. */
static void load_fixture(char **head, char **blocks, size_t *n_blocks)
{
    bwm_sass_lines l;
    bwm_err err;
    if (bwm_sass_lines_open(&l, FIXTURE, &err) != BWM_OK)
        die(err.msg);
    size_t hn = 0, hcap = 1 << 12, bn = 0, bcap = 1 << 22;
    *head = malloc(hcap);
    *blocks = malloc(bcap);
    *n_blocks = 0;
    char *t;
    size_t len;
    int in_blocks = 0;
    while (bwm_sass_lines_next(&l, &t, &len, &err) == BWM_OK && t) {
        if (strncmp(t, "#BEGIN_TB", 9) == 0) {
            in_blocks = 1;
            ++*n_blocks;
        }
        if (strncmp(t, "thread block", 12) == 0 || strncmp(t, "-grid dim", 9) == 0)
            continue;
        char **dst = in_blocks ? blocks : head;
        size_t *n = in_blocks ? &bn : &hn, *cap = in_blocks ? &bcap : &hcap;
        if (*n + len + 2 > *cap) {
            *cap = (*n + len + 2) * 2;
            if (!(*dst = realloc(*dst, *cap)))
                die("out of memory");
        }
        memcpy(*dst + *n, t, len);
        (*dst)[*n + len] = '\n';
        *n += len + 1;
        (*dst)[*n] = '\0';
    }
    bwm_sass_lines_close(&l);
}

/* Writes the synthetic trace (repeats of the fixture's blocks) to path;
 * returns its blocks. */
static size_t write_trace(const char *path, size_t target_bytes)
{
    char *head, *blocks;
    size_t n_blocks;
    load_fixture(&head, &blocks, &n_blocks);
    size_t reps = target_bytes / strlen(blocks) + 1, total = reps * n_blocks;
    FILE *f = fopen(path, "w");
    if (!f)
        die("cannot write the synthetic trace");
    fprintf(f, "-grid dim = (%zu,1,1)\n%s", total, head);
    size_t id = 0;
    for (size_t r = 0; r < reps; r++) {
        for (char *b = blocks; (b = strstr(b, "#BEGIN_TB"));) {
            char *next = strstr(b + 9, "#BEGIN_TB");
            size_t n = next ? (size_t)(next - b) : strlen(b);
            fprintf(f, "#BEGIN_TB\nthread block = %zu,0,0\n", id++);
            fwrite(b + 10, 1, n - 10, f);
            b += n;
        }
    }
    fclose(f);
    free(head);
    free(blocks);
    return total;
}

static void compress(const char *from, const char *to)
{
    lzma_stream s = LZMA_STREAM_INIT;
    if (lzma_easy_encoder(&s, 1, LZMA_CHECK_CRC64) != LZMA_OK)
        die("cannot start the xz encoder");
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    if (!in || !out)
        die("cannot compress the synthetic trace");
    static uint8_t ib[1 << 20], ob[1 << 20];
    lzma_action action = LZMA_RUN;
    for (;;) {
        if (s.avail_in == 0 && action == LZMA_RUN) {
            s.next_in = ib;
            s.avail_in = fread(ib, 1, sizeof ib, in);
            if (s.avail_in == 0)
                action = LZMA_FINISH;
        }
        s.next_out = ob;
        s.avail_out = sizeof ob;
        lzma_ret r = lzma_code(&s, action);
        fwrite(ob, 1, sizeof ob - s.avail_out, out);
        if (r == LZMA_STREAM_END)
            break;
        if (r != LZMA_OK)
            die("xz encoding failed");
    }
    lzma_end(&s);
    fclose(in);
    fclose(out);
}

/* Reads the kernel trace at path through; prints MB/s of text (and of the
 * file, when compressed). */
static void read_through(const char *label, const char *path, long file_bytes)
{
    double best = 1e30;
    uint64_t text = 0, insts = 0, addrs = 0;
    for (int round = 0; round < 3; round++) {
        double t0 = seconds_now();
        bwm_sass_kernel k;
        bwm_sass_block b;
        bwm_err err;
        if (bwm_sass_kernel_open(&k, path, &err) != BWM_OK)
            die(err.msg);
        bwm_sass_block_init(&b);
        int got = 1;
        insts = addrs = 0;
        while (got) {
            if (bwm_sass_kernel_next_block(&k, &b, &got, &err) != BWM_OK)
                die(err.msg);
            insts += b.n_insts * (uint64_t)got;
            addrs += b.n_addrs * (uint64_t)got;
        }
        text = k.lines.bytes;
        bwm_sass_block_free(&b);
        bwm_sass_kernel_close(&k);
        double dt = seconds_now() - t0;
        if (dt < best)
            best = dt;
    }
    printf("%-6s %7.1f MB of text in %6.3f s: %7.1f MB/s of text", label, text / 1e6, best, text / 1e6 / best);
    if (file_bytes > 0)
        printf(", %6.1f MB/s of .xz (%.1f MB)", file_bytes / 1e6 / best, file_bytes / 1e6);
    printf("; %.3g warp instructions/s, %.3g addresses/s\n", insts / best, addrs / best);
}

int main(int argc, char **argv)
{
    double mb = argc > 1 ? atof(argv[1]) : 200;
    char dir[] = "/tmp/bwm_sass_bench_XXXXXX", plain[64], xz[64];
    if (!mkdtemp(dir))
        die("cannot make a temporary folder");
    snprintf(plain, sizeof plain, "%s/kernel-1.traceg", dir);
    snprintf(xz, sizeof xz, "%s/kernel-1.traceg.xz", dir);
    size_t blocks = write_trace(plain, (size_t)(mb * 1e6));
    compress(plain, xz);
    FILE *f = fopen(xz, "rb");
    fseek(f, 0, SEEK_END);
    long xz_bytes = ftell(f);
    fclose(f);
    printf("synthetic trace: %zu thread blocks of vectorAdd (best of 3 reads, one core)\n", blocks);
    read_through("plain", plain, 0);
    read_through("xz", xz, xz_bytes);
    f = fopen(FIXTURE, "rb");
    fseek(f, 0, SEEK_END);
    long fixture_bytes = ftell(f);
    fclose(f);
    printf("the shipped vectorAdd trace itself (xz -9):\n");
    read_through("xz", FIXTURE, fixture_bytes);
    unlink(plain);
    unlink(xz);
    rmdir(dir);
    return 0;
}
