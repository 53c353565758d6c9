#!/usr/bin/env bash
# test.sh — installs what is missing, builds with warnings as errors and
# -fsanitize=address,undefined,float-cast-overflow, and runs the whole Criterion
# test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh build-test -DBWM_WERROR=ON -DBWM_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir build-test --output-on-failure -j "$(nproc)"
