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
# What the QuickJS debugger hook costs while no debugger is attached (docs/DEBUGGING.md): the same loops over the core
# with the hook (build/) and over the core built without it (build-nohook/: -DZTS_DEBUGGER=OFF, QuickJS without
# tools/patches/quickjs-debugger-hook.patch), run alternately six times each, the best of each counting.
cmake -S "$root" -B "$root/build-nohook" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DZTS_MANAGED=OFF -DZTS_DEBUGGER=OFF >/dev/null
cmake --build "$root/build-nohook" --target zts -j "$(nproc 2>/dev/null || echo 2)" >/dev/null
# Each variant runs from a folder of its own holding the bench, the managed assemblies and that variant's libzts: Mono
# loads a DllImport library from the calling assembly's folder before LD_LIBRARY_PATH (MONO_LOG_MASK=dll shows it), so
# pointing LD_LIBRARY_PATH at another build alone measures build/'s libzts twice.
bench_folder() { # <variant>: <root>/<variant>/bench-run with build/'s bench and assemblies, the variant's libzts
    local d="$root/$1/bench-run"
    rm -rf "$d" && mkdir -p "$d"
    cp "$root"/build/dist/lib/*.dll "$root"/build/dist/lib/*.so "$root"/build/dist/bench/ZTS.Bench.exe \
       "$root"/build/dist/bench/*.so "$d/"
    cp "$root/$1/dist/lib/libzts.so" "$d/libzts.so"
}
bench_folder build
bench_folder build-nohook
# alternate <variant> <variant> <bench flag> <row prefix>: the bench with the flag from each variant's folder, six times,
# each order in turn (so that neither variant always runs second); prints its rows as "<variant> <row fields...>", and
# fails when a run failed.
alternate() {
    local a=$1 b=$2 flag=$3 prefix=$4 i variant order d out failed=0
    for i in 1 2 3 4 5 6; do
        order="$a $b"
        [ $((i % 2)) -eq 1 ] || order="$b $a"
        for variant in $order; do
            d="$root/$variant/bench-run"
            out=$(MONO_PATH="$d" LD_LIBRARY_PATH="$d" mono --optimize=all "$d/ZTS.Bench.exe" "$flag") || failed=1
            echo "$out" | sed -n "s/^$prefix /$variant /p"
        done
    done
    return $failed
}
hook_runs=$(alternate build build-nohook --hook-cost hookcost) || status=1
echo "$hook_runs" | awk '
    NF == 3 { key = $2; if (!((key, $1) in b) || $3 < b[key, $1]) b[key, $1] = $3; rows[key] = 1 }
    END { for (r in rows) printf "bench debugger_detached_%s: %.2f ns/call baseline %.2f ratio %.3f policy hybrid\n",
                                   r, b[r, "build"], b[r, "build-nohook"], b[r, "build"] / b[r, "build-nohook"] }' | sort
# What each QuickJS accelerator buys (tools/patches/README.md): the --engine-cost loops (bench/managed/EngineCostBench.cs,
# the loops of the rows of the same names) over the core on ZTS's patched QuickJS (build/) and on stock QuickJS
# (build-stock/: -DZTS_QUICKJS_PATCHES=OFF, every accelerator on its fallback, native/core/runtime/quickjs_seam.h), run
# alternately six times each, the best of each counting. The value is stock's, the baseline the patched build's: the
# ratio is what the patch buys (1.0: nothing).
cmake -S "$root" -B "$root/build-stock" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DZTS_QUICKJS_PATCHES=OFF >/dev/null
cmake --build "$root/build-stock" --target zts -j "$(nproc 2>/dev/null || echo 2)" >/dev/null
bench_folder build-stock
engine_runs=$(alternate build build-stock --engine-cost enginecost) || status=1
echo "$engine_runs" | awk '
    NF == 4 { key = $2; if (!((key, $1) in b) || $3 < b[key, $1]) b[key, $1] = $3; rows[key] = $4 }
    END { for (r in rows) printf "bench stock_vs_patched_%s: %.2f ns/call baseline %.2f ratio %.3f policy hybrid\n# (the fallback of tools/patches/quickjs-%s.patch)\n",
                                   r, b[r, "build-stock"], b[r, "build"], b[r, "build-stock"] / b[r, "build"], rows[r] }'
# What the script profiler costs while it takes a profile (bench/profiler/profiler_cost.js, over ztsrun --inspect; its
# cost while off is in the debugger_detached_* rows above: its branch is left out of build-nohook).
node "$root/bench/profiler/profiler_cost.js" mono "$root/build/dist/lib/ztsrun.exe" --assembly "$root/build/dist/lib/Sim.World.dll" \
    | sed -u "s/^bench .*/& policy hybrid/" || status=1
# What the inspector's JSON costs per message, against nlohmann-json (bench/inspector/json_cost.cpp; CPU time).
"$root/build/dist/bench/zts-json-bench" || status=1
# The Player backend's typed call (C++ over embedded Boehm Mono, under the launcher's preemptive policy).
"$root/build/dist/bench/zts-player-bench"
# The Player backend end to end under the launcher (docs/PLAYER.md): generated bridges and shims against hand-written
# bindings over the same typed call (bench/player, bench/native/player_bench_raw.cpp).
LD_LIBRARY_PATH="$root/build/dist/lib:$root/build/dist/bench" "$root/build/dist/zts-player" "$root/build/dist/bench/ZTS.PlayerBench.exe" || status=1
# The same bench through the Il2Cpp adapter over the Il2Cpp stand-in (build/dist-il2cpp, docs/PLAYER.md "The Il2Cpp
# stand-in"): rows ending in _il2cpp_adapter, baselines over the Il2Cpp adapter's typed call (build/dist/bench/il2cpp,
# with its own copy of the bench: Mono loads a DllImport library from the assembly's folder first).
ZTS_BENCH_CLR=il2cpp MONO_PATH="$root/build/dist/bench" LD_LIBRARY_PATH="$root/build/dist/bench/il2cpp:$root/build/dist/lib" \
    "$root/build/dist-il2cpp/zts-player" "$root/build/dist/bench/il2cpp/ZTS.PlayerBench.exe" || status=1
exit $status
