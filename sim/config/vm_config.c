/* vm_config.c — -bwm_vm and -bwm_page_size (see vm_config.h). */
#include "sim/config/vm_config.h"

#include "sim/config/optval.h"

/* -bwm_large_page: 0, or 512 base pages under a policy that places pages;
 * cocoa and large-only need it (policy_entry: -bwm_vm's, if given). */
static int large_page_from_opts(bwm_optset *s, bwm_vm_config *out, const bwm_optent *policy_entry, bwm_err *err)
{
    static const char lname[] = "-bwm_large_page";
    int bytes = 0;
    int st = bwm_optval_int(s, lname, 0, 0, 1 << 30, &bytes, err);
    if (st != BWM_OK)
        return st;
    const bwm_optent *le;
    const char *text;
    bwm_optval_str(s, lname, NULL, &text, &le);
    uint64_t want = (uint64_t)1 << (out->page_shift + BWM_LARGE_PAGE_BITS);
    out->large_shift = 0;
    if (bytes == 0) {
        if (out->policy == BWM_VM_COCOA || out->policy == BWM_VM_LARGE_ONLY)
            return bwm_optval_fail(policy_entry, 0, err, BWM_EINPUT, "%s needs large pages: -bwm_large_page %llu "
                                   "(512 pages of -bwm_page_size)", bwm_vm_policy_name(out->policy),
                                   (unsigned long long)want);
        return BWM_OK;
    }
    if ((uint64_t)bytes != want)
        return bwm_optval_fail(le, 0, err, BWM_EINPUT, "a large page is 512 base pages (what one entry above the "
                               "page table's leaf maps): %llu with pages of %d bytes, not %d",
                               (unsigned long long)want, 1 << out->page_shift, bytes);
    if (out->policy == BWM_VM_IDENTITY)
        return bwm_optval_fail(le, 0, err, BWM_EINPUT, "large pages need pages placed (-bwm_vm first-touch, color, "
                               "cocoa or large-only; identity places none)");
    out->large_shift = out->page_shift + BWM_LARGE_PAGE_BITS;
    return BWM_OK;
}

int bwm_vm_config_from_opts(bwm_optset *s, int line_bytes, const bwm_addrmap *map, bwm_vm_config *out,
                            bwm_err *err)
{
    static const char vname[] = "-bwm_vm", pname[] = "-bwm_page_size";
    const char *text;
    const bwm_optent *e;
    bwm_optval_str(s, vname, "identity", &text, &e);
    if (bwm_vm_policy_parse(text, &out->policy) != 0)
        return e ? bwm_optval_fail(e, 0, err, BWM_EINPUT, "'%s' is not identity, first-touch, color, cocoa, "
                                                   "large-only or temp", text)
                 : bwm_fail(err, BWM_EFAIL, "option %s: bad default", vname);
    int page = 0;
    int st = bwm_optval_int(s, pname, 4096, 1, 1 << 30, &page, err);
    if (st != BWM_OK)
        return st;
    if (page < line_bytes || (page & (page - 1)) != 0) {
        const bwm_optent *pe;
        const char *ptext;
        bwm_optval_str(s, pname, NULL, &ptext, &pe);
        return bwm_optval_fail(pe, 0, err, BWM_EINPUT, "%d is not a power of two of at least a line (%d bytes)", page,
                               line_bytes);
    }
    out->page_shift = __builtin_ctz((unsigned)page);
    if ((st = large_page_from_opts(s, out, e, err)) != BWM_OK)
        return st;
    if (out->policy != BWM_VM_COLOR && out->policy != BWM_VM_TEMP)
        return BWM_OK;
    /* color needs the channels' page colours, temp the banks' */
    int banks = out->policy == BWM_VM_TEMP;
    bwm_colors c;
    bwm_err sub;
    if ((banks ? bwm_colors_of_banks : bwm_colors_of_map)(map, out->page_shift, &c, &sub) != BWM_OK)
        return bwm_optval_fail(e, 0, err, BWM_EINPUT, "no %s colours on this memory system: %s",
                               banks ? "bank" : "page", sub.msg);
    return BWM_OK;
}
