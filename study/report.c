/* report.c — DIR/REPORT.md (see report.h). */
#include "study/report.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "io/table.h"
#include "model/compare.h"
#include "plots/summary.h"
#include "study/experiment.h"
#include "study/report_batch.h"
#include "study/report_model.h"
#include "study/report_stages.h"
#include "study/report_page_reuse.h"
#include "study/report_translation.h"
#include "study/report_text.h"
#include "study/report_variation.h"

/* A headline: the GM of `metric` of sched over `vs` on a selection. */
typedef struct headline {
    const char *what, *paper, *figure;
    bwm_pl_metric metric;
    const char *sched, *vs;
    bwm_pl_subset subset;
    char by, klass;
} headline;

static const headline headlines[] = {
    {"IT of ITS over FR-FCFS, IT subset", "+34 %", "fig8", BWM_PL_IT, "its", "frfcfs", BWM_PL_IT_SUBSET, 0, 0},
    {"IT of ITS over RR, IT subset", "+8 %", "fig8", BWM_PL_IT, "its", "rr", BWM_PL_IT_SUBSET, 0, 0},
    {"IT of ITS over FR-FCFS, Class-A-MPKI", "+49 %", "fig8", BWM_PL_IT, "its", "frfcfs", BWM_PL_IT_SUBSET, 'm', 'A'},
    {"IT of ITS over RR, Class-A-MPKI", "+7 %", "fig8", BWM_PL_IT, "its", "rr", BWM_PL_IT_SUBSET, 'm', 'A'},
    {"IT of ITS over FR-FCFS, Class-B-MPKI", "+7 %", "fig8", BWM_PL_IT, "its", "frfcfs", BWM_PL_IT_SUBSET, 'm', 'B'},
    {"IT of ITS over FR-FCFS, Class-C-MPKI", "+12 %", "fig8", BWM_PL_IT, "its", "frfcfs", BWM_PL_IT_SUBSET, 'm', 'C'},
    {"WS of WEIS over FR-FCFS, WS subset", "+10 %", "fig10", BWM_PL_WS, "weis", "frfcfs", BWM_PL_WS_SUBSET, 0, 0},
    {"WS of WEIS over RR, WS subset", "+5 %", "fig10", BWM_PL_WS, "weis", "rr", BWM_PL_WS_SUBSET, 0, 0},
    {"WS of WEIS over FR-FCFS, Class-A-BW", "+14 %", "fig10", BWM_PL_WS, "weis", "frfcfs", BWM_PL_WS_SUBSET, 'b', 'A'},
    {"WS of WEIS over RR, Class-A-BW", "+3 %", "fig10", BWM_PL_WS, "weis", "rr", BWM_PL_WS_SUBSET, 'b', 'A'},
    {"WS of WEIS over FR-FCFS, Class-B-BW", "+5 %", "fig10", BWM_PL_WS, "weis", "frfcfs", BWM_PL_WS_SUBSET, 'b', 'B'},
    {"WS of WEIS over FR-FCFS, Class-C-BW", "+8 %", "fig10", BWM_PL_WS, "weis", "frfcfs", BWM_PL_WS_SUBSET, 'b', 'C'},
    {"HS of RR over FR-FCFS, all pairs", "+4 %", "fig12", BWM_PL_HS, "rr", "frfcfs", BWM_PL_ALL, 0, 0},
    {"HS of WEIS over FR-FCFS, all pairs", "+8 %", "fig12", BWM_PL_HS, "weis", "frfcfs", BWM_PL_ALL, 0, 0},
};

static void row(bwm_table *t, const char *what, const char *paper, const char *ours, const char *over,
                const char *figure)
{
    char cmd[96];
    snprintf(cmd, sizeof cmd, "`bwmpki plot %s --results DIR`", figure);
    bwm_table_str(t, what);
    bwm_table_str(t, paper);
    bwm_table_str(t, ours);
    bwm_table_str(t, over);
    bwm_table_str(t, cmd);
}

static double gm_over(const bwm_pl_results *r, const headline *h, size_t *n)
{
    bwm_pl_sel s = {"main", h->sched, h->subset, h->by, h->klass};
    double v = bwm_pl_gm(r, &s, h->metric, n);
    if (strcmp(h->vs, "frfcfs") == 0)
        return v;
    bwm_pl_sel b = {"main", h->vs, h->subset, h->by, h->klass};
    return v / bwm_pl_gm(r, &b, h->metric, NULL);
}

