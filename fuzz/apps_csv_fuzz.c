/* apps_csv_fuzz.c — libFuzzer harness: application CSVs (io/catalog,
 * data/apps.csv; sim/workload/synth_app's loader, data/apps_synth.csv).
 *
 * The input is a CSV file, read row by row, loaded as a catalogue and
 * loaded as synthetic applications.  Every row, written back field by
 * field (bwm_csv_put_field), must read back the same; a catalogue that
 * loads must hold what its checks promise and find each entry by its
 * abbreviation; synthetic applications that load must pass their own
 * check, and written back (bwm_synth_write, as calibrate does) must load
 * again and write the same text. */
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz_support.h"
#include "io/catalog.h"
#include "io/csv.h"
#include "sim/workload/synth_app.h"
#include "util/buf.h"

/* Rows written back by csv_rows are read again through this scratch slot. */
#define ROW_SLOT 2

static void csv_rows(const char *path)
{
    bwm_csv c, again;
    bwm_err err;
    int got;
    bwm_fuzz_require(bwm_csv_open(&c, path, &err) == BWM_OK, "cannot open the scratch file");
    while (bwm_csv_read(&c, &got, &err) == BWM_OK && got) {
        bwm_buf row;
        bwm_buf_init(&row);
        for (size_t i = 0; i < c.nfields; i++) {
            if (i)
                bwm_buf_puts(&row, ",");
            bwm_csv_put_field(&row, c.fields[i]);
        }
        if (c.nfields == 1 && !c.fields[0][0])
            bwm_buf_puts(&row, "\"\""); /* a lone empty field written bare is a blank line, which readers skip */
        bwm_buf_puts(&row, "\n");
        bwm_fuzz_require(bwm_buf_ok(&row), "writing a row failed");
        const char *copy = bwm_fuzz_file(ROW_SLOT, (const uint8_t *)row.data, row.len);
        bwm_fuzz_require(bwm_csv_open(&again, copy, &err) == BWM_OK, "cannot open the written row");
        bwm_fuzz_require(bwm_csv_read(&again, &got, &err) == BWM_OK && got && again.nfields == c.nfields,
                         "a written row does not read back");
        for (size_t i = 0; i < c.nfields; i++)
            bwm_fuzz_require(strcmp(c.fields[i], again.fields[i]) == 0, "a written field reads back differently");
        bwm_csv_close(&again);
        bwm_buf_free(&row);
    }
    bwm_csv_close(&c);
}

static void catalogue(const char *path)
{
    bwm_catalog c;
    bwm_err err;
    if (bwm_catalog_load(&c, path, &err) != BWM_OK)
        return;
    bwm_fuzz_require(c.n > 0, "an empty catalogue loaded");
    for (size_t i = 0; i < c.n; i++) {
        const bwm_catalog_entry *e = &c.e[i];
        bwm_fuzz_require(e->mpki > 0 && e->bw_frac > 0 && e->bw_frac <= 1, "catalogue values");
        bwm_fuzz_require(e->abbr[0] && !strchr(e->abbr, '_') && !strchr(e->abbr, ' '), "abbreviation");
        bwm_fuzz_require(bwm_catalog_find(&c, e->abbr) == e, "an abbreviation finds another entry");
    }
    bwm_catalog_free(&c);
}

static void synthetic(const char *path)
{
    bwm_synth_app *apps, *again;
    size_t n, n_again;
    bwm_err err;
    if (bwm_synth_load(path, &apps, &n, &err) != BWM_OK)
        return;
    for (size_t i = 0; i < n; i++)
        bwm_fuzz_require(bwm_synth_app_check(&apps[i], &err) == BWM_OK, "a loaded application fails its check");
    bwm_buf first, second;
    bwm_buf_init(&first);
    bwm_buf_init(&second);
    bwm_synth_write(apps, n, "written by the fuzz harness", &first);
    bwm_fuzz_require(bwm_buf_ok(&first), "writing the applications failed");
    const char *copy = bwm_fuzz_file(1, (const uint8_t *)first.data, first.len);
    bwm_fuzz_require(bwm_synth_load(copy, &again, &n_again, &err) == BWM_OK, "written applications do not load");
    bwm_fuzz_require(n_again == n, "written applications load as a different count");
    bwm_synth_write(again, n_again, "written by the fuzz harness", &second);
    bwm_fuzz_require(strcmp(bwm_buf_str(&first), bwm_buf_str(&second)) == 0,
                     "written applications read back differently");
    bwm_buf_free(&first);
    bwm_buf_free(&second);
    free(apps);
    free(again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = bwm_fuzz_file(0, data, size);
    csv_rows(path);
    catalogue(path);
    synthetic(path);
    return 0;
}
