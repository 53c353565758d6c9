/* out_dir_test.c — a folder of result files: each table as .txt, .csv and
 * .json, the folder created on the way, errors naming option --out. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/out_dir.h"
#include "tests/support/cli_run.h"
#include "tests/support/study_dir.h"

Test(out_dir, each_table_in_three_formats_in_a_new_folder)
{
    char dir[BWM_DIR_MAX], sub[4096], path[4200];
    bwm_tmp_dir(dir);
    snprintf(sub, sizeof sub, "%s/a/b", dir);
    static const char *const cols[] = {"x", "y"};
    bwm_table t;
    cr_assert_eq(bwm_table_init(&t, "T", cols, 2), 0);
    bwm_table_str(&t, "one");
    bwm_table_num(&t, 0.5);
    bwm_out_table files[] = {{"first", &t}, {"second", &t}};
    bwm_err err;
    cr_assert_eq(bwm_out_dir_tables(sub, files, 2, &err), BWM_OK, "%s", err.msg);
    cr_assert_eq(bwm_count_files(sub), 6);
    snprintf(path, sizeof path, "%s/second.csv", sub);
    char *text = bwm_slurp(path);
    cr_assert_str_eq(text, "x,y\none,0.5\n");
    free(text);
    snprintf(path, sizeof path, "%s/first.json", sub);
    cr_assert(bwm_exists(path));
    bwm_table_free(&t);
    bwm_rm_rf(dir);
}

Test(out_dir, a_file_in_the_way_is_bad_input_naming_the_option)
{
    char dir[BWM_DIR_MAX], file[4096];
    bwm_tmp_dir(dir);
    snprintf(file, sizeof file, "%s/plain", dir);
    FILE *f = fopen(file, "w");
    cr_assert(f);
    fclose(f);
    bwm_buf b;
    bwm_buf_init(&b);
    bwm_buf_puts(&b, "text\n");
    const char *name = "x.txt";
    bwm_err err;
    cr_assert_eq(bwm_out_dir_files(file, &name, &b, 1, &err), BWM_EINPUT);
    cr_assert(strncmp(err.msg, "option --out: ", 14) == 0, "%s", err.msg);
    cr_assert_eq(bwm_out_dir_files(dir, &name, &b, 1, &err), BWM_OK, "%s", err.msg);
    bwm_buf_free(&b);
    bwm_rm_rf(dir);
}
