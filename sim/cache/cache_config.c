/* cache_config.c — GPGPU-Sim cache strings into bwm_cache_config (see
 * cache_config.h).  The string is cut at ',' into groups and at ':' into
 * fields; each field is read with strtol or checked against its letters. */
#include "sim/cache/cache_config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LEN 128
#define MAX_GROUPS 5
#define MAX_FIELDS 5

typedef struct split {
    char buf[MAX_LEN + 1];
    int n_groups;
    int n_fields[MAX_GROUPS];
    const char *field[MAX_GROUPS][MAX_FIELDS];
} split;

/* Cuts s into groups and fields; fails on too many of either. */
static int split_string(split *sp, const char *s, bwm_err *err)
{
    size_t len = strlen(s);
    if (len == 0)
        return bwm_fail(err, BWM_EINPUT, "cache string is empty (expected sets:line:ways,...)");
    if (len > MAX_LEN)
        return bwm_fail(err, BWM_EINPUT, "cache string '%.40s...' is longer than %d characters", s, MAX_LEN);
    memcpy(sp->buf, s, len + 1);
    sp->n_groups = 0;
    char *p = sp->buf;
    for (;;) {
        if (sp->n_groups == MAX_GROUPS)
            return bwm_fail(err, BWM_EINPUT, "cache string '%s': more than %d comma-separated groups", s,
                            MAX_GROUPS);
        int g = sp->n_groups++;
        sp->n_fields[g] = 0;
        char *comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        for (;;) {
            if (sp->n_fields[g] == MAX_FIELDS)
                return bwm_fail(err, BWM_EINPUT, "cache string '%s': group %d has more than %d fields", s, g + 1,
                                MAX_FIELDS);
            sp->field[g][sp->n_fields[g]++] = p;
            char *colon = strchr(p, ':');
            if (!colon)
                break;
            *colon = '\0';
            p = colon + 1;
        }
        if (!comma)
            return BWM_OK;
        p = comma + 1;
    }
}

static int is_pow2(long v)
{
    return v > 0 && (v & (v - 1)) == 0;
}

/* Reads a whole field as an integer in [min, max]. */
static int parse_int(const char *s, const char *text, const char *name, long min, long max, int *out,
                     bwm_err *err)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (text[0] == '\0' || *end != '\0' || errno == ERANGE || v < min || v > max)
        return bwm_fail(err, BWM_EINPUT, "cache string '%s': field '%s' expects an integer from %ld to %ld, got '%s'",
                        s, name, min, max, text);
    *out = (int)v;
    return BWM_OK;
}

/* Reads a one-letter field that must be one of allowed. */
static int parse_letter(const char *s, const char *text, const char *name, const char *allowed, int *out,
                        bwm_err *err)
{
    if (strlen(text) != 1 || !strchr(allowed, text[0]))
        return bwm_fail(err, BWM_EINPUT, "cache string '%s': field '%s' expects one of the letters %s, got '%s'", s,
                        name, allowed, text);
    *out = text[0];
    return BWM_OK;
}

static int parse_geometry(bwm_cache_config *cfg, const char *s, const split *sp, bwm_err *err)
{
    int n = sp->n_fields[0], kind = BWM_CACHE_NORMAL, rc;
    if (n != 3 && n != 4)
        return bwm_fail(err, BWM_EINPUT, "cache string '%s': first group expects [kind:]sets:line:ways, got %d fields",
                        s, n);
    const char *const *f = sp->field[0];
    if (n == 4) {
        if ((rc = parse_letter(s, f[0], "kind", "NS", &kind, err)))
            return rc;
        f++;
    }
    cfg->kind = (bwm_cache_kind)kind;
    if ((rc = parse_int(s, f[0], "sets", 1, 1L << 20, &cfg->sets, err)) ||
        (rc = parse_int(s, f[1], "line", 4, 1L << 16, &cfg->line_bytes, err)) ||
        (rc = parse_int(s, f[2], "ways", 1, 4096, &cfg->ways, err)))
        return rc;
    if (!is_pow2(cfg->sets))
        return bwm_fail(err, BWM_EINPUT, "cache string '%s': field 'sets' must be a power of two, got %d", s,
                        cfg->sets);
    if (!is_pow2(cfg->line_bytes))
        return bwm_fail(err, BWM_EINPUT, "cache string '%s': field 'line' must be a power of two, got %d", s,
                        cfg->line_bytes);
    return BWM_OK;
}

