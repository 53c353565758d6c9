/* cache_test.c — sim/cache: the GPGPU-Sim cache-string parser (stock strings
 * and every malformed field), the tag array (LRU and FIFO order, the Fermi
 * set hash, way-partitioning against another application's streaming, and
 * shared ways that let it evict), the MSHRs (merging, back-pressure, the
 * index under deletion), the L1D (write-evict, no write allocation), the L2
 * (write-back, write-allocate, dirty victims), refusals while a set is full,
 * per-application stats,
 * sector counts of every mask, sector caches (sector hits and misses, fetching only missing sectors, MSHR
 * merging per sector, reserved lines, dirty-sector write-back), the L1D
 * write ratio that keeps written lines, and the host hints (wide sets only,
 * and changing nothing). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "sim/cache/cache.h"

/* memsys15.config (paper 000 Table 2): 16 KB 4-way L1D, 128 KB 16-way L2 per channel */
#define TABLE2_DL1 "N:32:128:4,L:L:m:N:H,A:32:8,8"
#define TABLE2_DL2 "N:64:128:16,L:B:m:W:L,A:32:4,4:0,32"
/* GPGPU-Sim 4 style strings */
#define STOCK_DL1 "S:64:128:4,L:L:m:N:H,A:32:8,8"
#define STOCK_DL2 "S:32:128:16,L:B:m:W:L,A:256:64,16:0,32"
/* small caches whose sets are easy to fill: 4 linear sets, a set every 512 bytes */
#define SMALL_L1 "N:4:128:4,L:L:m:N:L,A:8:2,8"
#define SMALL_L2 "N:4:128:4,L:B:m:W:L,A:8:2,8"
#define SET_STRIDE 512u

static bwm_cache_config parse(const char *s)
{
    bwm_cache_config cfg;
    bwm_err err = {{0}};
    cr_assert_eq(bwm_cache_config_parse(&cfg, s, &err), BWM_OK, "%s: %s", s, err.msg);
    return cfg;
}

static void make(bwm_cache *c, const char *s, int n_apps, bwm_cache_sharing sh, const int *ways)
{
    bwm_cache_config cfg = parse(s);
    bwm_err err = {{0}};
    cr_assert_eq(bwm_cache_init(c, &cfg, n_apps, sh, ways, &err), BWM_OK, "%s", err.msg);
}

static bwm_cache_result acc(bwm_cache *c, uint64_t addr, int app, int is_write, uint64_t token)
{
    bwm_cache_result r;
    bwm_err err = {{0}};
    cr_assert_eq(bwm_cache_access(c, addr, app, is_write, token, &r, &err), BWM_OK, "%s", err.msg);
    return r;
}

/* Fills line and returns how many tokens it woke; the first is stored in *first. */
static int fill(bwm_cache *c, uint64_t line, uint64_t *first, bwm_cache_writeback *wb)
{
    uint64_t tok[256];
    int n = -1;
    bwm_cache_writeback w;
    bwm_err err = {{0}};
    cr_assert(bwm_cache_max_merge(c) <= 256);
    cr_assert_eq(bwm_cache_fill(c, line, tok, &n, wb ? wb : &w, &err), BWM_OK, "%s", err.msg);
    if (first && n > 0)
        *first = tok[0];
    return n;
}

/* A read miss followed by its fill: the line is then present. */
static void load(bwm_cache *c, uint64_t addr, int app)
{
    bwm_cache_result r = acc(c, addr, app, 0, addr);
    cr_assert_eq(r.outcome, BWM_CACHE_MISS_NEW, "0x%llx: outcome %d", (unsigned long long)addr, r.outcome);
    cr_assert_eq(fill(c, r.line_addr, NULL, NULL), 1);
}

/* ---- parser ---- */

Test(sector, count_and_bytes_of_every_mask)
{
    for (unsigned m = 0; m < 64; m++) {
        int want = 0;
        for (int b = 0; b < BWM_CACHE_SECTORS; b++)
            want += (int)(m >> b & 1);
        cr_assert_eq(bwm_sector_count(m), want, "mask 0x%x", m);
        cr_assert_eq(bwm_sector_bytes(m), want * BWM_CACHE_SECTOR_BYTES, "mask 0x%x", m);
    }
}

Test(cache_config, stock_dl1_string)
{
    bwm_cache_config c = parse(STOCK_DL1);
    cr_expect_eq(c.kind, BWM_CACHE_SECTOR);
    cr_expect_eq(c.sets, 64);
    cr_expect_eq(c.line_bytes, 128);
    cr_expect_eq(c.ways, 4);
    cr_expect_eq(c.repl, BWM_REPL_LRU);
    cr_expect_eq(c.write, BWM_WRITE_LOCAL_WB_GLOBAL_WT);
    cr_expect_eq(c.alloc, BWM_ALLOC_ON_MISS);
    cr_expect_eq(c.write_alloc, BWM_WALLOC_NONE);
    cr_expect_eq(c.set_index, BWM_SET_INDEX_FERMI_HASH);
    cr_expect_eq(c.mshr_kind, BWM_MSHR_ASSOC);
    cr_expect_eq(c.mshr_entries, 32);
    cr_expect_eq(c.mshr_max_merge, 8);
    cr_expect_eq(c.miss_queue, 8);
    cr_expect_eq(c.result_fifo, 0);
    cr_expect_eq(c.data_port_width, 0);
}

Test(cache_config, stock_dl2_string)
{
    bwm_cache_config c = parse(STOCK_DL2);
    cr_expect_eq(c.kind, BWM_CACHE_SECTOR);
    cr_expect_eq(c.sets, 32);
    cr_expect_eq(c.ways, 16);
    cr_expect_eq(c.write, BWM_WRITE_BACK);
    cr_expect_eq(c.write_alloc, BWM_WALLOC_WRITE);
    cr_expect_eq(c.set_index, BWM_SET_INDEX_LINEAR);
    cr_expect_eq(c.mshr_entries, 256);
    cr_expect_eq(c.mshr_max_merge, 64);
    cr_expect_eq(c.miss_queue, 16);
    cr_expect_eq(c.result_fifo, 0);
    cr_expect_eq(c.data_port_width, 32);
    /* two sub-partitions of 64 KB: paper 000 Table 2's 128 KB per channel */
    cr_expect_eq(bwm_cache_config_bytes(&c), 64 * 1024);
}

Test(cache_config, table2_sizes)
{
    bwm_cache_config l1 = parse(TABLE2_DL1), l2 = parse(TABLE2_DL2);
    cr_expect_eq(bwm_cache_config_bytes(&l1), 16 * 1024, "Table 2: 16KB L1D");
    cr_expect_eq(l1.ways, 4);
    cr_expect_eq(bwm_cache_config_bytes(&l2), 128 * 1024, "Table 2: 128 KB L2 per channel");
    cr_expect_eq(l2.ways, 16);
    cr_expect_eq(l1.kind, BWM_CACHE_NORMAL);
}

Test(cache_config, gpgpusim3_string_without_kind_and_index)
{
    bwm_cache_config c = parse("64:128:8,L:B:m:N,A:32:4,4");
    cr_expect_eq(c.kind, BWM_CACHE_NORMAL);
    cr_expect_eq(c.set_index, BWM_SET_INDEX_LINEAR);
    cr_expect_eq(c.sets, 64);
    cr_expect_eq(c.ways, 8);
    cr_expect_eq(c.write_alloc, BWM_WALLOC_NONE);
}

Test(cache_config, texture_string_parses)
{
    bwm_cache_config c = parse("N:4:128:24,L:R:m:N:L,F:128:4,128:2");
    cr_expect_eq(c.write, BWM_WRITE_READ_ONLY);
    cr_expect_eq(c.mshr_kind, BWM_MSHR_TEX_FIFO);
    cr_expect_eq(c.miss_queue, 128);
    cr_expect_eq(c.result_fifo, 2);
}

static const struct {
    const char *s, *what;
} bad_strings[] = {
    {"", "empty"},
    {"X:32:128:4,L:L:m:N:H,A:32:8,8", "'kind'"},
    {"N:3x:128:4,L:L:m:N:H,A:32:8,8", "'sets'"},
    {"N:0:128:4,L:L:m:N:H,A:32:8,8", "'sets'"},
    {"N:99999999999999999999:128:4,L:L:m:N:H,A:32:8,8", "'sets'"},
    {"N:48:128:4,L:L:m:N:H,A:32:8,8", "'sets' must be a power of two"},
    {"N:32:100:4,L:L:m:N:H,A:32:8,8", "'line' must be a power of two"},
    {"N:32::4,L:L:m:N:H,A:32:8,8", "'line'"},
    {"N:32:128:0,L:L:m:N:H,A:32:8,8", "'ways'"},
    {"N:32:128:4:4,L:L:m:N:H,A:32:8,8", "first group"},
    {"N:32:128:4:4:4,L:L:m:N:H,A:32:8,8", "group 1 has more than 5 fields"},
    {"N:32:128:4,Q:L:m:N:H,A:32:8,8", "'replacement'"},
    {"N:32:128:4,L:Z:m:N:H,A:32:8,8", "'write policy'"},
    {"N:32:128:4,L:L:M:N:H,A:32:8,8", "'allocation'"},
    {"N:32:128:4,L:L:m:Q:H,A:32:8,8", "'write allocation'"},
    {"N:32:128:4,L:L:m:N:Q,A:32:8,8", "'set index'"},
    {"N:32:128:4,L:L:m:N:HH,A:32:8,8", "'set index'"},
    {"N:32:128:4,L:L:m,A:32:8,8", "second group"},
    {"N:32:128:4,L:L:m:N:H,Z:32:8,8", "'mshr type'"},
    {"N:32:128:4,L:L:m:N:H,A:0:8,8", "'mshr entries'"},
    {"N:32:128:4,L:L:m:N:H,A:32:-1,8", "'mshr max merge'"},
    {"N:32:128:4,L:L:m:N:H,A:32,8", "third group"},
    {"N:32:128:4,L:L:m:N:H,A:32:8,", "'miss queue'"},
    {"N:32:128:4,L:L:m:N:H,A:32:8,8:x", "'result fifo'"},
    {"N:32:128:4,L:L:m:N:H,A:32:8,8:0:1", "fourth group"},
    {"N:32:128:4,L:L:m:N:H,A:32:8,8,32x", "'data port width'"},
    {"N:32:128:4,L:L:m:N:H,A:32:8,8,32:1", "fifth group"},
    {"N:32:128:4,L:L:m:N:H", "groups"},
    {"N:32:128:4,L:L:m:N:H,A:32:8,8,32,1", "groups"},
    {"N:32:128:4,L:L:m:N:H,A:32:8,8,000000000000000000000000000000000000000000000000000000000000000000000000000000000"
     "00000000000000000000000000000000000000000000032",
     "longer"},
};

Test(cache_config, every_bad_field_is_named)
{
    for (size_t i = 0; i < sizeof bad_strings / sizeof bad_strings[0]; i++) {
        bwm_cache_config cfg;
        bwm_err err = {{0}};
        cr_expect_eq(bwm_cache_config_parse(&cfg, bad_strings[i].s, &err), BWM_EINPUT, "accepted '%s'",
                     bad_strings[i].s);
        cr_expect(strstr(err.msg, bad_strings[i].what), "'%s': message '%s' does not say %s", bad_strings[i].s,
                  err.msg, bad_strings[i].what);
    }
}

/* ---- what init refuses ---- */

