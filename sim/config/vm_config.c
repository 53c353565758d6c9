/* vm_config.c — -bwm_vm and -bwm_page_size (see vm_config.h). */
#include "sim/config/vm_config.h"

#include "sim/config/optval.h"

int bwm_vm_config_from_opts(bwm_optset *s, int line_bytes, const bwm_addrmap *map, bwm_vm_config *out,
                            bwm_err *err)
{
    static const char vname[] = "-bwm_vm", pname[] = "-bwm_page_size";
    const char *text;
    const bwm_optent *e;
    bwm_optval_str(s, vname, "identity", &text, &e);
    if (bwm_vm_policy_parse(text, &out->policy) != 0)
        return e ? bwm_optval_fail(e, 0, err, BWM_EINPUT, "'%s' is not identity, first-touch or color", text)
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
    if (out->policy == BWM_VM_COLOR) {
        bwm_colors c;
        bwm_err sub;
        if (bwm_colors_of_map(map, out->page_shift, &c, &sub) != BWM_OK)
            return bwm_optval_fail(e, 0, err, BWM_EINPUT, "no page colours on this memory system: %s", sub.msg);
    }
    return BWM_OK;
}
