/* fuzz_support.c — inputs as strings and scratch files, shipped data paths,
 * property checks (see fuzz_support.h).
 *
 * The scratch files are memfds opened once per slot and reached through
 * /proc/self/fd, so that the parsers open them by path like any file and a
 * crash leaves nothing behind.  They are the one state the harnesses keep
 * between inputs (libFuzzer calls a harness once per input, with no context
 * to carry it in). */
#define _GNU_SOURCE
#include "fuzz/fuzz_support.h"

#include <sanitizer/common_interface_defs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifdef BWM_HAVE_ZLIB
#include <zlib.h>
#endif

#include "util/buf.h"

static int slot_fd[BWM_FUZZ_SLOTS] = {-1, -1, -1, -1};
static char slot_path[BWM_FUZZ_SLOTS][64];

void bwm_fuzz_require(int ok, const char *what)
{
    if (ok)
        return;
    char msg[256];
    snprintf(msg, sizeof msg, "fuzz: %s", what);
    fprintf(stderr, "%s\n", msg);
    __sanitizer_report_error_summary(msg); /* reaches the report even when libFuzzer closed stderr */
    abort();
}

char *bwm_fuzz_text(const uint8_t *data, size_t size)
{
    const uint8_t *nul = memchr(data, '\0', size);
    size_t n = nul ? (size_t)(nul - data) : size;
    char *s = malloc(n + 1);
    bwm_fuzz_require(s != NULL, "out of memory");
    memcpy(s, data, n);
    s[n] = '\0';
    return s;
}

/* The slot's descriptor, emptied. */
static int slot_reset(int slot)
{
    bwm_fuzz_require(slot >= 0 && slot < BWM_FUZZ_SLOTS, "no such scratch slot");
    if (slot_fd[slot] < 0) {
        slot_fd[slot] = memfd_create("bwm-fuzz", 0);
        bwm_fuzz_require(slot_fd[slot] >= 0, "cannot create a scratch file");
        snprintf(slot_path[slot], sizeof slot_path[slot], "/proc/self/fd/%d", slot_fd[slot]);
    }
    bwm_fuzz_require(ftruncate(slot_fd[slot], 0) == 0 && lseek(slot_fd[slot], 0, SEEK_SET) == 0,
                     "cannot empty a scratch file");
    return slot_fd[slot];
}

const char *bwm_fuzz_file(int slot, const uint8_t *data, size_t size)
{
    int fd = slot_reset(slot);
    for (size_t done = 0; done < size;) {
        ssize_t w = pwrite(fd, data + done, size - done, (off_t)done);
        bwm_fuzz_require(w > 0, "cannot write a scratch file");
        done += (size_t)w;
    }
    return slot_path[slot];
}

const char *bwm_fuzz_gzip_file(int slot, const uint8_t *data, size_t size)
{
#ifdef BWM_HAVE_ZLIB
    int fd = slot_reset(slot);
    gzFile gz = gzdopen(dup(fd), "wb");
    bwm_fuzz_require(gz != NULL, "cannot open a gzip scratch file");
    bwm_fuzz_require(size == 0 || gzwrite(gz, data, (unsigned)size) == (int)size, "cannot compress the input");
    bwm_fuzz_require(gzclose(gz) == Z_OK, "cannot finish the gzip scratch file");
    return slot_path[slot];
#else
    (void)slot;
    (void)data;
    (void)size;
    return NULL;
#endif
}

const char *bwm_fuzz_data_path(const char *rel, char *buf, size_t n)
{
    snprintf(buf, n, "%s/%s", BWM_FUZZ_DATA_DIR, rel);
    return buf;
}

void bwm_fuzz_render_table(bwm_table *t)
{
    static const bwm_format fmts[] = {BWM_FMT_TABLE, BWM_FMT_CSV, BWM_FMT_JSON};
    for (size_t i = 0; i < sizeof fmts / sizeof fmts[0]; i++) {
        bwm_buf out;
        bwm_buf_init(&out);
        bwm_table_render(t, fmts[i], &out);
        bwm_fuzz_require(bwm_buf_ok(&out) && !t->failed, "a table did not render");
        bwm_buf_free(&out);
    }
    bwm_table_free(t);
}

/* One decode, checked against the geometry. */
static void check_addr(const bwm_addrmap *m, uint64_t addr)
{
    bwm_dram_addr a;
    bwm_addrmap_decode(m, addr, &a);
    bwm_fuzz_require(a.channel < (uint32_t)m->n_channels, "decoded channel outside the channel count");
    bwm_fuzz_require(a.sub_partition < (uint32_t)m->n_sub_partitions, "decoded sub-partition outside the count");
    bwm_fuzz_require(a.bank < (uint32_t)m->n_banks, "decoded bank outside the bank count");
    bwm_fuzz_require(a.bank_group < (uint32_t)m->n_bank_groups, "decoded bank group outside the group count");
}

void bwm_fuzz_check_map(const bwm_addrmap *m, const uint8_t *data, size_t size)
{
    static const uint64_t fixed[] = {0, ~(uint64_t)0, 0x5555555555555555u, 0xaaaaaaaaaaaaaaaau,
                                     0x00000000ffffffffu, 0xffffffff00000000u, 0x123456789abcdef0u};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        check_addr(m, fixed[i]);
    for (size_t off = 0; off + 8 <= size && off < 64; off += 8) {
        uint64_t v;
        memcpy(&v, data + off, sizeof v);
        check_addr(m, v);
    }
}
