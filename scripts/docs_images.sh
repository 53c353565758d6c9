#!/usr/bin/env bash
# docs_images.sh — redraws the images the docs show, in docs/images/, from the
# study's results: each is a figure of 'bwmpki plot', so that none is copied by
# hand and each can be made again.
#
# Usage: bash scripts/docs_images.sh [--force] [--quick]
#
# The images, and the command that draws each (after 'bwmpki study --out
# out/study', the full study, on the shipped calibration):
#   docs/images/fig8.png   bwmpki plot fig8 --results out/study   (README.md, "What the study finds")
#
# The study runs with the build scripts/main.sh makes (scripts/setup.sh --pgo
# build), so a study that main.sh has run is reused, not run again; a changed
# source or calibration re-runs what it changes.  An image is replaced only
# when what it shows changes: when the figure's data (NAME.dat) or its gnuplot
# script (NAME.gp) differs from the copies kept beside the image
# (docs/images/NAME.dat, NAME.gp), all three are replaced; the PNG's bytes are
# not compared, since another gnuplot or cairo draws the same figure with other
# bytes.  --force replaces them all.  --quick draws from the quick study
# (out/quick) into out/docs-images/ and leaves docs/images/ alone: a check of
# the script in a minute.  Prints what it did with each image.
set -euo pipefail
cd "$(dirname "$0")/.."

force=0
quick=0
for a in "$@"; do
  case "$a" in
    --force) force=1 ;;
    --quick) quick=1 ;;
    *) echo "docs_images.sh: unknown argument '$a' (usage: bash scripts/docs_images.sh [--force] [--quick])" >&2
       exit 2 ;;
  esac
done

# NAME (a figure of 'bwmpki plot') for each image docs/images/NAME.png
images=(fig8)

bash scripts/setup.sh --pgo build
bin=build/cli/bwmpki
if ((quick)); then
  study=out/quick
  dest=out/docs-images
  "$bin" study --out "$study" --quick
else
  study=out/study
  dest=docs/images
  "$bin" study --out "$study"
fi
command -v gnuplot >/dev/null || { echo "docs_images.sh: gnuplot is needed to draw the images" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$dest"
for name in "${images[@]}"; do
  "$bin" plot "$name" --results "$study" --out "$tmp" >/dev/null
  if ((!force)) && cmp -s "$tmp/$name.dat" "$dest/$name.dat" && cmp -s "$tmp/$name.gp" "$dest/$name.gp" &&
     [ -f "$dest/$name.png" ]; then
    echo "docs_images: $dest/$name.png unchanged (same data and script): bwmpki plot $name --results $study"
  else
    cp "$tmp/$name.png" "$tmp/$name.dat" "$tmp/$name.gp" "$dest/"
    echo "docs_images: $dest/$name.png redrawn, with $name.dat and $name.gp: bwmpki plot $name --results $study"
  fi
done
