/* channel.c — applying the timing matrix to one channel (see channel.h). */
#include "sim/dram/channel.h"

#include <assert.h>
#include <stdlib.h>

static int64_t max64(int64_t a, int64_t b)
{
    return a > b ? a : b;
}

int bwm_dram_channel_init(bwm_dram_channel *ch, const bwm_dram_spec *spec, int n_banks,
                          int n_groups, int group_low_bits, bwm_err *err)
{
    *ch = (bwm_dram_channel){0};
    if (n_banks < 1 || n_groups < 1 || n_banks % n_groups != 0)
        return bwm_fail(err, BWM_EINPUT, "%d banks cannot be split into %d equal bank groups",
                        n_banks, n_groups);
    ch->spec = spec;
    ch->n_banks = n_banks;
    ch->n_groups = n_groups;
    ch->banks = calloc((size_t)n_banks, sizeof *ch->banks);
    ch->groups = calloc((size_t)n_groups, sizeof *ch->groups);
    if (!ch->banks || !ch->groups) {
        bwm_dram_channel_free(ch);
        return bwm_fail(err, BWM_EFAIL, "out of memory for %d DRAM banks", n_banks);
    }
    int per_group = n_banks / n_groups;
    for (int b = 0; b < n_banks; b++) {
        ch->banks[b].open_row = -1;
        ch->banks[b].group = group_low_bits ? b % n_groups : b / per_group;
    }
    return BWM_OK;
}

void bwm_dram_channel_free(bwm_dram_channel *ch)
{
    free(ch->banks);
    free(ch->groups);
    ch->banks = NULL;
    ch->groups = NULL;
}

void bwm_dram_channel_watch(bwm_dram_channel *ch, int id, bwm_dram_cmd_fn fn, void *ctx)
{
    ch->id = id;
    ch->watch = fn;
    ch->watch_ctx = ctx;
}

void bwm_dram_channel_dual_bus(bwm_dram_channel *ch, int on)
{
    ch->dual_bus = on != 0;
}

static int state_allows(const bwm_dram_channel *ch, bwm_dram_cmd cmd, int bank)
{
    switch (cmd) {
    case BWM_CMD_ACT:
        return ch->banks[bank].open_row < 0;
    case BWM_CMD_PRE:
    case BWM_CMD_RD:
    case BWM_CMD_WR:
        return ch->banks[bank].open_row >= 0;
    case BWM_CMD_REF:
        return ch->n_open == 0;
    default:
        return 0;
    }
}

int64_t bwm_dram_ready(const bwm_dram_channel *ch, bwm_dram_cmd cmd, int bank)
{
    if (!state_allows(ch, cmd, bank))
        return BWM_DRAM_NEVER;
    if (cmd != BWM_CMD_REF)
        return max64(bwm_dram_channel_floor(ch, cmd), bwm_dram_bank_floor(ch, cmd, bank));
    int64_t t = max64(max64(ch->cmd_free, ch->row_cmd_free), ch->next[cmd]);
    for (int b = 0; b < ch->n_banks; b++)
        t = max64(t, ch->banks[b].next[cmd]);
    for (int g = 0; g < ch->n_groups; g++)
        t = max64(t, ch->groups[g].next[cmd]);
    return t;
}

/* Raises the earliest cycle of each command with a positive latency after
 * cmd, issued at now, in scope sc, to now + that latency.  A latency of 0
 * would move it to at most now, which no later question (asked at now or
 * after) can tell apart from an earlier cycle, so it is left out. */
static void apply_lat(const bwm_dram_channel *ch, int64_t *next, int sc, bwm_dram_cmd cmd, int64_t now)
{
    int n = ch->spec->after[cmd][sc].n;
    for (int k = 0; k < n; k++) {
        int c = ch->spec->after[cmd][sc].next[k];
        int64_t t = now + ch->spec->after[cmd][sc].lat[k];
        next[c] = t > next[c] ? t : next[c];
    }
}

int64_t bwm_dram_issue(bwm_dram_channel *ch, bwm_dram_cmd cmd, int bank, int64_t row,
                       int64_t now)
{
    if (bwm_dram_ready(ch, cmd, bank) > now)
        return -1;
    return bwm_dram_issue_ready(ch, cmd, bank, row, now);
}

int64_t bwm_dram_issue_ready(bwm_dram_channel *ch, bwm_dram_cmd cmd, int bank, int64_t row, int64_t now)
{
    assert(bwm_dram_ready(ch, cmd, bank) <= now);
    const bwm_dram_spec *s = ch->spec;
    apply_lat(ch, ch->next, BWM_SCOPE_CHANNEL, cmd, now);
    if (cmd == BWM_CMD_REF) {
        for (int g = 0; g < ch->n_groups; g++)
            apply_lat(ch, ch->groups[g].next, BWM_SCOPE_GROUP, cmd, now);
        for (int b = 0; b < ch->n_banks; b++)
            apply_lat(ch, ch->banks[b].next, BWM_SCOPE_BANK, cmd, now);
    } else {
        bwm_dram_bank *bk = &ch->banks[bank];
        apply_lat(ch, ch->groups[bk->group].next, BWM_SCOPE_GROUP, cmd, now);
        apply_lat(ch, bk->next, BWM_SCOPE_BANK, cmd, now);
    }
    if (bwm_dram_row_bus(ch, cmd))
        ch->row_cmd_free = now + 1;
    else
        ch->cmd_free = now + 1;
    if (cmd == BWM_CMD_REF)
        ch->row_cmd_free = now + 1;
    ch->n_cmds[cmd]++;
    int64_t done = now + 1;
    switch (cmd) {
    case BWM_CMD_ACT:
        ch->banks[bank].open_row = row;
        if (ch->n_open++ == 0)
            ch->open_since = now;
        break;
    case BWM_CMD_PRE:
        ch->banks[bank].open_row = -1;
        if (--ch->n_open == 0)
            ch->open_cycles += now - ch->open_since;
        break;
    case BWM_CMD_RD:
    case BWM_CMD_WR: {
        int64_t start = now + (cmd == BWM_CMD_RD ? s->read_latency : s->write_latency);
        done = start + s->burst_cycles;
        ch->data_free = done;
        ch->data_cycles += (uint64_t)s->burst_cycles;
        break;
    }
    default:
        break;
    }
    if (ch->watch)
        ch->watch(ch->watch_ctx, ch, cmd, bank, cmd == BWM_CMD_ACT ? row : -1, now);
    return done;
}
