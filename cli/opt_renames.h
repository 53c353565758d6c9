/* opt_renames.h — options whose spelling has changed.  The old spelling
 * still works, for one release, in every command that has the new one;
 * bwm_opts_parse (cli/opts.h) notes the change on stderr.  An entry goes
 * when its release has passed. */
#ifndef BWM_OPT_RENAMES_H
#define BWM_OPT_RENAMES_H

#include <stddef.h>

/* The current name of the option once spelt name[0..len), or NULL. */
const char *bwm_opt_renamed(const char *name, size_t len);

#endif
