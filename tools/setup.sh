#!/usr/bin/env bash
# Set-up for a fresh Debian 12 machine, idempotent: Debian packages, QuickJS from Debian's
# trixie source package (sha256-verified), then the CMake build into build/.
# Usage: tools/setup.sh [extra cmake -D options]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

# clang (with libclang-rt-*-dev's libFuzzer) builds the fuzz targets of tools/test.sh (tests/fuzz).
# mingw-w64 (posix threads) cross-builds the Unity package's Windows x64 DLLs (cmake/ZtsWin64.cmake), and
# tools/test.sh runs the native tests of that build under wine64; libgtest-dev's /usr/src/googletest is built for it.
# libmono-posix4.0-cil (a dependency of mono-devel, named for ztsrun): Mono.Posix for ztsrun's SIGINT/SIGTERM handling.
# nlohmann-json3-dev: the engine bench/inspector/json_cost.cpp measures the inspector's JSON against (header-only;
# native/inspector does not use it: docs/DEBUGGING.md, "The protocol's JSON").
# chromium: the headless browser Debugger_DevTools_FrontEndSession runs the Chrome DevTools front end in (playwright-core
# drives it; tests/debugger/devtools).
packages=(chromium nlohmann-json3-dev mono-devel libmono-posix4.0-cil libmono-2.0-dev libmonoboehm-2.0-dev libmono-cecil-private-cil nunit-console libnunit-cil-dev cmake g++ make libgtest-dev pkg-config binutils xz-utils ca-certificates patch clang libclang-rt-dev g++-mingw-w64-x86-64-posix wine64)
# The CPU targets of tools/test.sh (docs/PLATFORMS.md), only when asked (ZTS_CPU_TARGETS=1, as tools/test.sh does):
# 32-bit x86 (g++-12-multilib: the g++-multilib metapackage conflicts with the aarch64 cross compiler), ARM64 Linux
# run under qemu-user, and WebAssembly with emscripten run under Node. The armhf C and C++ headers: the 32-bit ARM
# sysroot UnityPackage_SdkBuild_CompilesForEachCpu compiles the core against for Android's armeabi-v7a (no NDK here).
if [ "${ZTS_CPU_TARGETS:-0}" = 1 ]; then
  packages+=(g++-12-multilib g++-12-aarch64-linux-gnu qemu-user emscripten libc6-dev-armhf-cross libstdc++-12-dev-armhf-cross)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

bash tools/fetch_quickjs.sh

# TypeScript (pinned in package-lock.json) for the TS sample and the declaration tests, and gl-matrix, the npm ESM
# package samples/sim imports from node_modules (Sample_Sim_ExactOutput).
if ! command -v npm >/dev/null 2>&1; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing nodejs npm"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
fi
if ! cmp -s package-lock.json node_modules/.zts-lock 2>/dev/null || [ ! -x node_modules/.bin/tsc ]; then
  echo "setup: npm ci (typescript, gl-matrix, the debugger tests' clients from package-lock.json)"
  npm ci --no-audit --no-fund --loglevel=error >/dev/null
  cp package-lock.json node_modules/.zts-lock
fi

jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DZTS_MANAGED=ON "$@" >/dev/null
cmake --build build -j "$jobs" >/dev/null
echo "setup: build ready in build/ (consumer layout: build/dist/lib; Windows x64 DLLs: build/win64/dist/release)"
