#!/usr/bin/env bash
# Runs every benchmark under both of Mono's thread-suspend policies: the default (hybrid), then
# MONO_THREADS_SUSPEND=preemptive (the policy Boehm-style stop-the-world runtimes such as Il2Cpp work under).
# Prints `bench <name>: <value> <unit> [baseline <v> ratio <r>] policy <hybrid|preemptive>` lines.
# ZTS_BENCH_POLICIES="hybrid" (or "preemptive") runs one pass only.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/tools/setup.sh"
export MONO_PATH="$root/build/dist/lib" LD_LIBRARY_PATH="$root/build/dist/bench:$root/build/dist/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
status=0
for policy in ${ZTS_BENCH_POLICIES:-hybrid preemptive}; do
    echo "# thread-suspend policy: $policy"
    if [ "$policy" = hybrid ]; then
        (unset MONO_THREADS_SUSPEND; mono --optimize=all "$root/build/dist/bench/ZTS.Bench.exe" "$@") | sed -u "s/^bench .*/& policy $policy/" || status=1
    else
        MONO_THREADS_SUSPEND="$policy" mono --optimize=all "$root/build/dist/bench/ZTS.Bench.exe" "$@" | sed -u "s/^bench .*/& policy $policy/" || status=1
    fi
done
# The Player backend's typed call (C++ over embedded Boehm Mono, under the launcher's preemptive policy).
"$root/build/dist/bench/zts-player-bench"
# The Player backend end to end under the launcher (docs/PLAYER.md): generated bridges and shims against hand-written
# bindings over the same typed call (bench/player, bench/native/player_bench_raw.cpp).
LD_LIBRARY_PATH="$root/build/dist/lib:$root/build/dist/bench" "$root/build/dist/zts-player" "$root/build/dist/bench/ZTS.PlayerBench.exe" || status=1
exit $status
