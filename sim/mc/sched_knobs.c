/* sched_knobs.c — scheduler knobs and the user's settings (see sched_knobs.h). */
#include "sim/mc/sched_knobs.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sim/mc/sched.h"
#include "util/num.h"

/* Copies n bytes of src into dst[size] as a string; -1 if it does not fit. */
static int copy_part(char *dst, size_t size, const char *src, size_t n)
{
    if (n >= size)
        return -1;
    memcpy(dst, src, n);
    dst[n] = '\0';
    return 0;
}

static int add_one(bwm_sched_settings *s, const char *item, size_t len, bwm_err *err)
{
    const char *eq = memchr(item, '=', len);
    if (!eq || eq == item || eq == item + len - 1)
        return bwm_fail(err, BWM_EINPUT, "'%.*s' is not NAME=VALUE", (int)len, item);
    if (s->n >= BWM_SCHED_MAX_SETTINGS)
        return bwm_fail(err, BWM_EINPUT, "more than %d scheduler parameters", BWM_SCHED_MAX_SETTINGS);
    bwm_sched_setting *x = &s->v[s->n];
    memset(x, 0, sizeof *x);
    const char *dot = memchr(item, '.', (size_t)(eq - item));
    const char *name = dot ? dot + 1 : item;
    if ((dot && (dot == item || copy_part(x->policy, sizeof x->policy, item, (size_t)(dot - item)) != 0)) ||
        name == eq || copy_part(x->name, sizeof x->name, name, (size_t)(eq - name)) != 0 ||
        copy_part(x->value, sizeof x->value, eq + 1, (size_t)(item + len - eq - 1)) != 0)
        return bwm_fail(err, BWM_EINPUT, "'%.*s' is not [SCHEDULER.]NAME=VALUE with short names", (int)len,
                        item);
    s->n++;
    return BWM_OK;
}

int bwm_sched_settings_add(bwm_sched_settings *s, const char *text, bwm_err *err)
{
    const char *p = text;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        int st = add_one(s, p, len, err);
        if (st != BWM_OK || !comma)
            return st;
        p = comma + 1;
    }
}

const bwm_sched_knob *bwm_sched_knob_find(const bwm_sched_ops *ops, const char *name)
{
    for (int i = 0; i < ops->n_knobs; i++)
        if (strcmp(ops->knobs[i].name, name) == 0)
            return &ops->knobs[i];
    return NULL;
}

int bwm_sched_knob_parse(const bwm_sched_knob *k, const char *text, double *out, bwm_err *err)
{
    if (k->kind == BWM_KNOB_CHOICE) {
        bwm_buf names;
        bwm_buf_init(&names);
        for (int i = 0; k->choices[i]; i++) {
            if (strcmp(k->choices[i], text) == 0) {
                bwm_buf_free(&names);
                *out = i;
                return BWM_OK;
            }
            bwm_buf_printf(&names, "%s%s", i ? ", " : "", k->choices[i]);
        }
        int st = bwm_fail(err, BWM_EINPUT, "'%s' is not one of %s", text, bwm_buf_str(&names));
        bwm_buf_free(&names);
        return st;
    }
    double v;
    int64_t whole;
    if (bwm_parse_double(text, &v) != 0)
        return bwm_fail(err, BWM_EINPUT, "'%s' is not a number", text);
    if (k->kind == BWM_KNOB_WEIGHT || k->kind == BWM_KNOB_SHARE) {
        int weight = k->kind == BWM_KNOB_WEIGHT;
        if (weight ? !(v >= 0 && v < 1) : !(v > 0 && v <= 1))
            return bwm_fail(err, BWM_EINPUT, "%s is outside %s", text, weight ? "[0, 1)" : "(0, 1]");
        *out = v;
        return BWM_OK;
    }
    if (k->kind != BWM_KNOB_REAL && bwm_whole_in(v, INT64_MIN / 2, INT64_MAX / 2, &whole) != 0)
        return bwm_fail(err, BWM_EINPUT, "'%s' is not a whole number", text);
    if (!(v >= k->min && v <= k->max))
        return bwm_fail(err, BWM_EINPUT, "%s is outside %g..%g", text, k->min, k->max);
    *out = v;
    return BWM_OK;
}

