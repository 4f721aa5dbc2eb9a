#!/usr/bin/env bash
# --budget 0 interrupts nothing: a hang is reported once its call has run past 1000 ms, after the console output logged
# just before it, and SIGINT then interrupts it and ends the run with the script's stack (exit 130). The signal is sent
# once the report is in the log, so a slow start of the machine does not race it.
# usage: hang_signal.sh <ztsrun.exe> <fixture dir>
set -uo pipefail
logdir=$(mktemp -d)
trap 'rm -rf "$logdir"' EXIT
log="$logdir/run.log"
mono "$1" "$2" --export tickHang --frames 5 --fps 0 --budget 0 > "$log" 2>&1 &
pid=$!
source "$(dirname "$0")/wait_for.sh"
wait_for 1 'does not interrupt it' || { kill -KILL "$pid" 2>/dev/null; exit 1; }
kill -INT "$pid"
wait "$pid"
rc=$?
cat "$log"
echo "[exit $rc]"
