/* list.h — an Accel-Sim trace folder's kernelslist.g.
 *
 * One command a line, in order: "MemcpyHtoD,0xADDR,BYTES" (a copy from
 * the host before the kernels that follow; recorded, not timed) or the
 * name of a kernel trace ("kernel-1.traceg", relative to the list's folder,
 * or absolute).  A kernel file that is absent while NAME.xz exists is read
 * from NAME.xz (a folder whose traces were compressed after the list was
 * written); neither existing is bad input at the list's line.  Blank lines
 * are skipped; any other line is bad input.  The path given may be the
 * folder itself, the list, or a single kernel trace (a list of one). */
#ifndef BWM_SASS_LIST_H
#define BWM_SASS_LIST_H

#include <stddef.h>
#include <stdint.h>

#include "util/status.h"

typedef enum bwm_sass_cmd_kind { BWM_SASS_KERNEL, BWM_SASS_MEMCPY } bwm_sass_cmd_kind;

typedef struct bwm_sass_cmd {
    bwm_sass_cmd_kind kind;
    char *path;          /* kernel: the file to read */
    uint64_t addr, bytes;/* memcpy */
    long line;           /* in the list (0: a single kernel given) */
} bwm_sass_cmd;

typedef struct bwm_sass_list {
    char *path;          /* the list read, or the kernel given */
    bwm_sass_cmd *cmds;
    size_t n, cap;
    size_t n_kernels, n_memcpy;
} bwm_sass_list;

int bwm_sass_list_load(bwm_sass_list *l, const char *path, bwm_err *err);
void bwm_sass_list_free(bwm_sass_list *l);

#endif
