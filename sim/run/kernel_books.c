/* kernel_books.c — the books of a run's traced kernels (see
 * kernel_books.h). */
#include "sim/run/kernel_books.h"

#include "util/grow.h"

int bwm_run_kernels_add(bwm_run_kernels *ks, const bwm_kernel_result *k, bwm_err *err)
{
    bwm_kernel_result *v = bwm_grow(ks->done, &ks->cap, ks->n_done, sizeof *v);
    if (!v)
        return bwm_fail(err, BWM_EFAIL, "out of memory for the kernels' statistics");
    ks->done = v;
    ks->done[ks->n_done++] = *k;
    return BWM_OK;
}

void bwm_run_kernels_list_ended(bwm_run_kernels *ks, const bwm_gpu *g, int a)
{
    bwm_run_kernel *t = &ks->k[a];
    bwm_trace_app *app = g->traces.app[a];
    if (!t->first_pass_done) {
        t->first_pass_done = 1;
        bwm_app_counters_take(g, a, &t->first_pass);
        t->first_pass.cycle = app->done_at;
    }
    if (ks->restart)
        bwm_trace_app_restart(app);
}