/* The best or worst ipc of a single application under alpha-SJF(W). */
static double asjf_extreme(const bwm_pl_results *r, const char *app, int best)
{
    double v = NAN;
    for (size_t k = 0; k < r->nruns; k++) {
        const bwm_pl_run *x = &r->runs[k];
        if (strcmp(x->exp, "asjf") != 0 || strcmp(x->workload, app) != 0 || !isfinite(x->it_norm))
            continue;
        if (!isfinite(v) || (best ? x->it_norm > v : x->it_norm < v))
            v = x->it_norm;
    }
    return v;
}

static double norm_of(const bwm_pl_results *r, const char *exp, const char *workload, const char *sched,
                      bwm_pl_metric m)
{
    const bwm_pl_run *x = bwm_pl_find(r, exp, workload, sched);
    return x ? bwm_pl_norm(x, m) : NAN;
}

static void headline_table(const bwm_pl_results *r, bwm_buf *out)
{
    static const char *const cols[] = {"quantity", "paper", "this study", "over", "see"};
    bwm_table t;
    bwm_table_init(&t, "", cols, 5);
    char ours[64], over[64];
    for (size_t k = 0; k < sizeof headlines / sizeof headlines[0]; k++) {
        const headline *h = &headlines[k];
        size_t n = 0;
        bwm_report_percent_change(ours, sizeof ours, gm_over(r, h, &n));
        snprintf(over, sizeof over, "%zu workloads (GM)", n);
        row(&t, h->what, h->paper, ours, over, h->figure);
    }
    const char *mare[] = {"performance model MARE, all applications",
                          "performance model MARE, without heavy scratchpad use",
                          "performance model MARE, heavy scratchpad use"};
    const char *paper_mare[] = {"10.3 %", "4.2 % (21 of 25)", "42.1 % (MM, HS, BP, SAD)"};
    size_t heavy = 0;
    for (size_t k = 0; k < r->nperf; k++)
        heavy += r->perf[k].heavy;
    for (int k = 0; k < 3; k++) {
        bwm_report_percent(ours, sizeof ours, r->mare[k]);
        size_t n = k == 0 ? r->nperf : k == 1 ? r->nperf - heavy : heavy;
        snprintf(over, sizeof over, "%zu application%s", n, n == 1 ? "" : "s");
        row(&t, mare[k], paper_mare[k], ours, over, "fig2");
    }
    bwm_report_percent_change(ours, sizeof ours, norm_of(r, "three", "GUPS_SCP_HISTO", "its", BWM_PL_IT));
    row(&t, "IT of ITS over FR-FCFS, GUPS_SCP_HISTO", "+27 %", ours, "1 workload", "fig14");
    bwm_report_percent_change(ours, sizeof ours, norm_of(r, "main", "BLK_MUM", "rr", BWM_PL_IT));
    row(&t, "IT of RR over FR-FCFS, BLK_MUM", "+15 %", ours, "1 workload", "fig8");
    bwm_report_percent_change(ours, sizeof ours, norm_of(r, "main", "BLK_MUM", "its", BWM_PL_IT));
    row(&t, "IT of ITS over FR-FCFS, BLK_MUM", "+30 %", ours, "1 workload", "fig8");
    const char *apps[] = {"NN", "BP", "BLK", "CFD"};
    const char *paper_asjf[] = {"+9 %", "+3 %", "a loss", "a loss"};
    for (int k = 0; k < 4; k++) {
        char what[96];
        snprintf(what, sizeof what, "IPC of %s under alpha-SJF(W) over FR-FCFS, %s case", apps[k], k < 2 ? "best" : "worst");
        bwm_report_percent_change(ours, sizeof ours, asjf_extreme(r, apps[k], k < 2));
        row(&t, what, paper_asjf[k], ours, "8 runs (2 policies x 4 alphas)", "asjf");
    }
    bwm_table_render(&t, BWM_FMT_TABLE, out);
    bwm_table_free(&t);
}

