/* output_test.c — JSON writer, tables (long text kept whole), strict numbers, output to files, links, FIFOs and devices. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/json.h"
#include "io/outfile.h"
#include "io/table.h"
#include "tests/support/cli_run.h"
#include "util/num.h"

Test(json, nesting_commas_and_non_finite_numbers)
{
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_json j;
    bwm_json_init(&j, &b);
    bwm_json_obj_begin(&j);
    bwm_json_kv_num(&j, "a", 1.5);
    double v[3] = {1, NAN, INFINITY};
    bwm_json_kv_nums(&j, "v", v, 3);
    bwm_json_key(&j, "o");
    bwm_json_obj_begin(&j);
    bwm_json_kv_str(&j, "s", "q\"\\\n");
    bwm_json_kv_bool(&j, "t", 1);
    bwm_json_obj_end(&j);
    bwm_json_obj_end(&j);
    cr_assert_str_eq(bwm_buf_str(&b), "{\"a\":1.5,\"v\":[1,null,null],\"o\":{\"s\":\"q\\\"\\\\\\n\",\"t\":true}}\n");
    bwm_buf_free(&b);
}

/* A table's columns picked by name: copied in the order asked, a name the
 * table lacks as null cells, strings copied (the source freed first). */
Test(table, pick_columns_by_name)
{
    static const char *const cols[] = {"app", "ipc", "n"};
    bwm_table t, p;
    bwm_table_init(&t, "T", cols, 3);
    bwm_table_str(&t, "BLK");
    bwm_table_num(&t, 1.5);
    bwm_table_int(&t, 7);
    bwm_table_str(&t, "GUPS");
    bwm_table_num(&t, 0.25);
    bwm_table_int(&t, 9);
    static const char *const want[] = {"n", "walks", "app"};
    cr_assert_eq(bwm_table_col(&t, "ipc"), 1);
    cr_assert_eq(bwm_table_col(&t, "walks"), -1);
    cr_assert_eq(bwm_table_pick(&t, "P", want, 3, &p), 0);
    bwm_table_free(&t);
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_table_render(&p, BWM_FMT_CSV, &b);
    cr_assert_str_eq(bwm_buf_str(&b), "n,walks,app\n7,,BLK\n9,,GUPS\n");
    bwm_buf_free(&b);
    bwm_table_free(&p);
}

/* A text table wider than the limit splits into parts that repeat the key
 * column: "| app " is 6 characters, "| aaaa " 7 each, the closing "|" 1;
 * with the limit 21 a part holds the key and two columns (6 + 7 + 7 + 1). */
Test(table, text_wrapped_repeats_the_keys)
{
    static const char *const cols[] = {"app", "aaaa", "bbbb", "cccc"};
    bwm_table t;
    bwm_table_init(&t, "W", cols, 4);
    bwm_table_str(&t, "BLK");
    bwm_table_int(&t, 1);
    bwm_table_int(&t, 2);
    bwm_table_int(&t, 3);
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_table_render_text_wrapped(&t, 1, 21, &b);
    cr_assert_str_eq(bwm_buf_str(&b), "W\n\n"
                                      "| app | aaaa | bbbb |\n"
                                      "|-----|-----:|-----:|\n"
                                      "| BLK |    1 |    2 |\n"
                                      "\nW (continued)\n\n"
                                      "| app | cccc |\n"
                                      "|-----|-----:|\n"
                                      "| BLK |    3 |\n");
    bwm_buf_clear(&b);
    bwm_table_render_text_wrapped(&t, 1, 1000, &b); /* fits: the plain text table */
    bwm_buf c;
    bwm_buf_init(&c);
    bwm_table_render(&t, BWM_FMT_TABLE, &c);
    cr_assert_str_eq(bwm_buf_str(&b), bwm_buf_str(&c));
    bwm_buf_free(&c);
    bwm_buf_free(&b);
    bwm_table_free(&t);
}

