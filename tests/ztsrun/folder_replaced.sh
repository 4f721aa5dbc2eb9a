#!/usr/bin/env bash
# ztsrun --watch while a tool replaces the watched folder (`rm -rf out && tsc`): no crash; one reload
# once the folder is back and quiet. Regression (DirectoryNotFoundException).
# usage: folder_replaced.sh <ztsrun.exe> <fixture dir>
set -euo pipefail
ztsrun=$1
fixture=$2
base=$(mktemp -d)
trap 'kill "${pid:-}" 2>/dev/null || true; rm -rf "$base"' EXIT
work="$base/out"
cp -r "$fixture" "$work"
log="$base/run.log"
mono "$ztsrun" "$work" --frames 3000 --fps 100 --watch > "$log" 2>&1 &
pid=$!
. "$(dirname "$0")/wait_for.sh"
wait_for 1 'version-one: frame 3'
rm -rf "$work"                      # gone for a while, as during a clean rebuild
sleep 0.6
cp -r "$fixture" "$work"
sed -i 's/version-one/version-two/' "$work/lib/util.js"
wait_for 1 'version-two: frame 3'
kill "$pid"
wait "$pid" 2>/dev/null || true
pid=
cat "$log"
! grep -q 'Unhandled Exception' "$log"
test "$(grep -c '\[ztsrun\] reloaded' "$log")" -eq 1
echo "folder replaced ok"
