/* output_test.c — JSON writer, tables, strict numbers, atomic output. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <unistd.h>

#include "io/json.h"
#include "io/outfile.h"
#include "io/table.h"
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
    cr_assert_eq(bwm_output_commit(missing, &b, &e), BWM_EFAIL);
    cr_assert(strstr(e.msg, "cannot create"));
    remove(path);
    rmdir(dir);
    bwm_buf_free(&b);
}