static void list_knobs(const bwm_sched_ops *const *ops, size_t n, bwm_buf *out)
{
    size_t listed = 0;
    for (size_t i = 0; i < n; i++)
        for (int j = 0; j < ops[i]->n_knobs; j++)
            bwm_buf_printf(out, "%s%s.%s", listed++ ? ", " : "", ops[i]->name, ops[i]->knobs[j].name);
    if (listed == 0)
        bwm_buf_puts(out, "none");
}

/* Checks one setting; *applies counts the policies it applies to. */
static int check_one(const bwm_sched_setting *x, const bwm_sched_ops *const *ops, size_t n, int *applies,
                     bwm_err *err)
{
    *applies = 0;
    for (size_t i = 0; i < n; i++) {
        if (x->policy[0] && strcmp(x->policy, ops[i]->name) != 0)
            continue;
        const bwm_sched_knob *k = bwm_sched_knob_find(ops[i], x->name);
        double v;
        bwm_err sub;
        if (!k)
            continue;
        if (bwm_sched_knob_parse(k, x->value, &v, &sub) != 0)
            return bwm_fail(err, BWM_EINPUT, "%s%s%s=%s: %s (%s)", x->policy, x->policy[0] ? "." : "", x->name,
                            x->value, sub.msg, k->help);
        (*applies)++;
    }
    return BWM_OK;
}

int bwm_sched_settings_check(const bwm_sched_settings *s, const bwm_sched_ops *const *ops, size_t n,
                             bwm_err *err)
{
    for (int i = 0; s && i < s->n; i++) {
        const bwm_sched_setting *x = &s->v[i];
        int applies;
        int st = check_one(x, ops, n, &applies, err);
        if (st != BWM_OK)
            return st;
        if (applies)
            continue;
        bwm_buf known;
        bwm_buf_init(&known);
        list_knobs(ops, n, &known);
        st = bwm_fail(err, BWM_EINPUT, "'%s%s%s': no scheduler of this run has that parameter (known: %s)",
                      x->policy, x->policy[0] ? "." : "", x->name, bwm_buf_str(&known));
        bwm_buf_free(&known);
        return st;
    }
    return BWM_OK;
}

double bwm_sched_knob_value(const bwm_sched_ops *ops, const bwm_sched_settings *s, int j)
{
    double out = ops->knobs[j].def;
    for (int i = 0; s && i < s->n; i++) {
        const bwm_sched_setting *x = &s->v[i];
        double v;
        bwm_err sub;
        if ((!x->policy[0] || strcmp(x->policy, ops->name) == 0) && strcmp(ops->knobs[j].name, x->name) == 0 &&
            bwm_sched_knob_parse(&ops->knobs[j], x->value, &v, &sub) == 0)
            out = v;
    }
    return out;
}

void bwm_sched_knob_values(const bwm_sched_ops *ops, const bwm_sched_settings *s, double *out)
{
    for (int j = 0; j < ops->n_knobs; j++)
        out[j] = bwm_sched_knob_value(ops, s, j);
}

void bwm_sched_knob_format(const bwm_sched_knob *k, double v, bwm_buf *out)
{
    if (k->kind == BWM_KNOB_CHOICE)
        bwm_buf_puts(out, k->choices[(int)v]);
    else
        bwm_buf_printf(out, "%.10g", v);
}

void bwm_sched_knobs_help(bwm_buf *out)
{
    for (size_t i = 0; i < bwm_sched_count(); i++) {
        const bwm_sched_ops *ops = bwm_sched_at(i);
        for (int j = 0; j < ops->n_knobs; j++) {
            const bwm_sched_knob *k = &ops->knobs[j];
            bwm_buf_printf(out, "  %s.%s=", ops->name, k->name);
            bwm_sched_knob_format(k, k->def, out);
            bwm_buf_printf(out, "%s: %s\n", k->kind == BWM_KNOB_CYCLES ? " core cycles" : "", k->help);
        }
    }
}

void bwm_sched_settings_text(const bwm_sched_settings *s, bwm_buf *out)
{
    for (int i = 0; s && i < s->n; i++)
        bwm_buf_printf(out, "%s%s%s%s=%s", i ? "," : "", s->v[i].policy, s->v[i].policy[0] ? "." : "",
                       s->v[i].name, s->v[i].value);
}
