#!/usr/bin/env bash
# The main job: set up and build (apt packages, QuickJS, typescript from npm, C#, declarations, tsc),
# then run the TypeScript sample samples/sim with the headless host ztsrun.
# Extra arguments go to ztsrun (e.g. --fps 0 to run as fast as possible). With --watch, tsc also runs in
# watch mode: save a file under samples/sim/src and ztsrun reloads the re-emitted modules.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/tools/setup.sh"
for arg in "$@"; do
  if [ "$arg" = "--watch" ]; then
    # tsc's first watch compile re-emits out/: start ztsrun after it, so that is not a reload.
    tsc_log=$(mktemp)
    node "$root/node_modules/.bin/tsc" -p "$root/samples/sim" --watch --preserveWatchOutput > "$tsc_log" 2>&1 &
    tsc_pid=$!
    tail -n +1 -f "$tsc_log" &
    tail_pid=$!
    trap 'kill "$tsc_pid" "$tail_pid" 2>/dev/null || true; rm -f "$tsc_log"' EXIT
    for _ in $(seq 600); do
      grep -q 'Watching for file changes' "$tsc_log" && break
      sleep 0.1
    done
  fi
done
echo "sample: ztsrun samples/sim/out (TypeScript from samples/sim/src) with the C# world Sim.World.dll"
"$root/build/dist/ztsrun" "$root/samples/sim/out" --assembly "$root/build/dist/samples/Sim.World.dll" \
  --until-exit "$@"
