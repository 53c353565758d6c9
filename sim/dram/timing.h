/* timing.h — the DRAM standard as data: commands, scopes, and the table of
 * minimum distances between commands.
 *
 * Following Ramulator, the timing rules of GDDR5 are a table of constraints
 * "after PREV on a bank, NEXT may not issue within SCOPE for LAT cycles",
 * turned by bwm_dram_spec_build into a dense matrix for one configuration.
 * The channel model (channel.h) only applies the matrix; it knows no timing
 * names.  A bwm_dram_spec is plain data, owned by its user. */
#ifndef BWM_DRAM_TIMING_H
#define BWM_DRAM_TIMING_H

#include <stdint.h>

#include "sim/dram/dram_config.h"
#include "util/status.h"

typedef enum bwm_dram_cmd {
    BWM_CMD_ACT, /* activate a row */
    BWM_CMD_PRE, /* precharge (close) a bank */
    BWM_CMD_RD,  /* column read: one burst */
    BWM_CMD_WR,  /* column write: one burst */
    BWM_CMD_REF, /* all-bank refresh */
    BWM_CMD_COUNT
} bwm_dram_cmd;

/* Where a constraint applies: every bank of the channel, the banks of the
 * same bank group, or the same bank only. */
typedef enum bwm_dram_scope {
    BWM_SCOPE_CHANNEL,
    BWM_SCOPE_GROUP,
    BWM_SCOPE_BANK,
    BWM_SCOPE_COUNT
} bwm_dram_scope;

typedef struct bwm_dram_spec {
    /* lat[scope][prev][next]: cycles from PREV to NEXT within the scope;
     * 0 where the standard sets no constraint. */
    int lat[BWM_SCOPE_COUNT][BWM_CMD_COUNT][BWM_CMD_COUNT];
    /* The same latencies, only the positive ones, as lists per command and
     * scope (what issuing a command applies; a zero changes nothing). */
    struct {
        uint8_t n;
        uint8_t next[BWM_CMD_COUNT];
        int32_t lat[BWM_CMD_COUNT];
    } after[BWM_CMD_COUNT][BWM_SCOPE_COUNT];
    int burst_cycles; /* data-bus cycles per burst: burst_length / data_command_ratio */
    int read_latency; /* CL: read command to first data */
    int write_latency;/* WL: write command to first data */
    int refi, rfc;    /* refresh interval (0 = off) and duration */
    int rtw;          /* read-to-write turnaround used (given or derived) */
} bwm_dram_spec;

/* Checks the configuration's geometry and timings (every timing >= 1 but
 * CCDL and RTPL, which may be 0 to turn bank groups off; RTW
 * 0 means "derive it as GPGPU-Sim does: CL + burst + 2 - WL"; REFI 0 means no
 * refresh) and fills the matrix.  Returns BWM_OK or BWM_EINPUT. */
int bwm_dram_spec_build(bwm_dram_spec *s, const bwm_dram_config *c, bwm_err *err);

const char *bwm_dram_cmd_name(bwm_dram_cmd c);

#endif
