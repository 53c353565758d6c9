/* shares.h — how the GPU is shared among the applications it runs (at most
 * BWM_GPU_MAX_APPS): their SMs, in order, and, when the configuration places
 * pages by colour (-bwm_vm color), their page colours; and the shares of a
 * pair of applications, which paper 000 characterises each application on. */
#ifndef BWM_GPU_SHARES_H
#define BWM_GPU_SHARES_H

#include "sim/config/gpu_config.h"
#include "util/status.h"

#define BWM_GPU_MAX_APPS 4

/* The SMs each of n_apps applications gets: given (n_apps values) when any
 * is non-zero, else the equal split with the remainder to the first ones. */
void bwm_gpu_shares(const bwm_gpu_config *cfg, int n_apps, const int *given, int *split);

/* The page colours each of n_apps applications gets (colors of
 * bwm_gpu_params) into share: all zero unless the configuration places
 * pages by colour.  BWM_EINPUT, saying why, when given colours break the
 * rule of bwm_vm_color_shares or the configuration has no colour policy. */
int bwm_gpu_color_shares(const bwm_gpu_config *cfg, int n_apps, const int *given, int *share, bwm_err *err);

/* The page colours of an application alone on its share of a pair (the
 * first application's share of an equal split); 0 (every colour) unless the
 * configuration places pages by colour or when it has no colours. */
int bwm_gpu_pair_colors(const bwm_gpu_config *cfg);

/* The SMs the first application of a pair gets in the equal split of a GPU
 * of n_sms SMs (half, rounded up): the share paper 000 runs each application
 * of its pairs on, and so the share Table 1 characterises it on. */
int bwm_gpu_pair_share(int n_sms);

#endif
