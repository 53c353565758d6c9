/* option_typos.h — misspelt option names.
 *
 * GPGPU-Sim stops at an option it does not know ("Unknown Option"); the
 * simulator lists options it does not model and goes on, since option
 * files carry many it need not read.  A misspelt name of an option the
 * simulator reads would go on too, leaving that option at its default
 * without a word of why.  So a name that is none of GPGPU-Sim's options
 * (gpgpusim_names.h), not inert (inert_opts.h) and not the simulator's own
 * (-bwm_...), but one or two edits (a letter added, dropped, changed, or two
 * neighbours swapped) from a name the consumer asked for, is refused as
 * bad input naming the option it probably means. */
#ifndef BWM_OPTION_TYPOS_H
#define BWM_OPTION_TYPOS_H

#include <stddef.h>

#include "sim/config/optset.h"
#include "util/status.h"

/* Edits between a and b (optimal string alignment: insertions, deletions,
 * substitutions and swaps of neighbours), or limit + 1 when more than limit. */
int bwm_edit_distance(const char *a, const char *b, int limit);

/* BWM_EINPUT naming the first option of s (in the order given) that is a
 * misspelling of a name s was asked for, else BWM_OK. */
int bwm_option_typos(const bwm_optset *s, bwm_err *err);

#endif
