/* sass_bad_input_test.c — bad Accel-Sim traces (sim/sass): each is
 * BWM_EINPUT with a message naming FILE:LINE, never a crash or an
 * unbounded allocation. */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sim/sass/kernel.h"
#include "sim/sass/list.h"
#include "sim/sass/summary.h"
#include "tests/support/tmp_text.h"

#define HEAD                                                                                                       \
    "-kernel name = k\n-kernel id = 1\n-grid dim = (2,1,1)\n-block dim = (32,1,1)\n-shmem = 0\n-nregs = 8\n"     \
    "-binary version = 80\n-cuda stream id = 0\n-shmem base_addr = 0x00007f0000000000\n"                          \
    "-local mem base_addr = 0x00007f1000000000\n-nvbit version = 1.7\n-accelsim tracer version = 5\n"            \
    "-enable lineinfo = 0\n"
/* HEAD is 13 lines; the block's lines follow from line 14 */
#define BEGIN "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n"

/* Reads the whole kernel trace text; returns the status, message in err. */
static int read_text(const char *text, char *path, bwm_err *err)
{
    bwm_write_tmp(path, text);
    bwm_sass_summary s;
    int st = bwm_sass_summarize(path, &s, err);
    if (st == BWM_OK)
        bwm_sass_summary_free(&s);
    return st;
}

static void expect_bad(const char *text, int line, const char *what)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_err err;
    cr_expect_eq(read_text(text, path, &err), BWM_EINPUT, "accepted:\n%s", text);
    bwm_expect_at(err.msg, path, line, what);
    unlink(path);
}

Test(sass_bad_input, a_good_trace_reads)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_err err;
    cr_expect_eq(read_text(HEAD BEGIN "insts = 1\n0000 ffffffff 0 EXIT 0 0 0\n#END_TB\n", path, &err), BWM_OK, "%s",
                 err.msg);
    unlink(path);
}

Test(sass_bad_input, truncated_file)
{
    expect_bad(HEAD BEGIN "insts = 2\n0000 ffffffff 0 EXIT 0 0 0\n", 18, "file ends inside the thread block begun at line 14");
    /* cut in the middle of a line */
    expect_bad(HEAD BEGIN "insts = 1\n0000 ffffffff 1 R2 LDG.E 1 R4 4 0 0x10", 18, "addresses listed for a mask");
}

Test(sass_bad_input, block_without_end)
{
    expect_bad(HEAD BEGIN "insts = 1\n0000 ffffffff 0 EXIT 0 0 0\n#BEGIN_TB\n", 19, "no #END_TB");
}

Test(sass_bad_input, insts_count_disagrees)
{
    expect_bad(HEAD BEGIN "insts = 2\n0000 ffffffff 0 EXIT 0 0 0\n#END_TB\n", 19, "has 1 instruction lines");
    expect_bad(HEAD BEGIN "insts = 1\n0000 ffffffff 0 EXIT 0 0 0\n0010 ffffffff 0 EXIT 0 0 0\n#END_TB\n", 19,
               "more instruction lines than its 'insts = 1'");
    expect_bad(HEAD BEGIN "insts = 1\n0000 ffffffff 0 EXIT 0 0 0\nwarp = 0\ninsts = 0\n#END_TB\n", 19,
               "warp 0 listed twice");
}

Test(sass_bad_input, address_count_disagrees_with_mask)
{
    expect_bad(HEAD BEGIN "insts = 1\n0000 0000000f 1 R2 LDG.E 1 R4 4 0 0x10 0x14 0x18 0\n#END_TB\n", 18,
               "3 addresses listed for a mask of 4 active lanes");
    expect_bad(HEAD BEGIN "insts = 1\n0000 00000003 1 R2 LDG.E 1 R4 4 0 0x10 0x14 0x18 0\n#END_TB\n", 18,
               "more addresses listed than the mask's 2 active lanes");
    expect_bad(HEAD BEGIN "insts = 1\n0000 00000007 1 R2 LDG.E 1 R4 4 2 0x10 4\n#END_TB\n", 18,
               "1 address deltas for a mask of 3 active lanes (expected 2)");
    expect_bad(HEAD BEGIN "insts = 1\n0000 00000003 1 R2 LDG.E 1 R4 4 2 0x10 4 4 0\n#END_TB\n", 18,
               "unexpected field '0'");
}

