/* optset.h — the options of a GPGPU-Sim option file, kept as text.
 *
 * A bwm_optset holds every "-name value" pair read from an option file (or
 * given later as an override), with the file and line it came from, and
 * remembers which options a consumer has taken.  Each part of the simulator
 * takes the options it models (bwm_optset_take); the rest are listed once as
 * ignored (bwm_optset_unused).  A later occurrence of a name replaces the
 * earlier one, as in GPGPU-Sim (and a later file's, as Accel-Sim's
 * "-config gpgpusim.config -config trace.config" reads them).  The set owns copies of all its text.
 *
 * Syntax (GPGPU-Sim's): "-name value" pairs separated by white space, any
 * number per line; '#' starts a comment that runs to the end of the line; a
 * value in double quotes may contain white space, '#' and newlines.  The
 * value must start on the same line as its name. */
#ifndef BWM_OPTSET_H
#define BWM_OPTSET_H

#include <stddef.h>

#include "util/status.h"

typedef struct bwm_optent {
    char *name;   /* with its leading dash: "-gpgpu_n_mem" */
    char *value;  /* quotes removed; a quoted value may contain newlines */
    char *origin; /* the file name, or what the override came from */
    int line;     /* line of the name in origin (1-based) */
    int used;     /* taken by a consumer */
} bwm_optent;

typedef struct bwm_optset {
    bwm_optent *v;
    size_t n, cap;
    char **origins; /* where options came from, in the order first seen (files, then overrides) */
    size_t n_origins, cap_origins;
    char **asked; /* every name a consumer has taken or asked to take, given or not */
    size_t n_asked, cap_asked;
    int asked_lost; /* out of memory while recording one: asked is incomplete */
} bwm_optset;

/* A list of option names with where they were given (the ignored ones). */
typedef struct bwm_optref {
    char *name;
    char *origin;
    int line;
} bwm_optref;

typedef struct bwm_optlist {
    bwm_optref *v;
    size_t n;
} bwm_optlist;

void bwm_optset_init(bwm_optset *s);
void bwm_optset_free(bwm_optset *s);

/* Adds the options of text (len bytes) to s; origin names it in messages
 * ("FILE:LINE: ...").  Errors are BWM_EINPUT; s keeps what came before the
 * error. */
int bwm_optset_parse(bwm_optset *s, const char *origin, const char *text, size_t len,
                     bwm_err *err);

/* Reads the file at path (opened through io/infile.h) and adds its options. */
int bwm_optset_load(bwm_optset *s, const char *path, bwm_err *err);

/* The place of origin among the origins of s's options, in the order they
 * were first given (0: the first file), or -1 when none came from it. */
int bwm_optset_origin_rank(const bwm_optset *s, const char *origin);

/* Sets one option (name with its dash), replacing any earlier value. */
int bwm_optset_set(bwm_optset *s, const char *name, const char *value, const char *origin,
                   int line, bwm_err *err);

/* The option called name, or NULL; bwm_optset_take also marks it used and
 * records name among the asked ones (the names the consumer reads, which
 * option_typos.h compares misspelt names with). */
const bwm_optent *bwm_optset_find(const bwm_optset *s, const char *name);
const bwm_optent *bwm_optset_take(bwm_optset *s, const char *name);

/* Lists the options nobody has taken, in the order they were first given. */
int bwm_optset_unused(const bwm_optset *s, bwm_optlist *out, bwm_err *err);

void bwm_optlist_init(bwm_optlist *l);
void bwm_optlist_free(bwm_optlist *l);
/* 1 when l lists name. */
int bwm_optlist_has(const bwm_optlist *l, const char *name);

#endif