static void expect_init_fails(const char *s, int n_apps, bwm_cache_sharing sh, const int *ways, const char *what)
{
    bwm_cache_config cfg = parse(s);
    bwm_cache c;
    bwm_err err = {{0}};
    cr_expect_eq(bwm_cache_init(&c, &cfg, n_apps, sh, ways, &err), BWM_EINPUT, "accepted %s", s);
    cr_expect(strstr(err.msg, what), "%s: message '%s' does not say %s", s, err.msg, what);
}

Test(cache, init_refuses_what_is_not_modelled)
{
    expect_init_fails("N:4:128:24,L:R:m:N:L,A:128:4,128:2", 1, BWM_CACHE_SHARED, NULL, "'R'");
    expect_init_fails("N:4:128:4,L:E:m:L:L,A:8:2,8", 1, BWM_CACHE_SHARED, NULL, "needs write policy B or T");
    expect_init_fails("N:4:128:4,L:B:f:L:L,A:8:2,8", 1, BWM_CACHE_SHARED, NULL, "allocation on miss");
    expect_init_fails("N:4:128:4,L:E:m:W:L,A:8:2,8", 1, BWM_CACHE_SHARED, NULL, "write-back");
    expect_init_fails("N:4:128:4,L:B:m:N:L,F:8:2,8", 1, BWM_CACHE_SHARED, NULL, "MSHR type 'F'");
    expect_init_fails("N:4:128:4,L:B:m:N:P,A:8:2,8", 1, BWM_CACHE_SHARED, NULL, "16, 32 or 64 sets");
    expect_init_fails("N:4:128:4,L:B:m:N:C,A:8:2,8", 1, BWM_CACHE_SHARED, NULL, "no definition in GPGPU-Sim");
    expect_init_fails("S:4:64:4,L:B:m:N:L,A:8:2,8", 1, BWM_CACHE_SHARED, NULL, "sector cache needs 128-byte");
    expect_init_fails("S:4:128:4,L:B:m:N:L,A:3:2,8", 1, BWM_CACHE_SHARED, NULL, "one MSHR per sector");
    expect_init_fails("S:4:128:4,L:B:m:N:L,A:8:256,8", 1, BWM_CACHE_SHARED, NULL, "merging at most 255");
    expect_init_fails("N:16:128:4,L:L:m:N:H,A:8:2,8", 1, BWM_CACHE_SHARED, NULL, "32 or 64 sets");
}

Test(cache, init_refuses_bad_partitions)
{
    int zero[] = {4, 0}, over[] = {3, 2}, under[] = {2, 1}, fine[] = {3, 1};
    expect_init_fails(SMALL_L2, 0, BWM_CACHE_SHARED, NULL, "applications");
    expect_init_fails(SMALL_L2, 5, BWM_CACHE_PARTITIONED, NULL, "cannot partition 4 ways among 5");
    expect_init_fails(SMALL_L2, 2, BWM_CACHE_PARTITIONED, zero, "at least 1");
    expect_init_fails(SMALL_L2, 2, BWM_CACHE_PARTITIONED, over, "more than");
    expect_init_fails(SMALL_L2, 2, BWM_CACHE_PARTITIONED, under, "add up to 3");
    expect_init_fails(SMALL_L2, 2, BWM_CACHE_SHARED, fine, "partitioned");
}

/* ---- tags ---- */

Test(tags, equal_split_gives_the_remainder_to_the_first)
{
    bwm_cache c;
    make(&c, STOCK_DL2, 3, BWM_CACHE_PARTITIONED, NULL);
    int first, n;
    bwm_tags_ways_of(&c.tags, 0, &first, &n);
    cr_expect(first == 0 && n == 6, "app 0: %d+%d", first, n);
    bwm_tags_ways_of(&c.tags, 1, &first, &n);
    cr_expect(first == 6 && n == 5, "app 1: %d+%d", first, n);
    bwm_tags_ways_of(&c.tags, 2, &first, &n);
    cr_expect(first == 11 && n == 5, "app 2: %d+%d", first, n);
    bwm_cache_free(&c);
}

Test(tags, fermi_hash_set_index)
{
    bwm_cache c32, c64;
    make(&c32, TABLE2_DL1, 1, BWM_CACHE_SHARED, NULL);
    make(&c64, STOCK_DL1, 1, BWM_CACHE_SHARED, NULL);
    cr_expect_eq(bwm_tags_set_of(&c32.tags, 0x0), 0);
    cr_expect_eq(bwm_tags_set_of(&c32.tags, 0x80), 1);
    cr_expect_eq(bwm_tags_set_of(&c32.tags, 0xF80), 31);
    cr_expect_eq(bwm_tags_set_of(&c32.tags, 0x1000), 0, "bit 12 is not an index bit with 32 sets");
    cr_expect_eq(bwm_tags_set_of(&c32.tags, 0x2000), 1, "bit 13 folds onto index bit 0");
    cr_expect_eq(bwm_tags_set_of(&c32.tags, 0x2080), 0, "bit 13 XOR line bit 0");
    cr_expect_eq(bwm_tags_set_of(&c32.tags, 0x20000), 8, "bit 17 folds onto index bit 3");
    cr_expect_eq(bwm_tags_set_of(&c32.tags, 0x80000), 16, "bit 19 folds onto index bit 4");
    cr_expect_eq(bwm_tags_set_of(&c64.tags, 0x1000), 32, "bit 12 is index bit 5 with 64 sets");
    cr_expect_eq(bwm_tags_set_of(&c64.tags, 0x3080), 32, "bits 13 and 7 cancel, bit 12 stays");
    bwm_cache_free(&c32);
    bwm_cache_free(&c64);
}

Test(cache, lru_evicts_the_least_recently_used)
{
    bwm_cache c;
    make(&c, SMALL_L2, 1, BWM_CACHE_SHARED, NULL);
    for (uint64_t k = 0; k < 4; k++)
        load(&c, k * SET_STRIDE, 0);
    cr_expect_eq(acc(&c, 0, 0, 0, 0).outcome, BWM_CACHE_HIT); /* line 0 becomes most recent */
    load(&c, 4 * SET_STRIDE, 0);
    cr_expect(bwm_cache_probe(&c, 0), "the recently used line was evicted");
    cr_expect(!bwm_cache_probe(&c, 1 * SET_STRIDE), "the least recently used line stayed");
    cr_expect(bwm_cache_probe(&c, 2 * SET_STRIDE) && bwm_cache_probe(&c, 3 * SET_STRIDE));
    load(&c, 5 * SET_STRIDE, 0);
    cr_expect(!bwm_cache_probe(&c, 2 * SET_STRIDE), "the next in LRU order stayed");
    cr_expect(bwm_cache_probe(&c, 0));
    bwm_cache_free(&c);
}

Test(cache, fifo_ignores_reuse)
{
    bwm_cache c;
    make(&c, "N:4:128:4,F:B:m:W:L,A:8:2,8", 1, BWM_CACHE_SHARED, NULL);
    for (uint64_t k = 0; k < 4; k++)
        load(&c, k * SET_STRIDE, 0);
    cr_expect_eq(acc(&c, 0, 0, 0, 0).outcome, BWM_CACHE_HIT);
    load(&c, 4 * SET_STRIDE, 0);
    cr_expect(!bwm_cache_probe(&c, 0), "FIFO kept the oldest line because it was reused");
    cr_expect(bwm_cache_probe(&c, 1 * SET_STRIDE));
    bwm_cache_free(&c);
}

Test(cache, other_sets_are_untouched)
{
    bwm_cache c;
    make(&c, SMALL_L2, 1, BWM_CACHE_SHARED, NULL);
    load(&c, 128, 0); /* set 1 */
    for (uint64_t k = 0; k < 20; k++)
        load(&c, k * SET_STRIDE, 0); /* set 0 */
    cr_expect(bwm_cache_probe(&c, 128));
    cr_expect(bwm_cache_probe(&c, 128 + 127), "another byte of the same line");
    bwm_cache_free(&c);
}

/* ---- MSHRs ---- */

