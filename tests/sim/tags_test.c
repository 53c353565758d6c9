/* tags_test.c — sim/cache/tags and addr_index: the wide-set structures
 * (address index, chunk minima of the victim order) give exactly the lines
 * the scans give, under random sequences of every tag operation; a wide
 * set's LRU victim by hand; the address index against a plain list under
 * random puts and removals; the set index's row form against its
 * definition. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

#include "sim/cache/addr_index.h"
#include "sim/cache/tags.h"
#include "sim/dram/addrmap.h"

/* A small deterministic generator (the test's own, so that runs repeat). */
static uint32_t next_rand(uint64_t *s)
{
    *s = *s * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
    return (uint32_t)(*s >> 33);
}

static void init_tags(bwm_tags *t, int sets, int ways, bwm_cache_repl repl, int n_apps, bwm_tags_sharing sharing)
{
    bwm_err err = {{0}};
    cr_assert_eq(bwm_tags_init(t, sets, ways, 128, repl, BWM_SET_INDEX_LINEAR, n_apps, sharing, NULL, &err), BWM_OK,
                 "%s", err.msg);
}

static long line_no(const bwm_tags *t, const bwm_tag_line *l)
{
    return l ? (long)(l - t->lines) : -1;
}

/* Runs the same random operations on a scanning array and an indexed one
 * and checks that every lookup and victim agrees. */
static void compare_under_random_operations(int ways, bwm_cache_repl repl, int n_apps, bwm_tags_sharing sharing,
                                            int write_ratio, uint64_t seed)
{
    const int sets = 4, addresses = sets * ways * 3;
    bwm_tags scan, fast;
    init_tags(&scan, sets, ways, repl, n_apps, sharing);
    init_tags(&fast, sets, ways, repl, n_apps, sharing);
    bwm_err err = {{0}};
    cr_assert_eq(bwm_tags_index_sets(&fast, &err), BWM_OK, "%s", err.msg);
    cr_assert(fast.wide != NULL && scan.wide == NULL);
    scan.write_ratio = fast.write_ratio = write_ratio;
    uint64_t s = seed;
    for (int step = 0; step < 40000; step++) {
        uint64_t addr = (uint64_t)(next_rand(&s) % (uint32_t)addresses) * 128;
        bwm_tag_line *a = bwm_tags_lookup(&scan, addr), *b = bwm_tags_lookup(&fast, addr);
        cr_assert_eq(line_no(&scan, a), line_no(&fast, b), "step %d: lookup of 0x%llx", step, (unsigned long long)addr);
        int op = (int)(next_rand(&s) % 8);
        if (!a) {
            int app = (int)(next_rand(&s) % (uint32_t)n_apps);
            a = bwm_tags_victim(&scan, addr, app);
            b = bwm_tags_victim(&fast, addr, app);
            cr_assert_eq(line_no(&scan, a), line_no(&fast, b), "step %d: victim for 0x%llx", step,
                         (unsigned long long)addr);
            if (a) {
                bwm_line_state st = op < 3 ? BWM_LINE_RESERVED : BWM_LINE_VALID;
                bwm_tags_install(&scan, a, addr, app, st);
                bwm_tags_install(&fast, b, addr, app, st);
            }
        } else if (op < 3) {
            bwm_tags_touch(&scan, a);
            bwm_tags_touch(&fast, b);
        } else if (op == 3) {
            bwm_tags_mark_written(&scan, a);
            bwm_tags_mark_written(&fast, b);
        } else if (op == 4) {
            int rank = (int)(next_rand(&s) % 3);
            bwm_tags_set_rank(&scan, a, rank);
            bwm_tags_set_rank(&fast, b, rank);
        } else {
            bwm_line_state st = op == 5 ? BWM_LINE_INVALID : op == 6 ? BWM_LINE_VALID : BWM_LINE_RESERVED;
            bwm_tags_set_state(&scan, a, st);
            bwm_tags_set_state(&fast, b, st);
        }
    }
    bwm_tags_free(&scan);
    bwm_tags_free(&fast);
}

Test(tags, indexed_sets_find_what_the_scans_find_lru)
{
    compare_under_random_operations(20, BWM_REPL_LRU, 1, BWM_TAGS_SHARED, 0, 1);
    compare_under_random_operations(31, BWM_REPL_LRU, 1, BWM_TAGS_SHARED, 0, 2);
}

Test(tags, indexed_sets_find_what_the_scans_find_fifo)
{
    compare_under_random_operations(24, BWM_REPL_FIFO, 1, BWM_TAGS_SHARED, 0, 3);
}

Test(tags, indexed_sets_find_what_the_scans_find_with_a_write_ratio)
{
    compare_under_random_operations(30, BWM_REPL_LRU, 1, BWM_TAGS_SHARED, 25, 4);
    compare_under_random_operations(16, BWM_REPL_LRU, 2, BWM_TAGS_SHARED, 60, 5);
}

