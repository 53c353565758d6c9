/* format.h — the output formats every command offers. */
#ifndef BWM_FORMAT_H
#define BWM_FORMAT_H

typedef enum bwm_format { BWM_FMT_TABLE, BWM_FMT_CSV, BWM_FMT_JSON } bwm_format;

/* Parses "table", "csv" or "json"; returns 0, or -1 for anything else. */
int bwm_format_parse(const char *s, bwm_format *out);

/* The format a file name's extension implies: ".json" JSON, ".csv" CSV,
 * ".txt" table (case ignored); returns 0, or -1 for any other name. */
int bwm_format_from_path(const char *path, bwm_format *out);

#endif
