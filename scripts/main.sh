#!/usr/bin/env bash
# main.sh — quick start: installs what is missing, builds, runs the main job.
# The main job compares every bandwidth-sharing policy of the closed-form
# engine on the paper's Figure 6 example and on a Table 1 workload (BLK_GUPS, bandwidth-bound),
# simulates BLK_GUPS on the Table 2 GPU under FR-FCFS, ITS and WEIS, checks the
# calibrated applications against Table 1, and fits the model against the
# simulator: single applications (fit perf) and the paper's workloads under
# every scheduler with a closed form (fit policy).
# Results go to out/ as table, CSV and JSON.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh build
bin=build/cli/bwmpki
mkdir -p out
for fmt in csv json; do
  "$bin" model compare --mpki 20,5 --bw-alone 30,40 --peak 50 --format "$fmt" -o "out/figure6.$fmt"
  "$bin" model compare --apps BLK,GUPS --peak 88.8 --format "$fmt" -o "out/blk_gups.$fmt"
done
echo "== Paper 000, Figure 6 (C = 50; MPKI 20, 5; alone BW 30, 40)"
"$bin" model compare --mpki 20,5 --bw-alone 30,40 --peak 50 --format table
echo
echo "== BLK_GUPS from Table 1 on the 88.8 GB/s system (paper 000, Figure 4)"
"$bin" model compare --apps BLK,GUPS --peak 88.8 --format table
echo
for sched in frfcfs its weis; do
  "$bin" sim run --apps BLK,GUPS --sched "$sched" --format json -o "out/sim_blk_gups_$sched.json" 2>/dev/null
  echo "== BLK_GUPS simulated on data/configs/memsys15.config under $sched"
  "$bin" sim run --apps BLK,GUPS --sched "$sched" --format table 2>/dev/null
  echo
done
echo "== The 25 calibrated applications alone against Table 1"
"$bin" calibrate --check --format table 2>/dev/null | tee out/calibration.txt
echo
echo "== The performance model against the simulated applications (paper 000, Figure 2)"
"$bin" fit perf --out out/ --format table 2>/dev/null
echo
echo "== The closed-form schedulers against the simulated ones, per workload class"
"$bin" fit policy --out out/ --format json -o out/policy.json 2>/dev/null
cat out/policy_classes.txt
echo "main: results written to out/ (figure6.*, blk_gups.*, sim_blk_gups_*.json, calibration.txt,"
echo "      perf.*, perf_params.csv, policy_*.{txt,csv,json})"
