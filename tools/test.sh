#!/usr/bin/env bash
# Every test: set up and build, run ctest (GoogleTest core + gate, NUnit host API, the sample), then again over stock
# QuickJS (build-stock/), then build the native
# tests of the Windows x64 cross build (build/win64, cmake/ZtsWin64.cmake) and run them under wine64, then build the
# native core, gate and GoogleTest suite with AddressSanitizer and run them again, then run the libFuzzer targets
# (clang, ASan+UBSan) over their committed seed corpora for a bounded time. Between wine64 and ASan, the native tests
# built for the other CPUs of docs/PLATFORMS.md (linux-x86, linux-arm64 under qemu, wasm32 under Node).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
ZTS_CPU_TARGETS=1 bash tools/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)

echo "== ctest (build/)"
ctest --test-dir build --output-on-failure -j "$jobs"

# The same suite over stock QuickJS 2025-04-26: no patch of tools/patches, every accelerator on its fallback, no
# debugger (-DZTS_QUICKJS_PATCHES=OFF; docs/ARCHITECTURE.md "QuickJS and ZTS's patches"). Tests that need a patch say so
# and are skipped there; tests of what a patch changes expect each build's behaviour. Left out: the tests of the tools
# that run no script over the core (tsc over the declarations, the script-reference analyzer, the Unity package, the
# Player builds of build-player, the hello sample run from the Unity package's compiled assemblies): 41 tests, 1,001
# of the suite's 1,837 s of test time on 2026-12-06.
echo "== ctest over stock QuickJS (build-stock/: -DZTS_QUICKJS_PATCHES=OFF)"
stock_start=$SECONDS
cmake -S . -B build-stock -DCMAKE_BUILD_TYPE=RelWithDebInfo -DZTS_MANAGED=ON -DZTS_QUICKJS_PATCHES=OFF >/dev/null
cmake --build build-stock -j "$jobs" >/dev/null
ctest --test-dir build-stock --output-on-failure -j "$jobs" \
  -E '^(Dts_Tsc|ScriptRefs_|UnityPackage_|UnityDefines_|Player_BuildPlayer_|Sample_Hello_RunsFromUnityPackage$)'
echo "== stock QuickJS step: $((SECONDS - stock_start)) s"

echo "== ctest under wine64 (build/win64/: the Windows x64 cross build of the core, the gate and the native tests)"
win64_start=$SECONDS
cmake --build build/win64 -j "$jobs" >/dev/null
# A test whose process lost wine's server ("wine client error: ... recvmsg: Connection reset by peer": the emulator,
# not the test) runs once more; any other failure fails the step. Seen in 3 of ~200 test processes in two runs on
# 2026-12-04, never with the same test twice.
# ctest's own exit status decides (its summary line says "0 tests failed out of N" on success too).
win64_rc=0
ctest --test-dir build/win64 --output-on-failure -j "$jobs" 2>&1 | tee build/win64/ctest.log || win64_rc=$?
if [ "$win64_rc" -ne 0 ]; then
  if grep -q "wine client error" build/win64/ctest.log; then
    echo "== wine64: rerunning the failed tests once (wine's server dropped a client)"
    ctest --test-dir build/win64 --output-on-failure --rerun-failed
  else
    exit 1
  fi
fi
echo "== wine64 step: $((SECONDS - win64_start)) s"

