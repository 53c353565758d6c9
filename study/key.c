/* key.c — the content key of a study run (see key.h). */
#include "study/key.h"

#include <inttypes.h>

#include "study/batch_designs.h"
#include "util/buf.h"

static void design_head(const bwm_study_setup *s, const bwm_study_run *r, bwm_buf *t)
{
    char alone[BWM_XLAT_DESIGN_NAME], text[2][512];
    bwm_xlat_alone_design(r->design, alone, sizeof alone);
    long d = bwm_xlat_design_find(r->design), a = bwm_xlat_design_find(alone);
    bwm_xlat_design_text(d >= 0 ? (size_t)d : 0, text[0], sizeof text[0]);
    bwm_xlat_design_text(a >= 0 ? (size_t)a : 0, text[1], sizeof text[1]);
    bwm_buf_printf(t, "bwmpki study translation run 1\nbinary %s\nconfig %s\nseed %" PRIu64 " cycles %" PRId64
                   " warmup %" PRId64 "\n%s\nalone %s\n", s->binary, s->xlat_config, s->seed, s->xlat_cycles,
                   s->xlat_warmup, text[0], text[1]);
}

/* A batch run: its own GPU and the design. */
static void batch_head(const bwm_study_setup *s, const bwm_study_run *r, bwm_buf *t)
{
    char text[512];
    long d = bwm_batch_design_find(r->design);
    bwm_batch_design_text(d >= 0 ? (size_t)d : 0, text, sizeof text);
    bwm_buf_printf(t, "bwmpki study batch run 1\nbinary %s\nconfig %s\nseed %" PRIu64 " cycles %" PRId64
                   " warmup %" PRId64 "\n%s\n", s->binary, s->batch_config, s->seed, s->cycles, s->warmup, text);
}

void bwm_study_key(const bwm_study_setup *s, const bwm_synth_app *const *apps, bwm_study_run *r)
{
    bwm_buf t;
    bwm_buf_init(&t);
    if (r->exp == BWM_EXP_BATCH)
        batch_head(s, r, &t);
    else if (bwm_study_run_translated(r)) /* its own GPU and length, the design and its group's alone design */
        design_head(s, r, &t);
    else if (r->exp == BWM_EXP_VARIATION) /* its own GPU, timed to a budget */
        bwm_buf_printf(&t, "bwmpki study variation run 1\nbinary %s\nconfig %s\nseed %" PRIu64 " insts %" PRIu64
                       " max_cycles %" PRId64 "\npartition %s parts %d\n", s->binary, s->var_config, s->seed,
                       s->var_insts, s->var_max_cycles, r->partition, r->parts);
    else
        bwm_buf_printf(&t, "bwmpki study run 1\nbinary %s\nconfig %s\nseed %" PRIu64 " cycles %" PRId64
                       " warmup %" PRId64 "\n", s->binary, s->config, s->seed, s->cycles, s->warmup);
    bwm_buf_printf(&t, "sched %s window %" PRId64 " alpha %.17g m %.17g\n",
                   r->exp == BWM_EXP_ALONE ? "alone" : r->sched, r->window, r->alpha, r->m);
    for (size_t i = 0; i < r->napps; i++) {
        bwm_buf row;
        bwm_buf_init(&row);
        bwm_synth_write(apps[i], 1, NULL, &row);
        char h[BWM_SHA256_HEX];
        bwm_sha256_of(bwm_buf_str(&row), row.len, h);
        bwm_buf_free(&row);
        bwm_buf_printf(&t, "app %s sms %d params %s\n", r->app[i], r->split[i], h);
    }
    bwm_sha256_of(bwm_buf_str(&t), t.len, r->key);
    bwm_buf_free(&t);
}
