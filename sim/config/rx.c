/* rx.c — PCRE2 patterns and matches (see rx.h). */
#include "sim/config/rx.h"

int bwm_rx_compile(bwm_rx *rx, const char *pattern, bwm_err *err)
{
    int code;
    PCRE2_SIZE at;
    rx->md = NULL;
    rx->code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, 0, &code, &at, NULL);
    if (!rx->code) {
        PCRE2_UCHAR msg[160];
        pcre2_get_error_message(code, msg, sizeof msg);
        return bwm_fail(err, BWM_EFAIL, "internal pattern error at %zu: %s", (size_t)at, (char *)msg);
    }
    rx->md = pcre2_match_data_create_from_pattern(rx->code, NULL);
    if (!rx->md) {
        pcre2_code_free(rx->code);
        rx->code = NULL;
        return bwm_fail(err, BWM_EFAIL, "out of memory");
    }
    return BWM_OK;
}

void bwm_rx_free(bwm_rx *rx)
{
    pcre2_match_data_free(rx->md);
    pcre2_code_free(rx->code);
    rx->md = NULL;
    rx->code = NULL;
}

int bwm_rx_match(bwm_rx *rx, const char *subj, size_t len, size_t off, int anchored)
{
    int rc = pcre2_match(rx->code, (PCRE2_SPTR)subj, len, off, anchored ? PCRE2_ANCHORED : 0,
                         rx->md, NULL);
    return rc > 0;
}

int bwm_rx_group(const bwm_rx *rx, int g, size_t *start, size_t *end)
{
    if (g < 0 || (uint32_t)g >= pcre2_get_ovector_count(rx->md))
        return 0;
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(rx->md);
    if (ov[2 * g] == PCRE2_UNSET)
        return 0;
    *start = ov[2 * g];
    *end = ov[2 * g + 1];
    return 1;
}
