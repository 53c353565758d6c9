/* sensitivity.h — how an application's throughput answers its memory
 * system: the measured side of its class.
 *
 * Three alone runs on the calibration setup: as configured, with the DRAM
 * command clock halved (peak bandwidth halves, DRAM timings take twice the
 * time), and with every DRAM access latency doubled (-dram_latency and the
 * timings tRCD, tRP, tRAS, tRC, tCL, tWL; the data-bus timings stay, so the
 * peak is nearly unchanged).  Both answers are log-elasticities of ipc:
 *   elasticity          = ln(ipc / ipc_half_clock) / ln 2
 *   latency_sensitivity = ln(ipc / ipc_double_latency) / ln 2
 * 1 means ipc follows the change in proportion, 0 not at all.  Each class
 * has its expectation (bwm_sensitivity_judge): a bandwidth-bound
 * application has elasticity >= 0.8, a latency-bound one latency
 * sensitivity >= 0.3, a compute-bound one both below 0.2. */
#ifndef BWM_SENSITIVITY_H
#define BWM_SENSITIVITY_H

#include "fit/calib_check.h"

#define BWM_SENS_BW_MIN 0.8
#define BWM_SENS_LAT_MIN 0.3
#define BWM_SENS_COMPUTE_MAX 0.2

typedef struct bwm_sensitivity {
    double ipc, ipc_half_clock, ipc_double_latency;
    double elasticity, latency_sensitivity;
    double row_hit_rate;  /* of the run as configured */
    double rbl;           /* row-buffer locality: DRAM accesses per activation, 1 / (1 - row_hit_rate) */
    int ok;               /* the class's expectation holds */
    char why[96];         /* what failed, "" when ok */
} bwm_sensitivity;

/* The configuration with the DRAM command clock halved. */
void bwm_config_half_dram_clock(bwm_gpu_config *cfg);

/* The configuration with every DRAM access latency doubled. */
void bwm_config_double_dram_latency(bwm_gpu_config *cfg);

/* Runs app three times on s and fills *out (judged against app's class);
 * *base (may be NULL) receives the run as configured. */
int bwm_sensitivity_measure(const bwm_calib_setup *s, const bwm_synth_app *app, bwm_sensitivity *out,
                            bwm_app_result *base, bwm_err *err);

/* Fills out->ok and out->why from the elasticities and the class. */
void bwm_sensitivity_judge(bwm_app_class cls, bwm_sensitivity *out);

#endif
