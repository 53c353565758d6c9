/* shares.c — the applications' shares of the GPU's SMs and page colours
 * (see shares.h). */
#include "sim/gpu/shares.h"

#include "sim/vm/colors.h"
#include "sim/vm/vm.h"

void bwm_gpu_shares(const bwm_gpu_config *cfg, int n_apps, const int *given, int *split)
{
    int any = 0;
    for (int a = 0; a < n_apps; a++)
        any |= given[a] != 0;
    for (int a = 0; a < n_apps; a++)
        split[a] = any ? given[a] : cfg->n_sms / n_apps + (a < cfg->n_sms % n_apps);
}

int bwm_gpu_color_shares(const bwm_gpu_config *cfg, int n_apps, const int *given, int *share, bwm_err *err)
{
    int any = 0;
    for (int a = 0; a < n_apps; a++) {
        any |= given[a] != 0;
        share[a] = 0;
    }
    if (cfg->vm.policy != BWM_VM_COLOR) {
        if (any)
            return bwm_fail(err, BWM_EINPUT, "colours per application need -bwm_vm color (the configuration "
                            "places pages by %s)", bwm_vm_policy_name(cfg->vm.policy));
        return BWM_OK;
    }
    bwm_colors colors;
    int st = bwm_colors_of_map(&cfg->dram.map, cfg->vm.page_shift, &colors, err);
    return st == BWM_OK ? bwm_vm_color_shares(1 << colors.color_bits, n_apps, any ? given : NULL, share, err) : st;
}

int bwm_gpu_pair_colors(const bwm_gpu_config *cfg)
{
    int none[2] = {0, 0}, share[2];
    bwm_err err;
    return bwm_gpu_color_shares(cfg, 2, none, share, &err) == BWM_OK ? share[0] : 0;
}

int bwm_gpu_pair_share(int n_sms)
{
    return n_sms / 2 + n_sms % 2;
}
