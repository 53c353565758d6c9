/* sim_config.c — "bwmpki sim config": the GPU configuration as the simulator
 * understands it (SMs, warps, caches, crossbar, latencies, memory system with
 * peak bandwidth), with the ignored options. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/sim_cmds.h"
#include "cli/sim_load.h"
#include "cli/sim_opts.h"
#include "io/json.h"
#include "io/table.h"
#include "sim/config/gpu_config.h"
#include "sim/config/memsys_config.h"

/* Output as name/value rows: a two-column table, or one flat JSON object. */
typedef struct kv {
    int json;
    bwm_table t;
    bwm_json j;
} kv;

typedef enum kv_kind { KV_INT, KV_NUM, KV_STR, KV_BOOL } kv_kind;

/* One name/value row; the value is i, d or s according to kind. */
static void kv_put(kv *o, const char *name, kv_kind kind, long long i, double d, const char *s)
{
    if (o->json)
        bwm_json_key(&o->j, name);
    else
        bwm_table_str(&o->t, name);
    if (kind == KV_INT)
        o->json ? bwm_json_int(&o->j, i) : bwm_table_int(&o->t, i);
    else if (kind == KV_NUM)
        o->json ? bwm_json_num(&o->j, d) : bwm_table_num(&o->t, d);
    else if (kind == KV_BOOL)
        o->json ? bwm_json_bool(&o->j, (int)i) : bwm_table_bool(&o->t, (int)i);
    else
        o->json ? bwm_json_str(&o->j, s) : bwm_table_str(&o->t, s);
}

static void kv_int(kv *o, const char *name, long long v)
{
    kv_put(o, name, KV_INT, v, 0, NULL);
}

static void kv_num(kv *o, const char *name, double v)
{
    kv_put(o, name, KV_NUM, 0, v, NULL);
}

static void kv_bool(kv *o, const char *name, int v)
{
    kv_put(o, name, KV_BOOL, v != 0, 0, NULL);
}

static void kv_str(kv *o, const char *name, const char *v)
{
    kv_put(o, name, KV_STR, 0, 0, v);
}

static void kv_hex(kv *o, const char *name, uint64_t v)
{
    char s[24];
    snprintf(s, sizeof s, "0x%016" PRIx64, v);
    kv_str(o, name, s);
}

/* "8^13^17": the address bits of an XOR mask. */
static void kv_xor(kv *o, const char *prefix, int i, uint64_t mask)
{
    char name[16], bits[256];
    size_t n = 0;
    bits[0] = '\0';
    for (int b = 0; b < 64; b++)
        if (mask & ((uint64_t)1 << b))
            n += (size_t)snprintf(bits + n, sizeof bits - n, "%s%d", n ? "^" : "", b);
    snprintf(name, sizeof name, "%s%d", prefix, i);
    kv_str(o, name, bits);
}

typedef struct kv_row {
    const char *name;
    int v;
} kv_row;

/* Integer rows named PREFIXname. */
static void kv_rows(kv *o, const char *prefix, const kv_row *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char name[32];
        snprintf(name, sizeof name, "%s%s", prefix, rows[i].name);
        kv_int(o, name, rows[i].v);
    }
}

static void emit_timing(kv *o, const bwm_dram_timing *t)
{
    const kv_row rows[] = {
        {"CCD", t->CCD}, {"CCDL", t->CCDL}, {"RRD", t->RRD}, {"RCD", t->RCD},
        {"RAS", t->RAS}, {"RP", t->RP}, {"RC", t->RC}, {"CL", t->CL}, {"WL", t->WL},
        {"CDLR", t->CDLR}, {"WR", t->WR}, {"RTPL", t->RTPL}, {"RTW", t->RTW},
        {"REFI", t->REFI}, {"RFC", t->RFC},
    };
    kv_rows(o, "t", rows, sizeof rows / sizeof rows[0]);
}

static void emit_map(kv *o, const bwm_addrmap *m)
{
    kv_str(o, "addr_map", m->kind == BWM_ADDRMAP_XOR ? "xor" : "mask");
    kv_int(o, "dramid_at", m->dramid_at);
    kv_hex(o, "mask_channel", m->mask_chip);
    kv_hex(o, "mask_bank", m->mask_bank);
    kv_hex(o, "mask_row", m->mask_row);
    kv_hex(o, "mask_col", m->mask_col);
    kv_hex(o, "mask_burst", m->mask_burst);
    if (m->kind == BWM_ADDRMAP_XOR) {
        for (int i = 0; i < m->n_chan_bits; i++)
            kv_xor(o, "xor_ch", i, m->chan_xor[i]);
        for (int i = 0; i < m->n_bank_bits; i++)
            kv_xor(o, "xor_bk", i, m->bank_xor[i]);
    }
    for (int i = 0; i < m->n_set_bits; i++)
        kv_xor(o, "xor_l2_set", i, m->set_xor[i]);
}

