#!/usr/bin/env bash
# bench/accelsim/compare.sh: runs bwmpki's trace mode on one trace folder with one of the
# repository's configurations and sets its statistics beside Accel-Sim's (a CSV that run.sh
# printed, e.g. bench/accelsim/reference/TRACE_CONFIG.csv), kernel by kernel and in total, with
# each difference in percent.
#
#   compare.sh BWMPKI TRACE_DIR CONFIG_NAME REFERENCE_CSV|ACCELSIM_LOG [-- extra GPGPU-Sim options]
#
# CONFIG_NAME as run.sh takes it (SM7_QV100_UDP adds the two UDP lines to SM7_QV100's files); the
# launch latency is 0, as run.sh sets it. Extra options after -- are the ones run.sh took (e.g.
# -gpgpu_flush_l2_cache 1), given to bwmpki in its --set, in pairs (NAME VALUE). Given Accel-Sim's
# whole log (run.sh's ACCELSIM_LOG, known by its "kernel_name = " lines) in place of the CSV, the
# comparison is bwmpki's own "fit import --accelsim-log LOG --trace TRACE_DIR" on the same files,
# whose CSV has the columns kernel,name,statistic,accelsim_name,bwmpki,accelsim,diff,diff_pct
# (docs/traces.md).
# Exit status: 0, 2 on a bad argument (or, for a log, kernels that do not match), 1 when bwmpki fails.
set -u
usage="usage: compare.sh BWMPKI TRACE_DIR CONFIG_NAME REFERENCE_CSV|ACCELSIM_LOG [-- extra GPGPU-Sim options]"
[ $# -ge 4 ] || { echo "$usage" >&2; exit 2; }
bin=$1 trace=$2 cfg=$3 ref=$4
shift 4
sets="-gpgpu_kernel_launch_latency 0"
if [ $# -gt 0 ]; then
    [ "$1" = "--" ] || { echo "$usage" >&2; exit 2; }
    shift
    [ $(($# % 2)) -eq 0 ] || { echo "compare.sh: extra options go in pairs (NAME VALUE)" >&2; exit 2; }
    while [ $# -gt 0 ]; do
        sets="$sets $1 $2"
        shift 2
    done
fi
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
[ -x "$bin" ] || { echo "compare.sh: BWMPKI '$bin' is not executable" >&2; exit 2; }
[ -f "$ref" ] || { echo "compare.sh: REFERENCE_CSV '$ref' is not a file" >&2; exit 2; }
base=$cfg extra=()
if [ "$cfg" = SM7_QV100_UDP ]; then
    base=SM7_QV100
    extra=(--config "$root/tests/fixtures/accel-sim/SM7_QV100_UDP.trace.config")
fi
[ -f "$root/tests/fixtures/tested-cfgs/$base.config" ] || { echo "compare.sh: no configuration $cfg" >&2; exit 2; }
files=(--config "$root/tests/fixtures/tested-cfgs/$base.config" --config "$root/tests/fixtures/accel-sim/$base/trace.config"
    "${extra[@]}" --set "$sets")
if grep -q '^kernel_name = ' "$ref"; then
    "$bin" fit import --accelsim-log "$ref" --trace "$trace" "${files[@]}" --format csv
    rc=$?
    [ $rc -eq 2 ] && exit 2
    [ $rc -eq 0 ] || exit 1
    exit 0
fi
ours=$(mktemp)
trap 'rm -f "$ours"' EXIT
"$bin" sim run --apps "trace:$trace" "${files[@]}" --format csv -o "$ours" || exit 1
# columns: ours (sim run's kernel table) and Accel-Sim's (run.sh's), in the same order
awk -F, -v OFS=, '
    BEGIN {
        n = split("cycles insts warp_insts l1d_reads l1d_read_misses l1d_writes l1d_write_misses l2_reads l2_read_misses l2_writes l2_write_misses dram_reads dram_writes", mine, " ")
        split("gpu_sim_cycle gpu_sim_insn gpgpu_n_tot_w_icount L1D_accesses_R L1D_misses_R L1D_accesses_W L1D_misses_W L2_accesses_R L2_misses_R L2_accesses_W L2_misses_W total_dram_reads total_dram_writes", theirs, " ")
    }
    FNR == 1 { for (i = 1; i <= NF; i++) col[FILENAME, $i] = i; next }
    FILENAME == ARGV[1] { key = $(col[FILENAME, "kernel"]); for (i = 1; i <= n; i++) a[key, i] = $(col[FILENAME, mine[i]]); keys[++nk] = key; next }
    { key = $(col[FILENAME, "kernel_launch_uid"]); for (i = 1; i <= n; i++) b[key, i] = $(col[FILENAME, theirs[i]]) }
    END {
        printf "kernel,statistic,accelsim_name,bwmpki,accelsim,diff_pct\n"
        for (k = 1; k <= nk; k++)
            for (i = 1; i <= n; i++) {
                x = a[keys[k], i]; y = b[keys[k], i]
                d = y == "" ? "" : y == 0 ? (x == 0 ? "0.0" : "inf") : sprintf("%.1f", 100 * (x - y) / y)
                print keys[k], mine[i], theirs[i], x, y, d
            }
    }' "$ours" "$ref"
