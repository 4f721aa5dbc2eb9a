#!/usr/bin/env bash
# Issue 11: under --watch an interrupted tick does not end ztsrun; the next change reloads and ticks again.
set -euo pipefail
ztsrun=$1
fixture=$2
work=$(mktemp -d)
logdir=$(mktemp -d)
trap 'rm -rf "$work" "$logdir"' EXIT
cp -r "$fixture"/. "$work"/
log="$logdir/run.log" # outside the watched folder
mono "$ztsrun" "$work" --frames 200 --fps 50 --watch --budget 200 > "$log" 2>&1 &
pid=$!
for _ in $(seq 100); do grep -q 'waiting for a change' "$log" && break; sleep 0.1; done
cat > "$work/main.js" <<'JS'
export function tick(dt) {
    console.log('fixed: ticking again');
}
JS
wait "$pid"
cat "$log"
grep -q 'ztsrun: script interrupted after [0-9]* ms in main.tick; waiting for a change' "$log"
grep -q '\[ztsrun\] reloaded' "$log"
grep -q 'fixed: ticking again' "$log"
echo "runaway watch ok"
