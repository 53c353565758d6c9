/* sim_trace_info.c — "bwmpki sim trace-info": what an Accel-Sim trace
 * holds, kernel by kernel: its header and counts read through the trace
 * (sim/sass). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/opts.h"
#include "cli/sim_cmds.h"
#include "cli/sim_opts.h"
#include "io/json.h"
#include "io/provenance.h"
#include "io/table.h"
#include "sim/sass/list.h"
#include "sim/sass/summary.h"

static const bwm_sass_space shown[] = {BWM_SASS_GLOBAL,   BWM_SASS_LOCAL,   BWM_SASS_SHARED,
                                       BWM_SASS_CONSTANT, BWM_SASS_TEXTURE, BWM_SASS_ATOMIC};

/* One output: a kernel,key,value table or a JSON object. */
typedef struct out {
    int json;
    bwm_table t;
    bwm_json j;
    long kernel; /* for the table's rows; 0: the trace's own rows */
} out;

static void key(out *o, const char *k)
{
    if (o->json) {
        bwm_json_key(&o->j, k);
        return;
    }
    if (o->kernel)
        bwm_table_int(&o->t, o->kernel);
    else
        bwm_table_null(&o->t);
    bwm_table_str(&o->t, k);
}

static void put_int(out *o, const char *k, uint64_t v)
{
    key(o, k);
    if (o->json)
        bwm_json_int(&o->j, (long long)v);
    else
        bwm_table_int(&o->t, (long long)v);
}

static void put_str(out *o, const char *k, const char *v)
{
    key(o, k);
    if (o->json)
        bwm_json_str(&o->j, v);
    else
        bwm_table_str(&o->t, v);
}

static void put_dim(out *o, const char *k, const uint32_t d[3])
{
    char s[64];
    snprintf(s, sizeof s, "(%u,%u,%u)", d[0], d[1], d[2]);
    put_str(o, k, s);
}

static void put_hex(out *o, const char *k, uint64_t v)
{
    char s[32];
    snprintf(s, sizeof s, "0x%016" PRIx64, v);
    put_str(o, k, s);
}

static void kernel_fields(out *o, const char *file, const bwm_sass_summary *s)
{
    const bwm_sass_header *h = &s->h;
    put_str(o, "file", file);
    put_str(o, "kernel_name", h->kernel_name);
    put_int(o, "kernel_id", h->kernel_id);
    put_dim(o, "grid_dim", h->grid);
    put_dim(o, "block_dim", h->block);
    put_int(o, "shmem", h->shmem);
    put_int(o, "nregs", h->nregs);
    put_int(o, "binary_version", h->binary_version);
    put_int(o, "cuda_stream_id", h->cuda_stream_id);
    put_hex(o, "shmem_base_addr", h->shmem_base);
    put_hex(o, "local_mem_base_addr", h->local_base);
    put_str(o, "nvbit_version", h->nvbit_version);
    put_int(o, "tracer_version", (uint64_t)h->tracer_version);
    put_int(o, "enable_lineinfo", (uint64_t)h->lineinfo);
    put_int(o, "blocks", s->blocks);
    put_int(o, "warps", s->warps);
    put_int(o, "warp_insts", s->warp_insts);
    put_int(o, "thread_insts", s->thread_insts);
    put_int(o, "mem_insts", s->mem_insts);
    put_int(o, "addresses", s->addresses);
    for (size_t i = 0; i < sizeof shown / sizeof shown[0]; i++)
        put_int(o, bwm_sass_space_name(shown[i]), s->space[shown[i]]);
    if (o->json) {
        bwm_json_key(&o->j, "opcodes");
        bwm_json_arr_begin(&o->j);
    }
    for (size_t i = 0; i < s->n_ops; i++) {
        if (o->json) {
            bwm_json_obj_begin(&o->j);
            bwm_json_kv_str(&o->j, "opcode", s->ops[i].text);
            bwm_json_kv_int(&o->j, "warp_insts", (long long)s->ops[i].warp_insts);
            bwm_json_kv_int(&o->j, "thread_insts", (long long)s->ops[i].thread_insts);
            bwm_json_obj_end(&o->j);
        } else {
            char k[BWM_SASS_OPCODE_MAX + 8];
            snprintf(k, sizeof k, "op %s", s->ops[i].text);
            put_int(o, k, s->ops[i].warp_insts);
        }
    }
    if (o->json)
        bwm_json_arr_end(&o->j);
}

