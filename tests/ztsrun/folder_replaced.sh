#!/usr/bin/env bash
# ztsrun --watch while a tool replaces the watched folder (`rm -rf out && tsc`): no crash; one reload
# once the folder is back and quiet. Regression for the issue 5 review (DirectoryNotFoundException).
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
wait_for() { # wait_for <count> <pattern>
  for _ in $(seq 150); do
    [ "$(grep -c "$2" "$log" || true)" -ge "$1" ] && return 0
    kill -0 "$pid" 2>/dev/null || { echo "ztsrun died"; cat "$log"; return 1; }
    sleep 0.1
  done
  echo "timed out waiting for $1 x '$2'"; cat "$log"; return 1
}
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
