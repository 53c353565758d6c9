/* hash_presets.c — reverse-engineered GPU address hashes (see
 * hash_presets.h).
 *
 * The bit lists are those the authors of paper 003 published with their
 * code: sakjain92/Fractional-GPUs, doc/REVERSE.md at commit 41c24af
 * ("Physical Address to DRAM Bank Index / Cache Set Index / Memory Module
 * Index Mapping function"), bbit0.., cbit0.., mbit0.. in order.  GTX 1080's
 * are those of the GTX 1070 there ("exactly same"); its module rows are its
 * bank and set rows 0-2.  V100's set hash (1024 sets of an associativity the
 * authors did not confirm) fits no L2 geometry we know, so the v100 preset
 * gives channels and banks only. */
#include "sim/dram/hash_presets.h"

#include <stdio.h>
#include <string.h>

#include "util/num.h"

static const bwm_hash_preset presets[] = {
    {"gtx1080", "GeForce GTX 1080 (and 1070), Pascal: 8 modules, 128 banks, 1024 L2 sets",
     /* mbit0..2 */
     "10^12^16^20^23^26^29^30;11^12^13^15^17^20^21^23^25^26^30;12^13^18^19^22^25^26^27^30^31",
     /* bbit0..6 */
     "10^12^16^20^23^26^29^30;11^12^13^15^17^20^21^23^25^26^30;12^13^18^19^22^25^26^27^30^31;"
     "13^15^20^24^26^29^32;15^16^21^22^23^25^26^28^29;16^19^23^27^30;17^20^22^23^24^27^28^29^31",
     /* cbit0..9 */
     "10^12^16^20^23^26^29^30;11^12^13^15^17^20^21^23^25^26^30;12^13^18^19^22^25^26^27^30^31;"
     "7^8^16^17^23^26^31;8^10^12^16^17^21^24^25^26^27;9^10^18^25^29^30^31;13^14^20^23^28^29^30;"
     "14^15^17^20^21^23^24^28^31;15^16^19^20^23^24^25^26^28^29^30^32;16^17^18^19^21^22^23^25^27^28^30"},
    {"v100", "Tesla V100-SXM2-16GB, Volta: 32 modules, 512 banks",
     /* mbit0..4 */
     "10^13^17^19^24^25^26^29^30^32^33;11^13^15^23^24^26^27^29^30^31;12^15^16^18^20^21^23^26^28^29^30;"
     "13^19^20^22^25^27^28^29;15^18^22^23^26^29^30^31^32^33",
     /* bbit0..8 */
     "10^11^20^23^25^28^30^33;11^12^16^20^25^26^29^30^32^33;12^16^17^19^23^25^26^27^31;"
     "13^24^26^27^28^30^31^33;15^17^19^20^27^28^30^31^32;16^19^20^23^27^29^31^33;"
     "17^18^23^24^25^27^28^30^31;18^21^25^29^32;19^20^22^24^25^26^29^30^31^33",
     NULL},
};
#define N_PRESETS (sizeof presets / sizeof presets[0])

const bwm_hash_preset *bwm_hash_preset_find(const char *name)
{
    for (size_t i = 0; i < N_PRESETS; i++)
        if (strcmp(presets[i].name, name) == 0)
            return &presets[i];
    return NULL;
}

const char *bwm_hash_preset_names(void)
{
    return "gtx1080, v100";
}

/* Rows "a^b;c^d;..." into rows (at most BWM_ADDRMAP_MAX_XOR_BITS); the count. */
static int parse_rows(const char *text, uint64_t *rows)
{
    char buf[1024], *row[BWM_ADDRMAP_MAX_XOR_BITS];
    int n = bwm_split(text, ';', buf, sizeof buf, row, BWM_ADDRMAP_MAX_XOR_BITS);
    for (int i = 0; i < n; i++) {
        bwm_err err;
        if (bwm_xor_row_parse(row[i], &rows[i], &err) != BWM_OK)
            return -1; /* the tables above are checked by the tests */
    }
    return n;
}

/* A basis over GF(2) kept by leading bit: basis[b] has b as its highest
 * bit, or is 0. */
typedef struct gf2_basis {
    uint64_t by_lead[64];
} gf2_basis;

