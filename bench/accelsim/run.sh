#!/usr/bin/env bash
# bench/accelsim/run.sh: runs Accel-Sim (the reference for bwmpki's trace mode) on one trace folder
# with one of the repository's configurations, and prints its statistics as CSV: a header, one row
# per kernel and a total row. See bench/accelsim/README.md for the columns and docs/accelsim.md for
# how Accel-Sim was built.
#
#   run.sh ACCELSIM_BIN TRACE_DIR CONFIG_NAME [-- extra Accel-Sim options]
#
# CONFIG_NAME: SM7_QV100, SM86_RTX3070 (or any NAME with tests/fixtures/tested-cfgs/NAME.config and
# tests/fixtures/accel-sim/NAME/trace.config), or SM7_QV100_UDP (SM7_QV100's files plus the two
# lines of tests/fixtures/accel-sim/SM7_QV100_UDP.trace.config). The launch latency is set to 0
# (-gpgpu_kernel_launch_latency 0) unless the extra options set it.
# Environment: ACCELSIM_LOG=FILE keeps Accel-Sim's whole log there; ACCELSIM_LIB=DIR names the
# folder of GPGPU-Sim's own libcudart.so when it is not found next to ACCELSIM_BIN.
# Exit status: 0 on success, 2 on a bad argument (with a message), 1 when Accel-Sim fails.
set -u