static void figures(const bwm_report_figure *figs, size_t n, bwm_buf *out)
{
    for (size_t k = 0; k < n; k++) {
        const bwm_figure *f = figs[k].f;
        bwm_buf_printf(out, "### %s (%s)\n\n%s\n\n", f->name, f->paper, f->caption);
        if (figs[k].drawn)
            bwm_buf_printf(out, "![%s](figures/%s.png)\n\n", f->paper, f->name);
        else
            bwm_buf_printf(out, "Not drawn: %s\n\n", figs[k].note);
        bwm_buf_printf(out, "Files: `figures/%s.png`, `figures/%s.svg`, data `figures/%s.dat`, script `figures/%s.gp`; "
                            "redraw with `bwmpki plot %s --results DIR`.\n\n",
                       f->name, f->name, f->name, f->name, f->name);
    }
}

static void fig6_table(bwm_buf *out)
{
    bwm_app apps[2] = {{20, 30, 0}, {5, 40, 0}};
    bwm_comparison c;
    bwm_err err;
    if (bwm_compare(apps, 2, 50, &c, &err) != BWM_OK) {
        bwm_buf_printf(out, "(the model failed: %s)\n\n", err.msg);
        return;
    }
    static const char *const cols[] = {"strategy", "P1", "P2", "IT = P1 + P2", "WS = P1/1.5 + P2/8"};
    static const char *const policies[][2] = {{"prior-1", "Prior App 1"}, {"prior-2", "Prior App 2"},
                                               {"rr", "Round-robin"}};
    bwm_table t;
    bwm_table_init(&t, "", cols, 5);
    for (int k = 0; k < 3; k++)
        for (size_t i = 0; i < c.npolicies; i++) {
            if (strcmp(c.r[i].name, policies[k][0]) != 0)
                continue;
            bwm_table_str(&t, policies[k][1]);
            bwm_table_num(&t, c.r[i].perf[0]);
            bwm_table_num(&t, c.r[i].perf[1]);
            bwm_table_num(&t, c.r[i].m.it);
            bwm_table_num(&t, c.r[i].m.ws);
        }
    bwm_buf_puts(out, "C = 50; application 1: MPKI 20, alone bandwidth 30 (alone performance 1.5); application 2: "
                      "MPKI 5, alone bandwidth 40 (8).  The paper's values: IT 5.5, 8.5, 6.25; WS 1.5, 1.333, "
                      "1.458.  `bwmpki model compare --mpki 20,5 --bw-alone 30,40 --peak 50` prints every policy.\n\n");
    bwm_table_render(&t, BWM_FMT_TABLE, out);
    bwm_table_free(&t);
    bwm_buf_puts(out, "\n");
}

/* The run's largest slowdown (1 / sd over its applications), NaN when an
 * sd is missing or not positive. */
static double max_slowdown(const bwm_pl_run *x)
{
    double m = NAN;
    for (size_t a = 0; a < x->napps; a++) {
        if (!(x->app[a].sd > 0))
            return NAN;
        double s = 1 / x->app[a].sd;
        m = isfinite(m) && m > s ? m : s;
    }
    return m;
}

/* The GM over the main experiment's workloads of sched's max slowdown
 * divided by FR-FCFS's on the same workload. */
static double max_slowdown_gm(const bwm_pl_results *r, const char *sched)
{
    double logs = 0;
    size_t n = 0;
    for (size_t k = 0; k < r->nruns; k++) {
        const bwm_pl_run *x = &r->runs[k];
        if (strcmp(x->exp, "main") != 0 || strcmp(x->sched, sched) != 0)
            continue;
        const bwm_pl_run *base = bwm_pl_find(r, "main", x->workload, "frfcfs");
        double v = base ? max_slowdown(x) / max_slowdown(base) : NAN;
        if (isfinite(v) && v > 0) {
            logs += log(v);
            n++;
        }
    }
    return n ? exp(logs / (double)n) : NAN;
}