/* One cache's geometry as PREFIXsets, PREFIXline_bytes, PREFIXways, PREFIXmshrs. */
static void emit_cache(kv *o, const char *prefix, const bwm_cache_config *c)
{
    const kv_row rows[] = {
        {"sets", c->sets}, {"line_bytes", c->line_bytes}, {"ways", c->ways}, {"mshrs", c->mshr_entries},
    };
    kv_rows(o, prefix, rows, sizeof rows / sizeof rows[0]);
}

/* An adaptive L1D: the unified memory, and the L1D an SM gets when its
 * application uses no shared memory and when it uses -gpgpu_shmem_size
 * (the l1d_ rows above are the cache string's; sim run uses these). */
static void emit_adaptive_l1d(kv *o, const bwm_gpu_config *g)
{
    int adaptive = g->adaptive_l1 && !g->l1d_none;
    kv_bool(o, "l1d_adaptive", adaptive);
    if (!adaptive)
        return;
    kv_int(o, "l1d_unified_kb", g->unified_l1d_kb);
    static const char *const names[2][2] = {{"l1d_ways_without_shmem", "l1d_kb_without_shmem"},
                                            {"l1d_ways_with_shmem", "l1d_kb_with_shmem"}};
    for (int uses = 0; uses < 2; uses++) {
        bwm_cache_config c;
        bwm_err err;
        if (bwm_gpu_l1d_for(g, uses, &c, &err) != BWM_OK)
            continue; /* the configuration was checked: both fit (gpu_read_caches.c) */
        kv_int(o, names[uses][0], c.ways);
        kv_num(o, names[uses][1], bwm_cache_config_bytes(&c) / 1024.0);
    }
}

/* An SM's execution units (sim/config/exec_config.h): unit counts, each
 * class's latency and initiation interval, the specialized units built,
 * issue, occupancy limits, shared memory and launch latencies. */
static void emit_exec(kv *o, const bwm_exec_config *x)
{
    const struct {
        const char *name;
        int units;
        bwm_lat_ii t;
    } pipes[] = {{"int", x->num_int_units, x->lat_int},
                 {"sp", x->num_sp_units, x->lat_sp},
                 {"dp", x->num_dp_units, x->lat_dp},
                 {"sfu", x->num_sfu_units, x->lat_sfu},
                 {"tensor", x->num_tensor_units, x->lat_tensor}};
    for (size_t i = 0; i < sizeof pipes / sizeof pipes[0]; i++) {
        char prefix[16];
        snprintf(prefix, sizeof prefix, "%s_", pipes[i].name);
        const kv_row rows[] = {
            {"units", pipes[i].units}, {"latency", pipes[i].t.latency}, {"initiation", pipes[i].t.initiation}};
        kv_rows(o, prefix, rows, sizeof rows / sizeof rows[0]);
    }
    kv_int(o, "spec_units", x->n_spec);
    for (int n = 1; n <= x->n_spec; n++) {
        const bwm_spec_unit *u = &x->spec[n - 1];
        char prefix[16], name[32];
        snprintf(prefix, sizeof prefix, "spec%d_", n);
        snprintf(name, sizeof name, "%sname", prefix);
        kv_str(o, name, u->name);
        const kv_row rows[] = {{"units", u->num_units},
                               {"max_latency", u->max_latency},
                               {"latency", x->lat_spec[n - 1].latency},
                               {"initiation", x->lat_spec[n - 1].initiation}};
        kv_rows(o, prefix, rows, sizeof rows / sizeof rows[0]);
    }
    kv_bool(o, "sub_core_model", x->sub_core_model);
    kv_int(o, "max_issue_per_warp", x->max_insn_issue_per_warp);
    kv_bool(o, "dual_issue_diff", x->dual_issue_diff_exec_units);
    kv_int(o, "registers_per_sm", x->shader_registers);
    kv_int(o, "registers_per_cta", x->registers_per_block);
    kv_int(o, "shmem_per_cta", x->shmem_per_block);
    kv_bool(o, "ignore_limits", x->ignore_resources_limitation);
    kv_int(o, "smem_latency", x->smem_latency);
    kv_int(o, "shmem_banks", x->shmem_num_banks);
    kv_bool(o, "shmem_bcast_limit", x->shmem_limited_broadcast);
    kv_int(o, "launch_latency", x->kernel_launch_latency);
    kv_int(o, "cta_launch_latency", x->tb_launch_latency);
    kv_bool(o, "flush_l1", x->flush_l1);
    kv_bool(o, "flush_l2", x->flush_l2);
    kv_bool(o, "concurrent_kernels", x->concurrent_kernel_sm);
    kv_int(o, "kernel_window", x->max_concurrent_kernel);
}

