/* channel.h — the state of one DRAM channel: banks with their open rows,
 * bank groups, the command bus and the data bus.
 *
 * The channel knows the rules only through a bwm_dram_spec (timing.h): every
 * issued command raises, per scope, the earliest cycle of each later command.
 * It answers "when may CMD issue to BANK" and applies an issued command; it
 * does not choose commands (the memory controller does).  The channel owns
 * its bank array; the spec is borrowed and must outlive it.  Cycles are DRAM
 * command-clock cycles. */
#ifndef BWM_DRAM_CHANNEL_H
#define BWM_DRAM_CHANNEL_H

#include <stdint.h>

#include "sim/dram/timing.h"
#include "util/status.h"

#define BWM_DRAM_NEVER INT64_MAX

typedef struct bwm_dram_bank {
    int64_t next[BWM_CMD_COUNT]; /* earliest cycle of each command (bank scope) */
    int64_t open_row;            /* -1: precharged */
    int group;
} bwm_dram_bank;

typedef struct bwm_dram_group {
    int64_t next[BWM_CMD_COUNT];
} bwm_dram_group;

struct bwm_dram_channel;
/* Told of every command a channel issues (bwm_dram_channel_watch); row is
 * the activated row (-1 for other commands). */
typedef void (*bwm_dram_cmd_fn)(void *ctx, const struct bwm_dram_channel *ch, bwm_dram_cmd cmd, int bank,
                                int64_t row, int64_t now);

typedef struct bwm_dram_channel {
    /* what every command reads or writes first, in the struct's first three
     * host cache lines; the rest after */
    const bwm_dram_spec *spec;
    int n_banks, n_groups;
    bwm_dram_bank *banks;
    bwm_dram_group *groups;
    int64_t next[BWM_CMD_COUNT]; /* channel scope */
    int64_t cmd_free;            /* first cycle the command bus is free (the column bus when dual) */
    int64_t row_cmd_free;        /* dual command bus: first cycle the row bus (ACT, PRE) is free */
    int dual_bus;                /* HBM: row and column commands on separate buses */
    int n_open;                  /* banks with an open row */
    int64_t data_free;           /* first cycle the data bus is free */
    int64_t open_since;          /* while n_open > 0: the cycle the first of them opened */
    bwm_dram_cmd_fn watch;       /* NULL: nobody watches */
    uint64_t n_cmds[BWM_CMD_COUNT];
    uint64_t data_cycles;        /* cycles the data bus carried data */
    int64_t open_cycles;         /* cycles with a bank open, up to the last time all closed */
    void *watch_ctx;
    int id;                      /* the channel's number, for watchers */
} bwm_dram_channel;

/* Cycles with at least one bank open from cycle 0 to now (DRAM energy's
 * active standby, energy.h). */
static inline int64_t bwm_dram_open_cycles(const bwm_dram_channel *ch, int64_t now)
{
    return ch->open_cycles + (ch->n_open > 0 && now > ch->open_since ? now - ch->open_since : 0);
}

/* Bank b belongs to group b / (n_banks / n_groups) (GPGPU-Sim's higher-bits
 * policy), or b % n_groups when group_low_bits is set
 * (-dram_bnkgrp_indexing_policy 1). */
int bwm_dram_channel_init(bwm_dram_channel *ch, const bwm_dram_spec *spec, int n_banks,
                          int n_groups, int group_low_bits, bwm_err *err);
void bwm_dram_channel_free(bwm_dram_channel *ch);

/* Calls fn for every command issued from now on (NULL: none), as channel
 * id: a command trace (sim dram --command-trace). */
void bwm_dram_channel_watch(bwm_dram_channel *ch, int id, bwm_dram_cmd_fn fn, void *ctx);

/* HBM's dual command bus (-dram_dual_bus_interface 1): ACT and PRE travel on
 * a row bus, RD and WR on a column bus, so one of each can issue in the same
 * cycle. */
void bwm_dram_channel_dual_bus(bwm_dram_channel *ch, int on);

/* Whether cmd travels on the row bus of a dual-bus channel. */
static inline int bwm_dram_row_bus(const bwm_dram_channel *ch, bwm_dram_cmd cmd)
{
    return ch->dual_bus && (cmd == BWM_CMD_ACT || cmd == BWM_CMD_PRE);
}

/* Earliest cycle at which cmd may issue to bank, counting the timing rules,
 * the command bus and, for RD/WR, the data bus.  BWM_DRAM_NEVER when the
 * bank state forbids it (ACT on an open bank, RD/WR/PRE on a closed one, REF
 * while any bank is open).  bank is ignored for REF. */
int64_t bwm_dram_ready(const bwm_dram_channel *ch, bwm_dram_cmd cmd, int bank);

/* When a command the bank's state allows (not REF) may issue is the later
 * of two parts, which the controller computes apart: the channel-wide one
 * (the command bus, the channel-scope rules and, for RD/WR, the data bus)
 * and the bank's. */
static inline int64_t bwm_dram_channel_floor(const bwm_dram_channel *ch, bwm_dram_cmd cmd)
{
    int64_t bus = bwm_dram_row_bus(ch, cmd) ? ch->row_cmd_free : ch->cmd_free;
    int64_t t = bus > ch->next[cmd] ? bus : ch->next[cmd];
    if (cmd == BWM_CMD_RD || cmd == BWM_CMD_WR) {
        int64_t data = ch->data_free
                      - (cmd == BWM_CMD_RD ? ch->spec->read_latency : ch->spec->write_latency);
        if (data > t)
            t = data;
    }
    return t;
}

/* The bank's part: its own and its bank group's rules. */
static inline int64_t bwm_dram_bank_floor(const bwm_dram_channel *ch, bwm_dram_cmd cmd, int bank)
{
    const bwm_dram_bank *bk = &ch->banks[bank];
    int64_t g = ch->groups[bk->group].next[cmd];
    return bk->next[cmd] > g ? bk->next[cmd] : g;
}

/* Issues cmd to bank at cycle now (row is used by ACT).  Returns, for RD and
 * WR, the cycle after the burst's last data; for other commands now + 1; -1
 * (and changes nothing) if the command is not allowed at now. */
int64_t bwm_dram_issue(bwm_dram_channel *ch, bwm_dram_cmd cmd, int bank, int64_t row,
                       int64_t now);

/* The same for a command the caller knows may issue at now (its
 * bwm_dram_ready is at most now; checked only by assertion): the
 * controller's hot path, which has just computed that. */
int64_t bwm_dram_issue_ready(bwm_dram_channel *ch, bwm_dram_cmd cmd, int bank, int64_t row, int64_t now);

#endif
