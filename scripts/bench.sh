#!/usr/bin/env bash
# bench.sh — builds in release mode (profile-guided, as main.sh) and runs every benchmark (bench/*.c), each
# on one core, printing its figures.  Usage: scripts/bench.sh [NAME...]
# (NAME without the bench_ prefix, e.g. "model_bench").  Nothing is asserted.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --pgo build-bench -DBWM_TESTS=OFF
names=("$@")
if ((${#names[@]} == 0)); then
  for exe in build-bench/bench/bench_*; do names+=("${exe##*/bench_}"); done
fi
for name in "${names[@]}"; do
  echo "== $name"
  taskset -c 0 "build-bench/bench/bench_$name"
done
