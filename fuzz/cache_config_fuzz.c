/* cache_config_fuzz.c — libFuzzer harness: GPGPU-Sim cache strings
 * (sim/cache/cache_config, -gpgpu_cache:dl1 and the like).
 *
 * The input is one cache string.  A string that parses must give a
 * configuration inside the ranges the parser documents. */
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz_support.h"
#include "sim/cache/cache_config.h"

static int is_pow2(long v)
{
    return v > 0 && (v & (v - 1)) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = bwm_fuzz_text(data, size);
    bwm_cache_config c;
    bwm_err err;
    if (bwm_cache_config_parse(&c, s, &err) == BWM_OK) {
        bwm_fuzz_require(is_pow2(c.sets) && c.sets <= 1 << 20, "sets");
        bwm_fuzz_require(is_pow2(c.line_bytes) && c.line_bytes >= 4 && c.line_bytes <= 1 << 16, "line size");
        bwm_fuzz_require(c.ways >= 1 && c.ways <= 4096, "ways");
        bwm_fuzz_require(strchr("NS", c.kind) && strchr("LF", c.repl) && strchr("RBTEL", c.write) &&
                             strchr("mfs", c.alloc) && strchr("NWFL", c.write_alloc) &&
                             strchr("HLPXC", c.set_index) && strchr("ASFT", c.mshr_kind),
                         "policy letters");
        bwm_fuzz_require(c.mshr_entries >= 1 && c.mshr_max_merge >= 1 && c.miss_queue >= 1 &&
                             c.result_fifo >= 0 && c.data_port_width >= 0,
                         "queue sizes");
        bwm_fuzz_require(bwm_cache_config_bytes(&c) == (long)c.sets * c.ways * c.line_bytes, "capacity");
    }
    free(s);
    return 0;
}
