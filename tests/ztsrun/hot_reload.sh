#!/usr/bin/env bash
# ztsrun --watch: changing a file under the folder reserves a Reset, applies it at EndOfFrame and re-binds.
set -euo pipefail
ztsrun=$1
fixture=$2
work=$(mktemp -d)
logdir=$(mktemp -d)
trap 'rm -rf "$work" "$logdir"' EXIT
cp -r "$fixture"/. "$work"/
log="$logdir/run.log" # outside the watched folder
mono "$ztsrun" "$work" --frames 300 --fps 100 --watch > "$log" 2>&1 &
pid=$!
sleep 1
cat > "$work/lib/util.js" <<'JS'
export function label() {
    return 'version-two';
}
JS
cat > "$work/main.js.new" < "$work/main.js"
mv "$work/main.js.new" "$work/main.js"   # a new mtime for main too: re-evaluated from scratch
wait "$pid"
cat "$log"
grep -q 'version-one: frame 3' "$log"
grep -q '\[ztsrun\] reloaded' "$log"
grep -q 'version-two: frame 3' "$log"
test "$(grep -c '\[ztsrun\] reloaded' "$log")" -eq 1
echo "hot reload ok"
