/* key.c — the content key of a study run (see key.h). */
#include "study/key.h"

#include <inttypes.h>

#include "study/experiment.h"
#include "util/buf.h"

void bwm_study_key(const bwm_study_setup *s, const bwm_synth_app *const *apps, bwm_study_run *r)
{
    bwm_buf t;
    bwm_buf_init(&t);
    const bwm_study_experiment *x = bwm_study_exp_at(r->exp);
    if (!x->key_head || !x->key_head(s, r, &t)) /* the main GPU's */
        bwm_buf_printf(&t, "bwmpki study run 1\nbinary %s\nconfig %s\nseed %" PRIu64 " cycles %" PRId64
                       " warmup %" PRId64 "\n", s->binary, s->config, s->seed, s->cycles, s->warmup);
    bwm_buf_printf(&t, "sched %s window %" PRId64 " alpha %.17g m %.17g\n",
                   x->key_sched ? x->key_sched : r->sched, r->window, r->alpha, r->m);
    for (size_t i = 0; i < r->napps; i++) {
        if (!apps[i]) { /* the experiment's own (own_apps): key_head says what it is */
            bwm_buf_printf(&t, "app %s sms %d\n", r->app[i], r->split[i]);
            continue;
        }
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
