/* prov_record.c — the text of a provenance (see prov_record.h). */
#include "util/prov_record.h"

#include <stdio.h>
#include <string.h>

int bwm_prov_text(char *field, size_t size, const char *value, const char *what, bwm_err *err)
{
    if (!value)
        value = "";
    size_t n = strlen(value);
    if (n >= size)
        return bwm_fail(err, BWM_EINPUT, "%s: %zu characters, more than the %zu a provenance records", what, n,
                        size - 1);
    memcpy(field, value, n + 1);
    return BWM_OK;
}

int bwm_prov_hash(bwm_prov_record *r, bwm_err *err)
{
    r->config_sha[0] = r->apps_sha[0] = r->extra_apps_sha[0] = r->workloads_sha[0] = '\0';
    int st = r->config[0] ? bwm_sha256_file(r->config, r->config_sha, err) : BWM_OK;
    if (st == BWM_OK && r->apps_file[0])
        st = bwm_sha256_file(r->apps_file, r->apps_sha, err);
    if (st == BWM_OK && r->extra_apps[0])
        st = bwm_sha256_file(r->extra_apps, r->extra_apps_sha, err);
    if (st == BWM_OK && r->workloads[0])
        st = bwm_sha256_file(r->workloads, r->workloads_sha, err);
    return st;
}
