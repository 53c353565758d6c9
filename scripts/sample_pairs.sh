#!/usr/bin/env bash
# scripts/sample_pairs.sh — a seeded sample of two-application workloads that
# a workload list does not contain (by default the study's,
# data/workloads/study.csv): every pair of distinct applications of the
# applications file (catalogue order inside a pair), less those of the list
# in either order, shuffled by a generator seeded with SEED (GNU shuf reading
# its random bytes from AES-256-CTR keyed by SEED, the GNU coreutils
# manual's recipe for a seeded shuf: the same SEED gives the same sample),
# the first N.
# Prints a workload list (id,apps; ids s1, s2, ...) for fit policy
# --workloads, e.g. to measure the closed-form models on pairs the study
# did not fit (docs/model.md, "On pairs the study does not contain").
#
# Usage: bash scripts/sample_pairs.sh N [SEED] [APPS_FILE] [EXCLUDE_LIST]
#        (defaults: SEED 1, data/apps_calibrated.csv, data/workloads/study.csv)
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:?usage: sample_pairs.sh N [SEED] [APPS_FILE] [EXCLUDE_LIST]}"
seed="${2:-1}"
apps_file="${3:-data/apps_calibrated.csv}"
exclude="${4:-data/workloads/study.csv}"
case $n in ''|*[!0-9]*) echo "sample_pairs.sh: N '$n' is not a number" >&2; exit 2;; esac
for f in "$apps_file" "$exclude"; do
    [ -r "$f" ] || { echo "sample_pairs.sh: cannot read $f" >&2; exit 2; }
done
# column 'abbr' of the applications file, column 'apps' of the list (after '#' comments)
col() { grep -v '^#' "$1" | awk -F, -v name="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i; next }
                                                  c { print $c }'; }
pairs=$(awk -v list="$(col "$apps_file" abbr | tr '\n' ' ')" -v seen="$(col "$exclude" apps | tr '\n' ' ')" 'BEGIN {
    m = split(seen, s, " "); for (k = 1; k <= m; k++) { split(s[k], p, "_"); if (p[3] == "") { x[p[1] "_" p[2]] = 1; x[p[2] "_" p[1]] = 1 } }
    n = split(list, a, " ")
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (!((a[i] "_" a[j]) in x)) print a[i] "_" a[j]
}')
have=$(printf '%s\n' "$pairs" | grep -c .)
[ "$n" -le "$have" ] || { echo "sample_pairs.sh: $n pairs asked for, $have are not in $exclude" >&2; exit 2; }
echo "id,apps"
bytes() { openssl enc -aes-256-ctr -pass pass:"bwmpki sample_pairs $seed" -nosalt -pbkdf2 </dev/zero 2>/dev/null; }
printf '%s\n' "$pairs" | shuf -n "$n" --random-source=<(bytes) | awk '{ print "s" NR "," $0 }'
