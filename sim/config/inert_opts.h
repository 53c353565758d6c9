/* inert_opts.h — which GPGPU-Sim options the simulator may ignore without
 * consequence for its results.
 *
 * The simulator models the memory system; an SM's compute pipeline and its
 * occupancy are stood for by each application's profile (warps per SM,
 * compute latency, instruction mix: sim/workload/synth_app.h), and it has
 * no instructions, textures, constants, power or statistics of its own; its
 * interconnect is always its own crossbar (-network_mode and
 * -inter_config_file choose GPGPU-Sim's implementation).  An
 * option of those parts is inert here: ignoring it changes nothing the
 * simulator could compute.  So is an option of a modelled part that cannot
 * act in a simulator run: the cache flushes between kernels (no kernel ends
 * during a run) and the cache configurations a kernel may ask for (the
 * synthetic applications ask none); inert_opts.c gives each reason.  Any
 * other ignored option belongs to a part the
 * simulator does model (memory, caches, interconnect) and might change the
 * results; commands name those on stderr. */
#ifndef BWM_INERT_OPTS_H
#define BWM_INERT_OPTS_H

/* 1 when the option (with its leading '-') is inert as above. */
int bwm_option_inert(const char *name);

#endif
