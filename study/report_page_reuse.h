/* report_page_reuse.h — REPORT.md's part on the translation experiment's
 * page-reuse probes (applications that come back to their pages, in 1 to
 * 4 copies): each design relative to Ideal with the L2 TLB miss rate, and
 * the thesis's directions that need pages to be reused, checked on them. */
#ifndef BWM_STUDY_REPORT_PAGE_REUSE_H
#define BWM_STUDY_REPORT_PAGE_REUSE_H

#include "study/outcome.h"
#include "util/buf.h"

void bwm_report_page_reuse(const bwm_study_files *f, const bwm_study_outcome *o, bwm_buf *out);

#endif
