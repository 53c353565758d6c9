/* optfile_fuzz.c — libFuzzer harness: GPGPU-Sim option files (sim/config).
 *
 * The input is an option file.  It is parsed into an option set on its own,
 * and again as overrides of the shipped data/configs/memsys15.config (the
 * way --set reaches the parser).  A set that parses must parse the same
 * when written out again (every value quoted, one option a line); it is
 * turned into the whole GPU's configuration (cores, caches, crossbar, the
 * memory system with its timing and address mapping strings), whose
 * invariants are checked, its unused options are listed and checked for
 * misspellings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz_support.h"
#include "sim/config/gpu_read.h"
#include "sim/config/option_typos.h"
#include "sim/config/optset.h"
#include "util/buf.h"

static int is_pow2(int x)
{
    return x > 0 && (x & (x - 1)) == 0;
}

static void check_config(const bwm_gpu_config *c, const uint8_t *data, size_t size)
{
    bwm_fuzz_require(c->n_sms == c->n_clusters * c->cores_per_cluster && c->n_sms > 0, "SM count");
    bwm_fuzz_require(c->warp_size == BWM_WARP_SIZE && c->max_warps_per_sm >= 1 &&
                         c->max_warps_per_sm <= BWM_MAX_WARPS_PER_SM,
                     "warps per SM");
    bwm_fuzz_require(c->n_warp_scheds >= 1 && c->n_warp_scheds <= c->max_warps_per_sm, "warp schedulers");
    bwm_fuzz_require(c->l1d.line_bytes == BWM_GPU_LINE_BYTES && c->l2.line_bytes == BWM_GPU_LINE_BYTES,
                     "cache line size");
    bwm_fuzz_require(bwm_gpu_packet_flits(c, BWM_ICNT_MAX_PACKET_BYTES) <= c->icnt_in_buffer &&
                         bwm_gpu_packet_flits(c, BWM_ICNT_MAX_PACKET_BYTES) <= c->icnt_out_buffer,
                     "crossbar buffers hold the largest packet");
    const bwm_dram_config *d = &c->dram;
    bwm_fuzz_require(is_pow2(d->n_banks) && is_pow2(d->n_bank_groups) && d->n_banks % d->n_bank_groups == 0,
                     "banks and bank groups");
    bwm_fuzz_require(d->t.RTW > 0 && d->burst_length % d->data_command_ratio == 0, "DRAM timing");
    bwm_fuzz_require(d->core_mhz > 0 && d->icnt_mhz > 0 && d->l2_mhz > 0 && d->dram_mhz > 0, "clocks");
    bwm_fuzz_check_map(&d->map, data, size);
}

/* Builds the GPU configuration of a parsed set and lists what it ignored. */
static void take_all(bwm_optset *s, const uint8_t *data, size_t size)
{
    bwm_gpu_config cfg;
    bwm_err err;
    if (bwm_gpu_config_from_opts(s, &cfg, &err) != BWM_OK)
        return;
    check_config(&cfg, data, size);
    bwm_optlist ign;
    bwm_fuzz_require(bwm_optset_unused(s, &ign, &err) == BWM_OK, "listing unused options failed");
    for (size_t i = 0; i < ign.n; i++)
        bwm_fuzz_require(ign.v[i].name[0] == '-' && !bwm_optset_find(s, ign.v[i].name)->used,
                         "an unused option is not an unused option of the set");
    bwm_optlist_free(&ign);
    int st = bwm_option_typos(s, &err);
    bwm_fuzz_require(st == BWM_OK || (st == BWM_EINPUT && strstr(err.msg, "; did you mean -")),
                     "a misspelt option is refused naming the option meant");
}

/* Writes s out as an option file and checks that it parses to the same
 * options (a value never holds '"', so quoting any value is safe). */
static void same_when_written(const bwm_optset *s)
{
    bwm_buf text;
    bwm_buf_init(&text);
    for (size_t i = 0; i < s->n; i++)
        bwm_buf_printf(&text, "%s \"%s\"\n", s->v[i].name, s->v[i].value);
    bwm_fuzz_require(bwm_buf_ok(&text), "writing the options failed");
    bwm_optset again;
    bwm_err err;
    bwm_optset_init(&again);
    bwm_fuzz_require(bwm_optset_parse(&again, "written", bwm_buf_str(&text), text.len, &err) == BWM_OK,
                     "written options do not parse");
    bwm_fuzz_require(again.n == s->n, "written options parse to another count");
    for (size_t i = 0; i < s->n; i++)
        bwm_fuzz_require(strcmp(again.v[i].name, s->v[i].name) == 0 && strcmp(again.v[i].value, s->v[i].value) == 0,
                         "a written option parses differently");
    bwm_optset_free(&again);
    bwm_buf_free(&text);
}

static char *shipped;
static size_t shipped_len;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char path[4096];
    FILE *f = fopen(bwm_fuzz_data_path("configs/memsys15.config", path, sizeof path), "rb");
    bwm_fuzz_require(f != NULL, "cannot open the shipped configuration");
    shipped = malloc(1 << 16);
    bwm_fuzz_require(shipped != NULL, "out of memory");
    shipped_len = fread(shipped, 1, 1 << 16, f);
    fclose(f);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bwm_optset s;
    bwm_err err;
    bwm_optset_init(&s);
    if (bwm_optset_parse(&s, "fuzz.config", (const char *)data, size, &err) == BWM_OK) {
        for (size_t i = 0; i < s.n; i++)
            bwm_fuzz_require(s.v[i].name[0] == '-' && s.v[i].value[0] != '\0' && s.v[i].line >= 1,
                             "option entry");
        same_when_written(&s);
        take_all(&s, data, size);
    }
    bwm_optset_free(&s);

    char *text = bwm_fuzz_text(data, size);
    bwm_optset_init(&s);
    bwm_fuzz_require(bwm_optset_parse(&s, "memsys15.config", shipped, shipped_len, &err) == BWM_OK,
                     "the shipped configuration does not parse");
    if (bwm_optset_parse(&s, "--set", text, strlen(text), &err) == BWM_OK)
        take_all(&s, data, size);
    bwm_optset_free(&s);
    free(text);
    return 0;
}