Test(table, csv_and_text)
{
    static const char *const cols[] = {"name", "x"};
    bwm_table t;
    bwm_table_init(&t, "T", cols, 2);
    bwm_table_str(&t, "a,b");
    bwm_table_num(&t, 1.0 / 3.0);
    bwm_table_str(&t, "c");
    bwm_table_num(&t, NAN);
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_table_render(&t, BWM_FMT_CSV, &b);
    cr_assert_str_eq(bwm_buf_str(&b), "name,x\n\"a,b\",0.333333333333\nc,\n");
    bwm_buf_clear(&b);
    bwm_table_render(&t, BWM_FMT_JSON, &b);
    cr_assert_str_eq(bwm_buf_str(&b), "[{\"name\":\"a,b\",\"x\":0.333333333333},{\"name\":\"c\",\"x\":null}]\n");
    bwm_buf_clear(&b);
    bwm_table_render(&t, BWM_FMT_TABLE, &b);
    cr_assert_str_eq(bwm_buf_str(&b), "T\n\n"
                                      "| name |      x |\n"
                                      "|------|-------:|\n"
                                      "| a,b  | 0.3333 |\n"
                                      "| c    |      - |\n");
    bwm_buf_free(&b);
    bwm_table_free(&t);
}

Test(table, long_text_is_kept_whole)
{
    /* 600 characters: more than any fixed cell buffer; CSV and the text table cut nothing */
    char text[601];
    for (int i = 0; i < 600; i++)
        text[i] = (char)('a' + i % 26);
    text[600] = '\0';
    static const char *const cols[] = {"setting", "value"};
    bwm_table t;
    bwm_table_init(&t, "", cols, 2);
    bwm_table_str(&t, "ignored");
    bwm_table_str(&t, text);
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_table_render(&t, BWM_FMT_CSV, &b);
    char want[700];
    snprintf(want, sizeof want, "setting,value\nignored,%s\n", text);
    cr_expect_str_eq(bwm_buf_str(&b), want);
    bwm_buf_clear(&b);
    bwm_table_render(&t, BWM_FMT_TABLE, &b);
    snprintf(want, sizeof want, "| ignored | %s |\n", text);
    cr_expect(strstr(bwm_buf_str(&b), want), "%s", bwm_buf_str(&b));
    bwm_buf_free(&b);
    bwm_table_free(&t);
}

Test(num, strict_parsing)
{
    double d;
    int64_t i;
    cr_assert_eq(bwm_parse_double("1e3", &d), 0);
    cr_assert_float_eq(d, 1000, 0);
    cr_assert_eq(bwm_parse_double(" -2.5 ", &d), 0);
    cr_assert_eq(bwm_parse_double("nan", &d), -1);
    cr_assert_eq(bwm_parse_double("inf", &d), -1);
    cr_assert_eq(bwm_parse_double("1e999", &d), -1);
    cr_assert_eq(bwm_parse_double("0x10", &d), -1);
    cr_assert_eq(bwm_parse_double("3abc", &d), -1);
    cr_assert_eq(bwm_parse_double("", &d), -1);
    cr_assert_eq(bwm_parse_i64("42", &i), 0);
    cr_assert_eq(i, 42);
    cr_assert_eq(bwm_parse_i64("4.2", &i), -1);
    double list[4];
    size_t n, bad;
    cr_assert_eq(bwm_parse_double_list("1,2,3", list, 4, &n, &bad), 0);
    cr_assert_eq(n, 3);
    cr_assert_eq(bwm_parse_double_list("1,,3", list, 4, &n, &bad), -1);
    cr_assert_eq(bad, 1);
    cr_assert_eq(bwm_parse_double_list("1,2,3,4,5", list, 4, &n, &bad), -2);
}

/* An integer in a range, or why not: not an integer, or out of range
 * (within 64 bits, the value; beyond them, the text). */
Test(num, integers_in_a_range_say_why_not)
{
    char why[80];
    int64_t v = 0;
    cr_expect_null(bwm_parse_i64_in("1024", 1, 1024, &v, why, sizeof why));
    cr_expect_eq(v, 1024);
    cr_expect_str_eq(bwm_parse_i64_in("1025", 1, 1024, &v, why, sizeof why), "1025 is out of range 1..1024");
    cr_expect_str_eq(bwm_parse_i64_in("-3", 1, 1024, &v, why, sizeof why), "-3 is out of range 1..1024");
    cr_expect_str_eq(bwm_parse_i64_in("99999999999999999999", 1, 1024, &v, why, sizeof why),
                     "'99999999999999999999' is out of range 1..1024");
    cr_expect_str_eq(bwm_parse_i64_in("12x", 1, 1024, &v, why, sizeof why), "'12x' is not an integer");
    cr_expect_str_eq(bwm_parse_i64_in("", 1, 1024, &v, why, sizeof why), "'' is not an integer");
    cr_expect_eq(v, 1024, "a refused value leaves *out alone");
}