/* The SMs, their L1D, the crossbar and the L2 slices, with the latencies. */
static void emit_gpu(kv *o, const bwm_gpu_config *g)
{
    int slices = g->dram.n_channels * g->dram.n_sub_partitions;
    kv_int(o, "sms", g->n_sms);
    kv_int(o, "clusters", g->n_clusters);
    kv_int(o, "cores_per_cluster", g->cores_per_cluster);
    kv_str(o, "core_sim_order", g->core_order_rr ? "round-robin" : "fixed");
    kv_int(o, "threads_per_sm", g->max_threads_per_sm);
    kv_int(o, "warp_size", g->warp_size);
    kv_int(o, "warps_per_sm", g->max_warps_per_sm);
    kv_int(o, "warp_schedulers", g->n_warp_scheds);
    kv_str(o, "warp_scheduler", g->warp_sched->name);
    for (int k = 0; k < g->warp_sched->n_knobs; k++)
        kv_int(o, g->warp_sched->knobs[k].key, g->warp_knob[k]);
    kv_int(o, "ctas_per_sm", g->cta_limit);
    kv_str(o, "cta_dispatch", bwm_cta_policy_name(g->cta_dispatch));
    emit_exec(o, &g->exec);
    emit_cache(o, "l1d_", &g->l1d);
    kv_num(o, "l1d_kb", bwm_cache_config_bytes(&g->l1d) / 1024.0);
    emit_adaptive_l1d(o, g);
    kv_int(o, "l1_latency", g->l1_latency);
    kv_int(o, "l1_banks", g->l1_banks);
    kv_int(o, "l1_write_ratio", g->l1_write_ratio);
    kv_int(o, "coalesce_arch", g->coalesce_arch);
    kv_str(o, "sm_requests", bwm_gpu_sector_requests(g) ? "sector" : "line");
    kv_int(o, "warp_parts", g->warp_parts);
    kv_str(o, "icnt", g->icnt_local ? "local" : "booksim");
    kv_int(o, "flit_bytes", g->flit_bytes);
    kv_int(o, "icnt_in_buffer", g->icnt_in_buffer);
    kv_int(o, "icnt_out_buffer", g->icnt_out_buffer);
    kv_int(o, "icnt_latency", g->icnt_latency);
    kv_int(o, "ejection_buffer", g->ejection_buffer);
    kv_int(o, "l2_slices", slices);
    emit_cache(o, "l2_", &g->l2);
    kv_num(o, "l2_slice_kb", bwm_cache_config_bytes(&g->l2) / 1024.0);
    kv_num(o, "l2_kb", slices * (bwm_cache_config_bytes(&g->l2) / 1024.0));
    kv_str(o, "l2_sharing", g->l2_shared ? "shared" : "partitioned");
    kv_int(o, "l2_rop_latency", g->l2_rop_latency);
    kv_int(o, "dram_latency", g->dram_latency);
    kv_str(o, "vm", bwm_vm_policy_name(g->vm.policy));
    kv_int(o, "page_bytes", (long long)1 << g->vm.page_shift);
    kv_int(o, "large_page_bytes", g->vm.large_shift ? (long long)1 << g->vm.large_shift : 0);
    bwm_colors colors;
    bwm_err err;
    kv_int(o, "page_colors", bwm_colors_of_map(&g->dram.map, g->vm.page_shift, &colors, &err) == BWM_OK
                                 ? 1 << colors.color_bits : 0);
    const bwm_mmu_config *m = &g->mmu;
    kv_str(o, "mmu", bwm_mmu_design_name(m->design));
    const struct {
        const char *name;
        int v;
    } mmu[] = {{"l1_tlb_entries", m->l1_entries},
               {"l1_tlb_ways", m->l1_ways},
               {"l1_tlb_latency", m->l1_latency},
               {"l1_tlb_large", m->l1_large_entries},
               {"l2_tlb_entries", m->l2_entries},
               {"l2_tlb_ways", m->l2_ways},
               {"l2_tlb_latency", m->l2_latency},
               {"l2_tlb_ports", m->l2_ports},
               {"l2_tlb_large", m->l2_large_entries},
               {"l2_tlb_large_ways", m->l2_large_ways},
               {"pwc_bytes", m->pwc_bytes},
               {"pwc_ways", m->pwc_ways},
               {"pwc_latency", m->pwc_latency},
               {"walks", m->walks},
               {"walk_levels", m->levels}};
    for (size_t i = 0; i < sizeof mmu / sizeof mmu[0]; i++)
        kv_int(o, mmu[i].name, mmu[i].v);
}

