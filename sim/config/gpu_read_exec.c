/* gpu_read_exec.c — an SM's execution units, occupancy limits and launch
 * latencies into bwm_gpu_config.exec (see gpu_read_exec.h): GPGPU-Sim's
 * options (gpu-sim.cc, shader_core_config) and Accel-Sim's trace options
 * (trace_driven.cc, trace_config), with their defaults
 * (bwm_exec_config_defaults). */
#include "sim/config/gpu_read_exec.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sim/config/optval.h"
#include "util/num.h"

#define MAX_CYCLES 1000000   /* a latency or initiation interval */
#define MAX_UNITS 1024       /* units of one kind per SM */

/* -trace_opcode_latency_initiation_NAME "<latency>,<initiation>": GPGPU-Sim
 * starts an instruction at pipeline stage latency - initiation, so
 * 1 <= initiation <= latency. */
static int lat_ii(bwm_optset *s, const char *name, bwm_lat_ii def, bwm_lat_ii *out, bwm_err *err)
{
    char text[32];
    snprintf(text, sizeof text, "%d,%d", def.latency, def.initiation);
    int v[2], n;
    int st = bwm_optval_ints(s, name, text, ',', 2, 2, 1, MAX_CYCLES, v, &n, err);
    if (st != BWM_OK)
        return st;
    if (v[1] > v[0])
        return bwm_optval_fail_at(bwm_optset_find(s, name), name, err,
                                  "initiation interval %d exceeds latency %d: GPGPU-Sim starts an instruction at "
                                  "pipeline stage latency - initiation",
                                  v[1], v[0]);
    *out = (bwm_lat_ii){v[0], v[1]};
    return BWM_OK;
}

/* The integer of field text in lo..hi, or a failure naming what it is. */
static int spec_field(const bwm_optent *e, const char *name, const char *text, const char *what, int lo, int hi,
                      int *out, bwm_err *err)
{
    int64_t v;
    char why[BWM_ERR_MAX];
    if (bwm_parse_i64_in(text, lo, hi, &v, why, sizeof why))
        return bwm_optval_fail_at(e, name, err, "%s: %s", what, why);
    *out = (int)v;
    return BWM_OK;
}

/* -specialized_unit_N "<enabled>,<num_units>,<max_latency>,<ID_OC_SPEC>,<OC_EX_SPEC>,<NAME>". */
static int spec_unit(bwm_optset *s, int n, bwm_spec_unit *u, bwm_err *err)
{
    char name[32];
    snprintf(name, sizeof name, "-specialized_unit_%d", n);
    const char *text;
    const bwm_optent *e;
    bwm_optval_str(s, name, "0,4,4,4,4,BRA", &text, &e);
    char buf[256];
    char *f[6];
    if (bwm_split(text, ',', buf, sizeof buf, f, 6) != 6)
        return bwm_optval_fail_at(e, name, err,
                                  "'%s' is not <enabled>,<num_units>,<max_latency>,<ID_OC_SPEC>,<OC_EX_SPEC>,<NAME>",
                                  text);
    static const char *const what[] = {"enabled", "num_units", "max_latency", "ID_OC_SPEC", "OC_EX_SPEC"};
    static const int lo[] = {0, 0, 1, 1, 1}, hi[] = {1, MAX_UNITS, MAX_CYCLES, 64, 64};
    int v[5];
    for (int i = 0; i < 5; i++) {
        int st = spec_field(e, name, f[i], what[i], lo[i], hi[i], &v[i], err);
        if (st != BWM_OK)
            return st;
    }
    size_t len = strlen(f[5]);
    if (len == 0 || len >= BWM_SPEC_NAME_MAX || strpbrk(f[5], " \t\n"))
        return bwm_optval_fail_at(e, name, err, "unit name '%s': 1 to %d characters without blanks", f[5],
                                  BWM_SPEC_NAME_MAX - 1);
    if (v[0] && v[1] == 0)
        return bwm_optval_fail_at(e, name, err, "an enabled unit with 0 units never issues (GPGPU-Sim's warp "
                                  "waits forever)");
    *u = (bwm_spec_unit){v[0], v[1], v[2], v[3], v[4], ""};
    memcpy(u->name, f[5], len + 1);
    return BWM_OK;
}

/* The specialized units and their latencies: units 1..n_spec enabled with no
 * gap (GPGPU-Sim stops at the first disabled one and would ignore a later
 * enabled one without a word: refused here), and each enabled unit deep
 * enough for its instructions' start stage. */