# The core, the gate and the native tests on the other CPUs of docs/PLATFORMS.md, each a build of its own
# (build/<target>, cmake/toolchains/<toolchain>.cmake, ZTS_MANAGED=OFF) run with its ctest. The build type as
# cmake/ZtsCpuTargets.cmake configures the same folder: Release for wasm32 (-O2 without DWARF, the objects of the Unity
# package's WebGL archive: cmake/toolchains/wasm32-emscripten.cmake), RelWithDebInfo elsewhere. Arguments after it go
# to cmake (linux-x86: the 32-bit Player's options, whose tests, labelled player32, have a step of their own below).
cpu_step() {
  local target=$1 toolchain=$2 what=$3 build_type=${4:-RelWithDebInfo} start=$SECONDS
  shift $(( $# < 4 ? $# : 4 ))
  echo "== ctest on ${target} (build/${target}/: ${what})"
  cmake -S . -B "build/${target}" -DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchains/${toolchain}.cmake" \
    -DCMAKE_BUILD_TYPE="$build_type" -DZTS_MANAGED=OFF -Wno-dev "$@" >/dev/null
  cmake --build "build/${target}" -j "$jobs" >/dev/null
  ctest --test-dir "build/${target}" --output-on-failure -j "$jobs" -LE player32
  echo "== ${target} step: $((SECONDS - start)) s"
}
# The 32-bit x86 Player (docs/PLATFORMS.md, "The 32-bit Player"): build/linux-x86's Player SDK against the i386 Boehm
# Mono tools/setup.sh unpacked, build/'s `ztsrun build-player --sdk` making the project's Player from it, and build/'s
# Player tests on it (tests/player32, Player32_*).
cpu_step linux-x86 linux-x86 "32-bit x86, NaN-boxed JSValues" RelWithDebInfo \
  -DZTS_MONO_ROOT="$root/build/linux-x86/mono-i386/root" -DZTS_PLAYER_MANAGED_BUILD="$root/build"
echo "== ctest of the 32-bit Player (build/linux-x86/dist/zts-player: i386 Boehm Mono, IntPtr.Size 4)"
player32_start=$SECONDS
cmake --build build/linux-x86 --target zts_player32 -j "$jobs" >/dev/null
ctest --test-dir build/linux-x86 --output-on-failure -j "$jobs" -L player32
echo "== 32-bit Player step: $((SECONDS - player32_start)) s"
cpu_step linux-arm64 linux-arm64 "aarch64 under qemu-aarch64"
cpu_step wasm32 wasm32-emscripten "WebAssembly under Node, no threads" Release

# The fuzz targets' seed corpora, each seed run once (no fuzzing) on the 32-bit build, with clang's ASan+UBSan.
echo "== fuzz corpora on linux-x86 (build/linux-x86-fuzz/: each seed of tests/fuzz/corpus once, ASan+UBSan)"
fuzz32_start=$SECONDS
cmake -S . -B build/linux-x86-fuzz -DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchains/linux-x86.cmake" \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo -DZTS_FUZZ=ON \
  -DZTS_MANAGED=OFF -DZTS_FUZZ_SECONDS=0 -Wno-dev >/dev/null
cmake --build build/linux-x86-fuzz -j "$jobs" >/dev/null
ctest --test-dir build/linux-x86-fuzz --output-on-failure -j "$jobs"
echo "== linux-x86 fuzz corpora step: $((SECONDS - fuzz32_start)) s"

echo "== ctest under AddressSanitizer (build-asan/, native tests)"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DZTS_ASAN=ON -DZTS_MANAGED=OFF >/dev/null
cmake --build build-asan -j "$jobs" >/dev/null
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 ctest --test-dir build-asan --output-on-failure -j "$jobs"

echo "== libFuzzer targets under ASan+UBSan (build-fuzz/, clang; tests/fuzz, ${ZTS_FUZZ_SECONDS:-20} s each)"
CC=clang CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DZTS_FUZZ=ON -DZTS_MANAGED=OFF \
  -DZTS_FUZZ_SECONDS="${ZTS_FUZZ_SECONDS:-20}" >/dev/null
cmake --build build-fuzz -j "$jobs" >/dev/null
ctest --test-dir build-fuzz --output-on-failure -j "$jobs" -V 2>&1 | tee build-fuzz/fuzz.log |
  grep -E "^[0-9]+/[0-9]+ Test|tests passed|stat::number_of_executed_units|DONE|deadly signal|ERROR: " || true
grep -q "100% tests passed" build-fuzz/fuzz.log
