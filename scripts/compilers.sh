#!/usr/bin/env bash
# compilers.sh — builds bwmpki with gcc and with clang (release, warnings as
# errors) and checks that both give byte-identical simulation results and
# the same quick study (results, fits, figures, report): a result that
# depends on the compiler is a bug (unsequenced side effects, uninitialised
# reads, floating-point contraction).  Installs clang when it
# is missing.  Usage: scripts/compilers.sh [GCC_BUILD_DIR [CLANG_BUILD_DIR]]
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v clang >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "compilers: installing clang"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends clang >/dev/null
fi

gcc_dir="${1:-build-gcc}"
clang_dir="${2:-build-clang}"
common=(-DCMAKE_BUILD_TYPE=Release -DBWM_WERROR=ON -DBWM_TESTS=OFF -DBWM_BENCH=OFF)
CC=gcc bash scripts/setup.sh "$gcc_dir" "${common[@]}" >/dev/null
CC=clang bash scripts/setup.sh "$clang_dir" "${common[@]}" >/dev/null

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Each line: a name and the bwmpki arguments whose standard output is compared.
runs=(
  "blk_gups_its    sim run --apps BLK,GUPS --sched its --cycles 100000"
  "gups_mum_frfcfs sim run --apps GUPS,MUM --sched frfcfs --cycles 60000"
  "blk_qtc_weis    sim run --apps BLK,QTC --sched weis --cycles 60000"
  "histo_trd_rr    sim run --apps HISTO,TRD --sched rr --cycles 60000"
  "three_apps_its  sim run --apps GUPS,SCP,HISTO --sched its --cycles 40000"
  "bfs2_asjf       sim run --apps BFS2 --sched asjf --cycles 40000"
  "blk_paper_mode  sim run --apps BLK,NN --sched prior-low-bw --paper-mode --insts 2000000"
  "calibration     calibrate --check"
)
status=0
for line in "${runs[@]}"; do
  read -r name args <<<"$line"
  # shellcheck disable=SC2086  # args is a word list on purpose
  "$gcc_dir/cli/bwmpki" $args --format csv -o "$out/$name.gcc.csv" 2>/dev/null
  # shellcheck disable=SC2086
  "$clang_dir/cli/bwmpki" $args --format csv -o "$out/$name.clang.csv" 2>/dev/null
  if cmp -s "$out/$name.gcc.csv" "$out/$name.clang.csv"; then
    echo "compilers: $name: identical"
  else
    echo "compilers: $name: gcc and clang differ:" >&2
    diff "$out/$name.gcc.csv" "$out/$name.clang.csv" | head -20 >&2
    status=1
  fi
done
# The quick study: every file but those naming the executable (its sha256 is in
# the run keys, the plan, results.json's provenance and the manifest).
"$gcc_dir/cli/bwmpki" study --out "$out/study.gcc" --quick >/dev/null 2>&1
"$clang_dir/cli/bwmpki" study --out "$out/study.clang" --quick >/dev/null 2>&1
if diff -r -x manifest.json -x plan -x runs -x results.json "$out/study.gcc" "$out/study.clang" >"$out/study.diff"; then
  echo "compilers: quick study: identical"
else
  echo "compilers: quick study: gcc and clang differ:" >&2
  head -20 "$out/study.diff" >&2
  status=1
fi
exit $status
