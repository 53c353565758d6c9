/* energy_snap.c — a memory system's energy counters, an application's
 * commands on one controller, and the energy between two snapshots (see
 * energy_snap.h). */
#include "sim/mc/energy_snap.h"

#include <stdlib.h>
#include <string.h>

void bwm_mc_app_cmds(const bwm_mc *mc, int app, uint64_t out[BWM_CMD_REF])
{
    for (int k = 0; k < BWM_CMD_REF; k++)
        out[k] = mc->apps[app].cmds[k];
    for (int b = 0; b < mc->n_banks; b++) {
        int32_t s = mc->banks[b].cur;
        if (s < 0 || mc->slots[s].req.app != app)
            continue;
        const bwm_mc_entry *e = &mc->slots[s];
        bwm_mc_cmds_add(out, e->n_act, e->n_pre, e->req.is_write,
                        bwm_mc_bursts_for(e->req.bytes, mc->burst_bytes) - e->bursts_left);
    }
    for (int32_t i = 0; i < mc->ret.n; i++) {
        const bwm_completion *k = bwm_mc_returns_at(&mc->ret, i);
        if (k->req.app == app)
            bwm_mc_cmds_add(out, k->n_act, k->n_pre, k->req.is_write, k->bursts);
    }
}

int bwm_energy_snap_take(const bwm_memsys *ms, int64_t now, bwm_energy_snap *s, bwm_err *err)
{
    int n_apps = ms->n_channels > 0 ? ms->mcs[0].n_apps : 0;
    if (!s->ch) {
        /* a memory system has 1..4096 channels, its controllers 1..4 applications */
        size_t n_ch = ms->n_channels > 0 ? (size_t)ms->n_channels : 1, per = n_apps > 0 ? (size_t)n_apps : 1;
        s->n_channels = ms->n_channels;
        s->n_apps = n_apps;
        s->ch = calloc(n_ch, sizeof *s->ch);
        s->app = calloc(n_ch * per, sizeof *s->app);
        if (!s->ch || !s->app) {
            bwm_energy_snap_free(s);
            return bwm_fail(err, BWM_EFAIL, "out of memory for DRAM energy counters");
        }
    }
    for (int c = 0; c < ms->n_channels; c++) {
        const bwm_mc *mc = &ms->mcs[c];
        bwm_energy_counts *ch = &s->ch[c];
        memcpy(ch->cmds, mc->dram.n_cmds, sizeof ch->cmds);
        ch->ref_pre = mc->refresh.pre;
        ch->cycles = now;
        ch->open_cycles = bwm_dram_open_cycles(&mc->dram, now);
        for (int a = 0; a < n_apps; a++) {
            bwm_energy_counts *x = &s->app[(size_t)c * (size_t)n_apps + (size_t)a];
            memset(x, 0, sizeof *x);
            bwm_mc_app_cmds(mc, a, x->cmds);
        }
    }
    return BWM_OK;
}

void bwm_energy_snap_free(bwm_energy_snap *s)
{
    free(s->ch);
    free(s->app);
    memset(s, 0, sizeof *s);
}

void bwm_energy_between(const bwm_memsys *ms, const bwm_energy_snap *from, const bwm_energy_snap *to,
                        bwm_energy *per_channel, bwm_energy *per_app)
{
    bwm_energy_model m;
    bwm_energy_model_make(&m, &ms->cfg);
    static const bwm_energy_counts zero;
    int n_apps = to->n_apps;
    if (per_app)
        memset(per_app, 0, (size_t)n_apps * sizeof *per_app);
    for (int c = 0; c < to->n_channels; c++) {
        bwm_energy_counts ch;
        bwm_energy_counts_diff(&to->ch[c], from ? &from->ch[c] : &zero, &ch);
        if (per_channel)
            bwm_energy_of(&m, &ch, &per_channel[c]);
        for (int a = 0; per_app && a < n_apps; a++) {
            size_t i = (size_t)c * (size_t)n_apps + (size_t)a;
            bwm_energy_counts app;
            bwm_energy e;
            bwm_energy_counts_diff(&to->app[i], from ? &from->app[i] : &zero, &app);
            bwm_energy_share(&m, &ch, &app, &e);
            bwm_energy_add(&per_app[a], &e);
        }
    }
}
