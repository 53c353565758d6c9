/* cluster.h — SM clusters (GPGPU-Sim's simt_core_cluster): the SMs
 * c * cores_per_cluster .. (c + 1) * cores_per_cluster - 1 of the GPU
 * (bwm_gpu_cluster_of) share node c of the interconnect, input c of the
 * request crossbar and output c of the reply crossbar.
 *
 * Requests (simt_core_cluster::icnt_inject_request_packet): an SM sends its
 * line requests into the node's one input buffer, one line per core cycle at
 * most, when the buffer has room for it.  The cluster's SMs take their core
 * cycle one after the other (simt_core_cluster::core_cycle), so in a cycle
 * several of them may send, each finding the room its predecessors left, and
 * the crossbar moves the node's flits one per interconnect cycle.  The order:
 * under -gpgpu_simt_core_sim_order 1 (round-robin, the default) SM
 * now mod cores_per_cluster of the cluster goes first at core cycle now, the
 * others after it in turn; under 0, SM 0 first.
 *
 * Replies (simt_core_cluster::icnt_cycle): each core cycle the cluster
 * first hands the head of its response FIFO
 * (-gpgpu_n_cluster_ejection_buffer_size) to the SM the reply came from
 * (sid_to_cid), then takes at most one reply from its node into the FIFO.
 * The model's SMs take a reply in any cycle (GPGPU-Sim's
 * ldst_unit_response_buffer_full is never true for them), so the FIFO holds
 * at most the one reply it took in the cycle before: every reply spends one
 * core cycle in it, and any buffer size is the same.
 *
 * As in GPGPU-Sim's core clock (gpgpu_sim::cycle), every cluster takes its
 * reply first, then the clusters run their SMs, cluster by cluster.  A
 * cluster owns nothing: the GPU owns the SMs, the crossbars and the
 * clusters' response FIFOs (links.h). */
#ifndef BWM_CLUSTER_H
#define BWM_CLUSTER_H

#include <stdint.h>

#include "sim/gpu/gpu_state.h"

/* The turn (0 .. cores_per_cluster - 1) that goes first in every cluster
 * at core cycle now. */
int bwm_cluster_first_turn(const bwm_gpu_config *cfg, int64_t now);

/* The SM that takes turn k (0 .. cores_per_cluster - 1) of cluster c's
 * core cycle now. */
int bwm_cluster_sm(const bwm_gpu_config *cfg, int c, int k, int64_t now);

/* Core cycle now, first step: each cluster with a busy SM hands the reply
 * in its response FIFO to the SM that asked for it (the GPU's record of that
 * SM's next active cycle follows), then takes at most one reply from its
 * node into the FIFO.  Fails (BWM_EFAIL) when an SM
 * refuses a reply (a line its L1D did not ask for).  The SMs then take
 * their turns in bwm_cluster_sm's order (the GPU runs them). */
int bwm_clusters_eject(bwm_gpu *g, int64_t now, bwm_err *err);

/* Core cycle now, after the SMs' turns: the second host hint (cache.h) for
 * each reply in a response FIFO, whose fill comes at the next core cycle.
 * Changes nothing the simulation sees. */
void bwm_clusters_hint(bwm_gpu *g);

#endif
