#!/usr/bin/env bash
# ztsrun --watch stays up. In one process: a syntax error, a throwing tick, a missing import, an
# unhandled rejection and a binding failure, each printed and followed by a fix that reloads and ticks again.
# No tick runs while the scripts are broken. The last version ends the run with Host.Exit(0).
# usage: watch_survives.sh <ztsrun.exe>
set -euo pipefail
ztsrun=$1
base=$(mktemp -d)
trap 'kill "${pid:-}" 2>/dev/null || true; rm -rf "$base"' EXIT
work="$base/scripts"
mkdir -p "$work"
log="$base/run.log" # outside the watched folder
version() { # version <name> [tick body] [import line]: a main.js that logs "<name> tick <n>" on its first ticks
  cat > "$work/main.js" <<JS
import { Host } from 'csharp:ZTS.Run';
${3:-}
let n = 0;
export function tick(dt) {
    n++;
    if (n <= 3) console.log('$1 tick ' + n);
    ${2:-}
}
JS
}
version v1
mono "$ztsrun" "$work" --until-exit --fps 100 --watch > "$log" 2>&1 &
pid=$!
. "$(dirname "$0")/wait_for.sh"
wait_for 1 'v1 tick 3'
echo 'export function tick(dt) { let x = ; }' > "$work/main.js"                      # syntax error
wait_for 1 'SyntaxError'
version v2
wait_for 1 'v2 tick 3'
version v3 "if (n === 2) null.boom;"                                                 # throwing tick
wait_for 1 'script threw in main.tick'
version v4
wait_for 1 'v4 tick 3'
version v5 "console.log(missing());" "import { missing } from './does/not/exist.js';" # missing import
wait_for 1 "module 'does/not/exist' could not be loaded"
version v6 "if (n === 1) Promise.reject(new Error('nobody handles this'));"          # unhandled rejection
wait_for 1 'unhandled Promise rejection ends the run'
printf 'export const tick = 42;\n' > "$work/main.js"                                  # binding fails
wait_for 1 'cannot bind main.tick'
version v7 "if (n === 3) Host.Exit(0);"
wait_for 1 'v7 tick 3'
rc=0
wait "$pid" || rc=$?
pid=
cat "$log"
[ "$rc" -eq 0 ] || { echo "FAILED: exit code $rc"; exit 1; }
[ "$(grep -c 'scripts are broken: no ticks until a file changes' "$log")" -eq 5 ] || { echo "FAILED: five breaks"; exit 1; }
! grep -q 'v3 tick 3' "$log" || { echo "FAILED: a broken script ticked"; exit 1; }
! grep -q 'v6 tick 2' "$log" || { echo "FAILED: a broken script ticked"; exit 1; }
! grep -q 'v5 tick' "$log" || { echo "FAILED: a module that failed to load ticked"; exit 1; }
echo "watch survives ok"