Test(sass_bad_input, bad_hex)
{
    expect_bad(HEAD BEGIN "insts = 1\n0000 ffffzfff 0 EXIT 0 0 0\n#END_TB\n", 18, "'ffffzfff'");
    expect_bad(HEAD BEGIN "insts = 1\n00g0 ffffffff 0 EXIT 0 0 0\n#END_TB\n", 18, "bad PC");
    expect_bad(HEAD BEGIN "insts = 1\n0000 00000001 1 R2 LDG.E 1 R4 4 0 0x1q\n#END_TB\n", 18, "bad address '0x1q'");
    expect_bad(HEAD BEGIN "insts = 1\n0000 00000001 1 R2 LDG.E 1 R4 4 1 0xfffffffffffffffff 4 0\n#END_TB\n", 18,
               "bad base address");
    expect_bad(HEAD BEGIN "insts = 1\n0000 1ffffffff 0 EXIT 0 0 0\n#END_TB\n", 18, "bad active mask");
    expect_bad(HEAD BEGIN "insts = 1\n0000 ffffffff 1 R256 MOV 0 0 0\n#END_TB\n", 18, "bad destination register");
    expect_bad(HEAD BEGIN "insts = 1\n0000 00000001 1 R2 LDG.E 1 R4 4 3 0x10 0\n#END_TB\n", 18, "address mode 3");
}

Test(sass_bad_input, missing_header_key)
{
    /* HEAD without its third line, -grid dim */
    const char *text = "-kernel name = k\n-kernel id = 1\n-block dim = (32,1,1)\n-shmem = 0\n-nregs = 8\n"
                       "-binary version = 80\n-cuda stream id = 0\n-shmem base_addr = 0x00007f0000000000\n"
                       "-local mem base_addr = 0x00007f1000000000\n-nvbit version = 1.7\n"
                       "-accelsim tracer version = 5\n-enable lineinfo = 0\n\n#traces format = ...\n";
    expect_bad(text, 14, "lacks '-grid dim', which tracer version 5 writes");
    /* version 3 needs no enable lineinfo, version 4 does */
    char v4[2048];
    snprintf(v4, sizeof v4, "%.*s", (int)(strstr(HEAD, "-accelsim") - HEAD), HEAD);
    strcat(v4, "-accelsim tracer version = 4\n#BEGIN_TB\n");
    expect_bad(v4, 13, "lacks '-enable lineinfo'");
    expect_bad("-kernel name = k\n-accelsim tracer version = 6\n", 2, "version 6 is not read here");
    expect_bad("-kernel name = k\n-grid dim = (0,1,1)\n", 2, "bad value '(0,1,1)' for '-grid dim'");
    expect_bad("", 1, "lacks '-accelsim tracer version'");
}

Test(sass_bad_input, missing_kernel_file)
{
    char dir[] = "/tmp/bwm_sass_XXXXXX", list[64];
    cr_assert_not_null(mkdtemp(dir));
    snprintf(list, sizeof list, "%s/kernelslist.g", dir);
    FILE *f = fopen(list, "w");
    cr_assert_not_null(f);
    fputs("MemcpyHtoD,0x00007fb0fc400000,200000\n\nkernel-9.traceg\n", f);
    fclose(f);
    bwm_sass_list l;
    bwm_err err;
    cr_expect_eq(bwm_sass_list_load(&l, dir, &err), BWM_EINPUT);
    bwm_expect_at(err.msg, list, 3, "kernel-9.traceg not found (nor");
    f = fopen(list, "w");
    fputs("MemcpyHtoD,0x7fb0,\n", f);
    fclose(f);
    cr_expect_eq(bwm_sass_list_load(&l, dir, &err), BWM_EINPUT);
    bwm_expect_at(err.msg, list, 1, "expected 'MemcpyHtoD,0xADDR,BYTES'");
    f = fopen(list, "w");
    fputs("MemcpyHtoD,0x10,4\nMemcpyHtoD,0x10,123456789012345678901\n", f); /* more than 64 bits */
    fclose(f);
    cr_expect_eq(bwm_sass_list_load(&l, dir, &err), BWM_EINPUT);
    bwm_expect_at(err.msg, list, 2, "expected 'MemcpyHtoD,0xADDR,BYTES'");
    unlink(list);
    cr_expect_eq(bwm_sass_list_load(&l, dir, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, "cannot open"), "%s", err.msg);
    rmdir(dir);
}