Test(num, whole_numbers_convert_only_in_range)
{
    int64_t i = 7;
    cr_assert_eq(bwm_whole_in(30, 1, 30, &i), 0);
    cr_assert_eq(i, 30);
    cr_assert_eq(bwm_whole_in(-4, INT64_MIN, 0, &i), 0);
    cr_assert_eq(i, -4);
    cr_assert_eq(bwm_whole_in(31, 1, 30, &i), -1);
    cr_assert_eq(bwm_whole_in(0, 1, 30, &i), -1);
    cr_assert_eq(bwm_whole_in(2.5, 1, 30, &i), -1);
    cr_assert_eq(bwm_whole_in(1e308, 1, INT64_MAX, &i), -1);
    cr_assert_eq(bwm_whole_in(9223372036854775808.0, 0, INT64_MAX, &i), -1); /* 2^63 */
    cr_assert_eq(bwm_whole_in(-9223372036854775808.0, INT64_MIN, 0, &i), 0);
    cr_assert_eq(i, INT64_MIN);
    cr_assert_eq(bwm_whole_in(NAN, 0, 1, &i), -1);
    cr_assert_eq(bwm_whole_in(-INFINITY, INT64_MIN, 0, &i), -1);
    cr_assert_eq(i, INT64_MIN, "a refused value was stored");
}

Test(outfile, written_whole_through_a_rename)
{
    char dir[] = "/tmp/bwm_out_XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/result.json", dir);
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_buf_puts(&b, "{\"ok\":true}\n");
    cr_assert_eq(bwm_output_commit(path, &b, NULL), BWM_OK);
    FILE *f = fopen(path, "r");
    char line[64] = {0};
    cr_assert_not_null(fgets(line, sizeof line, f));
    fclose(f);
    cr_assert_str_eq(line, "{\"ok\":true}\n");
    char missing[300];
    snprintf(missing, sizeof missing, "%s/no/such/dir/x.json", dir);
    bwm_err e;
    /* the path is at fault: bad input (exit 2) */
    cr_assert_eq(bwm_output_commit(missing, &b, &e), BWM_EINPUT);
    cr_assert(strstr(e.msg, "cannot create output file: No such file or directory"), "%s", e.msg);
    /* the system fails the write (no space): a failure while running (exit 1) */
    cr_assert_eq(bwm_output_commit("/dev/full", &b, &e), BWM_EFAIL);
    cr_assert_str_eq(e.msg, "/dev/full: cannot write output: No space left on device");
    remove(path);
    rmdir(dir);
    bwm_buf_free(&b);
}

/* A folder of its own for each output test, removed with what is in it. */
static void make_dir(char *dir)
{
    strcpy(dir, "/tmp/bwm_out_XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
}

static void remove_dir(const char *dir)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    bwm_run r;
    bwm_run_shell(&r, cmd);
    bwm_run_free(&r);
}

static size_t count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    cr_assert_not_null(d);
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

typedef struct fifo_reader {
    const char *path;
    bwm_buf got;
} fifo_reader;

static void *read_fifo(void *arg)
{
    fifo_reader *r = arg;
    int fd = open(r->path, O_RDONLY);
    char chunk[4096];
    ssize_t n;
    while (fd >= 0 && (n = read(fd, chunk, sizeof chunk)) > 0)
        bwm_buf_append(&r->got, chunk, (size_t)n);
    if (fd >= 0)
        close(fd);
    return NULL;
}

Test(outfile, fifo_is_written_through_to_its_reader)
{
    char dir[32], fifo[64];
    make_dir(dir);
    snprintf(fifo, sizeof fifo, "%s/pipe", dir);
    cr_assert_eq(mkfifo(fifo, 0600), 0);
    bwm_buf b;
    bwm_buf_init(&b);
    for (int i = 0; i < 20000; i++) /* more than a pipe holds at once */
        bwm_buf_printf(&b, "row %05d\n", i);
    fifo_reader rd = {fifo, {0}};
    bwm_buf_init(&rd.got);
    pthread_t t;
    cr_assert_eq(pthread_create(&t, NULL, read_fifo, &rd), 0);
    bwm_err e;
    cr_assert_eq(bwm_output_commit(fifo, &b, &e), BWM_OK, "%s", e.msg);
    struct stat st;
    cr_assert_eq(lstat(fifo, &st), 0);
    cr_assert(S_ISFIFO(st.st_mode), "the FIFO was replaced");
    pthread_join(t, NULL);
    cr_assert_eq(rd.got.len, b.len);
    cr_assert_str_eq(bwm_buf_str(&rd.got), bwm_buf_str(&b));
    cr_assert_eq(count_entries(dir), 1);
    bwm_buf_free(&rd.got);
    bwm_buf_free(&b);
    remove_dir(dir);
}

