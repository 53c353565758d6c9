#!/usr/bin/env bash
# fuzz.sh — builds the libFuzzer harnesses of fuzz/ (clang, AddressSanitizer,
# UndefinedBehaviorSanitizer) in build-fuzz/ and runs each for a bounded time,
# seeded from data/ and tests/fixtures/ as they are now.  Installs clang and
# libFuzzer's runtime when missing (as scripts/setup.sh installs the rest).
#
#   scripts/fuzz.sh [--seconds N] [HARNESS...]   run every harness (or those named,
#                                                e.g. "trace") for N seconds each (30)
#   scripts/fuzz.sh --repro HARNESS FILE...      run a harness once on saved inputs
#   scripts/fuzz.sh --list                       name the harnesses
#
# What a harness finds (crash, leak, sanitizer report, broken property, hang)
# fails the run (exit 1); the input is kept in fuzz-artifacts/HARNESS/ and the
# command that re-runs it is printed.  Inputs that reach new code accumulate
# in fuzz-corpus/HARNESS/, so later runs start where earlier ones stopped.
set -euo pipefail
cd "$(dirname "$0")/.."

build=build-fuzz
seconds=30
mode=run
names=()
while (($#)); do
  case $1 in
    --seconds) seconds=${2:?--seconds needs a number}; shift 2 ;;
    --repro) mode=repro; shift; break ;;
    --list) mode=list; shift ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) names+=("${1%_fuzz}"); shift ;;
  esac
done
if [[ ! $seconds =~ ^[1-9][0-9]*$ ]]; then
  echo "fuzz: --seconds wants a whole number of seconds > 0, not '$seconds'" >&2
  exit 2
fi

all=()
for src in fuzz/*_fuzz.c; do
  n=${src##*/}
  all+=("${n%_fuzz.c}")
done
if [[ $mode == list ]]; then
  printf '%s\n' "${all[@]}"
  exit 0
fi

BWM_EXTRA_PACKAGES="clang libclang-rt-14-dev" CC=clang bash scripts/setup.sh "$build" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBWM_FUZZ=ON -DBWM_WERROR=ON -DBWM_TESTS=OFF -DBWM_BENCH=OFF >/dev/null

# Every UBSan report stops the run, except the known ones fuzz/ubsan.supp names.
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:suppressions=$PWD/fuzz/ubsan.supp
export ASAN_OPTIONS=detect_leaks=1

if [[ $mode == repro ]]; then
  name=${1:?--repro needs a harness and input files}
  shift
  for f in "$@"; do
    # a folder would make libFuzzer fuzz it rather than run it
    [[ -f $f ]] || { echo "fuzz: --repro takes input files; '$f' is not one" >&2; exit 2; }
  done
  exec "$build/fuzz/${name%_fuzz}_fuzz" "$@"
fi

for n in "${names[@]}"; do
  [[ -x $build/fuzz/${n}_fuzz ]] || { echo "fuzz: no harness '$n' (see --list)" >&2; exit 2; }
