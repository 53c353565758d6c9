/* sim_run_xlat.c — the translation columns of sim run (see sim_run_xlat.h). */
#include "cli/sim_run_xlat.h"

#include <string.h>

#include "sim/gpu/xlat_fields.h"

int bwm_xlat_columns(int levels, const char *names[BWM_XLAT_MAX_COLUMNS])
{
    bwm_xlat_result r;
    memset(&r, 0, sizeof r);
    r.levels = levels;
    bwm_xlat_field f[BWM_XLAT_MAX_FIELDS];
    int n = bwm_xlat_fields(&r, f);
    for (int i = 0; i < n; i++)
        names[i] = f[i].name;
    return n;
}

void bwm_xlat_cells(const bwm_app_result *x, bwm_table *t)
{
    bwm_xlat_result r = x->xlat;
    bwm_xlat_field f[BWM_XLAT_MAX_FIELDS];
    int n = bwm_xlat_fields(&r, f);
    for (int i = 0; i < n; i++)
        if (f[i].u)
            bwm_table_int(t, (long long)*f[i].u);
        else
            bwm_table_num(t, *f[i].d);
}

void bwm_xlat_json(const bwm_app_result *x, bwm_json *j)
{
    bwm_xlat_result r = x->xlat;
    bwm_xlat_field f[BWM_XLAT_MAX_FIELDS];
    int n = bwm_xlat_fields(&r, f);
    for (int i = 0; i < n; i++)
        if (f[i].u)
            bwm_json_kv_int(j, f[i].name, (long long)*f[i].u);
        else
            bwm_json_kv_num(j, f[i].name, *f[i].d);
}
