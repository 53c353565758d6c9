/* req_stats.c — the per-request statistics: their counting at the served
 * event and their reduction over an interval (see req_stats.h). */
#include "sim/gpu/req_stats.h"

#include <string.h>

#include "sim/vm/sm_banks.h"

/* A DRAM request of an SM's load or store: local when its SM owns its bank's colour. */
static void count_local(bwm_req_stats *s, const bwm_mc_req *req)
{
    int app = req->app;
    unsigned n_colors = s->bank_by_index ? (unsigned)s->n_banks : 1u << s->bank_colors.color_bits;
    unsigned color = s->bank_by_index ? req->da.bank : bwm_color_of_addr(&s->bank_colors, req->addr);
    s->app[app].sm_dram++;
    s->app[app].local_dram +=
        (uint64_t)bwm_sm_owns_color(n_colors, s->n_sms_of[app], req->sm - s->first_sm[app], color);
}

void bwm_req_served(void *ctx, const bwm_mc_req *req, int32_t id, int64_t done)
{
    bwm_req_stats *s = ctx;
    const bwm_mreq *r = bwm_req_at(s->pool, id);
    bwm_req_life *life = bwm_req_life_of(s->pool, id);
    bwm_life_enter(life, BWM_STAGE_DRAM, bwm_req_time_fs(s->dram_fs, req->served));
    bwm_life_enter(life, BWM_STAGE_FILL, bwm_req_time_fs(s->dram_fs, done));
    bwm_req_counts *c = &s->app[r->app];
    if (req->is_write)
        c->dram_bytes_written += req->bytes;
    else
        c->dram_bytes_read += req->bytes;
    if (r->kind == BWM_MREQ_WALK) {
        c->walk_dram_cycles += (uint64_t)(done - req->arrival);
        c->walk_dram_reads++;
        c->walk_dram_bytes += req->bytes;
    } else if (!req->is_write) {
        c->data_dram_cycles += (uint64_t)(done - req->arrival);
        c->data_dram_reads++;
    }
    if (s->count_local && r->kind != BWM_MREQ_WALK && r->kind != BWM_MREQ_WRITEBACK && req->sm >= 0)
        count_local(s, req);
}

static double ratio(double num, double den)
{
    return den > 0 ? num / den : 0;
}

void bwm_req_result_from(const bwm_req_counts *from, const bwm_req_counts *to, double core_fs, double core_mhz,
                         double dram_mhz, bwm_req_result *r)
{
    memset(r, 0, sizeof *r);
    double loads = (double)(to->latency_n - from->latency_n);
    r->avg_mem_latency = ratio((double)(to->latency_sum - from->latency_sum), loads);
    for (int s = 0; s < BWM_STAGE_COUNT; s++) {
        r->lat[s] = ratio((double)(to->stage_fs[s] - from->stage_fs[s]) / core_fs, loads);
        r->mem_round_trip += r->lat[s];
    }
    r->dram_bytes_read = to->dram_bytes_read - from->dram_bytes_read;
    r->dram_bytes_written = to->dram_bytes_written - from->dram_bytes_written;
#define D(f) (double)(to->f - from->f)
    r->local_access = ratio(D(local_dram), D(sm_dram));
    r->dram_delay = ratio(D(data_dram_cycles), D(data_dram_reads)) * core_mhz / dram_mhz;
#undef D
}