/* The memory system: geometry, timings, clocks, peak, scheduler, mapping. */
static void emit_memsys(kv *o, const bwm_dram_config *c)
{
    kv_int(o, "channels", c->n_channels);
    kv_int(o, "sub_partitions", c->n_sub_partitions);
    kv_int(o, "chips_per_channel", c->chips_per_channel);
    kv_int(o, "bus_width_bytes", c->bus_width_bytes);
    kv_int(o, "burst_length", c->burst_length);
    kv_int(o, "data_command_ratio", c->data_command_ratio);
    kv_int(o, "burst_bytes", bwm_dram_burst_bytes(c));
    kv_int(o, "banks", c->n_banks);
    kv_int(o, "bank_groups", c->n_bank_groups);
    emit_timing(o, &c->t);
    kv_num(o, "core_mhz", c->core_mhz);
    kv_num(o, "icnt_mhz", c->icnt_mhz);
    kv_num(o, "l2_mhz", c->l2_mhz);
    kv_num(o, "dram_mhz", c->dram_mhz);
    kv_num(o, "peak", bwm_dram_peak_gbs(c));
    kv_int(o, "queue_size", c->queue_size);
    kv_str(o, "scheduler", c->scheduler == 1 ? "frfcfs" : "fcfs");
    kv_int(o, "partition_indexing", c->partition_indexing);
    kv_int(o, "bank_indexing", c->bank_indexing);
    kv_int(o, "bankgroup_indexing", c->bankgroup_indexing);
    emit_map(o, &c->map);
    const bwm_dram_power *p = &c->power;
    const struct {
        const char *name;
        double v;
    } power[] = {{"dram_idd0", p->idd0},   {"dram_idd2p", p->idd2p}, {"dram_idd2n", p->idd2n},
                 {"dram_idd3p", p->idd3p}, {"dram_idd3n", p->idd3n}, {"dram_idd4r", p->idd4r},
                 {"dram_idd4w", p->idd4w}, {"dram_idd5", p->idd5},   {"dram_vdd", p->vdd}};
    for (size_t i = 0; i < sizeof power / sizeof power[0]; i++)
        kv_num(o, power[i].name, power[i].v);
}

/* The text table's ignored names wrap at this many characters a row. */
#define IGNORED_WIDTH 72

/* The ignored options' names, blank-separated, as "ignored" rows: one row
 * (width 0: CSV's), or rows of at most width characters (a longer name
 * alone), the ones after the first with an empty setting, so that the text
 * table stays as wide as its other rows. */
static void ignored_rows(kv *o, const bwm_optlist *ign, size_t width)
{
    bwm_buf names;
    bwm_buf_init(&names);
    int rows = 0;
    for (size_t i = 0; i < ign->n; i++) {
        size_t len = strlen(bwm_buf_str(&names));
        if (width && len && len + 1 + strlen(ign->v[i].name) > width) {
            kv_str(o, rows++ ? "" : "ignored", bwm_buf_str(&names));
            bwm_buf_clear(&names);
            len = 0;
        }
        bwm_buf_printf(&names, "%s%s", len ? " " : "", ign->v[i].name);
    }
    if (!rows || strlen(bwm_buf_str(&names)))
        kv_str(o, rows ? "" : "ignored", bwm_buf_str(&names));
    if (!bwm_buf_ok(&names))
        o->t.failed = 1;
    bwm_buf_free(&names);
}

/* The whole configuration into out: a setting/value table (text, or CSV in
 * long form: one row per JSON key), or one flat JSON object; both list the
 * ignored options (CSV: blank-separated in one row; text: in rows of at
 * most IGNORED_WIDTH characters) and JSON carries the provenance. */
