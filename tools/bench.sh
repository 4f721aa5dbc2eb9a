#!/usr/bin/env bash
# Runs every benchmark; prints `bench <name>: <value> <unit> [baseline <v> ratio <r>]` lines.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/tools/setup.sh"
export MONO_PATH="$root/build/dist/lib" LD_LIBRARY_PATH="$root/build/dist/bench:$root/build/dist/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mono --optimize=all "$root/build/dist/bench/ZTS.Bench.exe" "$@"
# The Player backend's typed call (C++ over embedded Boehm Mono, under the launcher's preemptive policy).
"$root/build/dist/bench/zts-player-bench"