Test(outfile, symlink_stays_and_its_target_is_replaced_whole)
{
    char dir[32], target[64], link[64], chain[64];
    make_dir(dir);
    snprintf(target, sizeof target, "%s/real.csv", dir);
    snprintf(link, sizeof link, "%s/link.csv", dir);
    snprintf(chain, sizeof chain, "%s/latest.csv", dir);
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_buf_puts(&b, "old\n");
    cr_assert_eq(bwm_output_commit(target, &b, NULL), BWM_OK);
    cr_assert_eq(symlink("real.csv", link), 0);     /* relative to the link's folder */
    cr_assert_eq(symlink("link.csv", chain), 0);    /* a chain of two links */
    struct stat before, after;
    cr_assert_eq(stat(target, &before), 0);
    bwm_buf_clear(&b);
    bwm_buf_puts(&b, "new\n");
    bwm_err e;
    cr_assert_eq(bwm_output_commit(chain, &b, &e), BWM_OK, "%s", e.msg);
    struct stat ls;
    cr_assert_eq(lstat(chain, &ls), 0);
    cr_assert(S_ISLNK(ls.st_mode), "the link was replaced by a file");
    cr_assert_eq(lstat(link, &ls), 0);
    cr_assert(S_ISLNK(ls.st_mode), "the inner link was replaced by a file");
    char *text = bwm_slurp(target);
    cr_assert_str_eq(text, "new\n");
    free(text);
    /* Replaced by a rename (a new file), not rewritten in place. */
    cr_assert_eq(stat(target, &after), 0);
    cr_assert_neq(after.st_ino, before.st_ino);
    cr_assert_eq(count_entries(dir), 3, "a temporary file was left behind");
    bwm_buf_free(&b);
    remove_dir(dir);
}

Test(outfile, directory_is_refused_as_bad_input)
{
    char dir[32];
    make_dir(dir);
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_buf_puts(&b, "x\n");
    bwm_err e;
    cr_assert_eq(bwm_output_commit(dir, &b, &e), BWM_EINPUT);
    cr_assert(strstr(e.msg, dir) && strstr(e.msg, "is a directory"), "%s", e.msg);
    struct stat st;
    cr_assert_eq(stat(dir, &st), 0);
    cr_assert(S_ISDIR(st.st_mode));
    cr_assert_eq(count_entries(dir), 0);
    bwm_buf_free(&b);
    remove_dir(dir);
}

/* An output folder is made once and taken as it is after, with its missing
 * parents (mkdir -p: `study --out out/study` where out/ does not exist); a
 * file on the way or in its place is bad input, its message prefixed as
 * asked. */
Test(outfile, output_folder_is_made_unless_it_exists)
{
    char dir[32], sub[64], deep[96], file[64], blocked[96];
    make_dir(dir);
    snprintf(sub, sizeof sub, "%s/runs", dir);
    bwm_err e;
    cr_assert_eq(bwm_output_folder(sub, "", &e), BWM_OK);
    cr_assert_eq(bwm_output_folder(sub, "", &e), BWM_OK, "an existing folder is taken as it is");
    struct stat st;
    cr_assert_eq(stat(sub, &st), 0);
    cr_assert(S_ISDIR(st.st_mode));
    snprintf(deep, sizeof deep, "%s/no//such/", dir);
    cr_assert_eq(bwm_output_folder(deep, "option --out: ", &e), BWM_OK, "%s", e.msg);
    snprintf(deep, sizeof deep, "%s/no/such", dir);
    cr_assert_eq(stat(deep, &st), 0, "the parents are made");
    cr_assert(S_ISDIR(st.st_mode));
    snprintf(file, sizeof file, "%s/file", dir);
    FILE *f = fopen(file, "w");
    cr_assert(f);
    fclose(f);
    cr_assert_eq(bwm_output_folder(file, "option --out: ", &e), BWM_EINPUT, "a file is no folder");
    char want[160];
    snprintf(want, sizeof want, "option --out: cannot create '%s': Not a directory", file);
    cr_assert_str_eq(e.msg, want);
    snprintf(blocked, sizeof blocked, "%s/file/sub", dir);
    cr_assert_eq(bwm_output_folder(blocked, "option --out: ", &e), BWM_EINPUT, "a file on the way");
    remove(file);
    rmdir(deep);
    snprintf(deep, sizeof deep, "%s/no", dir);
    rmdir(deep);
    rmdir(sub);
    remove_dir(dir);
}