static void render(const char *path, const bwm_gpu_config *g, const bwm_optlist *ign, bwm_format format,
                   const bwm_provenance *prov, int csv_prov, bwm_buf *out)
{
    static const char *const cols[] = {"setting", "value"};
    kv o;
    o.json = format == BWM_FMT_JSON;
    if (o.json) {
        bwm_json_init(&o.j, out);
        bwm_json_obj_begin(&o.j);
    } else {
        bwm_table_init(&o.t, "GPU configuration", cols, 2);
    }
    kv_str(&o, "config", path);
    emit_gpu(&o, g);
    emit_memsys(&o, &g->dram);
    if (o.json) {
        bwm_json_key(&o.j, "ignored");
        bwm_json_arr_begin(&o.j);
        for (size_t i = 0; i < ign->n; i++)
            bwm_json_str(&o.j, ign->v[i].name);
        bwm_json_arr_end(&o.j);
        bwm_provenance_json(prov, &o.j);
        bwm_json_obj_end(&o.j);
    } else {
        ignored_rows(&o, ign, format == BWM_FMT_TABLE ? IGNORED_WIDTH : 0);
        if (format == BWM_FMT_CSV && csv_prov)
            bwm_provenance_comments(prov, out);
        bwm_table_render(&o.t, format, out);
        bwm_table_free(&o.t);
    }
}

int bwm_cmd_sim_config(int argc, char **argv)
{
    const char *o_config = NULL, *o_set = NULL;
    int o_verbose = 0, o_prov = 0;

    const bwm_opt opts[] = {
        {"config", "FILE", BWM_CONFIG_HELP, &o_config, NULL},
        {"set", "OPTIONS", "options in the file's syntax applied after it, e.g. \"-gpgpu_n_mem 8\"", &o_set, NULL},
        BWM_VERBOSE_OPT(o_verbose),
        BWM_PROVENANCE_OPT(o_prov),
    };

    const bwm_cmd cmd = {
        "bwmpki sim config",
        "Prints the GPU configuration as understood: SMs and warps, L1D, crossbar, L2 slices, latencies, "
        "memory geometry, timings, clocks, peak bandwidth, address mapping.",
        "Options the simulator does not model are listed in the output; those that may change results\n"
        "(not of the compute pipeline, instructions, textures, power or statistics, which the applications'\n"
        "profiles stand for, nor options that cannot act in a run) are also named on stderr, every one with\n"
        "--verbose. A timing option at a value the simulator does not reproduce is refused, naming it.\n"
        "CSV: setting,value, one row per key of the JSON object (ignored: the names, blank-separated; the\n"
        "text table wraps them into rows of at most 72 characters).\n"
        "Example: bwmpki sim config --config data/configs/memsys15.config --format json",
        opts, sizeof opts / sizeof opts[0],
    };
    bwm_common common;
    bwm_err err;
    int st = bwm_opts_parse(&cmd, argc, argv, &common, &err);
    if (st < 0)
        return 0;
    bwm_sim_configs files;
    if (st == BWM_OK)
        st = bwm_sim_configs_gather(&cmd, argc, argv, NULL, &files, &err);
    if (st != BWM_OK)
        return bwm_cli_report(&cmd, st, &err);
    bwm_gpu_config cfg;
    bwm_optlist ign;
    st = bwm_sim_load_gpu(&cmd, &files, o_set, o_verbose, &cfg, &ign, &err);
    if (st != BWM_OK)
        return bwm_cli_report(&cmd, st, &err);

    bwm_provenance prov;
    bwm_provenance_init(&prov, cmd.path, argc, argv);
    st = bwm_provenance_configs(&prov, files.path, files.n, o_set, NULL, NULL, &err);
    if (st != BWM_OK) {
        bwm_optlist_free(&ign);
        return bwm_cli_report(&cmd, st, &err);
    }
    bwm_buf out, label;
    bwm_buf_init(&out);
    bwm_buf_init(&label);
    bwm_sim_configs_label(&files, &label);
    render(bwm_buf_str(&label), &cfg, &ign, common.format, &prov, o_prov, &out);
    st = bwm_buf_ok(&label) ? bwm_cli_emit(&cmd, &common, &out)
                            : bwm_cli_report(&cmd, bwm_fail(&err, BWM_EFAIL, "out of memory"), &err);
    bwm_buf_free(&label);
    bwm_buf_free(&out);
    bwm_optlist_free(&ign);
    return st;
}
