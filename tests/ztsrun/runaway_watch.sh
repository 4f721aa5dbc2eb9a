#!/usr/bin/env bash
# Under --watch an interrupted tick does not end ztsrun: the scripts are broken (no ticks) until the
# next change reloads them, and they tick again.
# usage: runaway_watch.sh <ztsrun.exe> <fixture dir>
set -euo pipefail
ztsrun=$1
fixture=$2
base=$(mktemp -d)
trap 'kill "${pid:-}" 2>/dev/null || true; rm -rf "$base"' EXIT
work="$base/scripts"
mkdir -p "$work"
cp -r "$fixture"/. "$work"/
log="$base/run.log" # outside the watched folder
mono "$ztsrun" "$work" --frames 200 --fps 50 --watch --budget 200 > "$log" 2>&1 &
pid=$!
. "$(dirname "$0")/wait_for.sh"
wait_for 1 'scripts are broken: no ticks until a file changes'
cat > "$work/main.js" <<'JS'
export function tick(dt) {
    console.log('fixed: ticking again');
}
JS
wait "$pid"
pid=
cat "$log"
grep -q 'ztsrun: script interrupted after [0-9]* ms in main.tick' "$log"
grep -q '\[ztsrun\] reloaded' "$log"
grep -q 'fixed: ticking again' "$log"
echo "runaway watch ok"
