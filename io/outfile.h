/* outfile.h — writing a command's output all at once.
 *
 * The output is complete in memory before anything is written.  Where it
 * goes depends on what the path names:
 *  - nothing yet, or a regular file: a temporary file in the same folder,
 *    renamed over the path on success, so a reader never sees half a result
 *    and a failure leaves no partial file;
 *  - a symbolic link: the link is followed (through any chain of links) and
 *    its final target is replaced that way; the link itself stays a link;
 *  - a FIFO or a character device (a pipe a reader waits on, /dev/null, a
 *    terminal): written directly, since replacing it by a plain file would
 *    destroy it;
 *  - a directory, or anything else (a block device, a socket): refused as
 *    bad input. */
#ifndef BWM_OUTFILE_H
#define BWM_OUTFILE_H

#include "util/buf.h"
#include "util/status.h"

/* Writes b to path, or to standard output when path is NULL or "-".
 * Errors name the path: BWM_EINPUT for a path that cannot take output (a
 * directory, ...), BWM_EFAIL when writing fails. */
int bwm_output_commit(const char *path, const bwm_buf *b, bwm_err *err);

/* Whether bwm_output_commit could write path, checked before any work:
 * NULL and "-" (standard output), a FIFO or a character device pass; a
 * folder, or a path whose folder is missing or refuses a new file (tried
 * by creating and removing a temporary file there), fails with
 * bwm_output_commit's message and status. */
int bwm_output_check(const char *path, bwm_err *err);

/* The status of an output path (a file, or a folder to create) the system
 * refused with errno e: BWM_EINPUT when the path itself is at fault (a
 * folder on the way missing or not a folder, no permission, a read-only
 * file system, a name too long, a loop of links), else BWM_EFAIL (a full
 * disk, an I/O error, ...). */
int bwm_output_path_status(int e);

/* Creates folder dir for output unless it exists, with any missing parent
 * (as mkdir -p); a path that exists and is not a folder is refused
 * (ENOTDIR).  An error says
 * "<prefix>cannot create 'dir': <reason>" (prefix may be "", or name the
 * option, "option --out: ") with bwm_output_path_status's status. */
int bwm_output_folder(const char *dir, const char *prefix, bwm_err *err);

/* Whether bwm_output_folder could make dir and files be written in it,
 * checked before any work and writing nothing: the nearest folder of dir
 * that exists (dir itself, else a parent) takes a new file (one is made
 * and removed).  An error says "<prefix>cannot create 'dir': <reason>"
 * (or "cannot write in" for a folder that exists) with
 * bwm_output_path_status's status. */
int bwm_output_folder_check(const char *dir, const char *prefix, bwm_err *err);

/* BWM_EINPUT when two of the n output paths (NULL: not given) name one
 * file — the same path written twice, through another spelling or a link —
 * with "options WHAT_i and WHAT_j: both write 'PATH'". */
int bwm_output_paths_distinct(const char *const *what, const char *const *paths, size_t n, bwm_err *err);

#endif
