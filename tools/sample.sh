#!/usr/bin/env bash
# The main job: set up and build (apt packages, QuickJS, typescript from npm, C#, declarations, tsc),
# then run the TypeScript sample samples/sim with the headless host ztsrun.
# Extra arguments go to ztsrun (e.g. --fps 0 to run as fast as possible, --watch to hot-reload).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/tools/setup.sh"
echo "sample: ztsrun samples/sim/out (TypeScript from samples/sim/src) with the C# world Sim.World.dll"
exec "$root/build/dist/ztsrun" "$root/samples/sim/out" --assembly "$root/build/dist/samples/Sim.World.dll" \
  --until-exit "$@"
