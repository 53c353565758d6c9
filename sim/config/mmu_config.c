/* mmu_config.c — -bwm_mmu and the TLB, walk-cache and walker geometries
 * (see mmu_config.h). */
#include "sim/config/mmu_config.h"

#include <stdio.h>
#include <string.h>

#include "sim/config/optval.h"
#include "sim/vm/vm.h"

static const char *const design_names[] = {"ideal", "pwcache", "shared_tlb", "static_tlb"};
#define N_DESIGNS (int)(sizeof design_names / sizeof design_names[0])

int bwm_mmu_design_parse(const char *name, bwm_mmu_design *d)
{
    for (int i = 0; i < N_DESIGNS; i++)
        if (strcmp(name, design_names[i]) == 0) {
            *d = (bwm_mmu_design)i;
            return 0;
        }
    return -1;
}

const char *bwm_mmu_design_name(bwm_mmu_design d)
{
    return (unsigned)d < (unsigned)N_DESIGNS ? design_names[d] : "?";
}

/* A fault in option name's value (given, or its default). */
static int fail_at(bwm_optset *s, const char *name, bwm_err *err, const char *why)
{
    const bwm_optent *e;
    const char *text;
    bwm_optval_str(s, name, NULL, &text, &e);
    if (!e)
        return bwm_fail(err, BWM_EINPUT, "option %s (default): %s", name, why);
    return bwm_optval_fail(e, 0, err, BWM_EINPUT, "'%s': %s", text, why);
}

/* entries a positive whole number of ways. */
static int check_ways(bwm_optset *s, const char *name, int entries, int ways, bwm_err *err)
{
    if (entries % ways == 0)
        return BWM_OK;
    char why[160];
    snprintf(why, sizeof why, "%d entries are not a whole number of sets of %d ways", entries, ways);
    return fail_at(s, name, err, why);
}

int bwm_mmu_config_from_opts(bwm_optset *s, int page_shift, int line_bytes, bwm_mmu_config *out, bwm_err *err)
{
    static const char dname[] = "-bwm_mmu", l1[] = "-bwm_l1_tlb", l2[] = "-bwm_l2_tlb", pwc[] = "-bwm_pwc",
                      ptw[] = "-bwm_ptw";
    memset(out, 0, sizeof *out);
    const char *text;
    const bwm_optent *e;
    bwm_optval_str(s, dname, "ideal", &text, &e);
    if (bwm_mmu_design_parse(text, &out->design) != 0)
        return e ? bwm_optval_fail(e, 0, err, BWM_EINPUT, "'%s' is not ideal, pwcache, shared_tlb or static_tlb", text)
                 : bwm_fail(err, BWM_EFAIL, "option %s: bad default", dname);
    int v[6], n;
    int st = bwm_optval_ints(s, l1, "64:64:1", ':', 3, 4, 1, 1 << 20, v, &n, err);
    if (st != BWM_OK)
        return st;
    out->l1_entries = v[0], out->l1_ways = v[1], out->l1_latency = v[2], out->l1_large_entries = n > 3 ? v[3] : 16;
    if ((st = check_ways(s, l1, v[0], v[1], err)) != BWM_OK)
        return st;
    if ((st = bwm_optval_ints(s, l2, "512:16:10:2", ':', 4, 6, 1, 1 << 20, v, &n, err)) != BWM_OK)
        return st;
    if (n == 5)
        return fail_at(s, l2, err, "large-page entries need their ways too (E:W:L:P:LE:LW)");
    out->l2_entries = v[0], out->l2_ways = v[1], out->l2_latency = v[2], out->l2_ports = v[3];
    out->l2_large_entries = n > 4 ? v[4] : 256, out->l2_large_ways = n > 4 ? v[5] : 256;
    if ((st = check_ways(s, l2, v[0], v[1], err)) != BWM_OK ||
        (st = check_ways(s, l2, out->l2_large_entries, out->l2_large_ways, err)) != BWM_OK)
        return st;
    if ((st = bwm_optval_ints(s, pwc, "8192:16:10", ':', 3, 3, 1, 1 << 30, v, &n, err)) != BWM_OK)
        return st;
    out->pwc_bytes = v[0], out->pwc_ways = v[1], out->pwc_latency = v[2];
    if (v[0] % line_bytes != 0) {
        char why[160];
        snprintf(why, sizeof why, "%d bytes are not a whole number of %d-byte lines", v[0], line_bytes);
        return fail_at(s, pwc, err, why);
    }
    if ((st = check_ways(s, pwc, v[0] / line_bytes, v[1], err)) != BWM_OK)
        return st;
    if ((st = bwm_optval_ints(s, ptw, "64:4", ':', 2, 2, 1, 1 << 16, v, &n, err)) != BWM_OK)
        return st;
    out->walks = v[0], out->levels = v[1];
    if (out->levels > BWM_MMU_MAX_LEVELS) {
        char why[160];
        snprintf(why, sizeof why, "a walk of %d levels (the model reads at most %d)", out->levels, BWM_MMU_MAX_LEVELS);
        return fail_at(s, ptw, err, why);
    }
    if (out->design != BWM_MMU_IDEAL && page_shift < 12) {
        const bwm_optent *pe;
        bwm_optval_str(s, "-bwm_page_size", NULL, &text, &pe);
        const char *why = "translation (-bwm_mmu other than ideal) needs pages of at least 4096 bytes, the size "
                          "of a page-table node";
        return pe ? bwm_optval_fail(pe, 0, err, BWM_EINPUT, "%s", why) : fail_at(s, dname, err, why);
    }
    return BWM_OK;
}
