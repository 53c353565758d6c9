#!/usr/bin/env bash
# setup.sh — installs the Debian packages bwmpki needs (only those missing) and
# builds it.  Usage: scripts/setup.sh [BUILD_DIR [extra cmake options...]]
# Run as root, or as a user who may use sudo.  BWM_EXTRA_PACKAGES names more
# Debian packages a caller needs (scripts/fuzz.sh: clang and libFuzzer).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential cmake pkg-config libgsl-dev libpcre2-dev libcriterion-dev
          gnuplot-nox zlib1g-dev)
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

build_dir="${1:-build}"
shift || true
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build "$build_dir" -j "$(nproc)" >/dev/null
echo "setup: built $build_dir/cli/bwmpki"
