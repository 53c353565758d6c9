/* gpu_read_icnt.c — the interconnect's options into bwm_gpu_config (see
 * gpu_read_icnt.h): flit size, network mode, buffers, latency, the
 * cluster's ejection buffer and GPGPU-Sim's own crossbar's choices; the
 * buffers' and crossbars' limits are config_limits.c's. */
#include "sim/config/gpu_read_icnt.h"

#include "sim/config/config_limits.h"
#include "sim/config/optval.h"

/* An option whose only modelled value is want; GPGPU-Sim reads it only
 * when used is set, and then any other value is refused with why. */
static int only_value(bwm_optset *s, const char *name, int def, int want, int used, int *out, const char *why,
                      bwm_err *err)
{
    int st = bwm_optval_int(s, name, def, 0, 1 << 20, out, err);
    if (st != BWM_OK || !used || *out == want)
        return st;
    return bwm_optval_fail_at(bwm_optset_find(s, name), name, err, "%d is not modelled (modelled: %d, %s)", *out, want,
                              why);
}

/* The cluster's ejection buffer and GPGPU-Sim's own crossbar (-network_mode
 * 2, icnt_wrapper.cc and local_interconnect.cc).  The ejection buffer holds
 * the replies a cluster took from the interconnect, one per core cycle,
 * until the SM each is for accepts it, one per core cycle for the cluster
 * (cluster.h); the model's SMs accept a reply every cycle, so the buffer
 * never keeps one past its cycle and any size from 1 up is the same (0
 * would never take a reply).  -icnt_subnets 2 is the model's separate
 * request and reply crossbars (1 would share one).  -icnt_arbiter_algo 1,
 * iSLIP: each output grants the first input from its pointer on whose head
 * packet asks for it and moves the pointer past it, as the model's
 * round-robin arbiter does; 0 (a pointer that turns every cycle whatever is
 * granted) is not modelled.  Under -network_mode 1 (the default)
 * GPGPU-Sim reads neither. */
static int icnt_choices(bwm_optset *s, bwm_gpu_config *c, bwm_err *err)
{
    int local = c->icnt_local;
    int st = bwm_optval_int(s, "-gpgpu_n_cluster_ejection_buffer_size", 8, 1, 1 << 20, &c->ejection_buffer, err);
    if (st == BWM_OK)
        st = only_value(s, "-icnt_subnets", 2, 2, local, &c->icnt_subnets,
                        "separate request and reply networks", err);
    if (st == BWM_OK)
        st = only_value(s, "-icnt_arbiter_algo", 1, 1, local, &c->icnt_arbiter, "iSLIP", err);
    return st;
}

/* -network_mode: 1 (the default) is Booksim's network, modelled as the
 * crossbar of -icnt_flit_size flits; 2 is GPGPU-Sim's own crossbar
 * (local_interconnect.cc), which moves whole packets, one per input and one
 * per output each cycle, with buffers counted in packets: the model's
 * crossbar with every packet one flit (-icnt_flit_size is then unused). */
static int network_mode(bwm_optset *s, bwm_gpu_config *c, bwm_err *err)
{
    int mode;
    int st = bwm_optval_int(s, "-network_mode", 1, 1, 2, &mode, err);
    c->icnt_local = st == BWM_OK && mode == 2;
    if (c->icnt_local)
        c->flit_bytes = BWM_ICNT_MAX_PACKET_BYTES;
    return st;
}

int bwm_gpu_read_interconnect(bwm_optset *s, bwm_gpu_config *c, bwm_err *err)
{
    int st = bwm_optval_int(s, "-icnt_flit_size", 32, 1, 4096, &c->flit_bytes, err);
    if (st == BWM_OK)
        st = network_mode(s, c, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-icnt_in_buffer_limit", 64, 1, 1 << 20, &c->icnt_in_buffer, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-icnt_out_buffer_limit", 64, 1, 1 << 20, &c->icnt_out_buffer, err);
    if (st == BWM_OK)
        st = bwm_optval_int(s, "-bwm_icnt_latency", 8, 0, 10000, &c->icnt_latency, err);
    if (st == BWM_OK)
        st = bwm_limit_packet_fits(s, "-icnt_in_buffer_limit", c->icnt_in_buffer, c, err);
    if (st == BWM_OK)
        st = bwm_limit_packet_fits(s, "-icnt_out_buffer_limit", c->icnt_out_buffer, c, err);
    if (st == BWM_OK)
        st = icnt_choices(s, c, err);
    if (st == BWM_OK)
        st = bwm_limit_crossbars(s, c, err);
    return st;
}