done
((${#names[@]})) || names=("${all[@]}")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# option_values NAME_REGEX DIR: the value of every option whose name matches,
# in the shipped and test configuration files, one file each (quoted values
# may span lines).
option_values() {
  awk -v re="^($1)\$" -v dir="$2" '
    function emit(v) { f = sprintf("%s/%s-%d", dir, "value", ++k); printf "%s", v > f; close(f) }
    inq { i = index($0, "\""); if (i) { emit(val "\n" substr($0, 1, i - 1)); inq = 0 } else val = val "\n" $0; next }
    $1 ~ re {
      rest = $0; sub(/^[ \t]*[^ \t]+[ \t]+/, "", rest)
      if (substr(rest, 1, 1) == "\"") {
        rest = substr(rest, 2); i = index(rest, "\"")
        if (i) emit(substr(rest, 1, i - 1)); else { inq = 1; val = rest }
      } else { sub(/[ \t#].*/, "", rest); if (rest != "") emit(rest) }
    }' data/configs/*.config tests/fixtures/*.config
}

# seeds NAME DIR: the harness's starting inputs; dict NAME FILE: its dictionary.
seeds() {
  local dir=$2 f
  mkdir -p "$dir"
  case $1 in
    optfile) cp data/configs/*.config tests/fixtures/*.config "$dir" ;;
    cache_config) option_values '-gpgpu_[a-z_]*cache[a-z0-9_:]*' "$dir" ;;
    timing_opt) option_values '-gpgpu_dram_timing_opt' "$dir" ;;
    addrmap)
      option_values '-gpgpu_mem_addr_mapping' "$dir"
      grep -ho -- '-bwm_addr_xor "[^"]*"' data/configs/*.config | cut -d'"' -f2 | while read -r x; do
        for f in "$dir"/value-*; do printf '%s\n%s' "$(cat "$f")" "$x" >"$dir/xor-${f##*/}"; done
      done ;;
    trace)
      cp tests/fixtures/traces/*.trace "$dir"
      for f in tests/fixtures/traces/small*.trace; do gzip -c "$f" >"$dir/${f##*/}.gz"; done ;;
    sass)
      # the vectorAdd trace's header and first thread block, plain and xz, and the shipped .xz
      xz -dc tests/fixtures/traces/vectoradd/kernel-1.traceg.xz | sed -n '1,/#END_TB/p' >"$dir/vectoradd-block0.traceg"
      xz -c "$dir/vectoradd-block0.traceg" >"$dir/vectoradd-block0.traceg.xz"
      cp tests/fixtures/traces/vectoradd/kernel-1.traceg.xz "$dir" ;;
    apps_csv) cp data/apps*.csv tests/fixtures/model/apps_*.csv "$dir" ;;
    workloads) cp data/workloads/*.csv tests/fixtures/model/workloads_*.csv "$dir" ;;
    gpgpusim_log) cp tests/fixtures/gpgpusim/*.log "$dir" ;;
    accelsim_log) cp tests/fixtures/accel-sim/logs/*.log "$dir" ;;
    results_csv) cp tests/fixtures/gpgpusim/*.csv "$dir" ;;
    cli)
      # the examples of README.md and docs/, without their comments, pipes and
      # redirections, and a few that read the test fixtures
      local k=0
      { grep -hE '^bwmpki ' README.md docs/*.md | sed -E 's/[[:space:]]+(#|>|\|).*//'
        echo "bwmpki fit import --logs tests/fixtures/gpgpusim/normal.log,tests/fixtures/gpgpusim/two_kernels.log" \
             "--csv tests/fixtures/gpgpusim/runs.csv --out results --format table"
        echo "bwmpki model classify --workloads tests/fixtures/model/workloads_unknown.csv --format table"
        echo "bwmpki sim config --config tests/fixtures/gtx480.config --format table"
      } | while read -r line; do
        printf '%s' "$line" >"$dir/example-$((++k))"
      done ;;
  esac
}

dict() {
  case $1 in
    optfile) grep -ohE '"-[A-Za-z_][A-Za-z0-9_:.]*"' sim/config/*.c | sort -u >"$2" ;;
    cli) grep -ohE '\{"[a-z][a-z0-9-]*",' cli/*.c | sort -u | sed -E 's/^\{"(.*)",$/"\1"\n"--\1"/' >"$2" ;;
    apps_csv|workloads|results_csv) cp fuzz/csv.dict "$2" ;;
    *) [[ -f fuzz/$1.dict ]] && cp "fuzz/$1.dict" "$2" ;;
  esac
}

failed=()
for name in "${names[@]}"; do
  corpus=fuzz-corpus/$name
  artifacts=fuzz-artifacts/$name
  mkdir -p "$corpus" "$artifacts"
  seeds "$name" "$work/seeds-$name"
  args=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -close_fd_mask=3 -print_final_stats=1
        -artifact_prefix="$artifacts/")
  if dict "$name" "$work/$name.dict"; then
    args+=(-dict="$work/$name.dict")
  fi
  log=$work/$name.log
  if "$build/fuzz/${name}_fuzz" "${args[@]}" "$corpus" "$work/seeds-$name" >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    corp=$(grep -o 'corp: [0-9]*/[0-9a-zA-Z]*' "$log" | tail -1 | cut -d' ' -f2)
    echo "fuzz: $name: ${runs:-?} runs in $seconds s (${rate:-?}/s), corpus ${corp%/*} inputs (${corp#*/}): no finding"
  else
    failed+=("$name")
    cp "$log" "$artifacts/fuzzer.log"
    echo "fuzz: $name: FOUND A PROBLEM; the fuzzer's report (also in $artifacts/fuzzer.log):" >&2
    grep -v -E '^(#[0-9]+|INFO:|MS:|\s*$)' "$log" | head -40 >&2
    unit=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
    if [[ -n $unit ]]; then
      echo "fuzz: $name: the input is kept in $unit; re-run it with" >&2
      echo "  bash scripts/fuzz.sh --repro $name $unit" >&2
    fi
  fi
done
if ((${#failed[@]})); then
  echo "fuzz: findings in: ${failed[*]}" >&2
  exit 1
fi