/* An .xz with a byte of its compressed data changed, and one cut short. */
Test(sass_bad_input, corrupt_xz)
{
    char path[BWM_TMP_PATH_MAX], xz[BWM_TMP_PATH_MAX + 8], cmd[256];
    bwm_write_tmp(path, HEAD BEGIN "insts = 1\n0000 ffffffff 0 EXIT 0 0 0\n#END_TB\n");
    snprintf(xz, sizeof xz, "%s.xz", path);
    snprintf(cmd, sizeof cmd, "xz -c %s > %s", path, xz);
    cr_assert_eq(system(cmd), 0);
    struct stat st;
    cr_assert_eq(stat(xz, &st), 0);
    int fd = open(xz, O_RDWR);
    cr_assert(fd >= 0);
    unsigned char c;
    cr_assert_eq(pread(fd, &c, 1, st.st_size / 2), 1);
    c ^= 0x55;
    cr_assert_eq(pwrite(fd, &c, 1, st.st_size / 2), 1);
    close(fd);
    bwm_sass_summary s;
    bwm_err err;
    cr_expect_eq(bwm_sass_summarize(xz, &s, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, xz) == err.msg && strstr(err.msg, "corrupt xz data"), "%s", err.msg);
    cr_assert_eq(system(cmd), 0);
    cr_assert_eq(truncate(xz, st.st_size - 20), 0);
    cr_expect_eq(bwm_sass_summarize(xz, &s, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, "cut short") || strstr(err.msg, "corrupt"), "%s", err.msg);
    unlink(xz);
    unlink(path);
}

/* A 1 GB line (a sparse file: nothing written) and a 1 MB one of text:
 * refused after BWM_SASS_LINE_MAX bytes. */
Test(sass_bad_input, very_long_line)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_write_tmp(path, "-kernel name = ");
    cr_assert_eq(truncate(path, (off_t)1 << 30), 0);
    bwm_sass_summary s;
    bwm_err err;
    cr_expect_eq(bwm_sass_summarize(path, &s, &err), BWM_EINPUT);
    bwm_expect_at(err.msg, path, 1, "line longer than 65536 bytes");
    unlink(path);
    size_t n = (size_t)1 << 20;
    char *text = malloc(strlen(HEAD) + n + 1);
    cr_assert_not_null(text);
    strcpy(text, HEAD);
    memset(text + strlen(HEAD), 'a', n);
    text[strlen(HEAD) + n] = '\0';
    expect_bad(text, 14, "line longer than");
    free(text);
}

Test(sass_bad_input, dev_zero)
{
    bwm_sass_summary s;
    bwm_err err;
    cr_expect_eq(bwm_sass_summarize("/dev/zero", &s, &err), BWM_EINPUT);
    bwm_expect_at(err.msg, "/dev/zero", 1, "line longer than");
    bwm_sass_list l;
    cr_expect_eq(bwm_sass_list_load(&l, "/dev/zero", &err), BWM_EINPUT);
    bwm_expect_at(err.msg, "/dev/zero", 1, "line longer than");
}

Test(sass_bad_input, nul_byte_and_stray_lines)
{
    char path[BWM_TMP_PATH_MAX];
    bwm_write_tmp(path, HEAD "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n0000 ffff");
    FILE *f = fopen(path, "a");
    fputc('\0', f);
    fputs("ffff 0 EXIT 0 0 0\n#END_TB\n", f);
    fclose(f);
    bwm_sass_summary s;
    bwm_err err;
    cr_expect_eq(bwm_sass_summarize(path, &s, &err), BWM_EINPUT);
    bwm_expect_at(err.msg, path, 18, "NUL byte");
    unlink(path);
    expect_bad(HEAD "hello\n", 14, "expected a header line");
    expect_bad(HEAD "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 0\n#END_TB\nhello\n", 19, "expected #BEGIN_TB");
    expect_bad(HEAD "#BEGIN_TB\nthread block = 5,0,0\n", 15, "outside the grid (2,1,1)");
    expect_bad(HEAD "#BEGIN_TB\nthread block = 0,0,0\nwarp = 1\n", 16, "has 1 warps");
    expect_bad(HEAD "#BEGIN_TB\nwarp = 0\n", 15, "expected 'thread block = X,Y,Z'");
}

/* A block the file lists twice would run twice (Accel-Sim reads blocks in
 * file order, whatever their ids): refused at its second 'thread block'
 * line, however far from the first. */
Test(sass_bad_input, a_block_listed_twice)
{
    expect_bad(HEAD BEGIN "insts = 1\n0000 ffffffff 0 EXIT 0 0 0\n#END_TB\n" BEGIN
                          "insts = 1\n0000 ffffffff 0 EXIT 0 0 0\n#END_TB\n",
               21, "thread block (0,0,0) is listed a second time");
    expect_bad(HEAD BEGIN "insts = 1\n0000 ffffffff 0 EXIT 0 0 0\n#END_TB\n"
                          "#BEGIN_TB\nthread block = 1,0,0\nwarp = 0\ninsts = 0\n#END_TB\n"
                          "#BEGIN_TB\nthread block = 1,0,0\n",
               26, "thread block (1,0,0) is listed a second time");
}