/* Reads every kernel of the list and renders the lot into buf. */
static int render(const bwm_sass_list *l, bwm_format fmt, const bwm_provenance *prov, int csv_prov, bwm_buf *buf,
                  bwm_err *err)
{
    static const char *const cols[] = {"kernel", "key", "value"};
    out o = {fmt == BWM_FMT_JSON, {0}, {0}, 0};
    char title[300];
    snprintf(title, sizeof title, "Accel-Sim trace %s: %zu kernel%s, %zu MemcpyHtoD", l->path, l->n_kernels,
             l->n_kernels == 1 ? "" : "s", l->n_memcpy);
    if (o.json) {
        bwm_json_init(&o.j, buf);
        bwm_json_obj_begin(&o.j);
        bwm_json_kv_str(&o.j, "trace", l->path);
        bwm_json_key(&o.j, "memcpy");
        bwm_json_arr_begin(&o.j);
    } else {
        bwm_table_init(&o.t, title, cols, 3);
    }
    for (size_t i = 0; i < l->n; i++) {
        const bwm_sass_cmd *c = &l->cmds[i];
        if (c->kind != BWM_SASS_MEMCPY)
            continue;
        char v[64];
        snprintf(v, sizeof v, "0x%016" PRIx64 ",%" PRIu64, c->addr, c->bytes);
        if (o.json) {
            bwm_json_obj_begin(&o.j);
            put_hex(&o, "addr", c->addr);
            put_int(&o, "bytes", c->bytes);
            bwm_json_obj_end(&o.j);
        } else {
            put_str(&o, "memcpy_htod", v);
        }
    }
    if (o.json) {
        bwm_json_arr_end(&o.j);
        bwm_json_key(&o.j, "kernels");
        bwm_json_arr_begin(&o.j);
    }
    int st = BWM_OK;
    for (size_t i = 0; i < l->n && st == BWM_OK; i++) {
        if (l->cmds[i].kind != BWM_SASS_KERNEL)
            continue;
        bwm_sass_summary s;
        if ((st = bwm_sass_summarize(l->cmds[i].path, &s, err)) != BWM_OK)
            break;
        o.kernel++;
        uint64_t grid = bwm_sass_grid_blocks(&s.h);
        if (s.blocks < grid) /* a warning: sim run runs such a kernel with the blocks listed */
            fprintf(stderr, "bwmpki sim trace-info: %s lists %" PRIu64 " thread blocks of its grid's %" PRIu64 "\n",
                    l->cmds[i].path, s.blocks, grid);
        if (o.json)
            bwm_json_obj_begin(&o.j);
        kernel_fields(&o, l->cmds[i].path, &s);
        if (o.json)
            bwm_json_obj_end(&o.j);
        bwm_sass_summary_free(&s);
    }
    if (o.json) {
        bwm_json_arr_end(&o.j);
        bwm_provenance_json(prov, &o.j);
        bwm_json_obj_end(&o.j);
        bwm_buf_puts(buf, "\n");
        return st;
    }
    if (st == BWM_OK) {
        if (fmt == BWM_FMT_CSV && csv_prov)
            bwm_provenance_comments(prov, buf);
        bwm_table_render(&o.t, fmt, buf);
    }
    bwm_table_free(&o.t);
    return st;
}

int bwm_cmd_sim_trace_info(int argc, char **argv)
{
    const char *o_trace = NULL;
    int o_prov = 0;
    const bwm_opt opts[] = {
        {"trace", "PATH", "an Accel-Sim trace: a folder holding kernelslist.g, a kernelslist.g, or one "
         "kernel-N.traceg[.xz] (required)", &o_trace, NULL},
        BWM_PROVENANCE_OPT(o_prov),
    };
    const bwm_cmd cmd = {
        "bwmpki sim trace-info",
        "Prints what an Accel-Sim SASS trace holds: its MemcpyHtoD copies, and per kernel its header and "
        "counts (blocks, warps, warp and thread instructions, memory instructions by space, opcodes).",
        "Each kernel trace is read through, plain or xz-compressed (a kernel the list names as NAME is read\n"
        "from NAME.xz when only that exists). thread_insts counts the active lanes of every warp instruction\n"
        "(GPGPU-Sim's gpu_sim_insn); mem_insts the warp instructions with addresses, addresses their active\n"
        "lanes; global/local/shared/constant/texture/atomic the warp instructions of each space by opcode\n"
        "(docs/traces.md); \"op NAME\" each opcode's warp instructions. Table and CSV: kernel,key,value rows.\n"
        "Example: bwmpki sim trace-info --trace tests/fixtures/traces/vectoradd --format json",
        opts, sizeof opts / sizeof opts[0],
    };
    bwm_common common;
    bwm_err err;
    int st = bwm_opts_parse(&cmd, argc, argv, &common, &err);
    if (st < 0)
        return 0;
    if (st == BWM_OK && !o_trace)
        st = bwm_fail(&err, BWM_EINPUT, "option --trace is required");
    bwm_sass_list l;
    if (st == BWM_OK)
        st = bwm_sass_list_load(&l, o_trace, &err);
    if (st != BWM_OK)
        return bwm_cli_report(&cmd, st, &err);
    bwm_provenance prov;
    bwm_provenance_init(&prov, cmd.path, argc, argv);
    bwm_buf out;
    bwm_buf_init(&out);
    st = render(&l, common.format, &prov, o_prov, &out, &err);
    bwm_sass_list_free(&l);
    st = st == BWM_OK ? bwm_cli_emit(&cmd, &common, &out) : bwm_cli_report(&cmd, st, &err);
    bwm_buf_free(&out);
    return st;
}
