#!/usr/bin/env bash
# pgo-train.sh — the training run of the profile-guided build (scripts/setup.sh
# --pgo): runs an instrumented bwmpki on a mix of what it spends its time on,
# the simulator with pairs of every kind (bandwidth-bound, latency-bound,
# compute-bound, irregular and streaming; frfcfs, rr, its, weis, asjf) on
# memsys15, cal12 and two of GPGPU-Sim's stock configs (a GDDR5 one and an
# HBM one with sector caches), plus a DRAM trace and the closed-form model.
# About 3 seconds.  Usage: scripts/pgo-train.sh BWMPKI
set -euo pipefail
bin=$(realpath "${1:?usage: scripts/pgo-train.sh BWMPKI}")
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() { "$bin" "$@" >/dev/null; }

for pair in GUPS,SCP:frfcfs BLK,MUM:rr RED,NW:its HISTO,TRD:weis CFD,BFS2:frfcfs SCAN,LUH:asjf; do
  run sim run --apps "${pair%%:*}" --sched "${pair##*:}" --cycles 150000
done
run sim run --config data/configs/cal12.config --apps BP,NN --sched asjf --cycles 50000
run sim run --config tests/fixtures/tested-cfgs/SM6_TITANX.config --apps RED,MUM --cycles 20000
run sim run --config tests/fixtures/tested-cfgs/SM7_QV100.config --apps SRAD,BFS2 --cycles 10000
# a random-address trace (1 GB, 64-byte requests) for the controller alone
awk 'BEGIN { srand(7); for (i = 0; i < 100000; i++)
       printf "0x%x %s\n", int(rand() * 2^24) * 64, rand() < 0.3 ? "W" : "R" }' >"$tmp/t.trace"
run sim dram --trace "$tmp/t.trace"
run model compare --mpki 20,5 --bw-alone 30,40 --peak 50
