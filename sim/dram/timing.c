/* timing.c — the GDDR5 constraint table and its expansion for one
 * configuration (see timing.h).  The rules are those GPGPU-Sim applies to
 * GDDR5 (dram.cc), written as data. */
#include "sim/dram/timing.h"

#include <stddef.h>
#include <string.h>

/* The named quantities a constraint adds up. */
typedef enum term {
    T_NONE, T_CCD, T_CCDL, T_RRD, T_RCD, T_RAS, T_RP, T_RC, T_CL, T_WL,
    T_CDLR, T_WR, T_RTPL, T_RTW, T_RFC, T_BURST, T_COUNT
} term;

typedef struct rule {
    unsigned char prev, next, scope;
    unsigned char terms[3]; /* latency = sum of these terms */
} rule;

#define CH BWM_SCOPE_CHANNEL
#define GRP BWM_SCOPE_GROUP
#define BK BWM_SCOPE_BANK

static const rule gddr5[] = {
    /* column to column: tCCD across the channel, tCCDL within a bank group */
    {BWM_CMD_RD, BWM_CMD_RD, CH, {T_CCD}},
    {BWM_CMD_RD, BWM_CMD_WR, CH, {T_CCD}},
    {BWM_CMD_WR, BWM_CMD_RD, CH, {T_CCD}},
    {BWM_CMD_WR, BWM_CMD_WR, CH, {T_CCD}},
    {BWM_CMD_RD, BWM_CMD_RD, GRP, {T_CCDL}},
    {BWM_CMD_RD, BWM_CMD_WR, GRP, {T_CCDL}},
    {BWM_CMD_WR, BWM_CMD_RD, GRP, {T_CCDL}},
    {BWM_CMD_WR, BWM_CMD_WR, GRP, {T_CCDL}},
    /* bus turnarounds: read to write, and write data + tCDLR to read */
    {BWM_CMD_RD, BWM_CMD_WR, CH, {T_RTW}},
    {BWM_CMD_WR, BWM_CMD_RD, CH, {T_WL, T_BURST, T_CDLR}},
    /* activates: tRRD between banks, tRC on the same bank */
    {BWM_CMD_ACT, BWM_CMD_ACT, CH, {T_RRD}},
    {BWM_CMD_ACT, BWM_CMD_ACT, BK, {T_RC}},
    {BWM_CMD_ACT, BWM_CMD_RD, BK, {T_RCD}},
    {BWM_CMD_ACT, BWM_CMD_WR, BK, {T_RCD}},
    {BWM_CMD_ACT, BWM_CMD_PRE, BK, {T_RAS}},
    {BWM_CMD_PRE, BWM_CMD_ACT, BK, {T_RP}},
    /* to precharge: the burst on the bank, tRTPL in the group, write recovery */
    {BWM_CMD_RD, BWM_CMD_PRE, BK, {T_BURST}},
    {BWM_CMD_RD, BWM_CMD_PRE, GRP, {T_RTPL}},
    {BWM_CMD_WR, BWM_CMD_PRE, BK, {T_WL, T_BURST, T_WR}},
    /* refresh: every bank precharged for tRP, nothing for tRFC after */
    {BWM_CMD_PRE, BWM_CMD_REF, BK, {T_RP}},
    {BWM_CMD_ACT, BWM_CMD_REF, BK, {T_RC}},
    {BWM_CMD_REF, BWM_CMD_ACT, CH, {T_RFC}},
    {BWM_CMD_REF, BWM_CMD_REF, CH, {T_RFC}},
};

const char *bwm_dram_cmd_name(bwm_dram_cmd c)
{
    static const char *const names[BWM_CMD_COUNT] = {"ACT", "PRE", "RD", "WR", "REF"};
    return (unsigned)c < BWM_CMD_COUNT ? names[c] : "?";
}

static int check_positive(const char *name, int v, bwm_err *err)
{
    if (v < 1)
        return bwm_fail(err, BWM_EINPUT, "DRAM timing %s must be >= 1 cycle (got %d)", name, v);
    return BWM_OK;
}

