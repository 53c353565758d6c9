/* folder.h — the study folder as a place: whether a folder may become one
 * (it does not exist, is empty, or is a study's already: it has
 * plan/setup.csv), and the lock one study process holds on it while it
 * writes (flock on DIR/.lock), so that two processes never write one
 * folder at once. */
#ifndef BWM_STUDY_FOLDER_H
#define BWM_STUDY_FOLDER_H

#include "util/status.h"

/* BWM_OK when dir may be written as a study folder; BWM_EINPUT, naming it
 * and an entry that is not a study's, when it holds other files. `what`
 * names the option in the message ("option --out"). */
int bwm_study_folder_usable(const char *dir, const char *what, bwm_err *err);

/* Creates dir (with its parents) and takes its lock, held until
 * bwm_study_folder_unlock or the process ends: *fd gets the lock's file.
 * BWM_EINPUT when another process holds it. */
int bwm_study_folder_lock(const char *dir, const char *what, int *fd, bwm_err *err);
void bwm_study_folder_unlock(int fd);

#endif
