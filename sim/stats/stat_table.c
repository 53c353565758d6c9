/* stat_table.c — the statistics table and its accessors (see stat_table.h).
 * An entry's `how` says where the running total is counted (the snapshot
 * of app_stats.c, bwm_app_counters_take, or xlat_stats.c) and how an
 * interval reduces it (bwm_app_result_from). */
#include "sim/stats/stat_table.h"

#include <math.h>
#include <string.h>

#define AT(f) offsetof(bwm_app_result, f)
#define XAT(f) (offsetof(bwm_app_result, xlat) + offsetof(bwm_xlat_result, f))
#define LAT(s) (AT(lat) + (size_t)(s) * sizeof(double))
#define PART(k) (AT(dram_energy) + offsetof(bwm_energy, part) + (size_t)(k) * sizeof(double))

/* Entries of a group: a statistic that always has a value (a count, a sum,
 * a state), a rate or a mean (a real divided by `per`, bwm_app_den), and one
 * per walk level of a per-level one (a mean over the level's walk reads). */
#define S(name, kind, off, how, unit, meaning) {name, G, kind, off, BWM_DEN_NONE, 0, how, unit, meaning}
#define R(name, off, per, how, unit, meaning) {name, G, BWM_SK_REAL, off, per, 0, how, unit, meaning}
#define LEVEL(name, f, k, how, unit, meaning)                                                                   \
    {name #k, G, BWM_SK_REAL, XAT(f) + k * sizeof(double), BWM_DEN_WALK_READS + k - 1, k, how, unit, meaning}
#define LEVELS(name, f, how, unit, meaning)                                                                     \
    LEVEL(name, f, 1, how, unit, meaning), LEVEL(name, f, 2, how, unit, meaning),                               \
        LEVEL(name, f, 3, how, unit, meaning), LEVEL(name, f, 4, how, unit, meaning),                           \
        LEVEL(name, f, 5, how, unit, meaning), LEVEL(name, f, 6, how, unit, meaning)

static const char stage_meaning[] = "mean time per load in each stage of its life (docs/sim.md, \"Where the time goes\")";
static const char stage_how[] = "the answered loads' femtoseconds in the stage (req_life.h) over their number, in core cycles";
#define STAGE(name, s) R(name, LAT(s), BWM_DEN_LOADS, stage_how, "core cycles", stage_meaning)

static const char cache_meaning[] = "cache accesses, hits and misses, in line requests";
static const char sector_meaning[] = "the same in 32-byte sectors (a line cache's request is 4 sectors; sectors neither "
                                     "hit nor missed were pending)";
static const char cache_how[] = "its SMs' L1Ds' or every L2 slice's count (a load MeDiC sent past the L2 is an "
                                "access that missed), difference";
/* A cache count, in line requests or in sectors (meaning). */
#define CACHE(f, meaning) S(#f, BWM_SK_COUNT, AT(f), cache_how, "count", meaning)
static const char energy_meaning[] =
    "its parts: activates and precharges, column reads, column writes, refreshes, background with a bank open "
    "(active standby), background with every bank closed (precharged standby); an application's background and "
    "refresh parts are its share";
static const char energy_how[] = "its commands' energy and its share of the background over the interval "
                                 "(sim/dram/energy.h), set by bwm_run";
static const char hit_how[] = "the walk reads of the level the L2 served over those it saw, differences";
static const char read_lat_how[] = "the walk reads' cycles of the level from the walker's queue to the answer over "
                                   "their number, differences";

const bwm_stat bwm_stat_table[] = {
#define G BWM_SG_RUN
    S("sms", BWM_SK_INT, AT(sms), "the SMs it was given", "count", "SMs the application runs on"),
    S("insts", BWM_SK_COUNT, AT(insts), "instructions its SMs committed, difference", "count",
      "thread instructions committed"),
    S("cycles", BWM_SK_CYCLES, AT(cycles), "core cycles of the interval", "cycles", "core cycles (measured)"),
    R("ipc", AT(ipc), BWM_DEN_CYCLES, "insts / cycles", "IPC", "thread instructions per core cycle"),
    R("mpki", AT(mpki), BWM_DEN_INSTS, "1000 L2 misses (in the L2's unit: lines or sectors) / insts", "MPKI",
      "L2 misses per 1000 thread instructions"),
    R("bw", AT(bw), BWM_DEN_CYCLES, "its DRAM bursts' bytes at every controller over the interval's seconds", "GB/s",
      "attained DRAM bandwidth (model commands: the unit of `--peak`)"),
    R("bw_frac", AT(bw_frac), BWM_DEN_CYCLES, "bw over the DRAM's peak", "fraction", "bw / peak"),
    R("row_hit_rate", AT(row_hit_rate), BWM_DEN_DRAM_ACCESSES, "its row hits over its column accesses at every controller",
      "fraction", "DRAM column accesses that found their row open / all"),
    R("avg_mem_latency", AT(avg_mem_latency), BWM_DEN_LOADS, "its answered loads' latency sum over their number",
      "core cycles",
      "mean time of the application's loads that missed the L1D, from leaving the SM to the fill (the stages after "
      "`lat_inject`)"),
#undef G
#define G BWM_SG_STAGES
    R("mem_round_trip", AT(mem_round_trip), BWM_DEN_LOADS, "the sum of the lat_* stages", "core cycles",
      "mean time of those loads from the load/store unit's first try at the line to the fill: the sum of the "
      "`lat_*` stages"),
    STAGE("lat_inject", BWM_STAGE_INJECT),
    STAGE("lat_req_xbar", BWM_STAGE_REQ_XBAR),
    STAGE("lat_l2_queue", BWM_STAGE_L2_QUEUE),
    STAGE("lat_l2_blocked", BWM_STAGE_L2_BLOCKED),
    STAGE("lat_l2_mshr", BWM_STAGE_L2_MSHR),
    STAGE("lat_dram_queue", BWM_STAGE_DRAM_QUEUE),
    STAGE("lat_mc_queue", BWM_STAGE_MC_QUEUE),
    STAGE("lat_dram", BWM_STAGE_DRAM),
    STAGE("lat_fill", BWM_STAGE_FILL),
    STAGE("lat_reply_queue", BWM_STAGE_REPLY_QUEUE),
    STAGE("lat_reply_xbar", BWM_STAGE_REPLY_XBAR),
    R("mem_stall_frac", AT(mem_stall_frac), BWM_DEN_SM_CYCLES,
      "its SMs' memory-stall cycles (sm.h) over cycles times its SMs", "fraction",
      "share of the application's SM cycles in which no warp could issue because every warp waited on memory (a "
      "load's data or the load/store unit)"),
#undef G
#define G BWM_SG_CACHE
    CACHE(l1_accesses, cache_meaning),
    CACHE(l1_misses, cache_meaning),
    CACHE(l2_accesses, cache_meaning),
    CACHE(l2_misses, cache_meaning),
#undef G
#define G BWM_SG_SECTORS
    CACHE(l1_hits, cache_meaning),
    CACHE(l1_sector_accesses, sector_meaning),
    CACHE(l1_sector_hits, sector_meaning),
    CACHE(l1_sector_misses, sector_meaning),
    CACHE(l2_hits, cache_meaning),
    CACHE(l2_sector_accesses, sector_meaning),
    CACHE(l2_sector_hits, sector_meaning),
    CACHE(l2_sector_misses, sector_meaning),
#undef G
#define G BWM_SG_DRAM_BYTES
    S("dram_bytes_read", BWM_SK_COUNT, AT(dram_bytes_read), "32 bytes per sector its DRAM reads carried, difference",
      "bytes", "DRAM data moved"),
    S("dram_bytes_written", BWM_SK_COUNT, AT(dram_bytes_written),
      "32 bytes per sector its DRAM writes carried, difference", "bytes", "DRAM data moved"),
#undef G
#define G BWM_SG_LOCALITY
    R("blp", AT(blp), BWM_DEN_DRAM_BUSY, "its banks' service cycles over the DRAM cycles it had one in service (mc.h)",
      "number",
      "`sim run` with thread blocks: banks of a channel serving the application's requests at once, averaged over "
      "the DRAM cycles in which it has at least one in service there (bank-level parallelism)"),
    R("act_per_access", AT(act_per_access), BWM_DEN_DRAM_ACCESSES, "ACT commands for its requests over its column accesses",
      "ratio", "ACT commands issued for the application's requests / its DRAM requests"),
    R("local_access", AT(local_access), BWM_DEN_SM_DRAM, "its SMs' DRAM requests to a bank the SM owns over all of them",
      "fraction",
      "of the DRAM requests of the application's loads and stores, the share to a bank its SM owns under TEMP's "
      "split ([Thread blocks, CTA dispatch and TEMP](sim.md#thread-blocks-cta-dispatch-and-temp-paper-002))"),
    R("dram_delay", AT(dram_delay), BWM_DEN_DATA_READS,
      "its loads' DRAM reads' DRAM cycles in the controller over their number, in core cycles", "core cycles",
      "mean time of the application's loads' DRAM reads from entering a memory controller to their data (paper "
      "002's DRAM access delay)"),
    R("pages_private", AT(pages_private), BWM_DEN_PAGES, "the page-sharing shares over the whole run (page_sharing.h)",
      "fraction",
      "of the 4 KB pages the application touched over the whole run (warm-up too), the share one thread batch "
      "touched alone (paper 002's Fig. 8, distance 0; a batch: a CTA's id in the grid over `batch_stride`)"),
    R("pages_next_batch", AT(pages_next_batch), BWM_DEN_PAGES,
      "the page-sharing shares over the whole run (page_sharing.h)", "fraction",
      "the share two consecutive thread batches touched (distance 1)"),
    R("pages_wider", AT(pages_wider), BWM_DEN_PAGES, "the page-sharing shares over the whole run (page_sharing.h)",
      "fraction",
      "the share batches further apart touched (distance 2 or more; the hot set, pages every batch comes back to)"),
    S("ctas", BWM_SK_COUNT, AT(ctas), "thread blocks its SMs finished, difference", "count",
      "thread blocks the application's SMs finished"),
#undef G
#define G BWM_SG_ENERGY
    S("dram_energy_act", BWM_SK_REAL, PART(BWM_E_ACT), energy_how, "nJ",
      "a study run file's parts of `dram_energy_act_pre`: activates, precharges"),
    S("dram_energy_pre", BWM_SK_REAL, PART(BWM_E_PRE), energy_how, "nJ",
      "a study run file's parts of `dram_energy_act_pre`: activates, precharges"),
    S("dram_energy_read", BWM_SK_REAL, PART(BWM_E_RD), energy_how, "nJ", energy_meaning),
    S("dram_energy_write", BWM_SK_REAL, PART(BWM_E_WR), energy_how, "nJ", energy_meaning),
    S("dram_energy_refresh", BWM_SK_REAL, PART(BWM_E_REF), energy_how, "nJ", energy_meaning),
    S("dram_energy_bg_active", BWM_SK_REAL, PART(BWM_E_BG_ACT), energy_how, "nJ", energy_meaning),
    S("dram_energy_bg_precharged", BWM_SK_REAL, PART(BWM_E_BG_PRE), energy_how, "nJ", energy_meaning),
    S("dram_energy_accesses", BWM_SK_COUNT, AT(dram_energy.accesses), energy_how, "count",
      "a study run file's column commands (read and write bursts) its DRAM energy covers"),
    S("dram_energy_seconds", BWM_SK_REAL, AT(dram_energy.seconds), energy_how, "s",
      "a study run file's interval its DRAM energy covers"),
#undef G
#define G BWM_SG_XLAT
    R("l1_tlb_miss_rate", XAT(l1_tlb_miss_rate), BWM_DEN_L1_TLB_LOOKUPS,
      "its SMs' L1 TLB lookups (the large-page TLB's when it has one) less their hits, over the lookups",
      "fraction",
      "`sim run` with `-bwm_mmu` other than ideal: page lookups in the application's L1 TLBs that missed"),
    R("l2_tlb_miss_rate", XAT(l2_tlb_miss_rate), BWM_DEN_L2_TLB_LOOKUPS, "the L2 TLB's lookups less hits, over lookups (mmu.h)",
      "fraction", "L2 TLB lookups that missed (empty where the design has no L2 TLB)"),
    R("pwc_hit_rate", XAT(pwc_hit_rate), BWM_DEN_PWC_PROBES, "page-walk-cache hits over probes (mmu.h)", "fraction",
      "page-walk-cache probes that hit (empty where the design has no page-walk cache)"),
    S("walks", BWM_SK_COUNT, XAT(walks), "walks the MMU started, difference", "count", "page walks started"),
    R("large_walk_frac", XAT(large_walk_frac), BWM_DEN_WALKS_DONE, "finished walks that found a large page over those finished",
      "fraction",
      "of the application's finished walks, the share that found a large page (coalesced, or `large-only`'s)"),
    S("large_pages", BWM_SK_COUNT, XAT(large_pages), "its large pages at the interval's end (a state)", "count",
      "large pages the application has at the run's end (formed when first touched; a state, not a count over the "
      "run)"),
    R("concurrent_walks", XAT(concurrent_walks), BWM_DEN_CYCLES, "the MMU's walk-cycles over the interval's cycles",
      "number", "the application's walks running, averaged over the core cycles"),
    R("walk_latency", XAT(walk_latency), BWM_DEN_WALKS_DONE, "finished walks' cycles over their number", "core cycles",
      "mean core cycles from a walk's start to its last level read"),
    R("warps_per_miss", XAT(warps_per_miss), BWM_DEN_WALKED_SMS, "warps a finished walk answered over the SMs it answered",
      "number",
      "warps of one SM a finished walk answered (every warp of that SM waiting on its page), per SM it answered"),
    R("warps_per_miss_frac", XAT(warps_per_miss_frac), BWM_DEN_WALKED_SMS, "warps_per_miss over the warps an SM of it runs",
      "fraction", "warps_per_miss over the warps an SM of the application runs"),
    LEVELS("walk_l2_hit_", walk_l2_hit, hit_how, "fraction",
           "of the walk reads of level K (`walk_l2_hit_K`; 1 the root; one column per level of the walk), the share "
           "the L2 served"),
    R("walk_bw_frac", XAT(walk_bw_frac), BWM_DEN_DRAM_BYTES, "walk reads' DRAM bytes over its DRAM bytes", "fraction",
      "walk reads' share of the application's DRAM bytes"),
    R("walk_dram_latency", XAT(walk_dram_latency), BWM_DEN_WALK_DRAM_READS,
      "walk reads' DRAM cycles in a controller over their number, in core cycles", "core cycles",
      "mean time of walk reads from entering a memory controller to done"),
    R("data_dram_latency", XAT(data_dram_latency), BWM_DEN_DATA_READS,
      "loads' data reads' DRAM cycles in a controller over their number, in core cycles", "core cycles",
      "mean time of loads' data reads from entering a memory controller to done"),
    LEVELS("walk_read_latency_", walk_read_latency, read_lat_how, "core cycles",
           "mean time of a walk read of level K (`walk_read_latency_K`; one column per level of the walk) from "
           "joining the walker's queue of reads to its answer: what a level costs in the crossbars, the L2 and DRAM "
           "(a walk's levels add up to `walk_latency`)"),
    S("tlb_stall_insts", BWM_SK_COUNT, XAT(tlb_stall_insts), "its SMs' TLB misses (sm.h), difference", "count",
      "warp instructions that waited for a translation"),
#undef G
};
const size_t bwm_stat_count = sizeof bwm_stat_table / sizeof bwm_stat_table[0];

_Static_assert(sizeof bwm_stat_table / sizeof bwm_stat_table[0] <= BWM_STAT_MAX, "room for the whole table");
_Static_assert(BWM_MMU_MAX_LEVELS == 6, "LEVELS lists one entry per walk level");
_Static_assert(BWM_STAGE_COUNT == 11, "a STAGE entry per stage of req_life.h");

size_t bwm_stat_list(bwm_stat_group g, int levels, const bwm_stat *out[BWM_STAT_MAX])
{
    size_t n = 0;
    for (size_t k = 0; k < bwm_stat_count; k++)
        if (bwm_stat_table[k].group == g && bwm_stat_table[k].level <= levels)
            out[n++] = &bwm_stat_table[k];
    return n;
}

const bwm_stat *bwm_stat_find(const char *name)
{
    for (size_t k = 0; k < bwm_stat_count; k++)
        if (strcmp(bwm_stat_table[k].name, name) == 0)
            return &bwm_stat_table[k];
    return NULL;
}

static const void *at(const bwm_stat *s, const bwm_app_result *r)
{
    return (const char *)r + s->offset;
}

double bwm_stat_get(const bwm_stat *s, const bwm_app_result *r)
{
    switch (s->kind) {
    case BWM_SK_INT:
        return *(const int *)at(s, r);
    case BWM_SK_COUNT:
        return (double)*(const uint64_t *)at(s, r);
    case BWM_SK_CYCLES:
        return (double)*(const int64_t *)at(s, r);
    case BWM_SK_REAL:
        break;
    }
    return *(const double *)at(s, r);
}

void bwm_stat_set(const bwm_stat *s, bwm_app_result *r, double v)
{
    void *p = (char *)r + s->offset;
    switch (s->kind) {
    case BWM_SK_INT:
        *(int *)p = (int)v;
        break;
    case BWM_SK_COUNT:
        *(uint64_t *)p = (uint64_t)v;
        break;
    case BWM_SK_CYCLES:
        *(int64_t *)p = (int64_t)v;
        break;
    case BWM_SK_REAL:
        *(double *)p = v;
        break;
    }
}

/* A count's value, exactly. */
static long long whole(const bwm_stat *s, const bwm_app_result *r)
{
    if (s->kind == BWM_SK_INT)
        return *(const int *)at(s, r);
    if (s->kind == BWM_SK_CYCLES)
        return (long long)*(const int64_t *)at(s, r);
    return (long long)*(const uint64_t *)at(s, r);
}

int bwm_stat_has_value(const bwm_stat *s, const bwm_app_result *r)
{
    return bwm_app_has_den(r, s->per);
}

void bwm_stat_set_none(const bwm_stat *s, bwm_app_result *r)
{
    bwm_stat_set(s, r, 0);
    r->no_den |= 1u << s->per;
}

void bwm_stat_cell(const bwm_stat *s, const bwm_app_result *r, bwm_table *t)
{
    if (!bwm_stat_has_value(s, r))
        bwm_table_null(t);
    else if (s->kind == BWM_SK_REAL)
        bwm_table_num(t, bwm_stat_get(s, r));
    else
        bwm_table_int(t, whole(s, r));
}

void bwm_stat_json(const bwm_stat *s, const bwm_app_result *r, bwm_json *j)
{
    if (s->kind == BWM_SK_REAL) /* NaN prints as null */
        bwm_json_kv_num(j, s->name, bwm_stat_has_value(s, r) ? bwm_stat_get(s, r) : NAN);
    else
        bwm_json_kv_int(j, s->name, whole(s, r));
}