static int check_config(const bwm_dram_config *c, bwm_err *err)
{
    const bwm_dram_timing *t = &c->t;
    const struct { const char *name; int v; } need[] = {
        {"CCD", t->CCD}, {"RRD", t->RRD}, {"RCD", t->RCD},
        {"RAS", t->RAS}, {"RP", t->RP}, {"RC", t->RC}, {"CL", t->CL}, {"WL", t->WL},
        {"CDLR", t->CDLR}, {"WR", t->WR},
    };
    for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
        if (check_positive(need[i].name, need[i].v, err) != BWM_OK)
            return BWM_EINPUT;
    /* CCDL = RTPL = 0 is GPGPU-Sim's way to turn bank groups off */
    if (t->CCDL < 0 || t->RTPL < 0)
        return bwm_fail(err, BWM_EINPUT, "DRAM timings CCDL and RTPL must be >= 0 (0: no bank-group constraint; "
                        "got %d and %d)", t->CCDL, t->RTPL);
    if (t->RTW < 0)
        return bwm_fail(err, BWM_EINPUT, "DRAM timing RTW must be >= 0 (0 derives it; got %d)", t->RTW);
    if (t->REFI < 0)
        return bwm_fail(err, BWM_EINPUT, "DRAM timing REFI must be >= 0 (0 = no refresh; got %d)", t->REFI);
    if (t->REFI > 0 && t->RFC < 1)
        return bwm_fail(err, BWM_EINPUT, "DRAM timing RFC must be >= 1 when refresh is on (got %d)", t->RFC);
    if (c->burst_length < 1 || c->data_command_ratio < 1)
        return bwm_fail(err, BWM_EINPUT, "burst length (%d) and data-command ratio (%d) must be >= 1",
                        c->burst_length, c->data_command_ratio);
    if (c->burst_length % c->data_command_ratio != 0)
        return bwm_fail(err, BWM_EINPUT, "burst length %d is not a multiple of the data-command ratio %d",
                        c->burst_length, c->data_command_ratio);
    if (c->n_banks < 1 || c->n_bank_groups < 1 || c->n_banks % c->n_bank_groups != 0)
        return bwm_fail(err, BWM_EINPUT, "%d banks cannot be split into %d equal bank groups",
                        c->n_banks, c->n_bank_groups);
    return BWM_OK;
}

int bwm_dram_spec_build(bwm_dram_spec *s, const bwm_dram_config *c, bwm_err *err)
{
    if (check_config(c, err) != BWM_OK)
        return BWM_EINPUT;
    memset(s, 0, sizeof *s); /* padding too: two specs of one configuration are equal bytes */
    const bwm_dram_timing *t = &c->t;
    int burst = c->burst_length / c->data_command_ratio;
    int rtw = t->RTW > 0 ? t->RTW : t->CL + burst + 2 - t->WL;
    if (rtw < 1)
        rtw = 1; /* CL + burst + 2 <= WL: no turnaround left to wait for */
    int value[T_COUNT] = {0};
    value[T_CCD] = t->CCD;
    value[T_CCDL] = t->CCDL;
    value[T_RRD] = t->RRD;
    value[T_RCD] = t->RCD;
    value[T_RAS] = t->RAS;
    value[T_RP] = t->RP;
    value[T_RC] = t->RC;
    value[T_CL] = t->CL;
    value[T_WL] = t->WL;
    value[T_CDLR] = t->CDLR;
    value[T_WR] = t->WR;
    value[T_RTPL] = t->RTPL;
    value[T_RTW] = rtw;
    value[T_RFC] = t->RFC;
    value[T_BURST] = burst;

    for (size_t i = 0; i < sizeof gddr5 / sizeof gddr5[0]; i++) {
        const rule *r = &gddr5[i];
        int lat = 0;
        for (int k = 0; k < 3; k++)
            lat += value[r->terms[k]];
        int *cell = &s->lat[r->scope][r->prev][r->next];
        if (lat > *cell)
            *cell = lat;
    }
    for (int p = 0; p < BWM_CMD_COUNT; p++)
        for (int sc = 0; sc < BWM_SCOPE_COUNT; sc++)
            for (int n = 0; n < BWM_CMD_COUNT; n++)
                if (s->lat[sc][p][n] > 0) {
                    int k = s->after[p][sc].n++;
                    s->after[p][sc].next[k] = (uint8_t)n;
                    s->after[p][sc].lat[k] = s->lat[sc][p][n];
                }
    s->burst_cycles = burst;
    s->read_latency = t->CL;
    s->write_latency = t->WL;
    s->refi = t->REFI;
    s->rfc = t->RFC;
    s->rtw = rtw;
    return BWM_OK;
}
