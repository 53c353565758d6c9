/* tmp_text.h — test support: input files written on the fly, and checks on
 * messages that must name a place in them ("FILE:LINE: ..."). */
#ifndef BWM_TMP_TEXT_H
#define BWM_TMP_TEXT_H

#include <stddef.h>

#define BWM_TMP_PATH_MAX 64

/* Writes text to a new file under /tmp and puts its name in path (room for
 * BWM_TMP_PATH_MAX bytes).  The caller unlinks it. */
void bwm_write_tmp(char *path, const char *text);

/* Asserts that msg starts with "PATH:LINE: " and contains what. */
void bwm_expect_at(const char *msg, const char *path, int line, const char *what);

#endif
