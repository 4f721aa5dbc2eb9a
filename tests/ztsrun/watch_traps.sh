#!/usr/bin/env bash
# ztsrun --watch, the dev loop's traps: without --frames it runs until stopped (60 frames ended it after a second),
# and only module files (.js, .mjs, .map) reload: a log or an editor's swap file written into the folder does not.
set -euo pipefail
ztsrun=$1
fixture=$2
work=$(mktemp -d)
logdir=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work" "$logdir"' EXIT
cp -r "$fixture"/. "$work"/
log="$logdir/run.log"
mono "$ztsrun" "$work" --fps 60 --watch > "$log" 2>&1 &
pid=$!
for i in $(seq 1 25); do
  echo "line $i" >> "$work/run.log"
  echo "swap $i" > "$work/.main.js.swp"
  sleep 0.1
done
sleep 0.5
if ! kill -0 "$pid" 2>/dev/null; then cat "$log"; echo "FAIL: --watch without --frames ended"; exit 1; fi
if grep -q "files changed" "$log"; then cat "$log"; echo "FAIL: a non-module file reloaded"; exit 1; fi
touch "$work/main.js"
for i in $(seq 1 50); do grep -q "files changed" "$log" && break; sleep 0.1; done
grep -q "files changed" "$log" || { cat "$log"; echo "FAIL: a module change did not reload"; exit 1; }
echo "watch traps ok"
