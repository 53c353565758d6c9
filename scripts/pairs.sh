#!/usr/bin/env bash
# scripts/pairs.sh — the figures docs/calibrate.md quotes on what the calibrated
# applications do in pairs: every two-application pair of the applications
# file under FR-FCFS (how many lose more than 5 % of their weighted speedup,
# the median WS), then the paper's schedulers on the pairs that interfere
# (WS < 1.9), with the geometric means of the IT, WS and HS ratios beside
# paper 000's figures.
#
# Usage: bash scripts/pairs.sh [OUTDIR]        (default out/pairs)
# Uses the bwmpki of $BWMPKI_BUILD (default build-release; scripts/setup.sh
# builds it).  Extra options for 'fit policy' (e.g. --config FILE) go in
# $BWMPKI_PAIRS_OPTS.  Writes OUTDIR/all/ and OUTDIR/interfering/ (the fit
# policy tables), OUTDIR/pairs.csv, OUTDIR/interfering.csv and OUTDIR/summary.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${BWMPKI_BUILD:-build-release}"
bwmpki="$build/cli/bwmpki"
[ -x "$bwmpki" ] || { echo "pairs.sh: $bwmpki not found; run: bash scripts/setup.sh $build" >&2; exit 2; }
out="${1:-out/pairs}"
read -r -a extra <<< "${BWMPKI_PAIRS_OPTS:-}"
mkdir -p "$out"

apps=$(grep -v '^#' data/apps_calibrated.csv | awk -F, 'NR > 1 { print $2 }')
awk -v list="$(echo $apps)" 'BEGIN {
    n = split(list, a, " "); id = 0; print "id,apps"
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) print ++id "," a[i] "_" a[j]
}' > "$out/pairs.csv"

"$bwmpki" fit policy --workloads "$out/pairs.csv" --scheds frfcfs --out "$out/all" "${extra[@]}" > /dev/null
col() { head -1 "$1" | tr ',' '\n' | grep -nx "$2" | cut -d: -f1; }
scheds="$out/all/policy_scheds.csv"
ws=$(col "$scheds" ws_sim); wl=$(col "$scheds" workload)
awk -F, -v ws="$ws" -v wl="$wl" 'NR > 1 && $ws < 1.9 { print ++n "," $wl } BEGIN { print "id,apps" }' \
    "$scheds" > "$out/interfering.csv"
n_all=$(($(wc -l < "$out/pairs.csv") - 1))
n_int=$(($(wc -l < "$out/interfering.csv") - 1))
median=$(awk -F, -v ws="$ws" 'NR > 1 { print $ws }' "$scheds" | sort -g |
         awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')

"$bwmpki" fit policy --workloads "$out/interfering.csv" --scheds frfcfs,rr,its,weis,prior-low-mpki,prior-low-bw \
    --out "$out/interfering" "${extra[@]}" > /dev/null
scheds="$out/interfering/policy_scheds.csv"
{
    echo "pairs: $n_all; WS < 1.9 under frfcfs: $n_int; median WS: $median"
    echo "geometric means over the $n_int interfering pairs (paper 000 over its representative workloads):"
    awk -F, -v wl="$wl" -v sc="$(col "$scheds" sched)" -v it="$(col "$scheds" it_sim)" -v ws="$ws" \
        -v hs="$(col "$scheds" hs_sim)" '
        NR > 1 { v[$wl, $sc, "it"] = $it; v[$wl, $sc, "ws"] = $ws; v[$wl, $sc, "hs"] = $hs; w[$wl] = 1 }
        function gm(m, a, b,    s, k, x) {
            s = 0; k = 0
            for (x in w) { s += log(v[x, a, m] / v[x, b, m]); k++ }
            return 100 * (exp(s / k) - 1)
        }
        END {
            printf "IT, its vs frfcfs: %+.1f %% (paper +34 %%)\n", gm("it", "its", "frfcfs")
            printf "IT, its vs rr: %+.1f %% (paper +8 %%)\n", gm("it", "its", "rr")
            printf "WS, weis vs frfcfs: %+.1f %% (paper +10 %%)\n", gm("ws", "weis", "frfcfs")
            printf "WS, weis vs rr: %+.1f %% (paper +5 %%)\n", gm("ws", "weis", "rr")
            printf "HS, rr vs frfcfs: %+.1f %% (paper +4 %%)\n", gm("hs", "rr", "frfcfs")
            printf "HS, weis vs frfcfs: %+.1f %% (paper +8 %%)\n", gm("hs", "weis", "frfcfs")
            printf "IT, prior-low-mpki vs frfcfs: %+.1f %%\n", gm("it", "prior-low-mpki", "frfcfs")
        }' "$scheds"
} | tee "$out/summary.txt"
