#!/bin/sh
# manpage.sh — writes bwmpki's man page from the executable's own --help
# texts, so the page always says what the installed program does.
# Usage: scripts/manpage.sh BWMPKI OUT.1
set -eu
bin=$1
out=$2
tmp="$out.tmp"

# roff-safe text: backslashes doubled, a leading dot or quote protected.
esc() { sed -e 's/\\/\\\\/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }

# The areas and commands, as the top-level and area help list them.
areas=$("$bin" --help | sed -n '/^areas:/,/^$/p' | awk 'NR > 1 && NF { print $1 }')
version=$("$bin" --version | head -n 1)

{
  printf '.TH BWMPKI 1 "" "%s" "User Commands"\n' "$version"
  printf '.SH NAME\nbwmpki \\- bandwidth/MPKI modelling of GPU memory systems shared by several applications\n'
  printf '.SH SYNOPSIS\n.B bwmpki\n.I AREA VERB\n[\\fIoptions\\fR]\n'
  printf '.SH DESCRIPTION\n.nf\n'
  "$bin" --help | esc
  printf '.fi\n'
  for area in $areas; do
    verbs=$("$bin" "$area" --help 2>/dev/null | sed -n '/^verbs:/,/^$/p' | awk 'NR > 1 && NF { print $1 }')
    if [ -z "$verbs" ]; then
      printf '.SH %s\n.nf\n' "$(echo "bwmpki $area" | tr '[:lower:]' '[:upper:]')"
      "$bin" "$area" --help | esc
      printf '.fi\n'
      continue
    fi
    for verb in $verbs; do
      printf '.SH %s\n.nf\n' "$(echo "bwmpki $area $verb" | tr '[:lower:]' '[:upper:]')"
      "$bin" "$area" "$verb" --help | esc
      printf '.fi\n'
    done
  done
  printf '.SH FILES\n.TP\n.I PREFIX/share/bwmpki\n'
  printf 'the data folder: applications (apps.csv, apps_calibrated.csv), configs/, workloads/; '
  printf 'BWMPKI_DATA_DIR overrides it; a copy of the executable elsewhere reads a data/ folder beside it, '
  printf 'and "bwmpki --version" says which folder is used and why.\n'
  printf '.SH EXIT STATUS\n0 success, 1 failure while running, 2 bad usage or bad input.\n'
} > "$tmp"
mv "$tmp" "$out"
