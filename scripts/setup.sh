#!/usr/bin/env bash
# setup.sh — installs the Debian packages bwmpki needs (only those missing) and
# builds it.  Usage: scripts/setup.sh [--pgo] [BUILD_DIR [extra cmake options...]]
# --pgo (gcc): a profile-guided release build — an instrumented build, a
# training run (scripts/pgo-train.sh), then the build that uses the profile;
# redone only when a source file or an option changed (the simulator runs
# 5-10 % faster).  Other compilers build as without it.
# Run as root, or as a user who may use sudo.  BWM_EXTRA_PACKAGES names more
# Debian packages a caller needs (scripts/fuzz.sh: clang and libFuzzer).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential cmake pkg-config libgsl-dev libpcre2-dev libcriterion-dev
          gnuplot-nox zlib1g-dev liblzma-dev xz-utils openssl)
read -r -a extra <<<"${BWM_EXTRA_PACKAGES:-}"
packages+=("${extra[@]}")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

pgo=0
if [ "${1:-}" = "--pgo" ]; then
  pgo=1
  shift
fi
build_dir="${1:-build}"
shift || true
if ((pgo)) && "${CC:-cc}" --version 2>/dev/null | head -1 | grep -qi clang; then
  pgo=0
fi
if ((pgo)); then
  stamp=$({ printf '%s\n' "$*"; find CMakeLists.txt cmake cli fit io model plots sim study util scripts/pgo-train.sh \
            -type f -print0 2>/dev/null | sort -z | xargs -0 sha256sum; } | sha256sum | cut -d' ' -f1)
  if [ "$(cat "$build_dir/pgo-stamp" 2>/dev/null)" != "$stamp" ]; then
    rm -f "$build_dir/pgo-stamp"
    rm -rf "$build_dir/pgo-profile"
    cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release "$@" -DBWM_PGO=generate >/dev/null
    cmake --build "$build_dir" -j "$(nproc)" --target bwmpki >/dev/null
    echo "setup: training the profile-guided build (scripts/pgo-train.sh)"
    bash scripts/pgo-train.sh "$build_dir/cli/bwmpki"
    echo "$stamp" >"$build_dir/pgo-stamp"
  fi
  set -- "$@" -DBWM_PGO=use
fi
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build "$build_dir" -j "$(nproc)" >/dev/null
echo "setup: built $build_dir/cli/bwmpki"