static void scheduler_section(const bwm_pl_results *r, bwm_buf *out)
{
    static const char *const cols[] = {"scheduler", "workloads", "IT", "WS", "HS", "max slowdown"};
    const char *scheds[64];
    size_t ns = bwm_pl_scheds(r, "main", scheds, 64);
    bwm_table t;
    bwm_table_init(&t, "", cols, 6);
    for (size_t k = 0; k < ns; k++) {
        bwm_pl_sel s = {"main", scheds[k], BWM_PL_ALL, 0, 0};
        size_t n = 0;
        char v[4][32];
        for (int m = 0; m < 3; m++)
            bwm_report_percent_change(v[m], sizeof v[m], bwm_pl_gm(r, &s, (bwm_pl_metric)m, m == 0 ? &n : NULL));
        bwm_report_percent_change(v[3], sizeof v[3], max_slowdown_gm(r, scheds[k]));
        bwm_table_str(&t, scheds[k]);
        bwm_table_int(&t, (long long)n);
        for (int m = 0; m < 4; m++)
            bwm_table_str(&t, v[m]);
    }
    bwm_buf_puts(out, "Every scheduler of the main experiment (`--sched`) over all its workloads: the GM of IT, WS "
                      "and HS normalised to FR-FCFS, and the GM of the largest slowdown (1 / sd) divided by "
                      "FR-FCFS's on the same workload (a fall is fairer).  The seed-001 schedulers (parbs, atlas, "
                      "tcm, bliss, sms, medic) run when `--sched` names them, with the papers' knobs: ATLAS's and "
                      "TCM's quanta (10 M and 1 M cycles) are longer than a study run, in which they therefore "
                      "never rank and act as FR-FCFS.\n\n");
    bwm_table_render(&t, BWM_FMT_TABLE, out);
    bwm_table_free(&t);
    bwm_buf_puts(out, "\n");
}

void bwm_report_command(const bwm_study_info *i, bwm_buf *out)
{
    bwm_buf_printf(out, "bwmpki study --out DIR%s --cycles %" PRId64 " --warmup %" PRId64 " --seed %" PRIu64
                        " --window %" PRId64 " --sched %s",
                   i->quick ? " --quick" : "", i->prov.cycles, i->prov.warmup, i->prov.seed, i->window, i->scheds);
    bwm_buf_printf(out, " --config %s --apps-file %s --workloads %s --variation-config %s --variation-apps %s "
                        "--variation-insts %" PRIu64 " --translation-config %s --translation-probes %s "
                        "--translation-cycles %" PRId64 " --translation-warmup %" PRId64
                        " --batch-config %s --batch-apps %s",
                   i->prov.config, i->prov.apps_file, i->prov.workloads, i->var_config, i->var_apps_file, i->var_insts,
                   i->xlat_config, i->xlat_probes_file, i->xlat_cycles, i->xlat_warmup, i->batch_config,
                   i->batch_apps_file);
    if (i->prov.set[0])
        bwm_buf_printf(out, " --set '%s'", i->prov.set);
}

/* "N alone, N pairs x schedulers, ... and N of ...": every experiment's
 * runs. */
static void ran(const bwm_study_plan *p, bwm_buf *out)
{
    for (int e = 0; e < bwm_study_exp_count(); e++) {
        size_t n = 0;
        for (size_t k = 0; k < p->n; k++)
            n += p->r[k].exp == e;
        bwm_buf_printf(out, "%s%zu %s", e == 0 ? "" : e + 1 == bwm_study_exp_count() ? " and " : ", ", n,
                       bwm_study_exp_at(e)->ran);
    }
}

/* The runs the simulator refused, if any (at most 10 named). */
static void refusals(const bwm_study_files *f, const bwm_study_outcome *o, bwm_buf *out)
{
    size_t n = 0;
    for (size_t k = 0; k < f->plan.n; k++)
        n += o->o[k].rec.error[0] != 0;
    if (n == 0)
        return;
    bwm_buf_printf(out, "The simulator refused %zu run%s; their numbers are empty in the results and they take no "
                        "part in the figures and averages:\n\n", n, n == 1 ? "" : "s");
    for (size_t k = 0, shown = 0; k < f->plan.n && shown < 10; k++) {
        const bwm_study_run *r = &f->plan.r[k];
        if (!o->o[k].rec.error[0])
            continue;
        bwm_buf_printf(out, "- %s %s %s: %s\n", bwm_study_exp_name(r->exp), r->workload, r->sched, o->o[k].rec.error);
        shown++;
    }
    bwm_buf_puts(out, n > 10 ? "- ... (all in `metrics.csv`, column error)\n\n" : "\n");
}

