#!/usr/bin/env bash
# ztsrun --watch over a TypeScript project: editing a .ts file and re-running tsc reloads the emitted
# modules (Reset at EndOfFrame + re-bind); touching an emitted file alone reloads as well.
# usage: ts_hot_reload.sh <ztsrun.exe> <node> <tsc> <project dir with types/ and out/ built>
set -euo pipefail
ztsrun=$1
node=$2
tsc=$3
project=$4
work=$(mktemp -d)
logdir=$(mktemp -d)
trap 'kill "${pid:-}" 2>/dev/null || true; rm -rf "$work" "$logdir"' EXIT
cp -r "$project"/. "$work"/
log="$logdir/run.log" # outside the watched folder
mono "$ztsrun" "$work/out" --frames 3000 --fps 100 --watch > "$log" 2>&1 &
pid=$!

. "$(dirname "$0")/wait_for.sh"

wait_for 1 'ts-one: frame 3'
sed -i 's/"ts-one"/"ts-two"/' "$work/src/lib/label.ts"
"$node" "$tsc" -p "$work"            # tsc rewrites out/lib/label.js (and its map)
wait_for 1 'ts-two: frame 3'
touch "$work/out/main.js"            # a new mtime only: still a change
wait_for 2 'ts-two: frame 3'
kill "$pid"
wait "$pid" 2>/dev/null || true
pid=
cat "$log"
test "$(grep -c '\[ztsrun\] reloaded' "$log")" -eq 2
echo "typescript hot reload ok"