Test(tags, indexed_sets_find_what_the_scans_find_when_partitioned)
{
    compare_under_random_operations(28, BWM_REPL_LRU, 3, BWM_TAGS_PARTITIONED, 0, 6);
}

Test(tags, a_wide_set_is_indexed_and_evicts_its_least_recently_used_line)
{
    bwm_tags t;
    init_tags(&t, 2, 64, BWM_REPL_LRU, 1, BWM_TAGS_SHARED);
    cr_assert(t.wide != NULL, "64 ways are at least BWM_TAGS_WIDE_WAYS");
    /* set 0 holds the even lines 0, 2, ..., 126 (linear index, 2 sets) */
    for (uint64_t k = 0; k < 64; k++) {
        bwm_tag_line *v = bwm_tags_victim(&t, 2 * k * 128, 0);
        cr_assert_eq(line_no(&t, v), (long)k, "an empty set fills way %d first", (int)k);
        bwm_tags_install(&t, v, 2 * k * 128, 0, BWM_LINE_VALID);
    }
    /* use every line but way 37 again: way 37 is now the least recent */
    for (uint64_t k = 0; k < 64; k++)
        if (k != 37)
            bwm_tags_touch(&t, bwm_tags_lookup(&t, 2 * k * 128));
    cr_expect_eq(line_no(&t, bwm_tags_victim(&t, 200 * 128, 0)), 37L);
    /* a reserved line is never the victim: then way 0, used first after it */
    bwm_tags_set_state(&t, bwm_tags_lookup(&t, 37 * 2 * 128), BWM_LINE_RESERVED);
    cr_expect_eq(line_no(&t, bwm_tags_victim(&t, 200 * 128, 0)), 0L);
    /* a line invalidated in the middle is taken before any valid one */
    bwm_tags_set_state(&t, bwm_tags_lookup(&t, 50 * 2 * 128), BWM_LINE_INVALID);
    cr_expect_eq(line_no(&t, bwm_tags_victim(&t, 200 * 128, 0)), 50L);
    cr_expect(bwm_tags_lookup(&t, 50 * 2 * 128) == NULL, "an invalid line is forgotten by the index");
    cr_expect(bwm_tags_lookup(&t, 1 * 128) == NULL, "set 1 is empty");
    bwm_tags_free(&t);
}

Test(addr_index, agrees_with_a_list_under_random_puts_and_removals)
{
    enum { KEYS = 300, UNIVERSE = 1000, STEPS = 100000 };
    static uint64_t record[STEPS]; /* the owner's records: value v's key */
    bwm_addr_index ix;
    bwm_err err = {{0}};
    cr_assert_eq(bwm_addr_index_init(&ix, KEYS, record, sizeof *record, &err), BWM_OK, "%s", err.msg);
    cr_expect_eq(ix.mask + 1, 1024u, "the power of two at least twice the keys");
    int32_t held[UNIVERSE];
    int n = 0;
    for (int k = 0; k < UNIVERSE; k++)
        held[k] = -1;
    uint64_t s = 7;
    for (int step = 0; step < STEPS; step++) {
        int k = (int)(next_rand(&s) % UNIVERSE);
        uint64_t key = (uint64_t)k * 4096; /* multiples of a page: the hash must spread them */
        cr_assert_eq(bwm_addr_index_find(&ix, key), held[k], "step %d: key %d", step, k);
        if (held[k] >= 0) {
            bwm_addr_index_remove(&ix, key);
            record[held[k]] = UINT64_MAX; /* the owner may reuse a record once its key is out */
            held[k] = -1;
            n--;
        } else if (n < KEYS) {
            held[k] = step;
            record[step] = key;
            bwm_addr_index_put(&ix, key, step);
            n++;
        }
    }
    for (int k = 0; k < UNIVERSE; k++)
        cr_expect_eq(bwm_addr_index_find(&ix, (uint64_t)k * 4096), held[k]);
    bwm_addr_index_free(&ix);
}

/* The multiplicative inverse of odd x modulo 2^64 (Newton's iteration). */
static uint64_t inverse_of(uint64_t x)
{
    uint64_t y = x;
    for (int i = 0; i < 6; i++)
        y *= 2 - x * y;
    return y;
}

/* Keys whose 32-bit hashes agree (their products with the hash's multiplier
 * differ by less than 2^32 and share the upper half) are told apart by the
 * keys in the owner's records. */