static void what_ran(const bwm_study_files *f, const bwm_study_outcome *o, bwm_buf *out)
{
    const bwm_study_info *i = &f->info;
    bwm_buf_printf(out,
                   "Paper 000's evaluation (Jog et al., MEMSYS 2015, Sec. 4-8), paper 004's alpha-SJF sweep "
                   "(CAL 2012, Sec. V), paper 003's variation (Jain et al., RTAS 2019, Sec. VI), thesis 001's "
                   "address translation (Ch. 6) and paper 002's thread batching (Sec. 6.1), reproduced with "
                   "bwmpki's cycle-level simulator and closed-form model%s.  %zu runs: ",
                   i->quick ? " (the --quick subset)" : "", f->plan.n);
    ran(&f->plan, out);
    bwm_buf_printf(out,
                   " (each on its own GPU, below).  "
                   "Every other run (the translation's and the batching's on their own GPUs): %" PRId64 " core cycles measured after %" PRId64 " of warm-up, seed %" PRIu64
                   ", GPU `%s` (sha256 %.12s), applications `%s` (sha256 %.12s), workloads `%s`; main "
                   "schedulers %s; DRAM peak %.2f GB/s.\n\n",
                   i->prov.cycles, i->prov.warmup,
                   i->prov.seed, i->prov.config, i->prov.config_sha, i->prov.apps_file, i->prov.apps_sha, i->prov.workloads, i->scheds,
                   i->peak_gbs);
    refusals(f, o, out);
    bwm_buf_puts(out, "Reproduce (DIR is this folder; finished runs are reused):\n\n```sh\n");
    bwm_report_command(i, out);
    bwm_buf_puts(out, "\n```\n\nVersion, source revision, command line and wall time are in `manifest.json`.\n\n");
}

static const char *differences =
    "- The applications are synthetic, calibrated to Table 1's MPKI and BW/C alone on half the GPU "
    "(`data/apps_calibrated.csv`); they are not the CUDA programs, so the numbers follow from how the calibrated "
    "applications behave under contention, and change as the calibration improves.\n"
    "- The paper's 100 workloads are not published: `data/workloads/study.csv` lists 100 pairs chosen by a fixed "
    "rule (`bwmpki study workloads`) to cover every MPKI and BW class, with the pairs the paper names, and the "
    "25-workload subsets of Figs. 8 and 10.  Classes come from Table 1.\n"
    "- Every run lasts a fixed number of cycles after warm-up; the paper ran each workload until every "
    "application finished once (`bwmpki sim run --paper-mode` does that, at a much higher cost).\n"
    "- Slowdowns compare against each application alone on its own SM share under FR-FCFS, with the same run "
    "length and seed.\n"
    "- Paper 004 simulated a Fermi-like GPU in MacSim with 6 benchmarks; here every application of Table 1 runs "
    "alone on the whole memsys15 GPU, and alpha = 1 keeps alpha-SJF's core selection (so it is not FR-FCFS, as "
    "in the paper).\n"
    "- Paper 003's variation: VA is a synthetic vector add read off the kernel (`data/apps_fgpu.csv`), the other "
    "applications are the Table 1 calibrations; the GTX 1080 is a configuration (`data/configs/gtx1080.config`, "
    "two L2 slices and 256 MSHRs per module, see docs/sim.md), not the card; each time is one run to a fixed "
    "instruction count, not the mean of 1000 kernel samples; MPS is not modelled.\n"
    "- Thesis 001's translation: the applications are the Table 1 calibrations (the thesis's pairs that they "
    "include), on `data/configs/mask17.config` (Table 6.1's GPU, see docs/sim.md); a fixed number of cycles after "
    "warm-up, when every page is placed (no page faults); 1 to 4 applications (the thesis has 5), few workloads "
    "of 3 and 4.\n"
    "- Paper 002's thread batching: one application at a time on `data/configs/cal12.config` with 8 SMs (the "
    "paper's 8 Fermi-like SMs; its Tables 1-4 are not in the text), synthetic applications of "
    "`data/apps_cta.csv` (thread-block versions of the Table 1 calibrations, not the paper's kernels), a fixed "
    "number of cycles rather than whole kernels; no CPU, TLB or CC-NUMA memory; the baseline's warp scheduler is "
    "the one `study/batch_designs.c` names.\n"
    "- Fig. 2 shows IPC on a log scale rather than normalised to the peak IPC; Fig. 4(b) compares IT with the "
    "sum of the alone IPCs on the same SM shares.\n";