Test(cache, miss_merge_fill_then_hit)
{
    bwm_cache c;
    make(&c, SMALL_L1, 1, BWM_CACHE_SHARED, NULL);
    bwm_cache_result r = acc(&c, 0x1234, 0, 0, 11);
    cr_assert_eq(r.outcome, BWM_CACHE_MISS_NEW);
    cr_expect_eq(r.line_addr, 0x1200);
    cr_expect(!r.hit && !r.wb.valid);
    cr_expect_eq(acc(&c, 0x1270, 0, 0, 22).outcome, BWM_CACHE_MISS_MERGED);
    cr_expect_eq(bwm_cache_pending(&c), 1);
    cr_expect(!bwm_cache_probe(&c, 0x1200), "a reserved line is not valid before its fill");
    uint64_t tok[8];
    int n;
    bwm_cache_writeback wb;
    bwm_err err = {{0}};
    cr_assert_eq(bwm_cache_fill(&c, 0x1200, tok, &n, &wb, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(n, 2);
    cr_expect(tok[0] == 11 && tok[1] == 22, "tokens %llu %llu", (unsigned long long)tok[0], (unsigned long long)tok[1]);
    cr_expect_eq(bwm_cache_pending(&c), 0);
    r = acc(&c, 0x1200, 0, 0, 33);
    cr_expect_eq(r.outcome, BWM_CACHE_HIT);
    cr_expect(r.hit);
    cr_expect_eq(bwm_cache_fill(&c, 0x1200, tok, &n, &wb, &err), BWM_EINPUT, "a second fill was accepted");
    cr_expect(strstr(err.msg, "no pending miss"), "%s", err.msg);
    bwm_cache_free(&c);
}

Test(cache, merge_list_full_is_back_pressure)
{
    bwm_cache c;
    make(&c, SMALL_L1, 1, BWM_CACHE_SHARED, NULL); /* 2 requesters per line */
    cr_expect_eq(acc(&c, 0, 0, 0, 1).outcome, BWM_CACHE_MISS_NEW);
    cr_expect_eq(acc(&c, 0, 0, 0, 2).outcome, BWM_CACHE_MISS_MERGED);
    cr_expect_eq(acc(&c, 0, 0, 0, 3).outcome, BWM_CACHE_RESERVATION_FAIL);
    const bwm_cache_stats *s = bwm_cache_app_stats(&c, 0);
    cr_expect_eq(s->res_fails, 1);
    cr_expect_eq(s->accesses, 2, "a refused access was counted");
    uint64_t first = 0;
    cr_expect_eq(fill(&c, 0, &first, NULL), 2, "the refused requester was merged");
    cr_expect_eq(first, 1);
    bwm_cache_free(&c);
}

Test(cache, mshr_table_full_is_back_pressure)
{
    bwm_cache c;
    make(&c, SMALL_L1, 1, BWM_CACHE_SHARED, NULL); /* 8 MSHRs, 4 sets x 4 ways */
    for (uint64_t k = 0; k < 8; k++)
        cr_expect_eq(acc(&c, k * 128, 0, 0, k).outcome, BWM_CACHE_MISS_NEW, "miss %llu", (unsigned long long)k);
    cr_expect_eq(bwm_cache_pending(&c), 8);
    cr_expect_eq(acc(&c, 8 * 128, 0, 0, 8).outcome, BWM_CACHE_RESERVATION_FAIL);
    cr_expect_eq(acc(&c, 3 * 128, 0, 0, 9).outcome, BWM_CACHE_MISS_MERGED, "merging needs no new entry");
    cr_expect_eq(fill(&c, 5 * 128, NULL, NULL), 1);
    cr_expect_eq(acc(&c, 8 * 128, 0, 0, 8).outcome, BWM_CACHE_MISS_NEW, "a fill frees an entry");
    bwm_cache_free(&c);
}

Test(cache, all_ways_reserved_is_back_pressure)
{
    bwm_cache c;
    make(&c, SMALL_L1, 1, BWM_CACHE_SHARED, NULL);
    for (uint64_t k = 0; k < 4; k++)
        cr_expect_eq(acc(&c, k * SET_STRIDE, 0, 0, k).outcome, BWM_CACHE_MISS_NEW);
    cr_expect_eq(acc(&c, 4 * SET_STRIDE, 0, 0, 4).outcome, BWM_CACHE_RESERVATION_FAIL,
                 "a fifth miss to a set with every way reserved");
    cr_expect_eq(bwm_cache_pending(&c), 4, "the refused miss took an MSHR");
    cr_expect_eq(acc(&c, 128, 0, 0, 5).outcome, BWM_CACHE_MISS_NEW, "another set still has room");
    bwm_cache_free(&c);
}

/* The refusal of an access to a full set is remembered (cache.c): its
 * repeats are refused and counted alike until a fill reaches that set. */
Test(cache, a_full_set_refuses_until_its_own_fill)
{
    bwm_cache c;
    make(&c, SMALL_L1, 1, BWM_CACHE_SHARED, NULL); /* 8 MSHRs, 4 sets x 4 ways */
    for (uint64_t k = 0; k < 4; k++)
        acc(&c, k * SET_STRIDE, 0, 0, k); /* set 0 full of reserved lines */
    cr_expect_eq(acc(&c, 128, 0, 0, 4).outcome, BWM_CACHE_MISS_NEW, "set 1");
    for (int k = 0; k < 3; k++)
        cr_expect_eq(acc(&c, 4 * SET_STRIDE, 0, 0, 5).outcome, BWM_CACHE_RESERVATION_FAIL, "repeat %d", k);
    cr_expect_eq(fill(&c, 128, NULL, NULL), 1, "a fill of set 1");
    cr_expect_eq(acc(&c, 4 * SET_STRIDE, 0, 0, 5).outcome, BWM_CACHE_RESERVATION_FAIL, "set 0 is still full");
    cr_expect_eq(acc(&c, 4 * SET_STRIDE, 0, 1, 5).outcome, BWM_CACHE_WRITE_DOWN,
                 "a store with no write allocation needs no way");
    cr_expect_eq(acc(&c, 4 * SET_STRIDE, 0, 0, 5).outcome, BWM_CACHE_RESERVATION_FAIL, "asked again");
    cr_expect_eq(bwm_cache_app_stats(&c, 0)->res_fails, 5);
    cr_expect_eq(fill(&c, 2 * SET_STRIDE, NULL, NULL), 1, "a fill of set 0");
    bwm_cache_result r = acc(&c, 4 * SET_STRIDE, 0, 0, 5);
    cr_expect_eq(r.outcome, BWM_CACHE_MISS_NEW, "the filled line is a victim now");
    cr_expect_eq(bwm_cache_probe(&c, 2 * SET_STRIDE), 0, "and was the one evicted");
    cr_expect_eq(bwm_cache_app_stats(&c, 0)->res_fails, 5);
    bwm_cache_free(&c);
}

Test(mshr, index_survives_deletion_in_any_order)
{
    bwm_mshr m;
    bwm_err err = {{0}};
    cr_assert_eq(bwm_mshr_init(&m, 64, 1, 0, &err), BWM_OK, "%s", err.msg);
    for (uint64_t k = 0; k < 64; k++)
        bwm_mshr_add(&m, k * 128, 0, 0, k, BWM_SECTORS_ALL);
    cr_expect(bwm_mshr_full(&m, BWM_SECTORS_ALL));
    int live[64];
    for (int k = 0; k < 64; k++)
        live[k] = 1;
    for (int round = 0; round < 3; round++) {
        for (int k = round; k < 64; k += 3) {
            uint64_t tok[BWM_MSHR_INLINE]; /* room for more than max_merge: gcc cannot see n <= 1 */
            int n, app, w, closed;
            unsigned atomic;
            cr_assert_eq(bwm_mshr_fill(&m, (uint64_t)k * 128, BWM_SECTORS_ALL, tok, &n, &app, &w, &atomic, &closed), 0,
                         "line %d lost", k);
            cr_expect(closed);
            cr_expect_eq(tok[0], (uint64_t)k);
            live[k] = 0;
            for (int j = 0; j < 64; j++) {
                bwm_mshr_entry *e = bwm_mshr_find(&m, (uint64_t)j * 128);
                cr_assert_eq(e != NULL, live[j], "after retiring %d, line %d %s", k, j, live[j] ? "lost" : "found");
            }
        }
    }
    cr_expect_eq(m.used, 0);
    for (uint64_t k = 100; k < 164; k++)
        bwm_mshr_add(&m, k * 128, 1, 1, k, BWM_SECTORS_ALL); /* every freed entry is reusable */
    cr_expect(bwm_mshr_full(&m, BWM_SECTORS_ALL));
    bwm_mshr_free(&m);
}

/* ---- L1D: write-evict, no write allocation ---- */

Test(cache, l1_store_hit_evicts_and_goes_down)
{
    bwm_cache c;
    make(&c, TABLE2_DL1, 1, BWM_CACHE_SHARED, NULL);
    load(&c, 0x4000, 0);
    bwm_cache_result r = acc(&c, 0x4010, 0, 1, 7);
    cr_expect_eq(r.outcome, BWM_CACHE_WRITE_DOWN);
    cr_expect(r.hit);
    cr_expect(!bwm_cache_probe(&c, 0x4000), "write-evict left the line valid");
    cr_expect_eq(acc(&c, 0x4000, 0, 0, 8).outcome, BWM_CACHE_MISS_NEW, "the next load misses");
    bwm_cache_free(&c);
}

Test(cache, l1_store_miss_does_not_allocate)
{
    bwm_cache c;
    make(&c, TABLE2_DL1, 1, BWM_CACHE_SHARED, NULL);
    bwm_cache_result r = acc(&c, 0x8000, 0, 1, 1);
    cr_expect_eq(r.outcome, BWM_CACHE_WRITE_DOWN);
    cr_expect(!r.hit);
    cr_expect_eq(bwm_cache_pending(&c), 0, "a store took an MSHR");
    cr_expect(!bwm_cache_probe(&c, 0x8000));
    const bwm_cache_stats *s = bwm_cache_app_stats(&c, 0);
    cr_expect(s->writes == 1 && s->misses == 1 && s->hits == 0);
    bwm_cache_free(&c);
}

Test(cache, write_through_keeps_the_line)
{
    bwm_cache c;
    make(&c, "N:4:128:4,L:T:m:N:L,A:8:2,8", 1, BWM_CACHE_SHARED, NULL);
    load(&c, 0, 0);
    bwm_cache_result r = acc(&c, 0, 0, 1, 1);
    cr_expect_eq(r.outcome, BWM_CACHE_WRITE_DOWN);
    cr_expect(r.hit);
    cr_expect(bwm_cache_probe(&c, 0));
    for (uint64_t k = 1; k < 10; k++)
        load(&c, k * SET_STRIDE, 0);
    cr_expect_eq(bwm_cache_app_stats(&c, 0)->writebacks, 0, "write-through wrote back");
    bwm_cache_free(&c);
}

/* ---- L2: write-back, write-allocate ---- */

Test(cache, l2_dirty_victim_is_written_back)
{
    bwm_cache c;
    make(&c, SMALL_L2, 1, BWM_CACHE_SHARED, NULL);
    for (uint64_t k = 0; k < 4; k++)
        load(&c, k * SET_STRIDE, 0);
    cr_expect_eq(acc(&c, 1 * SET_STRIDE + 4, 0, 1, 0).outcome, BWM_CACHE_HIT, "a store hit is absorbed");
    /* LRU order now 0, 2, 3, 1: the next two misses replace clean lines */
    for (uint64_t k = 4; k < 6; k++) {
        bwm_cache_result r = acc(&c, k * SET_STRIDE, 0, 0, k);
        cr_expect_eq(r.outcome, BWM_CACHE_MISS_NEW);
        cr_expect(!r.wb.valid, "a clean line was written back");
        fill(&c, r.line_addr, NULL, NULL);
    }
    acc(&c, 4 * SET_STRIDE, 0, 0, 0);
    acc(&c, 5 * SET_STRIDE, 0, 0, 0);
    acc(&c, 2 * SET_STRIDE, 0, 0, 0); /* miss: replaces line 3, clean */
    fill(&c, 2 * SET_STRIDE, NULL, NULL);
    bwm_cache_result r = acc(&c, 6 * SET_STRIDE, 0, 0, 6); /* victim: the dirty line 1 */
    cr_expect_eq(r.outcome, BWM_CACHE_MISS_NEW);
    cr_expect(r.wb.valid, "the dirty victim was not written back");
    cr_expect_eq(r.wb.line_addr, 1 * SET_STRIDE);
    cr_expect_eq(r.wb.app, 0);
    cr_expect_eq(bwm_cache_app_stats(&c, 0)->writebacks, 1);
    bwm_cache_free(&c);
}

/* Write allocation "W" (GPGPU-Sim's wr_miss_wa_naive): the store goes
 * down at once and the line is fetched clean, so evicting it later writes
 * nothing back. */
Test(cache, l2_store_miss_writes_down_and_fills_clean)
{
    bwm_cache c;
    make(&c, SMALL_L2, 1, BWM_CACHE_SHARED, NULL);
    bwm_cache_result r = acc(&c, 0, 0, 1, 42);
    cr_expect_eq(r.outcome, BWM_CACHE_MISS_NEW, "write-allocate fetches the line");
    cr_expect(r.write_down, "the store was not sent down");
    cr_expect_eq(r.sectors, BWM_SECTORS_ALL);
    uint64_t first = 0;
    cr_expect_eq(fill(&c, 0, &first, NULL), 1);
    cr_expect_eq(first, 42, "the store does not wait for its line's fill");
    cr_expect(bwm_cache_probe(&c, 0));
    cr_expect_eq(c.tags.lines[0].dirty, 0u, "the fetched line is dirty");
    for (uint64_t k = 1; k <= 4; k++) {
        bwm_cache_result m = acc(&c, k * SET_STRIDE, 0, 0, k);
        cr_expect(!m.wb.valid, "a line only a store miss touched was written back");
        cr_expect(!m.write_down, "a load was sent down as a write");
        fill(&c, m.line_addr, NULL, NULL);
    }
    cr_expect_not(bwm_cache_probe(&c, 0), "the store's line was not replaced");
    cr_expect_eq(bwm_cache_app_stats(&c, 0)->writebacks, 0);
    bwm_cache_free(&c);
}

Test(cache, l2_store_to_a_pending_line_writes_down_and_merges)
{
    bwm_cache c;
    make(&c, SMALL_L2, 1, BWM_CACHE_SHARED, NULL);
    cr_expect_eq(acc(&c, 0, 0, 0, 1).outcome, BWM_CACHE_MISS_NEW);
    bwm_cache_result r = acc(&c, 0, 0, 1, 2);
    cr_expect_eq(r.outcome, BWM_CACHE_MISS_MERGED);
    cr_expect(r.write_down, "a store merged into a pending fetch was not sent down");
    cr_expect_eq(fill(&c, 0, NULL, NULL), 2);
    cr_expect_eq(c.tags.lines[0].dirty, 0u);
    cr_expect_eq(acc(&c, 0, 0, 1, 3).outcome, BWM_CACHE_HIT, "a store hit is absorbed");
    cr_expect_eq(c.tags.lines[0].dirty, BWM_SECTORS_ALL, "a store hit does not make the line dirty");
    bwm_cache_free(&c);
}

Test(cache, l2_fetch_on_write_fills_dirty)
{
    bwm_cache c;
    make(&c, "N:4:128:4,L:B:m:F:L,A:8:2,8", 1, BWM_CACHE_SHARED, NULL);
    bwm_cache_result r = acc(&c, 0, 0, 1, 42);
    cr_expect_eq(r.outcome, BWM_CACHE_MISS_NEW);
    cr_expect(!r.write_down, "fetch-on-write sent the store down");
    fill(&c, 0, NULL, NULL);
    bwm_cache_result last = {0};
    for (uint64_t k = 1; k <= 4; k++) {
        last = acc(&c, k * SET_STRIDE, 0, 0, k);
        fill(&c, last.line_addr, NULL, NULL);
    }
    cr_expect(last.wb.valid && last.wb.line_addr == 0, "the store's line was not dirty");
    bwm_cache_free(&c);
}

Test(cache, allocate_on_fill_reports_the_victim_at_fill)
{
    bwm_cache c;
    make(&c, "N:4:128:4,L:B:f:W:L,A:8:2,8", 1, BWM_CACHE_SHARED, NULL);
    for (uint64_t k = 0; k < 4; k++) {
        bwm_cache_result r = acc(&c, k * SET_STRIDE, 0, 0, k);
        cr_expect_eq(r.outcome, BWM_CACHE_MISS_NEW);
        fill(&c, r.line_addr, NULL, NULL);
        cr_expect_eq(acc(&c, k * SET_STRIDE, 0, 1, k).outcome, BWM_CACHE_HIT); /* dirty */
    }
    /* on-fill: misses to a full set are not refused, nothing is reserved */
    for (uint64_t k = 4; k < 8; k++) {
        bwm_cache_result r = acc(&c, k * SET_STRIDE, 0, 0, k);
        cr_expect_eq(r.outcome, BWM_CACHE_MISS_NEW);
        cr_expect(!r.wb.valid, "allocate-on-fill evicted at the miss");
    }
    cr_expect(bwm_cache_probe(&c, 0), "the line went before the fill");
    bwm_cache_writeback wb;
    fill(&c, 4 * SET_STRIDE, NULL, &wb);
    cr_expect(wb.valid && wb.line_addr == 0, "the oldest dirty line was not written back at the fill");
    cr_expect(!bwm_cache_probe(&c, 0));
    bwm_cache_free(&c);
}

/* ---- way-partitioning ---- */

/* Application 0 loads 8 lines into one set of a 16-way L2, application 1
 * streams 2000 lines through every set; returns how many of application
 * 0's lines still hit. */
static int survivors(bwm_cache_sharing sh)
{
    bwm_cache c;
    make(&c, STOCK_DL2, 2, sh, NULL);
    const uint64_t stride = 32 * 128; /* one set */
    for (uint64_t k = 0; k < 8; k++)
        load(&c, k * stride, 0);
    for (uint64_t k = 0; k < 2000; k++)
        load(&c, (1u << 24) + k * 128, 1);
    int hits = 0;
    for (uint64_t k = 0; k < 8; k++)
        hits += acc(&c, k * stride, 0, 0, 0).outcome == BWM_CACHE_HIT;
    bwm_cache_free(&c);
    return hits;
}

Test(partition, streaming_app_cannot_evict_the_other)
{
    cr_expect_eq(survivors(BWM_CACHE_PARTITIONED), 8, "application 1 evicted application 0's lines");
}

Test(partition, shared_ways_let_it_evict)
{
    cr_expect_eq(survivors(BWM_CACHE_SHARED), 0, "application 0's lines survived a shared-cache stream");
}

Test(partition, each_app_holds_its_own_ways)
{
    int ways[] = {3, 1};
    bwm_cache c;
    make(&c, SMALL_L2, 2, BWM_CACHE_PARTITIONED, ways);
    for (uint64_t k = 0; k < 3; k++)
        load(&c, k * SET_STRIDE, 0);
    for (uint64_t k = 10; k < 13; k++)
        load(&c, k * SET_STRIDE, 1);
    for (uint64_t k = 0; k < 3; k++)
        cr_expect(bwm_cache_probe(&c, k * SET_STRIDE), "app 0 line %llu lost", (unsigned long long)k);
    cr_expect(bwm_cache_probe(&c, 12 * SET_STRIDE));
    cr_expect(!bwm_cache_probe(&c, 10 * SET_STRIDE) && !bwm_cache_probe(&c, 11 * SET_STRIDE),
              "app 1 held more than its one way");
    /* lookups see the whole set: app 1 hits app 0's line */
    cr_expect_eq(acc(&c, 0, 1, 0, 0).outcome, BWM_CACHE_HIT);
    load(&c, 3 * SET_STRIDE, 0); /* app 0 replaces its own LRU line (1), not app 1's */
    cr_expect(bwm_cache_probe(&c, 12 * SET_STRIDE));
    cr_expect(!bwm_cache_probe(&c, 1 * SET_STRIDE));
    bwm_cache_free(&c);
}

Test(partition, reserved_own_ways_refuse_even_with_free_ways_elsewhere)
{
    bwm_cache c;
    make(&c, SMALL_L1, 2, BWM_CACHE_PARTITIONED, NULL); /* 2 ways each */
    cr_expect_eq(acc(&c, 0, 0, 0, 0).outcome, BWM_CACHE_MISS_NEW);
    cr_expect_eq(acc(&c, SET_STRIDE, 0, 0, 0).outcome, BWM_CACHE_MISS_NEW);
    cr_expect_eq(acc(&c, 2 * SET_STRIDE, 0, 0, 0).outcome, BWM_CACHE_RESERVATION_FAIL);
    cr_expect_eq(acc(&c, 3 * SET_STRIDE, 1, 0, 0).outcome, BWM_CACHE_MISS_NEW, "app 1's ways are free");
    bwm_cache_free(&c);
}

/* ---- statistics ---- */

Test(stats, per_application_counts)
{
    bwm_cache c;
    make(&c, SMALL_L2, 2, BWM_CACHE_PARTITIONED, NULL); /* 2 ways each */
    load(&c, 0, 0);                         /* app 0: miss */
    acc(&c, 0, 0, 0, 0);                    /* app 0: hit */
    acc(&c, 0, 0, 1, 0);                    /* app 0: write hit, dirty */
    acc(&c, 1u << 20, 1, 0, 1);             /* app 1: miss */
    acc(&c, (1u << 20) + 8, 1, 0, 2);       /* app 1: merged */
    acc(&c, (1u << 20) + 16, 1, 0, 3);      /* app 1: refused (2 per line) */
    fill(&c, 1u << 20, NULL, NULL);
    load(&c, SET_STRIDE, 0);                /* app 0: miss, fills its second way */
    bwm_cache_result r = acc(&c, 2 * SET_STRIDE, 0, 0, 0); /* app 0: miss, evicts dirty line 0 */
    cr_expect(r.wb.valid && r.wb.app == 0);
    const bwm_cache_stats *a = bwm_cache_app_stats(&c, 0), *b = bwm_cache_app_stats(&c, 1);
    cr_expect(a->accesses == 5 && a->reads == 4 && a->writes == 1, "app 0 accesses %llu",
              (unsigned long long)a->accesses);
    cr_expect(a->hits == 2 && a->misses == 3 && a->merged == 0 && a->writebacks == 1);
    cr_expect(b->accesses == 2 && b->hits == 0 && b->misses == 1 && b->merged == 1 && b->res_fails == 1);
    cr_expect_eq(b->writebacks, 0);
    cr_expect_null(bwm_cache_app_stats(&c, 2));
    bwm_cache_stats t;
    bwm_cache_total_stats(&c, &t);
    cr_expect(t.accesses == 7 && t.misses == 4 && t.hits == 2 && t.writebacks == 1 && t.res_fails == 1);
    bwm_cache_reset_stats(&c);
    cr_expect_eq(bwm_cache_app_stats(&c, 0)->accesses, 0);
    cr_expect(bwm_cache_probe(&c, SET_STRIDE), "reset dropped the contents");
    bwm_cache_free(&c);
}

Test(stats, application_out_of_range_is_refused)
{
    bwm_cache c;
    make(&c, SMALL_L2, 2, BWM_CACHE_SHARED, NULL);
    bwm_cache_result r;
    bwm_err err = {{0}};
    cr_expect_eq(bwm_cache_access(&c, 0, 2, 0, 0, &r, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, "application 2"), "%s", err.msg);
    cr_expect_eq(bwm_cache_access(&c, 0, -1, 0, 0, &r, &err), BWM_EINPUT);
    bwm_cache_free(&c);
}

/* ---- GPGPU-Sim 4.x policies ---- */

Test(tags, ipoly_and_bitwise_set_index)
{
    bwm_cache p, x;
    make(&p, "S:32:128:24,L:B:m:L:P,A:192:4,32:0,32", 1, BWM_CACHE_SHARED, NULL);
    make(&x, "N:32:128:4,L:B:m:W:X,A:8:2,8", 1, BWM_CACHE_SHARED, NULL);
    /* the index bits (7-11) alone: the identity */
    cr_expect_eq(bwm_tags_set_of(&p.tags, 0x80), 1);
    /* higher bit 0 (address bit 12) is in IPOLY(37) rows 0 and 2: 0b00101 */
    cr_expect_eq(bwm_tags_set_of(&p.tags, 0x1000), 5);
    cr_expect_eq(bwm_tags_set_of(&p.tags, 0x1080), 4);
    /* bitwise: index XOR the low five higher bits */
    cr_expect_eq(bwm_tags_set_of(&x.tags, 0x3000 | 0x80), 3 ^ 1);
    bwm_cache_free(&p);
    bwm_cache_free(&x);
}

Test(tags, partition_address_indexes_the_sets)
{
    bwm_addrmap m;
    bwm_err err;
    cr_assert_eq(bwm_addrmap_parse_mask(&m, "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR."
                                        "RBBBCCCB.CCCSSSSS", 32, 2, 16, 4, &err), BWM_OK, "%s", err.msg);
    bwm_cache c;
    make(&c, "N:32:128:4,L:B:m:W:L,A:8:2,8", 1, BWM_CACHE_SHARED, NULL);
    /* raw: bits 7-11 pick the set, and bits 8-11 are channel bits */
    cr_expect_eq(bwm_tags_set_of(&c.tags, 0x4000), 0);
    bwm_cache_index_by(&c, &m);
    /* partition address: bit 14 becomes bit 8 (set index bit 1) */
    cr_expect_eq(bwm_tags_set_of(&c.tags, 0x4000), 2);
    cr_expect_eq(bwm_tags_set_of(&c.tags, 0x1f00), 0, "channel bits do not index");
    bwm_cache_free(&c);
}

Test(cache, lazy_fetch_on_read_allocates_without_a_fetch)
{
    bwm_cache c;
    /* 32 MSHRs: a sector cache's count sectors, 8 whole-line misses */
    make(&c, "S:4:128:4,L:B:m:L:L,A:32:2,8", 1, BWM_CACHE_SHARED, NULL);
    bwm_cache_result r = acc(&c, 0x100, 0, 1, 1);
    cr_expect_eq(r.outcome, BWM_CACHE_HIT, "a lazy store miss completes here");
    cr_expect_not(r.hit);
    cr_expect_eq(bwm_cache_pending(&c), 0, "nothing was fetched");
    cr_expect_eq(bwm_cache_app_stats(&c, 0)->misses, 1);
    r = acc(&c, 0x100, 0, 0, 2);
    cr_expect_eq(r.outcome, BWM_CACHE_HIT, "the stored line is readable");
    /* evicting it writes it back */
    bwm_cache_writeback wb = {0};
    for (uint64_t k = 1; k <= 4 && !wb.valid; k++)
        wb = acc(&c, 0x100 + k * SET_STRIDE, 0, 0, 10 + k).wb;
    cr_expect(wb.valid);
    cr_expect_eq(wb.line_addr, 0x100u);
    bwm_cache_free(&c);
}

Test(cache, write_through_lazy_keeps_a_store_miss)
{
    bwm_cache c;
    make(&c, "S:4:128:64,L:T:m:L:L,A:512:8,16:0,32", 1, BWM_CACHE_SHARED, NULL);
    bwm_cache_result r = acc(&c, 0x80, 0, 1, 1);
    cr_expect_eq(r.outcome, BWM_CACHE_WRITE_DOWN);
    cr_expect(bwm_cache_probe(&c, 0x80), "the line was allocated");
    cr_expect_eq(acc(&c, 0x80, 0, 0, 2).outcome, BWM_CACHE_HIT);
    cr_expect_eq(bwm_cache_app_stats(&c, 0)->writebacks, 0);
    bwm_cache_free(&c);
}

Test(cache, streaming_allocates_on_fill_with_a_line_per_mshr)
{
    bwm_cache c;
    make(&c, "S:4:128:2,L:L:s:N:L,A:3:2,16:0,32", 1, BWM_CACHE_SHARED, NULL);
    /* 8 lines: 8 MSHRs of 64 requesters, whatever the string says (per sector, as
       it is a sector cache: 32 sectors, 256 requesters a line) */
    for (uint64_t k = 0; k < 8; k++)
        cr_expect_eq(acc(&c, k * SET_STRIDE, 0, 0, k).outcome, BWM_CACHE_MISS_NEW);
    cr_expect_eq(acc(&c, 8 * SET_STRIDE, 0, 0, 8).outcome, BWM_CACHE_RESERVATION_FAIL);
    cr_expect_eq(bwm_cache_max_merge(&c), 64 * BWM_CACHE_SECTORS);
    cr_expect_not(bwm_cache_probe(&c, 0), "nothing is reserved before the fill");
    cr_expect_eq(fill(&c, 0, NULL, NULL), 1);
    cr_expect(bwm_cache_probe(&c, 0));
    bwm_cache_free(&c);
}

Test(cache, bypass_caches_nothing)
{
    bwm_cache c;
    make(&c, "S:4:128:48,L:L:s:N:L,A:256:8,16:0,32", 1, BWM_CACHE_SHARED, NULL);
    bwm_cache_bypass(&c, 1);
    cr_expect_eq(acc(&c, 0, 0, 0, 1).outcome, BWM_CACHE_MISS_NEW);
    cr_expect_eq(acc(&c, 0, 0, 0, 2).outcome, BWM_CACHE_MISS_MERGED);
    cr_expect_eq(fill(&c, 0, NULL, NULL), 2);
    cr_expect_not(bwm_cache_probe(&c, 0));
    cr_expect_eq(acc(&c, 0, 0, 0, 3).outcome, BWM_CACHE_MISS_NEW, "a second load misses again");
    cr_expect_eq(acc(&c, 0x80, 0, 1, 4).outcome, BWM_CACHE_WRITE_DOWN);
    bwm_cache_free(&c);
}

/* ---- sector caches ---- */

/* small sector caches: an L1D allocating on miss and a write-back L2 with
   lazy fetch-on-read (GPGPU-Sim 4.x's L2 policy) */
#define SECTOR_L1 "S:4:128:4,L:L:m:N:L,A:8:4,8"
#define SECTOR_L2 "S:4:128:4,L:B:m:L:L,A:8:4,8"

static bwm_cache_result acc_sectors(bwm_cache *c, uint64_t addr, unsigned sectors, int is_write, uint64_t token)
{
    bwm_cache_result r;
    bwm_err err = {{0}};
    cr_assert_eq(bwm_cache_access_sectors(c, addr, sectors, 0, is_write, token, &r, &err), BWM_OK, "%s", err.msg);
    return r;
}

/* Fills `sectors` of line; the woken tokens go to tok (room for 64). */
static int fill_sectors(bwm_cache *c, uint64_t line, unsigned sectors, uint64_t *tok)
{
    int n = -1;
    bwm_cache_writeback wb;
    bwm_err err = {{0}};
    cr_assert_eq(bwm_cache_fill_sectors(c, line, sectors, tok, &n, &wb, &err), BWM_OK, "%s", err.msg);
    return n;
}

Test(sector, masks_count_and_span)
{
    cr_expect_eq(bwm_sector_bytes(BWM_SECTORS_ALL), 128);
    cr_expect_eq(bwm_sector_bytes(0x5), 64);
    cr_expect_eq(bwm_sector_span(0, 4), 0x1u);
    cr_expect_eq(bwm_sector_span(28, 8), 0x3u, "bytes 28..35 straddle sectors 0 and 1");
    cr_expect_eq(bwm_sector_span(96, 32), 0x8u);
    cr_expect_eq(bwm_sector_span(0, 128), BWM_SECTORS_ALL);
    cr_expect_eq(bwm_sector_span(64, 1000), 0xCu, "clipped to the line");
    cr_expect_eq(bwm_sector_span(0, 0), 0u);
}

Test(sector, hit_needs_every_sector_and_a_sector_miss_fetches_only_what_is_missing)
{
    bwm_cache c;
    make(&c, SECTOR_L1, 1, BWM_CACHE_SHARED, NULL);
    bwm_cache_result r = acc_sectors(&c, 0x1000, 0x1, 0, 1);
    cr_expect_eq(r.outcome, BWM_CACHE_MISS_NEW);
    cr_expect_eq(r.sectors, 0x1u, "a line miss fetches only the requested sector");
    uint64_t tok[64];
    cr_expect_eq(fill_sectors(&c, 0x1000, 0x1, tok), 1);
    cr_expect_eq(acc_sectors(&c, 0x1000, 0x1, 0, 2).outcome, BWM_CACHE_HIT);
    cr_expect(bwm_cache_probe_sectors(&c, 0x1000, 0x1));
    cr_expect_not(bwm_cache_probe_sectors(&c, 0x1000, 0x3), "sector 1 was never fetched");
    r = acc_sectors(&c, 0x1000, 0x3, 0, 3);
    cr_expect_eq(r.outcome, BWM_CACHE_MISS_NEW, "sector 1 is missing: a sector miss");
    cr_expect_eq(r.sectors, 0x2u, "only the missing sector is fetched");
    cr_expect_not(r.hit);
    cr_expect_eq(acc_sectors(&c, 0x1000, 0x1, 0, 4).outcome, BWM_CACHE_HIT,
                 "sector 0 stays readable while sector 1 is pending");
    cr_expect_eq(fill_sectors(&c, 0x1000, 0x2, tok), 1);
    cr_expect_eq(tok[0], 3u);
    cr_expect_eq(acc_sectors(&c, 0x1000, 0x3, 0, 5).outcome, BWM_CACHE_HIT);
    const bwm_cache_stats *s = bwm_cache_app_stats(&c, 0);
    cr_expect_eq(s->accesses, 5u);
    cr_expect_eq(s->hits, 3u);
    cr_expect_eq(s->misses, 2u);
    cr_expect_eq(s->sector_accesses, 1u + 1u + 2u + 1u + 2u);
    cr_expect_eq(s->sector_hits, 0u + 1u + 1u + 1u + 2u);
    cr_expect_eq(s->sector_misses, 2u);
    bwm_cache_free(&c);
}

/* A line cache fetches whole lines; a store it sends down (here global
 * write-through with no allocation) writes only its own sectors, as
 * GPGPU-Sim's write request is the store itself. */
Test(sector, a_line_cache_fetches_whole_lines_and_writes_a_stores_sectors)
{
    bwm_cache c;
    make(&c, SMALL_L1, 1, BWM_CACHE_SHARED, NULL);
    bwm_cache_result r = acc_sectors(&c, 0x1000, 0x1, 0, 1);
    cr_expect_eq(r.outcome, BWM_CACHE_MISS_NEW);
    cr_expect_eq(r.sectors, BWM_SECTORS_ALL);
    cr_expect_eq(bwm_cache_sectors_of(&c, 0x2), BWM_SECTORS_ALL);
    uint64_t tok[64];
    cr_expect_eq(fill_sectors(&c, 0x1000, BWM_SECTORS_ALL, tok), 1);
    cr_expect_eq(acc_sectors(&c, 0x1000, 0x8, 0, 2).outcome, BWM_CACHE_HIT);
    cr_expect_eq(bwm_cache_app_stats(&c, 0)->sector_accesses, 8u, "two line accesses are 8 sectors");
    r = acc_sectors(&c, 0x3000, 0x6, 1, 3);
    cr_expect_eq(r.outcome, BWM_CACHE_WRITE_DOWN);
    cr_expect_eq(r.sectors, 0x6u);
    r = acc_sectors(&c, 0x1000, 0x2, 1, 4);
    cr_expect_eq(r.outcome, BWM_CACHE_WRITE_DOWN, "a write hit in a write-through line cache goes down too");
    cr_expect_eq(r.sectors, 0x2u);
    bwm_cache_free(&c);
}

Test(sector, mshr_merges_pending_sectors_and_fetches_the_rest)
{
    bwm_cache c;
    make(&c, SECTOR_L1, 1, BWM_CACHE_SHARED, NULL);
    cr_expect_eq(acc_sectors(&c, 0x2000, 0x1, 0, 1).sectors, 0x1u);
    bwm_cache_result r = acc_sectors(&c, 0x2000, 0x1, 0, 2);
    cr_expect_eq(r.outcome, BWM_CACHE_MISS_MERGED, "the same sector is pending: merge");
    r = acc_sectors(&c, 0x2000, 0x3, 0, 3);
    cr_expect_eq(r.outcome, BWM_CACHE_MISS_NEW, "sector 1 is not pending: a fetch of its own");
    cr_expect_eq(r.sectors, 0x2u);
    cr_expect_eq(bwm_cache_pending(&c), 1, "one MSHR entry for the line");
    cr_expect_eq(bwm_cache_app_stats(&c, 0)->merged, 1u);
    cr_expect_eq(bwm_cache_app_stats(&c, 0)->sector_misses, 2u);
    uint64_t tok[64];
    cr_expect_eq(fill_sectors(&c, 0x2000, 0x1, tok), 2, "sector 0 wakes the two that needed only it");
    cr_expect_eq(tok[0], 1u);
    cr_expect_eq(tok[1], 2u);
    cr_expect_eq(bwm_cache_pending(&c), 1, "sector 1 is still pending");
    cr_expect_eq(c.tags.lines[0].state, BWM_LINE_RESERVED, "a line with a pending sector is reserved");
    cr_expect_eq(fill_sectors(&c, 0x2000, 0x2, tok), 1);
    cr_expect_eq(tok[0], 3u);
    cr_expect_eq(bwm_cache_pending(&c), 0);
    cr_expect(bwm_cache_probe_sectors(&c, 0x2000, 0x3));
    cr_expect_not(bwm_cache_probe_sectors(&c, 0x2000, 0x4));
    bwm_cache_free(&c);
}

Test(sector, a_line_with_a_pending_sector_is_never_the_victim)
{
    bwm_cache c;
    make(&c, SECTOR_L1, 1, BWM_CACHE_SHARED, NULL);
    uint64_t tok[64];
    for (uint64_t k = 0; k < 4; k++) { /* fill one set with sector 0 of four lines */
        acc_sectors(&c, k * SET_STRIDE, 0x1, 0, k);
        fill_sectors(&c, k * SET_STRIDE, 0x1, tok);
    }
    /* line 0 is the LRU; a sector miss on it makes it pending */
    cr_expect_eq(acc_sectors(&c, 0, 0x2, 0, 10).outcome, BWM_CACHE_MISS_NEW);
    cr_expect_eq(acc_sectors(&c, 4 * SET_STRIDE, 0x1, 0, 11).outcome, BWM_CACHE_MISS_NEW);
    cr_expect(bwm_cache_probe_sectors(&c, 0, 0x1), "the pending line was evicted");
    cr_expect_not(bwm_cache_probe_sectors(&c, 1 * SET_STRIDE, 0x1), "the least recently used line stayed");
    bwm_cache_free(&c);
}

Test(sector, write_back_writes_only_dirty_sectors)
{
    bwm_cache c;
    make(&c, SECTOR_L2, 1, BWM_CACHE_SHARED, NULL);
    bwm_cache_result r = acc_sectors(&c, 0, 0x4, 1, 1);
    cr_expect_eq(r.outcome, BWM_CACHE_HIT, "lazy fetch-on-read: a store miss fetches nothing");
    cr_expect(bwm_cache_probe_sectors(&c, 0, 0x4), "the stored sector is valid");
    cr_expect_not(bwm_cache_probe_sectors(&c, 0, 0x1));
    cr_expect_eq(acc_sectors(&c, 0, 0x1, 0, 2).sectors, 0x1u, "a read of another sector fetches it");
    uint64_t tok[64];
    fill_sectors(&c, 0, 0x1, tok);
    cr_expect_eq(acc_sectors(&c, 0, 0x8, 1, 3).outcome, BWM_CACHE_HIT);
    for (uint64_t k = 1; k < 4; k++)
        cr_expect_eq(acc_sectors(&c, k * SET_STRIDE, 0x1, 1, 10 + k).outcome, BWM_CACHE_HIT);
    r = acc_sectors(&c, 4 * SET_STRIDE, 0x2, 0, 20);
    cr_expect_eq(r.outcome, BWM_CACHE_MISS_NEW);
    cr_assert(r.wb.valid, "the dirty LRU line is written back");
    cr_expect_eq(r.wb.line_addr, 0u);
    cr_expect_eq(r.wb.sectors, 0xCu, "sectors 2 and 3 were written; sector 0 was only read");
    cr_expect_eq(bwm_sector_bytes(r.wb.sectors), 64);
    bwm_cache_free(&c);
}

static bwm_cache_result store_part(bwm_cache *c, uint64_t addr, unsigned sectors, unsigned partial, uint64_t token)
{
    bwm_cache_result r;
    bwm_err err = {{0}};
    cr_assert_eq(bwm_cache_access_store(c, addr, sectors, partial, 0, token, &r, &err), BWM_OK, "%s", err.msg);
    return r;
}

/* GPGPU-Sim's lazy fetch-on-read (data_cache::wr_miss_wa_lazy_fetch_on_read,
 * tag_array::probe): a store miss that writes a sector in part leaves it
 * MODIFIED but not readable; a read of it is a sector miss that fetches it,
 * and the line keeps the store's dirty sector. */
Test(sector, a_sector_stored_in_part_is_fetched_by_the_next_read)
{
    bwm_cache c;
    make(&c, SECTOR_L2, 1, BWM_CACHE_SHARED, NULL);
    cr_expect_eq(store_part(&c, 0, 0x3, 0x1, 1).outcome, BWM_CACHE_HIT, "a lazy store miss fetches nothing");
    cr_expect_not(bwm_cache_probe_sectors(&c, 0, 0x1), "sector 0, written in part, is not readable");
    cr_expect(bwm_cache_probe_sectors(&c, 0, 0x2), "sector 1, written whole, is");
    bwm_cache_result r = acc_sectors(&c, 0, 0x3, 0, 2);
    cr_expect_eq(r.outcome, BWM_CACHE_MISS_NEW);
    cr_expect_eq(r.sectors, 0x1u, "only the unreadable sector is fetched");
    cr_expect_eq(acc_sectors(&c, 0, 0x1, 0, 3).outcome, BWM_CACHE_MISS_MERGED, "a second read waits for it");
    uint64_t tok[64];
    cr_expect_eq(fill_sectors(&c, 0, 0x1, tok), 2);
    cr_expect(bwm_cache_probe_sectors(&c, 0, 0x3), "the fill makes it readable");
    cr_expect_eq(acc_sectors(&c, 0, 0x1, 0, 4).outcome, BWM_CACHE_HIT);
    /* the store's sectors stay dirty: evicting the line writes both back */
    for (uint64_t k = 1; k < 4; k++)
        acc_sectors(&c, k * SET_STRIDE, 0x1, 1, 10 + k);
    r = acc_sectors(&c, 4 * SET_STRIDE, 0x1, 1, 20);
    cr_assert(r.wb.valid);
    cr_expect_eq(r.wb.sectors, 0x3u, "the sector written in part is still dirty after its fill");
    const bwm_cache_stats *st = bwm_cache_app_stats(&c, 0);
    cr_expect_eq(st->sector_read_misses, 1, "the read missed on the one unreadable sector");
    bwm_cache_free(&c);
}

/* What makes such a sector readable (update_m_readable): a later store of
 * all of it; one more store of part of it does not (GPGPU-Sim would count
 * the bytes of both, not modelled), nor does it make a readable sector
 * unreadable. */
Test(sector, a_whole_store_makes_a_sector_readable_and_a_part_does_not_undo_it)
{
    bwm_cache c;
    make(&c, SECTOR_L2, 1, BWM_CACHE_SHARED, NULL);
    store_part(&c, 0, 0x1, 0x1, 1);
    store_part(&c, 0, 0x1, 0x1, 2);
    cr_expect_not(bwm_cache_probe_sectors(&c, 0, 0x1), "two partial stores: still unreadable");
    store_part(&c, 0, 0x1, 0, 3);
    cr_expect(bwm_cache_probe_sectors(&c, 0, 0x1), "a whole store makes it readable");
    store_part(&c, 0, 0x1, 0x1, 4);
    cr_expect(bwm_cache_probe_sectors(&c, 0, 0x1), "a partial store of a readable sector leaves it readable");
    cr_expect_eq(acc_sectors(&c, 0, 0x1, 0, 5).outcome, BWM_CACHE_HIT);
    /* a line the partial store did not allocate: sector 2 arrives by a fill first */
    acc_sectors(&c, SET_STRIDE, 0x4, 0, 6);
    uint64_t tok[64];
    fill_sectors(&c, SET_STRIDE, 0x4, tok);
    store_part(&c, SET_STRIDE, 0x4, 0x4, 7);
    cr_expect(bwm_cache_probe_sectors(&c, SET_STRIDE, 0x4), "a valid sector stored in part stays readable");
    bwm_cache_free(&c);
}

/* A store to a sector whose fetch is pending is GPGPU-Sim's HIT_RESERVED
 * (tag_array::probe): counted among the accesses, neither a hit nor a
 * miss; a store to a sector not there is a miss. */
Test(sector, a_store_to_a_pending_sector_is_not_a_miss)
{
    bwm_cache c;
    make(&c, "S:4:128:4,L:T:m:L:L,A:8:4,8", 1, BWM_CACHE_SHARED, NULL);
    cr_expect_eq(acc_sectors(&c, 0, 0x1, 0, 1).outcome, BWM_CACHE_MISS_NEW);
    const bwm_cache_stats *st = bwm_cache_app_stats(&c, 0);
    cr_expect_eq(st->sector_misses, 1);
    acc_sectors(&c, 0, 0x3, 1, 2); /* sector 0 pending, sector 1 not there */
    cr_expect_eq(st->sector_accesses, 3);
    cr_expect_eq(st->sector_misses, 2, "only sector 1 is a store miss");
    cr_expect_eq(st->sector_hits, 0);
    bwm_cache_free(&c);
}

/* Only lazy fetch-on-read has unreadable sectors: a fetch-on-write cache
 * brings the sector in whole, a write-through L1D without allocation keeps
 * nothing; a write-through lazy one (Volta's L1D) does as the L2. */
Test(sector, only_lazy_allocation_leaves_sectors_unreadable)
{
    bwm_cache c;
    make(&c, "S:4:128:4,L:T:m:L:L,A:8:4,8", 1, BWM_CACHE_SHARED, NULL);
    cr_expect_eq(store_part(&c, 0, 0x1, 0x1, 1).outcome, BWM_CACHE_WRITE_DOWN, "write-through sends it down");
    cr_expect_not(bwm_cache_probe_sectors(&c, 0, 0x1), "and keeps the sector unreadable");
    cr_expect_eq(acc_sectors(&c, 0, 0x1, 0, 2).outcome, BWM_CACHE_MISS_NEW);
    bwm_cache_free(&c);
    make(&c, "S:4:128:4,L:B:m:F:L,A:8:4,8", 1, BWM_CACHE_SHARED, NULL);
    cr_expect_eq(store_part(&c, 0, 0x1, 0x1, 1).outcome, BWM_CACHE_MISS_NEW, "fetch-on-write fetches the sector");
    uint64_t tok[64];
    fill_sectors(&c, 0, 0x1, tok);
    cr_expect(bwm_cache_probe_sectors(&c, 0, 0x1), "whole once filled");
    bwm_cache_free(&c);
}

Test(sector, write_evict_invalidates_the_stored_sectors_only)
{
    bwm_cache c;
    make(&c, SECTOR_L1, 1, BWM_CACHE_SHARED, NULL);
    uint64_t tok[64];
    acc_sectors(&c, 0x40, 0x3, 0, 1);
    fill_sectors(&c, 0x40, 0x3, tok);
    bwm_cache_result r = acc_sectors(&c, 0x40, 0x2, 1, 2);
    cr_expect_eq(r.outcome, BWM_CACHE_WRITE_DOWN);
    cr_expect_eq(r.sectors, 0x2u, "the store writes its own sector");
    cr_expect(bwm_cache_probe_sectors(&c, 0x40, 0x1));
    cr_expect_not(bwm_cache_probe_sectors(&c, 0x40, 0x2));
    bwm_cache_free(&c);
}

Test(sector, fetch_on_write_fills_dirty_sectors)
{
    bwm_cache c;
    make(&c, "S:4:128:4,L:B:m:F:L,A:8:4,8", 1, BWM_CACHE_SHARED, NULL);
    bwm_cache_result r = acc_sectors(&c, 0, 0x2, 1, 1);
    cr_expect_eq(r.outcome, BWM_CACHE_MISS_NEW);
    cr_expect_eq(r.sectors, 0x2u);
    uint64_t tok[64];
    fill_sectors(&c, 0, 0x2, tok);
    cr_expect_eq(c.tags.lines[0].dirty, 0x2u);
    cr_expect_eq(c.tags.lines[0].state, BWM_LINE_VALID);
    bwm_cache_free(&c);
}

Test(sector, write_allocate_writes_the_stores_sectors_down_and_fills_them_clean)
{
    bwm_cache c;
    make(&c, "S:4:128:4,L:B:m:W:L,A:8:4,8", 1, BWM_CACHE_SHARED, NULL);
    bwm_cache_result r = acc_sectors(&c, 0, 0x2, 1, 1);
    cr_expect_eq(r.outcome, BWM_CACHE_MISS_NEW);
    cr_expect(r.write_down);
    cr_expect_eq(r.sectors, 0x2u);
    uint64_t tok[64];
    fill_sectors(&c, 0, 0x2, tok);
    cr_expect_eq(c.tags.lines[0].dirty, 0u);
    cr_expect(bwm_cache_probe_sectors(&c, 0, 0x2));
    bwm_cache_free(&c);
}

Test(sector, allocate_on_fill_installs_the_filled_sectors)
{
    bwm_cache c;
    make(&c, "S:4:128:4,L:L:s:N:L,A:8:4,8", 1, BWM_CACHE_SHARED, NULL);
    cr_expect_eq(acc_sectors(&c, 0, 0x8, 0, 1).sectors, 0x8u);
    cr_expect_not(bwm_cache_probe(&c, 0), "nothing is reserved before the fill");
    uint64_t tok[64];
    fill_sectors(&c, 0, 0x8, tok);
    cr_expect(bwm_cache_probe_sectors(&c, 0, 0x8));
    cr_expect_not(bwm_cache_probe_sectors(&c, 0, 0x4));
    bwm_cache_free(&c);
}

Test(sector, mshrs_count_sectors_and_merges_per_sector)
{
    bwm_cache c;
    make(&c, "S:4:128:4,L:L:m:N:L,A:6:2,8", 1, BWM_CACHE_SHARED, NULL);
    cr_expect_eq(acc_sectors(&c, 0, 0xF, 0, 1).outcome, BWM_CACHE_MISS_NEW, "4 of the 6 sector MSHRs");
    cr_expect_eq(acc_sectors(&c, 128, 0x7, 0, 2).outcome, BWM_CACHE_RESERVATION_FAIL, "3 sectors do not fit in 2");
    cr_expect_eq(acc_sectors(&c, 128, 0x3, 0, 3).outcome, BWM_CACHE_MISS_NEW, "2 do");
    cr_expect_eq(acc_sectors(&c, 256, 0x1, 0, 4).outcome, BWM_CACHE_RESERVATION_FAIL, "every sector MSHR is taken");
    cr_expect_eq(acc_sectors(&c, 0, 0x1, 0, 5).outcome, BWM_CACHE_MISS_MERGED);
    cr_expect_eq(acc_sectors(&c, 0, 0x1, 0, 6).outcome, BWM_CACHE_RESERVATION_FAIL,
                 "sector 0 has its 2 requesters");
    cr_expect_eq(acc_sectors(&c, 0, 0x2, 0, 7).outcome, BWM_CACHE_MISS_MERGED, "sector 1 has room for one more");
    uint64_t tok[64];
    cr_expect_eq(fill_sectors(&c, 0, 0x3, tok), 2, "tokens 5 and 7 wait for sectors 0 or 1 only");
    cr_expect_eq(acc_sectors(&c, 256, 0x3, 0, 8).outcome, BWM_CACHE_MISS_NEW, "the 2 filled sectors freed 2 MSHRs");
    bwm_cache_free(&c);
}

Test(mshr, a_fill_wakes_only_the_tokens_it_completes)
{
    bwm_mshr m;
    bwm_err err = {{0}};
    cr_assert_eq(bwm_mshr_init(&m, 2, 4, 1, &err), BWM_OK, "%s", err.msg);
    bwm_mshr_entry *e = bwm_mshr_add(&m, 0, 0, 0, 7, 0x1);
    bwm_mshr_merge(&m, e, 0, 8, 0x3, 0x2);
    bwm_mshr_merge(&m, e, 0, 9, 0x1, 0);
    cr_expect_eq(e->pending, 0x3u);
    uint64_t tok[4];
    int n, app, w, closed;
    unsigned atomic;
    cr_assert_eq(bwm_mshr_fill(&m, 0, 0x2, tok, &n, &app, &w, &atomic, &closed), 0);
    cr_expect_eq(n, 0, "no token waits for sector 1 alone");
    cr_expect_not(closed);
    cr_assert_eq(bwm_mshr_fill(&m, 0, 0x1, tok, &n, &app, &w, &atomic, &closed), 0);
    cr_expect(closed);
    cr_expect_eq(n, 3);
    cr_expect(tok[0] == 7 && tok[1] == 8 && tok[2] == 9, "arrival order");
    cr_expect_eq(bwm_mshr_find(&m, 0), NULL);
    bwm_mshr_free(&m);
}

Test(mshr, tokens_beyond_an_entrys_own_keep_their_order)
{
    /* 7 requesters: BWM_MSHR_INLINE in the entry, the rest beside it; a
       partial fill moves the ones still waiting across that boundary */
    bwm_mshr m;
    bwm_err err = {{0}};
    cr_assert_eq(bwm_mshr_init(&m, 4, 4, 1, &err), BWM_OK, "%s", err.msg);
    unsigned wait[7] = {0x1, 0x2, 0x1, 0x2, 0x2, 0x1, 0x2};
    bwm_mshr_entry *e = bwm_mshr_add(&m, 0, 0, 0, 100, wait[0]);
    for (int k = 1; k < 7; k++)
        bwm_mshr_merge(&m, e, 0, 100 + (uint64_t)k, wait[k], wait[k]);
    uint64_t tok[16];
    int n, app, w, closed;
    unsigned atomic;
    cr_assert_eq(bwm_mshr_fill(&m, 0, 0x1, tok, &n, &app, &w, &atomic, &closed), 0);
    cr_assert_eq(n, 3);
    cr_expect(tok[0] == 100 && tok[1] == 102 && tok[2] == 105, "sector 0's waiters, in arrival order");
    cr_expect_not(closed);
    bwm_mshr_entry *again = bwm_mshr_add(&m, 128, 0, 0, 200, 0x1); /* another entry's tokens stay apart */
    for (int k = 1; k < 6; k++)
        bwm_mshr_merge(&m, again, 0, 200 + (uint64_t)k, 0x1, 0);
    cr_assert_eq(bwm_mshr_fill(&m, 0, 0x2, tok, &n, &app, &w, &atomic, &closed), 0);
    cr_expect(closed);
    cr_assert_eq(n, 4);
    cr_expect(tok[0] == 101 && tok[1] == 103 && tok[2] == 104 && tok[3] == 106, "sector 1's waiters, in order");
    cr_assert_eq(bwm_mshr_fill(&m, 128, 0x1, tok, &n, &app, &w, &atomic, &closed), 0);
    cr_assert_eq(n, 6);
    for (int k = 0; k < 6; k++)
        cr_expect_eq(tok[k], 200 + (uint64_t)k);
    bwm_mshr_free(&m);
}

/* ---- write ratio (GPGPU-Sim's -gpgpu_l1_cache_write_ratio) ---- */

/* A write-through, lazy fetch-on-read L1D of `sets` linear sets of 4 ways
 * (Volta's policies) with the given write ratio. */
static void make_ratio(bwm_cache *c, int sets, int ratio)
{
    char s[64];
    snprintf(s, sizeof s, "N:%d:128:4,L:T:m:L:L,A:8:8,8", sets);
    bwm_cache_config cfg = parse(s);
    cfg.write_ratio = ratio;
    bwm_err err = {{0}};
    cr_assert_eq(bwm_cache_init(c, &cfg, 1, BWM_CACHE_SHARED, NULL, &err), BWM_OK, "%s", err.msg);
}

/* One set: a store takes line A (written, the oldest), loads fill B, C, D;
 * a load of E then needs a victim.  1 written line of 4 is 25 %. */
static int written_line_survives(int ratio)
{
    bwm_cache c;
    make_ratio(&c, 1, ratio);
    cr_assert_eq(acc(&c, 0x000, 0, 1, 1).outcome, BWM_CACHE_WRITE_DOWN);
    load(&c, 0x080, 0);
    load(&c, 0x100, 0);
    load(&c, 0x180, 0);
    cr_assert_eq(acc(&c, 0x200, 0, 0, 2).outcome, BWM_CACHE_MISS_NEW);
    int a_kept = bwm_cache_probe(&c, 0x000), b_kept = bwm_cache_probe(&c, 0x080);
    cr_expect_neq(a_kept, b_kept, "exactly one of A (LRU) and B (LRU among clean lines) is the victim");
    bwm_cache_free(&c);
    return a_kept;
}

Test(write_ratio, a_written_line_is_kept_while_written_lines_are_below_the_ratio)
{
    cr_expect(written_line_survives(50), "25 %% written < 50 %%: B, the oldest clean line, goes instead");
    cr_expect(written_line_survives(26));
}

Test(write_ratio, at_or_above_the_ratio_written_lines_are_plain_lru)
{
    cr_expect_not(written_line_survives(25), "25 %% written >= 25 %%: A, the least recently used, goes");
    cr_expect_not(written_line_survives(0), "ratio 0 (GPGPU-Sim's default): no protection");
}

Test(write_ratio, a_set_of_written_lines_refuses_until_the_ratio_is_reached)
{
    bwm_cache c;
    /* 2 sets of 4 ways: set 0 holds lines 0x000, 0x100, 0x200, ... */
    make_ratio(&c, 2, 75);
    for (uint64_t k = 0; k < 4; k++)
        cr_assert_eq(acc(&c, k * 0x100, 0, 1, k).outcome, BWM_CACHE_WRITE_DOWN);
    /* 4 written of 8 lines = 50 % < 75 %: no line of set 0 may go */
    cr_expect_eq(acc(&c, 0x400, 0, 0, 9).outcome, BWM_CACHE_RESERVATION_FAIL);
    /* two more written lines in set 1 make 6 of 8 = 75 %: now they may */
    cr_assert_eq(acc(&c, 0x080, 0, 1, 10).outcome, BWM_CACHE_WRITE_DOWN);
    cr_assert_eq(acc(&c, 0x180, 0, 1, 11).outcome, BWM_CACHE_WRITE_DOWN);
    cr_expect_eq(acc(&c, 0x400, 0, 0, 12).outcome, BWM_CACHE_MISS_NEW);
    cr_expect_not(bwm_cache_probe(&c, 0x000), "the least recently used written line went");
    bwm_cache_free(&c);
}

Test(write_ratio, a_replaced_written_line_no_longer_counts)
{
    bwm_cache c;
    make_ratio(&c, 1, 50);
    /* A and B written: 2 of 4 = 50 %, so written lines may go */
    cr_assert_eq(acc(&c, 0x000, 0, 1, 1).outcome, BWM_CACHE_WRITE_DOWN);
    cr_assert_eq(acc(&c, 0x080, 0, 1, 2).outcome, BWM_CACHE_WRITE_DOWN);
    load(&c, 0x100, 0);
    load(&c, 0x180, 0);
    load(&c, 0x200, 0); /* replaces A: 1 written line left, 25 % */
    cr_expect_not(bwm_cache_probe(&c, 0x000));
    load(&c, 0x280, 0); /* B is now kept: C, the oldest clean line, goes */
    cr_expect(bwm_cache_probe(&c, 0x080));
    cr_expect_not(bwm_cache_probe(&c, 0x100));
    bwm_cache_free(&c);
}

/* ---- host hints ---- */

/* A Volta-like wide L1D (64 ways: indexed, tags.h) with write-back and lazy
 * fetch-on-read, so that stores allocate and dirty victims are written back. */
#define WIDE_L1 "S:4:128:64,L:B:m:L:L,A:64:8,8"

Test(cache, host_hints_are_off_until_turned_on)
{
    bwm_cache c;
    make(&c, WIDE_L1, 1, BWM_CACHE_SHARED, NULL);
    cr_expect_not(bwm_cache_hinted(&c));
    bwm_cache_set_hints(&c, 1);
    cr_expect(bwm_cache_hinted(&c));
    bwm_cache_free(&c);
}

static int same_writeback(const bwm_cache_writeback *a, const bwm_cache_writeback *b)
{
    return a->valid == b->valid && (!a->valid || (a->line_addr == b->line_addr && a->sectors == b->sectors &&
                                                  a->app == b->app));
}

static int same_result(const bwm_cache_result *a, const bwm_cache_result *b)
{
    return a->outcome == b->outcome && a->hit == b->hit && a->line_addr == b->line_addr &&
           a->sectors == b->sectors && a->write_down == b->write_down && same_writeback(&a->wb, &b->wb);
}

/* The same random accesses and fills on two caches of the given string,
 * one given both hints for every access, every fill and random other
 * lines: every result, every fill and the statistics are the same. */
static void hints_change_nothing(const char *config)
{
    bwm_cache hinted, plain;
    make(&hinted, config, 2, BWM_CACHE_SHARED, NULL);
    make(&plain, config, 2, BWM_CACHE_SHARED, NULL);
    bwm_cache_set_hints(&hinted, 1);
    uint64_t pending[64 * 4];
    int n_pending = 0;
    uint64_t x = 12345;
    for (int step = 0; step < 20000; step++) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        uint64_t other = (x >> 20) % 2048 * 128;
        bwm_cache_prefetch(&hinted, other);
        bwm_cache_prefetch_entries(&hinted, other + 32);
        if (n_pending > 0 && (x >> 60) < 4) { /* a fill, of a random pending line */
            int k = (int)((x >> 8) % (uint64_t)n_pending);
            uint64_t line = pending[k];
            pending[k] = pending[--n_pending];
            bwm_cache_prefetch(&hinted, line);
            bwm_cache_prefetch_entries(&hinted, line);
            uint64_t ta[256], tb[256];
            int na = -1, nb = -2;
            bwm_cache_writeback wa, wb;
            bwm_err err = {{0}};
            cr_assert_eq(bwm_cache_fill(&hinted, line, ta, &na, &wa, &err), BWM_OK, "%s", err.msg);
            cr_assert_eq(bwm_cache_fill(&plain, line, tb, &nb, &wb, &err), BWM_OK, "%s", err.msg);
            cr_assert_eq(na, nb, "step %d", step);
            cr_assert_arr_eq(ta, tb, (size_t)na * sizeof ta[0], "step %d", step);
            cr_assert(same_writeback(&wa, &wb), "step %d", step);
            continue;
        }
        uint64_t addr = (x >> 24) % 1024 * 128 + (x >> 14) % 4 * 32;
        unsigned sectors = 1u << ((x >> 14) % 4);
        int app = (int)(x >> 40) % 2, is_write = (x >> 50) % 4 == 0;
        bwm_cache_prefetch(&hinted, addr);
        bwm_cache_prefetch_entries(&hinted, addr);
        bwm_cache_result ra, rb;
        bwm_err err = {{0}};
        cr_assert_eq(bwm_cache_access_sectors(&hinted, addr, sectors, app, is_write, (uint64_t)step, &ra, &err), BWM_OK);
        cr_assert_eq(bwm_cache_access_sectors(&plain, addr, sectors, app, is_write, (uint64_t)step, &rb, &err), BWM_OK);
        cr_assert(same_result(&ra, &rb), "step %d: outcome %d against %d", step, ra.outcome, rb.outcome);
        if (ra.outcome == BWM_CACHE_MISS_NEW) {
            int known = 0;
            for (int k = 0; k < n_pending; k++)
                known |= pending[k] == ra.line_addr;
            if (!known)
                pending[n_pending++] = ra.line_addr;
        }
    }
    for (int app = 0; app < 2; app++) {
        const bwm_cache_stats *a = bwm_cache_app_stats(&hinted, app), *b = bwm_cache_app_stats(&plain, app);
        cr_expect(a->accesses == b->accesses && a->hits == b->hits && a->misses == b->misses &&
                      a->merged == b->merged && a->res_fails == b->res_fails && a->writebacks == b->writebacks &&
                      a->sector_hits == b->sector_hits && a->sector_misses == b->sector_misses,
                  "application %d", app);
    }
    cr_expect_gt(bwm_cache_app_stats(&plain, 0)->writebacks + bwm_cache_app_stats(&plain, 1)->writebacks, 0,
                 "dirty victims went");
    cr_expect_gt(bwm_cache_app_stats(&plain, 0)->res_fails, 0, "full MSHRs refused some");
    bwm_cache_free(&hinted);
    bwm_cache_free(&plain);
}

Test(cache, host_hints_change_nothing_in_wide_sets)
{
    hints_change_nothing(WIDE_L1);
}

/* the L2 slices' hints: narrow sets, whose keys the hint asks for */
Test(cache, host_hints_change_nothing_in_narrow_sets)
{
    hints_change_nothing(STOCK_DL2);
}

static bwm_cache_result atomic_at(bwm_cache *c, uint64_t addr, unsigned sectors, uint64_t token)
{
    bwm_cache_result r;
    bwm_err err = {{0}};
    cr_assert_eq(bwm_cache_access_atomic(c, addr, sectors, 0, token, &r, &err), BWM_OK, "%s", err.msg);
    return r;
}

/* An L2's atomic is a read, counted and answered as one, whose sectors are
 * dirty once their data are there (GPGPU-Sim's rd_hit_base and the MSHR
 * entry's m_has_atomic): at once on a hit, at the fill on a miss or a
 * merge; the sectors only read stay clean, and a replaced line writes back
 * exactly the atomics' sectors. */
Test(sector, an_atomic_reads_its_sectors_and_leaves_them_dirty)
{
    bwm_cache c;
    make(&c, SECTOR_L2, 1, BWM_CACHE_SHARED, NULL);
    uint64_t tok[64];
    bwm_cache_result r = atomic_at(&c, 0, 0x2, 1);
    cr_expect_eq(r.outcome, BWM_CACHE_MISS_NEW, "a cold sector: a read miss");
    cr_expect_eq(r.sectors, 0x2u, "it fetches its own sector");
    cr_expect_eq(acc_sectors(&c, 0, 0x1, 0, 2).outcome, BWM_CACHE_MISS_NEW, "a load of another sector");
    cr_expect_eq(acc_sectors(&c, 0, 0x4, 0, 3).outcome, BWM_CACHE_MISS_NEW);
    cr_expect_eq(atomic_at(&c, 0, 0x4, 4).outcome, BWM_CACHE_MISS_MERGED, "an atomic joins a pending load");
    cr_expect_eq(fill_sectors(&c, 0, 0x2, tok), 1);
    cr_expect_eq(tok[0], 1u);
    cr_expect_eq(c.tags.lines[0].dirty, 0x2u, "the atomic's sector is dirty at its fill");
    fill_sectors(&c, 0, 0x1, tok);
    cr_expect_eq(c.tags.lines[0].dirty, 0x2u, "a loaded sector fills clean");
    cr_expect_eq(fill_sectors(&c, 0, 0x4, tok), 2, "the load and the atomic that merged");
    cr_expect_eq(c.tags.lines[0].dirty, 0x6u, "a merged atomic leaves its sector dirty too");
    r = atomic_at(&c, 0, 0x1, 5);
    cr_expect_eq(r.outcome, BWM_CACHE_HIT);
    cr_expect_eq(c.tags.lines[0].dirty, 0x7u, "a hit is updated at once");
    const bwm_cache_stats *s = bwm_cache_app_stats(&c, 0);
    cr_expect_eq(s->reads, 5u, "atomics count as reads");
    cr_expect_eq(s->writes, 0u);
    cr_expect_eq(s->sector_read_misses, 3u, "sectors 0, 1 and 2 fetched once each");
    for (uint64_t k = 1; k < 4; k++) { /* three more lines of the set; line 0 is the LRU */
        acc_sectors(&c, k * SET_STRIDE, 0x1, 0, 10 + k);
        fill_sectors(&c, k * SET_STRIDE, 0x1, tok);
    }
    r = acc_sectors(&c, 4 * SET_STRIDE, 0x1, 0, 20);
    cr_assert(r.wb.valid, "the line the atomics dirtied is written back when replaced");
    cr_expect_eq(r.wb.line_addr, 0u);
    cr_expect_eq(r.wb.sectors, 0x7u, "the three sectors atomics updated; sector 3 was never there");
    bwm_cache_free(&c);
}

/* GPGPU-Sim's L2 flush (tag_array::flush): an application's lines with a
 * dirty sector go whole, unwritten; its clean lines, a line with a fetch
 * pending and the other application's dirty line stay.  SECTOR_L2 is
 * write-back with lazy fetch-on-read: a store miss takes its line dirty. */
Test(sector, flush_app_drops_that_applications_dirty_lines_only)
{
    bwm_cache c;
    make(&c, SECTOR_L2, 2, BWM_CACHE_SHARED, NULL);
    uint64_t tok[64];
    bwm_cache_result r;
    bwm_err err = {{0}};
    acc_sectors(&c, 0x000, 0x1, 0, 1); /* app 0: line 0 read, filled clean */
    fill_sectors(&c, 0x000, 0x1, tok);
    acc_sectors(&c, 0x080, 0x2, 1, 2); /* app 0: line 1 sector 1 written: dirty */
    acc_sectors(&c, 0x100, 0x4, 0, 3); /* app 0: line 2 read, still pending */
    cr_assert_eq(bwm_cache_access_sectors(&c, 0x180, 0xf, 1, 1, 4, &r, &err), BWM_OK); /* app 1: dirty */
    cr_expect_eq(bwm_cache_flush_app(&c, 0), 1u, "only line 1 is app 0's and dirty");
    cr_expect(bwm_cache_probe_sectors(&c, 0x000, 0x1), "a clean line stays");
    cr_expect_not(bwm_cache_probe(&c, 0x080), "the dirty line is gone, all its sectors");
    cr_expect(bwm_cache_probe_sectors(&c, 0x180, 0xf), "the other application's dirty line stays");
    cr_expect_eq(fill_sectors(&c, 0x100, 0x4, tok), 1, "the pending fetch still completes");
    cr_expect_eq(bwm_cache_app_stats(&c, 0)->writebacks, 0u, "nothing written back");
    r = acc_sectors(&c, 0x080, 0x2, 0, 5);
    cr_expect_eq(r.outcome, BWM_CACHE_MISS_NEW, "a read of the flushed sector misses");
    cr_expect_eq(bwm_cache_flush_app(&c, 1), 1u);
    bwm_cache_free(&c);
}
