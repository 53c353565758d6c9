/* gpgpusim_names.h — whether a name is one of GPGPU-Sim's options (versions
 * 3.0 to 4.x) or of Accel-Sim's trace-driven mode (gpgpusim_names.c says
 * where each list came from), for telling an option the simulator does not
 * model from a name no GPGPU-Sim knows. */
#ifndef BWM_GPGPUSIM_NAMES_H
#define BWM_GPGPUSIM_NAMES_H

#include <stddef.h>

/* 1 when name (with its leading dash) is an option GPGPU-Sim registers. */
int bwm_gpgpusim_option(const char *name);

/* All of them, sorted; *n their number. */
const char *const *bwm_gpgpusim_option_names(size_t *n);

#endif
