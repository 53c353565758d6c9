#!/usr/bin/env bash
# drampower_compare.sh — bwmpki's DRAM energy beside DRAMPower's on the same
# commands.  Not a test: it needs a DRAMPower command-line tool built
# elsewhere (its path is the first argument) and prints a table, asserting
# nothing.
#
# Usage: bench/drampower_compare.sh DRAMPOWER_CLI [TRACE] [SET]
#   DRAMPOWER_CLI  DRAMPower's drampower_cli (a version that takes -m MEMSPEC
#                  -t TRACE -j OUT.json and a DDR4 memspec with bankwisespec)
#   TRACE          a sim dram trace (default: 20,000 reads and writes over
#                  random lines, generated)
#   SET            options for --set (e.g. refresh on: "-gpgpu_dram_timing_opt
#                  \"nbk=8:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:
#                  CDLR=5:WR=12:nbkgrp=4:CCDL=3:RTPL=2:REFI=3604:RFC=60\"")
#
# bwmpki runs the trace on memsys15 with --energy and --command-trace;
# channel 0's commands become DRAMPower's trace (REF as REFA, the end at
# bwmpki's last cycle), and a memspec is written from the configuration:
# DRAMPower has no GDDR5, so its DDR4 model stands in with the same
# currents, voltage, tRAS, tRP, tRFC, burst, clock and devices, the VPP
# currents 0, and its bank-wise parameters set so that it computes the
# classic Micron/DRAMPower energy (factRho 1, IBeta = IDD0).  Printed per
# part in nJ: bwmpki's channel 0, DRAMPower's core energy, the difference.
set -euo pipefail
cd "$(dirname "$0")/.."
cli=${1:?usage: bench/drampower_compare.sh DRAMPOWER_CLI [TRACE] [SET]}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bwmpki=${BWMPKI:-build/cli/bwmpki}
trace=${2:-}
set_opts=${3:-}
if [ -z "$trace" ]; then
  trace=$work/random.trace
  awk 'BEGIN { srand(7); for (i = 0; i < 20000; i++)
               printf "0x%x %s\n", int(rand() * 2^26) * 64, rand() < 0.3 ? "W" : "R" }' >"$trace"
fi
set_args=()
[ -n "$set_opts" ] && set_args=(--set "$set_opts")

"$bwmpki" sim dram --trace "$trace" --per-channel --energy --command-trace "$work/cmds.csv" \
  --format csv "${set_args[@]}" >"$work/energy.csv"
"$bwmpki" sim config --format csv "${set_args[@]}" >"$work/config.csv"

# setting,value rows into shell variables (only the ones used)
val() { awk -F, -v k="$1" '$1 == k { print $2 }' "$work/config.csv"; }
banks=$(val banks) groups=$(val bank_groups) chips=$(val chips_per_channel) width=$(($(val bus_width_bytes) * 8))
bl=$(val burst_length) ratio=$(val data_command_ratio) mhz=$(val dram_mhz)
ras=$(val tRAS) rp=$(val tRP) rcd=$(val tRCD) wl=$(val tWL) rfc=$(val tRFC) refi=$(val tREFI) wr=$(val tWR)
ma() { awk -v v="$(val "$1")" 'BEGIN { printf "%.9g", v / 1000 }'; }
cycles=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
                  $col["scope"] == "channel" && $col["channel"] == 0 { print $col["dram_cycles"] }' "$work/energy.csv")

