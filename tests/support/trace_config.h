/* trace_config.h — the text of Accel-Sim's stock trace.config files, which
 * tests write next to a gpgpusim.config of tests/fixtures/tested-cfgs. */
#ifndef BWM_TEST_TRACE_CONFIG_H
#define BWM_TEST_TRACE_CONFIG_H

/* accel-sim-framework (dev) gpu-simulator/configs/tested-cfgs/SM86_RTX3070/trace.config */
extern const char bwm_rtx3070_trace_config[];
/* the options of the same folder's SM7_QV100/trace.config (specialized units 1-3) */
extern const char bwm_qv100_trace_config[];

#endif