static int parse_policies(bwm_cache_config *cfg, const char *s, const split *sp, bwm_err *err)
{
    int n = sp->n_fields[1], repl = 0, write = 0, alloc = 0, walloc = 0, sif = BWM_SET_INDEX_LINEAR, rc;
    if (n != 4 && n != 5)
        return bwm_fail(err, BWM_EINPUT,
                        "cache string '%s': second group expects repl:write:alloc:write_alloc[:set_index], got %d fields",
                        s, n);
    const char *const *f = sp->field[1];
    if ((rc = parse_letter(s, f[0], "replacement", "LF", &repl, err)) ||
        (rc = parse_letter(s, f[1], "write policy", "RBTEL", &write, err)) ||
        (rc = parse_letter(s, f[2], "allocation", "mfs", &alloc, err)) ||
        (rc = parse_letter(s, f[3], "write allocation", "NWFL", &walloc, err)) ||
        (n == 5 && (rc = parse_letter(s, f[4], "set index", "HLPXC", &sif, err))))
        return rc;
    cfg->repl = (bwm_cache_repl)repl;
    cfg->write = (bwm_cache_write)write;
    cfg->alloc = (bwm_cache_alloc)alloc;
    cfg->write_alloc = (bwm_cache_write_alloc)walloc;
    cfg->set_index = (bwm_cache_set_index)sif;
    return BWM_OK;
}

static int parse_queues(bwm_cache_config *cfg, const char *s, const split *sp, bwm_err *err)
{
    int kind = 0, rc;
    if (sp->n_fields[2] != 3)
        return bwm_fail(err, BWM_EINPUT, "cache string '%s': third group expects mshr_type:entries:max_merge, got %d fields",
                        s, sp->n_fields[2]);
    const char *const *f = sp->field[2];
    if ((rc = parse_letter(s, f[0], "mshr type", "ASFT", &kind, err)) ||
        (rc = parse_int(s, f[1], "mshr entries", 1, 1L << 16, &cfg->mshr_entries, err)) ||
        (rc = parse_int(s, f[2], "mshr max merge", 1, 1L << 12, &cfg->mshr_max_merge, err)))
        return rc;
    cfg->mshr_kind = (bwm_cache_mshr_kind)kind;
    if (sp->n_fields[3] > 2)
        return bwm_fail(err, BWM_EINPUT, "cache string '%s': fourth group expects miss_queue[:result_fifo], got %d fields",
                        s, sp->n_fields[3]);
    f = sp->field[3];
    cfg->result_fifo = 0;
    if ((rc = parse_int(s, f[0], "miss queue", 1, 1L << 16, &cfg->miss_queue, err)) ||
        (sp->n_fields[3] == 2 && (rc = parse_int(s, f[1], "result fifo", 0, 1L << 16, &cfg->result_fifo, err))))
        return rc;
    cfg->data_port_width = 0;
    if (sp->n_groups == 5) {
        if (sp->n_fields[4] != 1)
            return bwm_fail(err, BWM_EINPUT, "cache string '%s': fifth group expects data_port_width, got %d fields", s,
                            sp->n_fields[4]);
        if ((rc = parse_int(s, sp->field[4][0], "data port width", 1, 1L << 16, &cfg->data_port_width, err)))
            return rc;
    }
    return BWM_OK;
}

int bwm_cache_config_parse(bwm_cache_config *cfg, const char *s, bwm_err *err)
{
    split sp;
    bwm_cache_config c;
    int rc;
    if ((rc = split_string(&sp, s, err)))
        return rc;
    if (sp.n_groups < 4)
        return bwm_fail(err, BWM_EINPUT,
                        "cache string '%s': expected 4 or 5 comma-separated groups "
                        "(geometry, policies, mshr, miss queue[, data port]), got %d",
                        s, sp.n_groups);
    c.streaming_on_miss = 0;
    c.write_ratio = 0;
    if ((rc = parse_geometry(&c, s, &sp, err)) || (rc = parse_policies(&c, s, &sp, err)) ||
        (rc = parse_queues(&c, s, &sp, err)))
        return rc;
    *cfg = c;
    return BWM_OK;
}

long bwm_cache_config_bytes(const bwm_cache_config *cfg)
{
    return (long)cfg->sets * cfg->ways * cfg->line_bytes;
}