/* Before any work: a file whose folder takes it passes and leaves nothing;
 * a missing or read-only folder, or a folder given as the file, fails as
 * bwm_output_commit would.  A folder to make passes when its nearest
 * existing parent takes a file, and nothing is made. */
Test(outfile, output_paths_are_checked_before_any_work)
{
    char dir[32], path[96], want[192];
    make_dir(dir);
    bwm_err e;
    cr_assert_eq(bwm_output_check(NULL, &e), BWM_OK);
    cr_assert_eq(bwm_output_check("-", &e), BWM_OK);
    snprintf(path, sizeof path, "%s/out.csv", dir);
    cr_assert_eq(bwm_output_check(path, &e), BWM_OK, "%s", e.msg);
    cr_assert_eq(count_entries(dir), 0, "the check leaves nothing");
    snprintf(path, sizeof path, "%s/none/out.csv", dir);
    cr_assert_eq(bwm_output_check(path, &e), BWM_EINPUT);
    snprintf(want, sizeof want, "%s: cannot create output file: No such file or directory", path);
    cr_assert_str_eq(e.msg, want);
    cr_assert_eq(bwm_output_check("/proc/bwm_out.csv", &e), BWM_EINPUT, "a read-only folder");
    cr_assert(strstr(e.msg, "/proc/bwm_out.csv: cannot create output file"), "%s", e.msg);
    cr_assert_eq(bwm_output_check(dir, &e), BWM_EINPUT);
    cr_assert(strstr(e.msg, "is a directory"), "%s", e.msg);

    snprintf(path, sizeof path, "%s/a/b", dir);
    cr_assert_eq(bwm_output_folder_check(path, "option --out: ", &e), BWM_OK, "%s", e.msg);
    cr_assert_eq(bwm_output_folder_check(dir, "option --out: ", &e), BWM_OK, "%s", e.msg);
    cr_assert_eq(count_entries(dir), 0, "the folder check makes nothing");
    cr_assert_eq(bwm_output_folder_check("/proc/bwm_figures", "option --out: ", &e), BWM_EINPUT);
    cr_assert(strstr(e.msg, "option --out: cannot create '/proc/bwm_figures': "), "%s", e.msg);
    snprintf(path, sizeof path, "%s/file", dir);
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fclose(f);
    snprintf(path, sizeof path, "%s/file/sub", dir);
    cr_assert_eq(bwm_output_folder_check(path, "", &e), BWM_EINPUT, "a file on the way");
    snprintf(want, sizeof want, "cannot create '%s': Not a directory", path);
    cr_assert_str_eq(e.msg, want);
    snprintf(path, sizeof path, "%s/file", dir);
    remove(path);
    remove_dir(dir);
}

/* /dev/null itself only where even a faulty writer could not replace it;
 * otherwise a null device of the test's own. */
Test(outfile, character_device_is_written_through)
{
    char dir[32], dev[64] = "/dev/null";
    make_dir(dir);
    if (geteuid() == 0 || access("/dev", W_OK) == 0) {
        snprintf(dev, sizeof dev, "%s/null", dir);
        char cmd[128];
        snprintf(cmd, sizeof cmd, "mknod '%s' c 1 3", dev);
        bwm_run r;
        bwm_run_shell(&r, cmd);
        int made = r.status == 0;
        bwm_run_free(&r);
        if (!made) {
            remove_dir(dir);
            cr_skip_test("no character device that can be written to safely");
        }
    }
    struct stat before, after;
    cr_assert_eq(stat(dev, &before), 0);
    cr_assert(S_ISCHR(before.st_mode));
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_buf_puts(&b, "discarded\n");
    bwm_err e;
    cr_assert_eq(bwm_output_commit(dev, &b, &e), BWM_OK, "%s", e.msg);
    cr_assert_eq(stat(dev, &after), 0);
    cr_assert(S_ISCHR(after.st_mode), "%s is no longer a character device", dev);
    cr_assert_eq(after.st_rdev, before.st_rdev);
    cr_assert_eq(after.st_ino, before.st_ino);
    bwm_buf_free(&b);
    remove_dir(dir);
}
