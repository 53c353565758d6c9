#!/usr/bin/env bash
# slurm-check.sh — checks that the study runs on a Slurm cluster: installs
# Debian's slurm-wlm and munge when missing, starts a one-node Slurm on this
# machine (munged, slurmctld, slurmd; configuration and state in a temporary
# folder), submits the quick study as a 2-task job array
# (scripts/slurm/study.sbatch), merges the two shards and compares the result
# with the same study run locally: every file but manifest.json must be
# byte-identical.  Stops what it started on exit.  Run as root (or a user who
# may use sudo).  Usage: scripts/slurm-check.sh [STUDY OPTIONS...] (default
# --quick); BWMPKI_BUILD names the build folder (default build).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

missing=()
for p in slurm-wlm munge; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "slurm-check: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
build="${BWMPKI_BUILD:-build}"
bash scripts/setup.sh "$build" >/dev/null
bin="$root/$build/cli/bwmpki"
args=("$@")
if ((${#args[@]} == 0)); then args=(--quick); fi

work=$(mktemp -d /tmp/bwmpki-slurm.XXXXXX)
chmod 755 "$work"
pids=()
cleanup() {
  local status=$?
  if [ -n "${SLURM_CONF:-}" ]; then scancel --quiet --user="$(id -un)" 2>/dev/null || true; fi
  for pid in "${pids[@]}"; do $sudo kill "$pid" 2>/dev/null || true; done
  # the daemons write their state while they shut down: wait for them before removing it
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do $sudo kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  done
  if [ "$status" -eq 0 ] && [ -z "${KEEP:-}" ]; then
    rm -rf "$work" 2>/dev/null || { sleep 1; rm -rf "$work"; } || echo "slurm-check: could not remove $work" >&2
  else
    echo "slurm-check: files kept in $work"
  fi
  return "$status"
}
trap cleanup EXIT

# munge: a key, and a daemon unless one already answers
if ! munge -n </dev/null >/dev/null 2>&1; then
  if [ ! -s /etc/munge/munge.key ]; then
    $sudo mkdir -p /etc/munge
    $sudo dd if=/dev/urandom of=/etc/munge/munge.key bs=1 count=1024 status=none
    $sudo chown munge:munge /etc/munge/munge.key
    $sudo chmod 400 /etc/munge/munge.key
  fi
  $sudo mkdir -p /run/munge /var/log/munge /var/lib/munge
  $sudo chown munge:munge /run/munge /var/log/munge /var/lib/munge
  $sudo runuser -u munge -- /usr/sbin/munged
  for _ in $(seq 50); do munge -n </dev/null >/dev/null 2>&1 && break; sleep 0.1; done
  pids+=("$(cat /run/munge/munged.pid)")
fi

host=$(hostname -s)
mkdir -p "$work/state" "$work/spool"
cat >"$work/slurm.conf" <<CONF
ClusterName=bwmpki-check
SlurmctldHost=$host
SlurmUser=$(id -un)
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=check Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$work/slurm.conf"
$sudo slurmctld -f "$SLURM_CONF"
for _ in $(seq 50); do [ -s "$work/slurmctld.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/slurmctld.pid")")
$sudo slurmd -f "$SLURM_CONF"
for _ in $(seq 50); do [ -s "$work/slurmd.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/slurmd.pid")")
for _ in $(seq 100); do
  sinfo -h -N -o '%T' 2>/dev/null | grep -q idle && break
  sleep 0.2
done
sinfo -h -N -o '%T' | grep -q idle || { echo "slurm-check: the node did not come up" >&2; exit 1; }
echo "slurm-check: one-node Slurm up ($(sinfo -h -N -o '%N %c CPUs %T'))"

start=$(date +%s)
export BWMPKI="$bin" BWMPKI_SHARDS="$work/shards" BWMPKI_STUDY_ARGS="${args[*]}"
jid=$(sbatch --parsable --array=1-2 --chdir="$root" --output="$work/shard-%a.log" scripts/slurm/study.sbatch)
echo "slurm-check: submitted job array $jid (2 shards of: bwmpki study ${args[*]})"
while squeue -h -j "$jid" 2>/dev/null | grep -q .; do sleep 1; done
for k in 1 2; do
  if [ ! -s "$work/shards/shard-$k/manifest.json" ]; then
    echo "slurm-check: shard $k did not finish; its log:" >&2
    cat "$work/shard-$k.log" >&2 || true
    exit 1
  fi
done
echo "slurm-check: both shards done in $(($(date +%s) - start)) s"
"$bin" study merge --out "$work/merged" "$work/shards/shard-1" "$work/shards/shard-2"
"$bin" study --out "$work/local" "${args[@]}"
if diff -r -x manifest.json "$work/local" "$work/merged" >"$work/diff.txt"; then
  echo "slurm-check: merged shards equal the local study byte for byte ($(($(date +%s) - start)) s)"
else
  echo "slurm-check: merged shards differ from the local study:" >&2
  head -20 "$work/diff.txt" >&2
  exit 1
fi
