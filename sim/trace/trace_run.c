/* trace_run.c — the trace-mode loop (see trace_run.h). */
#include "sim/trace/trace_run.h"

static int next_record(const bwm_memsys *ms, bwm_trace *t, bwm_mc_req *req, int64_t *at,
                       long *line, int *have, bwm_err *err)
{
    bwm_trace_rec rec;
    int st = bwm_trace_next(t, &rec, have, err);
    if (st != BWM_OK || !*have)
        return st;
    req->addr = rec.addr;
    req->is_write = (uint8_t)rec.is_write;
    req->tag = t->records - 1;
    bwm_addrmap_decode(&ms->cfg.map, req->addr, &req->da);
    *at = rec.cycle;
    *line = rec.line;
    return BWM_OK;
}

int bwm_trace_run(bwm_memsys *ms, bwm_trace *t, uint32_t req_bytes, bwm_trace_summary *out,
                  bwm_err *err)
{
    bwm_mc_req req = {0};
    req.app = 0;
    req.sm = -1;
    req.warp = -1;
    req.bytes = req_bytes;
    int64_t at = -1, now = 0;
    long line = 0;
    int have = 0;
    int st = next_record(ms, t, &req, &at, &line, &have, err);
    if (st != BWM_OK)
        return st;
    if (at < 0 && ms->queue_size == 0)
        return bwm_fail(err, BWM_EINPUT,
                        "%s:%ld: an untimed trace needs a bounded controller queue "
                        "(the configuration's -gpgpu_frfcfs_dram_sched_queue_size is 0)",
                        t->name, line);
    for (;;) {
        int refused = 0;
        while (have && at <= now) {
            int r = bwm_memsys_offer(ms, &req, now);
            if ((refused = r == BWM_MC_FULL))
                break;
            if (r == BWM_MC_INVALID)
                return bwm_fail(err, BWM_EINPUT,
                                "%s:%ld: address 0x%llx maps to channel %u, bank %u: outside the "
                                "memory system (%d channels, %d banks)",
                                t->name, line, (unsigned long long)req.addr, req.da.channel,
                                req.da.bank, ms->n_channels, ms->cfg.n_banks);
            if ((st = next_record(ms, t, &req, &at, &line, &have, err)) != BWM_OK)
                return st;
        }
        bwm_memsys_tick(ms, now);
        if (!have && bwm_memsys_idle(ms))
            break;
        /* A refused request tries again next cycle: a command issued in
         * this tick may have freed its queue's room, whenever the
         * controller next wakes. */
        int64_t next = refused ? now + 1 : bwm_memsys_next_event(ms);
        if (have && at > now && at < next)
            next = at;
        if (next == BWM_DRAM_NEVER)
            return bwm_fail(err, BWM_EFAIL, "%s:%ld: the memory system stalled with a request waiting",
                            t->name, line);
        now = next > now ? next : now + 1;
    }
    bwm_mc_stats total;
    bwm_memsys_totals(ms, &total);
    out->records = t->records;
    out->dram_cycles = total.last_done;
    return BWM_OK;
}
