#!/usr/bin/env bash
# scripts/stages.sh — where each application's time goes, alone and paired:
# for every workload and scheduler, 'sim run' of the workload and of each of
# its applications alone on its share (the same SMs, the rest of the GPU
# idle), with the per-stage times of a load (docs/sim.md, "Where the time goes").
#
# Usage: bash scripts/stages.sh [WORKLOADS [SCHEDS [OUTDIR]]]
#   WORKLOADS  comma-separated, applications joined by _ (default: paper 000's
#              named pairs BLK_QTC,BLK_GUPS,BLK_NN,HISTO_TRD,NW_FWT,BLK_MUM,
#              BLK_LUH,NW_SCP,QTC_SCP)
#   SCHEDS     comma-separated schedulers (default frfcfs)
#   OUTDIR     default out/stages
# Uses the bwmpki of $BWMPKI_BUILD (default build-release; scripts/setup.sh
# builds it); extra 'sim run' options (e.g. --config FILE --cycles N) go in
# $BWMPKI_STAGES_OPTS.  Writes OUTDIR/stages.csv (one row per workload,
# scheduler, application and run: alone or paired) and prints, per
# application, the mean cycles per load alone and paired and the stages
# whose time grew the most.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${BWMPKI_BUILD:-build-release}"
bwmpki="$build/cli/bwmpki"
[ -x "$bwmpki" ] || { echo "stages.sh: $bwmpki not found; run: bash scripts/setup.sh $build" >&2; exit 2; }
workloads="${1:-BLK_QTC,BLK_GUPS,BLK_NN,HISTO_TRD,NW_FWT,BLK_MUM,BLK_LUH,NW_SCP,QTC_SCP}"
scheds="${2:-frfcfs}"
out="${3:-out/stages}"
read -r -a extra <<< "${BWMPKI_STAGES_OPTS:-}"
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cols="workload,sched,app,run,sms,ipc,sd,avg_mem_latency,mem_round_trip,lat_inject,lat_req_xbar,lat_l2_queue,\
lat_l2_blocked,lat_l2_mshr,lat_dram_queue,lat_mc_queue,lat_dram,lat_fill,lat_reply_queue,lat_reply_xbar,mem_stall_frac"
# pick: the columns of $cols from a sim run CSV, with run set to $1
pick() {
    awk -F, -v OFS=, -v want="$cols" -v run="$1" '
        NR == 1 { for (i = 1; i <= NF; i++) at[$i] = i; n = split(want, w, ","); next }
        { line = ""
          for (k = 1; k <= n; k++) {
              v = w[k] == "run" ? run : (w[k] in at ? $(at[w[k]]) : "")
              line = line (k > 1 ? OFS : "") v
          }
          print line }'
}
echo "$cols" > "$tmp/stages.csv"
IFS=, read -r -a wl <<< "$workloads"
IFS=, read -r -a sc <<< "$scheds"
for w in "${wl[@]}"; do
    apps=${w//_/,}
    for s in "${sc[@]}"; do
        "$bwmpki" sim run --apps "$apps" --sched "$s" --format csv "${extra[@]}" > "$tmp/pair.csv"
        pick paired < "$tmp/pair.csv" >> "$tmp/stages.csv"
    done
    # each application alone on its share (that of the first scheduler's run)
    while IFS=, read -r app sms; do
        "$bwmpki" sim run --apps "$app" --sm-split "$sms" --format csv "${extra[@]}" > "$tmp/alone.csv"
        pick alone < "$tmp/alone.csv" | awk -F, -v OFS=, -v wl="$w" -v sc="${sc[0]}" '{ $1 = wl; $2 = sc; print }' \
            >> "$tmp/stages.csv"
    done < <(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) at[$i] = i; next } { print $(at["app"]) "," $(at["sms"]) }' \
                 "$tmp/pair.csv")
done
mv "$tmp/stages.csv" "$out/stages.csv"

# per (workload, sched, app): cycles per load alone -> paired, the three stages that grew most
awk -F, '
    NR == 1 { for (i = 1; i <= NF; i++) { at[$i] = i; if ($i ~ /^lat_/) st[++ns] = $i }; next }
    $4 == "alone" { for (k = 1; k <= ns; k++) alone[$1, $3, st[k]] = $(at[st[k]])
                    alone_rt[$1, $3] = $(at["mem_round_trip"]); alone_stall[$1, $3] = $(at["mem_stall_frac"]) }
    $4 == "paired" { key[++nk] = $1 SUBSEP $2 SUBSEP $3
                     for (k = 1; k <= ns; k++) paired[$1, $2, $3, st[k]] = $(at[st[k]])
                     rt[$1, $2, $3] = $(at["mem_round_trip"]); sd[$1, $2, $3] = $(at["sd"])
                     stall[$1, $2, $3] = $(at["mem_stall_frac"]) }
    END {
        printf "%-15s %-8s %-5s %6s %9s %9s %7s %7s  %s\n", "workload", "sched", "app", "sd", "alone", "paired",
               "stall", "stall", "stages that grew most (cycles per load, alone -> paired)"
        printf "%-15s %-8s %-5s %6s %9s %9s %7s %7s\n", "", "", "", "", "cyc/load", "cyc/load", "alone", "paired"
        for (i = 1; i <= nk; i++) {
            split(key[i], f, SUBSEP); w = f[1]; s = f[2]; a = f[3]
            line = ""
            for (n = 0; n < 3; n++) {
                best = ""; bd = -1e18
                for (k = 1; k <= ns; k++) {
                    if (used[i, k]) continue
                    d = paired[w, s, a, st[k]] - alone[w, a, st[k]]
                    if (d > bd) { bd = d; best = k }
                }
                if (best == "" || bd < 1) break
                used[i, best] = 1
                name = st[best]; sub(/^lat_/, "", name)
                line = line sprintf("%s%s %.0f -> %.0f", n ? ", " : "", name, alone[w, a, st[best]],
                                    paired[w, s, a, st[best]])
            }
            printf "%-15s %-8s %-5s %6.3f %9.0f %9.0f %7.2f %7.2f  %s\n", w, s, a, sd[w, s, a], alone_rt[w, a],
                   rt[w, s, a], alone_stall[w, a], stall[w, s, a], line == "" ? "(none grew by a cycle)" : line
        }
    }' "$out/stages.csv"
