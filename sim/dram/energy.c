/* energy.c — DRAM energy from counters (see energy.h). */
#include "sim/dram/energy.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

int bwm_dram_power_check(const bwm_dram_power *p, int *at, bwm_err *err)
{
    const struct {
        const char *name;
        double v;
    } all[BWM_DRAM_POWER_FIELDS] = {
        {"IDD0", p->idd0}, {"IDD2P", p->idd2p}, {"IDD2N", p->idd2n}, {"IDD3P", p->idd3p}, {"IDD3N", p->idd3n},
        {"IDD4R", p->idd4r}, {"IDD4W", p->idd4w}, {"IDD5", p->idd5}, {"VDD", p->vdd},
    };
    for (int i = 0; i < BWM_DRAM_POWER_FIELDS; i++)
        if (!(isfinite(all[i].v) && all[i].v > 0)) {
            *at = i;
            return bwm_fail(err, BWM_EINPUT, "%s must be > 0 (got %g)", all[i].name, all[i].v);
        }
    /* a GDDR or HBM device's plausible range: anything beyond is a typo, and
     * would turn energies into overflows */
    for (int i = 0; i < BWM_DRAM_POWER_FIELDS; i++) {
        int vdd = i == BWM_DRAM_POWER_FIELDS - 1;
        double lo = vdd ? BWM_DRAM_VDD_MIN : 0, hi = vdd ? BWM_DRAM_VDD_MAX : BWM_DRAM_IDD_MAX;
        if (all[i].v < lo || all[i].v > hi) {
            *at = i;
            return bwm_fail(err, BWM_EINPUT, "%s (%g %s) is outside %g..%g %s, a GDDR or HBM device's plausible range",
                            all[i].name, all[i].v, vdd ? "V" : "mA", lo, hi, vdd ? "V" : "mA");
        }
    }
    /* a current counted above a standby one: its index in all[], the base's */
    static const int above[][2] = {{0, 4}, {0, 2}, {5, 4}, {6, 4}, {7, 4}};
    for (size_t i = 0; i < sizeof above / sizeof above[0]; i++) {
        int a = above[i][0], b = above[i][1];
        if (all[a].v < all[b].v) {
            *at = a;
            return bwm_fail(err, BWM_EINPUT, "%s (%g mA) is below %s (%g mA), the standby current it is counted "
                            "above", all[a].name, all[a].v, all[b].name, all[b].v);
        }
    }
    return BWM_OK;
}

void bwm_energy_model_make(bwm_energy_model *m, const bwm_dram_config *c)
{
    const bwm_dram_power *p = &c->power;
    memset(m, 0, sizeof *m);
    double ns = 1e3 / c->dram_mhz;
    /* mA × V × ns = pJ; × devices; / 1000: nJ */
    double k = p->vdd * ns * c->chips_per_channel / 1e3;
    double burst = (double)(c->burst_length / c->data_command_ratio);
    m->cmd[BWM_CMD_ACT] = (p->idd0 - p->idd3n) * c->t.RAS * k;
    m->cmd[BWM_CMD_PRE] = (p->idd0 - p->idd2n) * c->t.RP * k;
    m->cmd[BWM_CMD_RD] = (p->idd4r - p->idd3n) * burst * k;
    m->cmd[BWM_CMD_WR] = (p->idd4w - p->idd3n) * burst * k;
    m->cmd[BWM_CMD_REF] = (p->idd5 - p->idd3n) * c->t.RFC * k;
    m->bg_act = p->idd3n * k;
    m->bg_pre = p->idd2n * k;
    m->rfc = c->t.RFC;
    m->cycle_s = ns * 1e-9;
}

/* The command parts of an energy (ACT to REF) from counts. */
static void command_parts(const bwm_energy_model *m, const bwm_energy_counts *c, bwm_energy *e)
{
    memset(e, 0, sizeof *e);
    static const int part_of[BWM_CMD_COUNT] = {
        [BWM_CMD_ACT] = BWM_E_ACT, [BWM_CMD_PRE] = BWM_E_PRE, [BWM_CMD_RD] = BWM_E_RD,
        [BWM_CMD_WR] = BWM_E_WR, [BWM_CMD_REF] = BWM_E_REF,
    };
    for (int k = 0; k < BWM_CMD_COUNT; k++)
        e->part[part_of[k]] = (double)c->cmds[k] * m->cmd[k];
    e->accesses = c->cmds[BWM_CMD_RD] + c->cmds[BWM_CMD_WR];
}

void bwm_energy_of(const bwm_energy_model *m, const bwm_energy_counts *c, bwm_energy *e)
{
    command_parts(m, c, e);
    /* a refresh's tRFC is active standby; every bank is closed then, so it
     * adds to the open time (up to the interval: one that ends inside the
     * last refresh) */
    int64_t active = c->open_cycles + (int64_t)c->cmds[BWM_CMD_REF] * m->rfc;
    if (active > c->cycles)
        active = c->cycles;
    e->part[BWM_E_BG_ACT] = (double)active * m->bg_act;
    e->part[BWM_E_BG_PRE] = (double)(c->cycles - active) * m->bg_pre;
    e->seconds = (double)c->cycles * m->cycle_s;
}

void bwm_energy_share(const bwm_energy_model *m, const bwm_energy_counts *ch, const bwm_energy_counts *app,
                      bwm_energy *e)
{
    bwm_energy whole;
    bwm_energy_of(m, ch, &whole);
    bwm_energy_counts own = *app;
    own.cmds[BWM_CMD_REF] = 0;
    command_parts(m, &own, e);
    e->seconds = whole.seconds;
    if (whole.accesses == 0)
        return;
    double share = (double)e->accesses / (double)whole.accesses;
    e->part[BWM_E_REF] = share * whole.part[BWM_E_REF];
    e->part[BWM_E_BG_ACT] = share * whole.part[BWM_E_BG_ACT];
    e->part[BWM_E_BG_PRE] = share * whole.part[BWM_E_BG_PRE];
    e->part[BWM_E_PRE] += share * (double)ch->ref_pre * m->cmd[BWM_CMD_PRE];
}

void bwm_energy_counts_diff(const bwm_energy_counts *to, const bwm_energy_counts *from, bwm_energy_counts *out)
{
    for (int k = 0; k < BWM_CMD_COUNT; k++)
        out->cmds[k] = to->cmds[k] - from->cmds[k];
    out->ref_pre = to->ref_pre - from->ref_pre;
    out->cycles = to->cycles - from->cycles;
    out->open_cycles = to->open_cycles - from->open_cycles;
}

void bwm_energy_add(bwm_energy *into, const bwm_energy *from)
{
    for (int k = 0; k < BWM_E_COUNT; k++)
        into->part[k] += from->part[k];
    into->accesses += from->accesses;
    if (from->seconds > into->seconds)
        into->seconds = from->seconds;
}

double bwm_energy_total(const bwm_energy *e)
{
    double t = 0;
    for (int k = 0; k < BWM_E_COUNT; k++)
        t += e->part[k];
    return t;
}

double bwm_energy_per_access(const bwm_energy *e)
{
    return e->accesses ? bwm_energy_total(e) / (double)e->accesses : NAN;
}

double bwm_energy_power(const bwm_energy *e)
{
    return e->seconds > 0 ? bwm_energy_total(e) * 1e-9 / e->seconds : NAN;
}