/* Adds v to the basis; 1 when it was independent of what the basis held. */
static int basis_add(gf2_basis *b, uint64_t v)
{
    for (int bit = 63; bit >= 0 && v; bit--) {
        if (!(v >> bit & 1))
            continue;
        if (!b->by_lead[bit]) {
            b->by_lead[bit] = v;
            return 1;
        }
        v ^= b->by_lead[bit];
    }
    return 0;
}

/* Takes from candidates, in order, `want` rows independent of the basis and
 * of each other (adding them to it) into out; how many it found. */
static int complete(gf2_basis *b, const uint64_t *candidates, int n, int want, uint64_t *out)
{
    int got = 0;
    for (int i = 0; i < n && got < want; i++)
        if (basis_add(b, candidates[i]))
            out[got++] = candidates[i];
    return got;
}

static int log2_exact(int v)
{
    int k = 0;
    while ((1 << k) < v)
        k++;
    return (1 << k) == v ? k : -1;
}

/* The module rows in a basis, checked against the channel count: their
 * count, or -1 (err set). */
static int module_basis(const bwm_hash_preset *p, const bwm_addrmap *map, uint64_t *module, gf2_basis *b,
                        bwm_err *err)
{
    int d = parse_rows(p->module, module);
    memset(b, 0, sizeof *b);
    if (log2_exact(map->n_channels) != d) {
        bwm_fail(err, BWM_EINPUT, "%s has %d memory modules, one per channel (-gpgpu_n_mem %d); the configuration "
                 "has %d channels", p->name, 1 << d, 1 << d, map->n_channels);
        return -1;
    }
    for (int i = 0; i < d; i++)
        basis_add(b, module[i]);
    return d;
}

int bwm_hash_preset_apply(const bwm_hash_preset *p, bwm_addrmap *map, bwm_err *err)
{
    uint64_t module[BWM_ADDRMAP_MAX_XOR_BITS], bank[BWM_ADDRMAP_MAX_XOR_BITS];
    gf2_basis b;
    int d = module_basis(p, map, module, &b, err);
    if (d < 0)
        return BWM_EINPUT;
    int nb = parse_rows(p->bank, bank), want = log2_exact(map->n_banks);
    int got = complete(&b, bank, nb, want, map->bank_xor);
    if (want < 0 || got < want)
        return bwm_fail(err, BWM_EINPUT, "%s's bank hash indexes %d banks per module; the configuration has %d "
                        "(nbk of -gpgpu_dram_timing_opt)", p->name, 1 << got, map->n_banks);
    if ((1 << got) < map->n_sub_partitions)
        return bwm_fail(err, BWM_EINPUT, "%d sub-partitions per channel need %d bank bits to pick them",
                        map->n_sub_partitions, log2_exact(map->n_sub_partitions));
    memcpy(map->chan_xor, module, (size_t)d * sizeof *module);
    map->kind = BWM_ADDRMAP_XOR;
    map->n_chan_bits = d;
    map->n_bank_bits = want;
    return BWM_OK;
}

int bwm_hash_preset_set_rows(const bwm_hash_preset *p, bwm_addrmap *map, int sets_log2, bwm_err *err)
{
    if (!p->set)
        return bwm_fail(err, BWM_EINPUT, "%s gives no L2 set hash (its slices' geometry is not known); give the "
                        "sets with -bwm_l2_set_xor or leave the cache string's index", p->name);
    uint64_t module[BWM_ADDRMAP_MAX_XOR_BITS], set[BWM_ADDRMAP_MAX_XOR_BITS];
    gf2_basis b;
    if (module_basis(p, map, module, &b, err) < 0)
        return BWM_EINPUT;
    for (int i = 0; i < log2_exact(map->n_sub_partitions); i++) /* the bank bits that pick the slice */
        basis_add(&b, map->bank_xor[i]);
    int ns = parse_rows(p->set, set);
    int got = complete(&b, set, ns, sets_log2, map->set_xor);
    if (got < sets_log2)
        return bwm_fail(err, BWM_EINPUT, "%s's set hash indexes %d sets per L2 slice; the configuration has %d",
                        p->name, 1 << got, 1 << sets_log2);
    map->n_set_bits = sets_log2;
    return BWM_OK;
}
