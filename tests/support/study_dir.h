/* study_dir.h — test support for the study: temporary folders, comparing
 * two study folders, checking images. */
#ifndef BWM_STUDY_DIR_H
#define BWM_STUDY_DIR_H

#define BWM_DIR_MAX 64

/* A new empty folder under /tmp, its name into path (BWM_DIR_MAX bytes). */
void bwm_tmp_dir(char *path);
/* The same with an empty runs/ in it: a study folder for run files. */
void bwm_tmp_runs_dir(char *path);
/* Removes a folder and everything in it. */
void bwm_rm_rf(const char *path);
/* 1 if the file exists. */
int bwm_exists(const char *path);
/* Asserts that two study folders hold the same files with the same bytes,
 * manifest.json (wall time, command line) aside. */
void bwm_expect_same_study(const char *a, const char *b);
/* Asserts that path is a PNG of at least min_bytes with a plausible size. */
void bwm_expect_png(const char *path, long min_bytes);
/* The number of files in a folder (-1 if it cannot be read). */
int bwm_count_files(const char *dir);

#endif