cat >"$work/memspec.json" <<EOF
{"memspec": {
  "memoryId": "bwmpki_memsys15_channel", "memoryType": "DDR4",
  "memarchitecturespec": {"nbrOfChannels": 1, "nbrOfColumns": 1024, "nbrOfRows": 65536, "width": $width,
    "burstLength": $bl, "maxBurstLength": $bl, "dataRate": $ratio, "nbrOfBankGroups": $groups,
    "nbrOfBanks": $banks, "nbrOfRanks": 1, "nbrOfDevices": $chips, "RefMode": 1},
  "mempowerspec": {"vdd": $(val dram_vdd), "idd0": $(ma dram_idd0), "idd2n": $(ma dram_idd2n),
    "idd3n": $(ma dram_idd3n), "idd4r": $(ma dram_idd4r), "idd4w": $(ma dram_idd4w), "idd6n": $(ma dram_idd2p),
    "idd2p": $(ma dram_idd2p), "idd3p": $(ma dram_idd3p), "idd5B": $(ma dram_idd5), "idd5F2": $(ma dram_idd5),
    "idd5F4": $(ma dram_idd5), "vpp": $(val dram_vdd), "ipp0": 0, "ipp2n": 0, "ipp3n": 0, "ipp4r": 0,
    "ipp4w": 0, "ipp6n": 0, "ipp2p": 0, "ipp3p": 0, "ipp5B": 0, "ipp5F2": 0, "ipp5F4": 0,
    "vddq": $(val dram_vdd), "iBeta_vdd": $(ma dram_idd0), "iBeta_vpp": 0},
  "memtimingspec": {"tCK": $(awk -v m="$mhz" 'BEGIN { printf "%.12g", 1 / (m * 1e6) }'), "CKE": 0, "CKESR": 0,
    "RAS": $ras, "RC": $((ras + rp)), "RCD": $rcd, "RL": 0, "RPRE": 0, "RTP": 2, "WL": $wl, "WPRE": 0,
    "WR": $wr, "XP": 0, "XS": 0, "REFM": 0, "REFI": $refi, "RFC1": $rfc, "RFC2": $rfc, "RFC4": $rfc, "RP": $rp,
    "DQSCK": 0, "CCD_S": 0, "CCD_L": 0, "FAW": 0, "RRD_S": 0, "RRD_L": 0, "WTR_S": 0, "WTR_L": 0,
    "XPDLL": 0, "XSDLL": 0, "AL": 0, "ACTPDEN": 0, "PRPDEN": 0, "REFPDEN": 0, "RTRS": 0},
  "bankwisespec": {"factRho": 1},
  "memimpedancespec": {"C_total_ck": 0, "C_total_cb": 0, "C_total_rb": 0, "C_total_wb": 0, "C_total_dqs": 0,
    "R_eq_ck": 1e6, "R_eq_cb": 1e6, "R_eq_rb": 1e6, "R_eq_wb": 1e6, "R_eq_dqs": 1e6},
  "prepostamble": {"read_zeroes": 0, "write_zeroes": 0, "read_ones": 0, "write_ones": 0,
    "read_zeroes_to_ones": 0, "write_zeroes_to_ones": 0, "read_ones_to_zeroes": 0, "write_ones_to_zeroes": 0,
    "readMinTccd": 3, "writeMinTccd": 3}
}}
EOF

# channel 0's commands: timestamp,command,rank,bank group,bank,row,column[,data]
awk -F, -v per=$((banks / groups)) -v end="$cycles" '
  NR > 1 && $2 == 0 {
    cmd = $3 == "REF" ? "REFA" : $3
    data = cmd == "RD" || cmd == "WR" ? ",0000000000000000" : ""
    printf "%s,%s,0,%d,%d,%d,0%s\n", $1, cmd, int($4 / per), $4, $5 < 0 ? 0 : $5, data
  }
  END { printf "%s,END,0,0,0,0,0\n", end }' "$work/cmds.csv" >"$work/drampower.csv"

touch "$work/out.json"
"$cli" -m "$work/memspec.json" -t "$work/drampower.csv" -j "$work/out.json" >/dev/null

# DRAMPower's parts (J, summed over banks and devices) against bwmpki's (nJ)
awk -v csv="$work/energy.csv" '
  function num(s) { gsub(/[",]/, "", s); return s + 0 }
  /"ACT":/ { dp["act_pre"] += num($2) } /"PRE":/ { dp["act_pre"] += num($2) }
  /"RD":/ { dp["read"] += num($2) } /"WR":/ { dp["write"] += num($2) }
  /"REF_AB":/ { dp["refresh"] += num($2) } /"E_refab":/ { dp["refresh"] += num($2) }
  /"BG_ACT":/ { dp["bg_active"] += num($2) } /"E_bg_act_shared":/ { dp["bg_active"] += num($2) }
  /"BG_PRE":/ { dp["bg_precharged"] += num($2) }
  END {
    FS = ","
    while ((getline line < csv) > 0) {
      n = split(line, f, ",")
      if (!hdr) { for (i = 1; i <= n; i++) col[f[i]] = i; hdr = 1; continue }
      if (f[col["scope"]] == "channel" && f[col["channel"]] == 0)
        for (k in dp) bw[k] = f[col["dram_energy_" k]]
    }
    printf "%-14s %14s %14s %9s\n", "part (nJ)", "bwmpki", "DRAMPower", "diff"
    split("act_pre read write refresh bg_active bg_precharged", parts, " ")
    for (i = 1; i <= 6; i++) {
      k = parts[i]; d = dp[k] * 1e9; b = bw[k] + 0
      tb += b; td += d
      printf "%-14s %14.6g %14.6g %8.3g%%\n", k, b, d, d != 0 ? (b - d) / d * 100 : 0
    }
    printf "%-14s %14.6g %14.6g %8.3g%%\n", "total", tb, td, td != 0 ? (tb - td) / td * 100 : 0
  }' "$work/out.json"
echo "(channel 0 of memsys15, $cycles DRAM cycles; DRAMPower's DDR4 core model with these currents)"