usage() {
    echo "usage: run.sh ACCELSIM_BIN TRACE_DIR CONFIG_NAME [-- extra Accel-Sim options]" >&2
    [ $# -gt 0 ] && echo "run.sh: $*" >&2
    exit 2
}

[ $# -ge 3 ] || usage "expected 3 arguments, got $#"
bin=$1 trace=$2 cfg=$3
shift 3
if [ $# -gt 0 ]; then
    [ "$1" = "--" ] || usage "unexpected argument '$1' (extra Accel-Sim options go after --)"
    shift
fi
extra=("$@")

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
[ -f "$bin" ] && [ -x "$bin" ] || usage "ACCELSIM_BIN '$bin' is not an executable file"
[ -f "$trace/kernelslist.g" ] || usage "TRACE_DIR '$trace' holds no kernelslist.g"

base=$cfg udp=
[ "$cfg" = SM7_QV100_UDP ] && base=SM7_QV100 udp=$root/tests/fixtures/accel-sim/SM7_QV100_UDP.trace.config
gcfg=$root/tests/fixtures/tested-cfgs/$base.config
tcfg=$root/tests/fixtures/accel-sim/$base/trace.config
[ -f "$gcfg" ] && [ -f "$tcfg" ] || usage "unknown CONFIG_NAME '$cfg' (no $gcfg or $tcfg)"

# Every kernel file kernelslist.g names must exist, plain or as NAME.xz.
kernels=$(grep -v '^Memcpy' "$trace/kernelslist.g" | tr -d '\r' | grep -v '^[[:space:]]*$')
[ -n "$kernels" ] || usage "'$trace/kernelslist.g' names no kernel file"
need_xz=0
for k in $kernels; do
    if [ ! -f "$trace/$k" ]; then
        [ -f "$trace/$k.xz" ] || usage "'$trace/$k' is missing (and no $k.xz)"
        need_xz=1
    fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/accelsim-run.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT

# The configuration files are copied, as Accel-Sim's run_simulations.py does.
cp "$gcfg" "$work/gpgpusim.config"
cp "$tcfg" "$work/trace.config"
[ -n "$udp" ] && { echo; cat "$udp"; } >> "$work/trace.config"

# Accel-Sim reads .traceg only: compressed kernels are decompressed into a folder of their own.
tdir=$(cd "$trace" && pwd)
if [ $need_xz = 1 ]; then
    tdir=$work/trace
    mkdir "$tdir"
    cp "$trace/kernelslist.g" "$tdir/"
    for k in $kernels; do
        if [ -f "$trace/$k" ]; then cp "$trace/$k" "$tdir/$k"
        else xz -dc "$trace/$k.xz" > "$tdir/$k" || { echo "run.sh: cannot decompress $trace/$k.xz" >&2; exit 1; }
        fi
    done
fi

# GPGPU-Sim builds its own libcudart.so; another one on the loader's path (a CUDA toolkit's) must
# not be taken instead.
lib=${ACCELSIM_LIB:-}
if [ -z "$lib" ]; then
    for d in "$(dirname "$bin")"/../../gpgpu-sim/lib/*/*/release; do
        [ -f "$d/libcudart.so" ] && lib=$(cd "$d" && pwd)
    done
fi
[ -n "$lib" ] && export LD_LIBRARY_PATH=$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}

latency=(-gpgpu_kernel_launch_latency 0)
for o in "${extra[@]}"; do [ "$o" = -gpgpu_kernel_launch_latency ] && latency=(); done

log=$work/accel-sim.log
t0=$(date +%s.%N)
TIMEFORMAT='%U %S'
{ time (cd "$work" && "$bin" -trace "$tdir/kernelslist.g" -config ./gpgpusim.config \
    -config ./trace.config "${latency[@]}" "${extra[@]}" > "$log" 2>&1); } 2> "$work/cpu"
rc=$?
t1=$(date +%s.%N)
[ -n "${ACCELSIM_LOG:-}" ] && cp "$log" "$ACCELSIM_LOG"
if [ $rc -ne 0 ] || ! grep -q '^GPGPU-Sim: \*\*\* exit detected \*\*\*' "$log"; then
    echo "run.sh: Accel-Sim failed (exit status $rc, or no \"exit detected\" line); the end of its log:" >&2
    tail -n 5 "$log" >&2
    exit 1
fi

# Accel-Sim prints one statistics dump per finished kernel, starting at "kernel_name = ".
# gpu_sim_cycle and gpu_sim_insn are the kernel's own; every other counter in a dump is cumulative
# over the kernels before it, so a kernel's value is the difference of consecutive dumps.
# Warp instructions: "gpgpu_n_tot_w_icount". L1D: Total_core_cache_stats_breakdown (which also
# holds the L1I/L1C/L1T caches' types) of GLOBAL_ACC_* and LOCAL_ACC_*; L2: L2_cache_stats_breakdown,
# reads the types ending in _R, writes the _W and *_WRBK_ACC types. Accesses count every outcome but
# RESERVATION_FAIL and MSHR_HIT (as TOTAL_ACCESS does), misses MISS + SECTOR_MISS. Both breakdowns
# are summed over the CUDA streams they list (the per-kernel difference assumes the dumps print
# every stream a kernel used, true of single-stream traces). DRAM: "total dram reads/writes".
# gpgpu_simulation_time_sec: Accel-Sim's own whole-second clock (cumulative, so differenced);
# wall_seconds and cpu_seconds (total row only): this script's clock around the whole run, and the
# user + system CPU time of Accel-Sim's process, start-up included.
awk -v wall="$(echo "$t0 $t1" | awk '{printf "%.3f", $2 - $1}')" \
    -v cpu="$(awk '{printf "%.3f", $1 + $2}' "$work/cpu")" '
function val(line) { sub(/.*= */, "", line); sub(/ .*/, "", line); return line + 0 }
function flush(   i, v) {
    if (!open) return
    n++
    for (i = 1; i <= ncum; i++) { v = cum[cols[i]]; row[n, cols[i]] = v - prev[cols[i]]; prev[cols[i]] = v; tot[cols[i]] = v }
    if (name ~ /[,"]/) { gsub(/"/, "\"\"", name); name = "\"" name "\"" }
    row[n, "uid"] = uid; row[n, "name"] = name; row[n, "cyc"] = cyc; row[n, "insn"] = insn
    tcyc += cyc; tinsn += insn
    open = 0
}
BEGIN {
    ncum = split("w L1Dacc L1Dmiss L1DaccR L1DmissR L1DaccW L1DmissW L2acc L2miss L2accR L2missR L2accW L2missW dramR dramW simsec", cols, " ")
}
/^kernel_name = / { flush(); open = 1; name = $0; sub(/^kernel_name = /, "", name); sub(/ +$/, "", name); for (i = 1; i <= ncum; i++) cum[cols[i]] = 0; next }
!open { next }
/^kernel_launch_uid = / { uid = val($0); next }
/^gpu_sim_cycle = / { cyc = val($0); next }
/^gpu_sim_insn = / { insn = val($0); next }
/^gpgpu_n_tot_w_icount = / { cum["w"] = val($0); next }
/^\tL1D_total_cache_accesses = / { cum["L1Dacc"] = val($0); next }
/^\tL1D_total_cache_misses = / { cum["L1Dmiss"] = val($0); next }
/^\tL2_total_cache_accesses = |^L2_total_cache_accesses = / { cum["L2acc"] = val($0); next }
/^\tL2_total_cache_misses = |^L2_total_cache_misses = / { cum["L2miss"] = val($0); next }
/^total dram reads = / { cum["dramR"] = val($0); next }
/^total dram writes = / { cum["dramW"] = val($0); next }
/^gpgpu_simulation_time = / { s = $0; sub(/.*\(/, "", s); cum["simsec"] = s + 0; next }
/^\t(Total_core_cache_stats_breakdown|L2_cache_stats_breakdown)\[/ {
    split($0, p, /[][]/); type = p[2]; st = p[4]; v = val($0)
    if (st == "TOTAL_ACCESS" || st == "RESERVATION_FAIL" || st == "MSHR_HIT") next
    miss = (st == "MISS" || st == "SECTOR_MISS")
    if (p[1] ~ /Total_core/) {
        if (type == "GLOBAL_ACC_R" || type == "LOCAL_ACC_R") rw = "R"
        else if (type == "GLOBAL_ACC_W" || type == "LOCAL_ACC_W") rw = "W"
        else next
        cum["L1Dacc" rw] += v; if (miss) cum["L1Dmiss" rw] += v
    } else {
        if (type ~ /_R$/) rw = "R"; else if (type ~ /(_W|_WRBK_ACC)$/) rw = "W"; else next
        cum["L2acc" rw] += v; if (miss) cum["L2miss" rw] += v
    }
    next
}
END {
    flush()
    if (n == 0) { print "run.sh: no statistics dump (kernel_name = ...) in the log" > "/dev/stderr"; exit 1 }
    print "kernel_launch_uid,kernel_name,gpu_sim_cycle,gpu_sim_insn,gpgpu_n_tot_w_icount," \
          "L1D_total_cache_accesses,L1D_total_cache_misses,L1D_accesses_R,L1D_misses_R,L1D_accesses_W,L1D_misses_W," \
          "L2_total_cache_accesses,L2_total_cache_misses,L2_accesses_R,L2_misses_R,L2_accesses_W,L2_misses_W," \
          "total_dram_reads,total_dram_writes,gpgpu_simulation_time_sec,wall_seconds,cpu_seconds"
    for (k = 1; k <= n; k++) {
        line = row[k, "uid"] "," row[k, "name"] "," row[k, "cyc"] "," row[k, "insn"]
        for (i = 1; i <= ncum; i++) line = line "," row[k, cols[i]]
        print line ",,"
    }
    line = "total," n " kernels," tcyc "," tinsn
    for (i = 1; i <= ncum; i++) line = line "," tot[cols[i]]
    print line "," wall "," cpu
    if (tot["L1DaccR"] + tot["L1DaccW"] != tot["L1Dacc"] || tot["L2accR"] + tot["L2accW"] != tot["L2acc"])
        print "run.sh: warning: the read/write split does not add up to the *_total_cache_accesses lines" > "/dev/stderr"
}' "$log"