/* The report's own sections, each after its heading; the experiments'
 * come after the section whose number their entry gives as place. */
static void what_ran_section(const bwm_report_ctx *c, bwm_buf *out)
{
    what_ran(c->f, c->o, out);
}

static void headline_section(const bwm_report_ctx *c, bwm_buf *out)
{
    bwm_buf_puts(out, "Paper 000's averages are geometric means (GM) of each workload's metric normalised to "
                      "FR-FCFS; so are these.  A number the study has no run for is n/a.\n\n");
    headline_table(c->r, out);
    bwm_buf_puts(out, "\n");
}

static void figures_section(const bwm_report_ctx *c, bwm_buf *out)
{
    figures(c->figs, c->nfigs, out);
}

static void fig6_section(const bwm_report_ctx *c, bwm_buf *out)
{
    (void)c;
    fig6_table(out);
}

static void model_part(const bwm_report_ctx *c, bwm_buf *out)
{
    bwm_report_model(c->fits, out);
}

static void scheduler_part(const bwm_report_ctx *c, bwm_buf *out)
{
    scheduler_section(c->r, out);
}

static void stages_section(const bwm_report_ctx *c, bwm_buf *out)
{
    bwm_report_stages(c->r, out);
}

static void files_section(const bwm_report_ctx *c, bwm_buf *out)
{
    (void)c;
    bwm_buf_puts(out,
                 "- `results.csv`: one row per run and application (alone runs included), with its loads' time by "
                 "stage (mem_round_trip, lat_*, mem_stall_frac); `metrics.csv`: one row "
                 "per run with it, ws, hs, antt, max_slowdown, unfairness and it/ws/hs normalised to FR-FCFS; "
                 "`results.json`: both, with the provenance.\n"
                 "- `fit_perf.*`, `fit_perf_params.*`, `fit_policy_*.*`: the fits (text, CSV, JSON).\n");
    for (int e = 0; e < bwm_study_exp_count(); e++)
        if (bwm_study_exp_at(e)->files)
            bwm_buf_puts(out, bwm_study_exp_at(e)->files);
    bwm_buf_puts(out,
                 "- `figures/`: each figure as PNG and SVG, with its data and gnuplot script.\n"
                 "- `plan/`: the study's setup, applications and runs with their content keys; `runs/KEY.csv`: "
                 "each run's result (reused when the same run is asked for again).\n"
                 "- `manifest.json`: version, source revision, configuration and its sha256, seed, command line, "
                 "wall time.\n\n");
}

static void differences_section(const bwm_report_ctx *c, bwm_buf *out)
{
    (void)c;
    bwm_buf_puts(out, differences);
}

typedef struct section {
    const char *heading;
    void (*write)(const bwm_report_ctx *c, bwm_buf *out);
} section;

static const section sections[] = {
    {"## What ran", what_ran_section},
    {"## Headline numbers", headline_section},
    {"## Figures", figures_section},
    {"## Fig. 6: the illustrative example", fig6_section},
    {"## The model against the simulation", model_part},
    {"## Every scheduler against FR-FCFS", scheduler_part},
    {"## Where the slowdown comes from", stages_section},
    {"## Files", files_section},
    {"## How this study differs from the paper", differences_section},
};

void bwm_study_report(const bwm_report_ctx *c, bwm_buf *out)
{
    bwm_buf_puts(out, "# bwmpki study: GPU memory scheduling for several applications\n\n");
    for (int k = 0; k < (int)(sizeof sections / sizeof sections[0]); k++) {
        bwm_buf_printf(out, "%s\n\n", sections[k].heading);
        sections[k].write(c, out);
        for (int e = 0; e < bwm_study_exp_count(); e++) {
            const bwm_study_experiment *x = bwm_study_exp_at(e);
            if (!x->report || x->place != k)
                continue;
            if (x->heading)
                bwm_buf_printf(out, "%s\n\n", x->heading);
            x->report(c, out);
        }
    }
}
