/* pick.h — the study's workload list, chosen deterministically from the
 * applications catalogue (paper 000, Table 1) and the workloads the paper
 * names (data/workloads/paper.csv).
 *
 *   pairs    100 two-application workloads: the named pairs first, then,
 *            one at a time, a pair from the (MPKI class, BW class) cell that
 *            has the fewest so far (ties: A before B before C, MPKI first),
 *            within it the pair whose applications are used least (sum,
 *            then max), then catalogue order.  The paper's pool of 100 is
 *            not published; this covers every class and spreads the
 *            applications.
 *   subsets  25 pairs for the IT figure (9/8/8 over Class-A/B/C-MPKI) and
 *            25 for the WS figure (9/8/8 over Class-A/B/C-BW): the named
 *            pairs of each class in list order, then the same cell and
 *            least-used rule inside the class (cells over the other
 *            classification).
 *   triples  10 three-application workloads: the named ones, then the same
 *            rule over all triples (classes by max - min).
 *   singles  every application alone, for the alpha-SJF sweep (paper 004).
 *   quick    the named workloads, the first generated triple and the single
 *            applications BLK and NN: the --quick study.
 * Application order inside a generated workload is catalogue order
 * (descending MPKI); named workloads keep the paper's order. */
#ifndef BWM_STUDY_PICK_H
#define BWM_STUDY_PICK_H

#include <stddef.h>

#include "io/catalog.h"
#include "io/table.h"
#include "io/workloads.h"
#include "model/classify.h"
#include "util/buf.h"
#include "util/status.h"

#define BWM_PICK_PAIRS 100
#define BWM_PICK_SUBSET 25
#define BWM_PICK_TRIPLES 10

typedef struct bwm_pick_workload {
    size_t napps;                 /* 1, 2 or 3 */
    size_t app[3];                /* indices into the catalogue */
    bwm_classes classes;          /* from the catalogue's mpki and bw_frac */
    int it_subset, ws_subset, quick;
    char paper[32];               /* where the paper names it ("Fig. 7 (A)"), or "" */
} bwm_pick_workload;

typedef struct bwm_pick_list {
    bwm_pick_workload *w;
    size_t n;
} bwm_pick_list;

/* Picks the list.  named: the paper's workloads (2 or 3 applications each;
 * `where` gives each one's figure, may be NULL).  Errors (BWM_EINPUT): a
 * catalogue too small for 100 pairs or 10 triples, a named workload of
 * another size. */
int bwm_pick(const bwm_catalog *cat, const bwm_workload_list *named, const char *const *where,
             bwm_pick_list *out, bwm_err *err);
void bwm_pick_free(bwm_pick_list *l);

/* The list as a table (initialised here; the caller frees it):
 * id,apps,class_mpki,class_bw,d_mpki,d_bw_frac,it_subset,ws_subset,quick,
 * paper (ids 1, 2, ... in list order). */
void bwm_pick_table(const bwm_catalog *cat, const bwm_pick_list *l, bwm_table *t);

/* The comment lines that start the list's CSV file (data/workloads/study.csv). */
extern const char *const bwm_pick_csv_comment;

#endif