static int spec_units(bwm_optset *s, bwm_exec_config *x, bwm_err *err)
{
    x->n_spec = 0;
    int gap = 0;
    for (int n = 1; n <= BWM_SPEC_UNITS; n++) {
        char lname[64];
        snprintf(lname, sizeof lname, "-trace_opcode_latency_initiation_spec_op_%d", n);
        int st = spec_unit(s, n, &x->spec[n - 1], err);
        if (st == BWM_OK)
            st = lat_ii(s, lname, x->lat_spec[n - 1], &x->lat_spec[n - 1], err);
        if (st != BWM_OK)
            return st;
        const bwm_spec_unit *u = &x->spec[n - 1];
        char uname[32];
        snprintf(uname, sizeof uname, "-specialized_unit_%d", n);
        if (!u->enabled) {
            gap = gap ? gap : n;
            continue;
        }
        if (gap)
            return bwm_optval_fail_at(bwm_optset_find(s, uname), uname, err,
                                      "unit %d is enabled but unit %d is not: GPGPU-Sim builds units 1..N without "
                                      "a gap and would ignore this one",
                                      n, gap);
        x->n_spec = n;
        const bwm_lat_ii *t = &x->lat_spec[n - 1];
        if (t->latency - t->initiation >= u->max_latency) {
            const char *const both[] = {uname, lname};
            const bwm_optent *at = bwm_optval_last_given(s, both, 2);
            return bwm_optval_fail_at(at, at ? at->name : lname, err,
                                      "latency %d - initiation %d is beyond unit %d's pipeline of %d stages "
                                      "(its max_latency)",
                                      t->latency, t->initiation, n, u->max_latency);
        }
    }
    return BWM_OK;
}

typedef struct int_opt {
    const char *name, *old_name; /* old_name: GPGPU-Sim 4.0's spelling, or NULL */
    int lo, hi;
    size_t off; /* of the field in bwm_exec_config */
} int_opt;

#define AT(f) offsetof(bwm_exec_config, f)
static const int_opt ints[] = {
    {"-gpgpu_num_sp_units", NULL, 1, MAX_UNITS, AT(num_sp_units)},
    {"-gpgpu_num_dp_units", NULL, 0, MAX_UNITS, AT(num_dp_units)},
    {"-gpgpu_num_int_units", NULL, 0, MAX_UNITS, AT(num_int_units)},
    {"-gpgpu_num_sfu_units", NULL, 1, MAX_UNITS, AT(num_sfu_units)},
    {"-gpgpu_num_tensor_core_units", NULL, 0, MAX_UNITS, AT(num_tensor_units)},
    {"-gpgpu_sub_core_model", NULL, 0, 1, AT(sub_core_model)},
    {"-gpgpu_max_insn_issue_per_warp", NULL, 1, 2, AT(max_insn_issue_per_warp)},
    {"-gpgpu_dual_issue_diff_exec_units", NULL, 0, 1, AT(dual_issue_diff_exec_units)},
    {"-gpgpu_shader_registers", NULL, 1, 1 << 24, AT(shader_registers)},
    {"-gpgpu_registers_per_block", NULL, 1, 1 << 24, AT(registers_per_block)},
    {"-gpgpu_shmem_per_block", NULL, 0, 1 << 30, AT(shmem_per_block)},
    {"-gpgpu_kernel_launch_latency", NULL, 0, 1000000000, AT(kernel_launch_latency)},
    {"-gpgpu_TB_launch_latency", NULL, 0, 1000000000, AT(tb_launch_latency)},
    {"-gpgpu_flush_l1_cache", NULL, 0, 1, AT(flush_l1)},
    {"-gpgpu_flush_l2_cache", NULL, 0, 1, AT(flush_l2)},
    /* GPGPU-Sim asserts smem_latency > 1 (ldst_unit) */
    {"-gpgpu_smem_latency", "-smem_latency", 2, MAX_CYCLES, AT(smem_latency)},
    {"-gpgpu_shmem_num_banks", NULL, 1, 1024, AT(shmem_num_banks)},
    {"-gpgpu_shmem_limited_broadcast", NULL, 0, 1, AT(shmem_limited_broadcast)},
    {"-gpgpu_ignore_resources_limitation", NULL, 0, 1, AT(ignore_resources_limitation)},
    {"-gpgpu_concurrent_kernel_sm", NULL, 0, 1, AT(concurrent_kernel_sm)},
    {"-gpgpu_max_concurrent_kernel", NULL, 1, 1 << 20, AT(max_concurrent_kernel)},
};
#undef AT

int bwm_gpu_read_exec(bwm_optset *s, bwm_exec_config *x, bwm_err *err)
{
    bwm_exec_config_defaults(x);
    struct {
        const char *name;
        bwm_lat_ii *t;
    } lats[] = {{"-trace_opcode_latency_initiation_int", &x->lat_int},
                {"-trace_opcode_latency_initiation_sp", &x->lat_sp},
                {"-trace_opcode_latency_initiation_dp", &x->lat_dp},
                {"-trace_opcode_latency_initiation_sfu", &x->lat_sfu},
                {"-trace_opcode_latency_initiation_tensor", &x->lat_tensor}};
    int st = BWM_OK;
    for (size_t i = 0; st == BWM_OK && i < sizeof lats / sizeof lats[0]; i++)
        st = lat_ii(s, lats[i].name, *lats[i].t, lats[i].t, err);
    if (st == BWM_OK)
        st = spec_units(s, x, err);
    for (size_t i = 0; st == BWM_OK && i < sizeof ints / sizeof ints[0]; i++) {
        const int_opt *o = &ints[i];
        int *field = (int *)((char *)x + o->off);
        const char *name = o->old_name ? bwm_optval_alias(s, o->name, o->old_name) : o->name;
        st = bwm_optval_int(s, name, *field, o->lo, o->hi, field, err);
    }
    return st;
}