Test(addr_index, keys_of_one_hash_are_told_apart)
{
    const uint64_t mul = UINT64_C(0x9E3779B97F4A7C15), inv = inverse_of(mul);
    cr_assert_eq(mul * inv, 1u);
    uint64_t record[8];
    for (int v = 0; v < 8; v++)
        record[v] = (((uint64_t)0x1234 << 32) + (uint64_t)v) * inv; /* products 0x1234_0000_000v */
    for (int v = 1; v < 8; v++)
        cr_assert_eq(bwm_addr_index_hash(record[v]), bwm_addr_index_hash(record[0]));
    bwm_addr_index ix;
    bwm_err err = {{0}};
    cr_assert_eq(bwm_addr_index_init(&ix, 8, record, sizeof *record, &err), BWM_OK, "%s", err.msg);
    for (int v = 0; v < 8; v += 2)
        bwm_addr_index_put(&ix, record[v], v);
    for (int v = 0; v < 8; v++)
        cr_expect_eq(bwm_addr_index_find(&ix, record[v]), v % 2 ? -1 : v, "key %d", v);
    bwm_addr_index_remove(&ix, record[2]);
    bwm_addr_index_remove(&ix, record[3]); /* absent: nothing */
    for (int v = 0; v < 8; v++)
        cr_expect_eq(bwm_addr_index_find(&ix, record[v]), v % 2 || v == 2 ? -1 : v, "key %d after removals", v);
    bwm_addr_index_free(&ix);
}

Test(addr_index, refuses_impossible_sizes)
{
    bwm_addr_index ix;
    uint64_t record[1] = {0};
    bwm_err err = {{0}};
    cr_expect_eq(bwm_addr_index_init(&ix, 0, record, sizeof *record, &err), BWM_EINPUT);
    cr_expect(strstr(err.msg, "1 to") != NULL, "%s", err.msg);
    cr_expect_eq(bwm_addr_index_init(&ix, BWM_ADDR_INDEX_MAX_KEYS + 1, record, sizeof *record, &err), BWM_EINPUT);
}

/* ---- set index ---- */

/* The set of random line addresses (all 64 bits random, and small ones)
 * by bwm_tags_set_of, against the definition. */
static void expect_sets_as_defined(const bwm_tags *t, const char *what)
{
    uint64_t s = 11;
    for (int k = 0; k < 20000; k++) {
        uint64_t a = (uint64_t)next_rand(&s) << 32 | next_rand(&s);
        if (k % 2)
            a &= (UINT64_C(1) << (k % 40 + 8)) - 1;
        a &= ~(uint64_t)(t->line_bytes - 1);
        cr_assert_eq(bwm_tags_set_of(t, a), bwm_tags_set_by_definition(t, a), "%s: line 0x%llx", what,
                     (unsigned long long)a);
    }
}

Test(set_index, every_function_gives_the_sets_of_its_definition)
{
    static const struct {
        bwm_cache_set_index fn;
        int sets;
    } kinds[] = {
        {BWM_SET_INDEX_LINEAR, 64},      {BWM_SET_INDEX_FERMI_HASH, 32}, {BWM_SET_INDEX_FERMI_HASH, 64},
        {BWM_SET_INDEX_IPOLY, 16},       {BWM_SET_INDEX_IPOLY, 32},      {BWM_SET_INDEX_IPOLY, 64},
        {BWM_SET_INDEX_BITWISE_XOR, 8},  {BWM_SET_INDEX_BITWISE_XOR, 1024},
    };
    /* a power-of-two channel count at dramid@8 (the partition address drops
     * bits), a mask with D bits, and six channels (a quotient: no row form) */
    static const struct {
        const char *spec;
        int channels;
        int linear;
    } maps[] = {
        {"dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS", 32, 1},
        {"00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBBCDD.DCCSSSSS", 8, 1},
        {"dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS", 6, 0},
    };
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        bwm_tags t;
        bwm_err err = {{0}};
        cr_assert_eq(bwm_tags_init(&t, kinds[k].sets, 4, 128, BWM_REPL_LRU, kinds[k].fn, 1, BWM_TAGS_SHARED, NULL,
                                   &err), BWM_OK, "%s", err.msg);
        cr_expect_eq(t.set_by_rows, kinds[k].fn != BWM_SET_INDEX_LINEAR, "function '%c'", (char)kinds[k].fn);
        expect_sets_as_defined(&t, "no map");
        for (size_t j = 0; j < sizeof maps / sizeof maps[0]; j++) {
            bwm_addrmap m;
            cr_assert_eq(bwm_addrmap_parse_mask(&m, maps[j].spec, maps[j].channels, 2, 16, 4, &err), BWM_OK, "%s",
                         err.msg);
            bwm_tags_index_by(&t, &m);
            cr_expect_eq(t.set_by_rows, maps[j].linear, "map %zu", j);
            expect_sets_as_defined(&t, maps[j].spec);
        }
        bwm_tags_free(&t);
    }
}
