#!/usr/bin/env bash
# install-check.sh — installs a build into a temporary prefix and uses it as
# a user would, from another folder: the executable finds its data next to
# itself, a copy of it elsewhere finds a data/ folder beside it or says where
# it looked, the man page and completion are there, and small programs build
# against the installed libraries through pkg-config and through CMake's
# find_package.  Usage: scripts/install-check.sh [BUILD_DIR] (default build).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
fail() { echo "install-check: $*" >&2; exit 1; }

mkdir "$tmp/elsewhere" && cd "$tmp/elsewhere"
unset BWMPKI_DATA_DIR
bin="$prefix/bin/bwmpki"
"$bin" --version | grep -q "source revision" || fail "--version has no revision"
"$bin" --version | grep -q "data: $prefix/share/bwmpki" || fail "the installed data folder is not used"
"$bin" model compare --apps BLK,GUPS --format json | grep -q '"favour_it":' || fail "model compare"
"$bin" sim run --apps BLK,QTC --cycles 2000 --warmup 200 --format csv 2>/dev/null | grep -q '^BLK_QTC,frfcfs,' \
  || fail "sim run with the installed configuration and applications"
[ -s "$prefix/share/man/man1/bwmpki.1" ] || fail "no man page"
grep -q '^\.SH BWMPKI SIM RUN' "$prefix/share/man/man1/bwmpki.1" || fail "the man page lacks sim run"
completion="$prefix/share/bash-completion/completions/bwmpki"
# shellcheck disable=SC1090
(source "$completion"
 COMP_WORDS=("$bin" sim r); COMP_CWORD=2; _bwmpki; [[ " ${COMPREPLY[*]} " == *" run "* ]]) || fail "completion of 'sim r'"

# a copy of the executable elsewhere: it never reads the source tree; without
# data beside it, it names where it looked (unless the configured prefix has
# data installed); with the data folder copied beside it, it works
copy="$tmp/copy"
mkdir "$copy" && cp "$bin" "$copy/"
version=$("$copy/bwmpki" --version)
case "$version" in
  *"data: not found (looked in: $copy/../share/bwmpki; $copy/data; "*)
    { "$copy/bwmpki" sim run --apps BLK --cycles 100 2>&1 >/dev/null || true; } | grep -q "no data folder (with apps.csv) found; looked in: $copy/" \
      || fail "a copied executable without data fails without naming where it looked";;
  *"(the install prefix's)"*) ;;
  *) fail "a copied executable without data beside it says: $version";;
esac
cp -r "$prefix/share/bwmpki" "$copy/data"
"$copy/bwmpki" --version | grep -q "data: $copy/data (the data folder beside the executable)" \
  || fail "a copied executable does not use the data folder beside it"
"$copy/bwmpki" sim run --apps BLK --cycles 1000 --warmup 100 --format csv 2>/dev/null | grep -q '^BLK,frfcfs,' \
  || fail "sim run from a copy with its data beside it"

# the closed-form engine alone, through pkg-config
cat > model_user.c <<'C'
#include <stdio.h>
#include "model/perf.h"
int main(void)
{
    bwm_perf_in in = {60.03, 1.6, 128, 700};
    bwm_perf_out out = bwm_perf_eval(&in);
    printf("%.1f\n", out.ipc);
    return 0;
}
C
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
# shellcheck disable=SC2046
cc -o model_user model_user.c $(pkg-config --cflags --libs bwmpki-model) || fail "pkg-config bwmpki-model"
./model_user | grep -q '^418\.' || fail "the program linked against the model printed $(./model_user)"

# every library, through CMake's package
mkdir cmake_user && cat > cmake_user/CMakeLists.txt <<'C'
cmake_minimum_required(VERSION 3.18)
project(cmake_user C)
find_package(bwmpki REQUIRED)
add_executable(user ../model_user.c)
target_link_libraries(user PRIVATE bwmpki::bwm_model)
C
cmake -S cmake_user -B cmake_user/build -DCMAKE_PREFIX_PATH="$prefix" >/dev/null || fail "find_package(bwmpki)"
cmake --build cmake_user/build >/dev/null || fail "building against bwmpki::bwm_model"
cmake_user/build/user | grep -q '^418\.' || fail "the CMake-built program"
echo "install-check: installed into a temporary prefix; the executable (and a copy of it), data, man page, completion,"
echo "install-check: pkg-config (bwmpki-model) and find_package(bwmpki) all work from another folder"
