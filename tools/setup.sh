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

# The 32-bit x86 Player (docs/PLATFORMS.md, "The 32-bit Player"): Debian's i386 Boehm Mono, the same version as the
# amd64 one installed above (its mscorlib and framework assemblies in /usr/lib/mono are shared, arch-independent), with
# mono-runtime-common's i386 natives: libmono-native.so (System.Native: File.Exists and the rest of System.IO call it)
# and libMonoPosixHelper.so (ztsrun's signal handling), and the i386 libraries they load (zlib; GSSAPI, Kerberos and
# OpenSSL for libmono-native's System.Net.Security.Native). Mono's packages are not Multi-Arch: same, so all of them
# are downloaded from Debian's archive at its versions and unpacked into the build folder
# (build/linux-x86/mono-i386/root), never installed; apt learns the i386 architecture for the download only.
if [ "${ZTS_CPU_TARGETS:-0}" = 1 ]; then
  mono_i386=build/linux-x86/mono-i386
  mono_version=$(dpkg-query -W -f='${Version}' libmonoboehm-2.0-1)
  want="libmonoboehm-2.0-1:i386=$mono_version libmonoboehm-2.0-dev:i386=$mono_version mono-runtime-common:i386=$mono_version"
  want_libs="zlib1g:i386 libgssapi-krb5-2:i386 libkrb5-3:i386 libk5crypto3:i386 libkrb5support0:i386 libcom-err2:i386 libkeyutils1:i386 libssl3:i386"
  if [ "$(cat "$mono_i386/packages" 2>/dev/null)" != "$want $want_libs" ]; then
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    if ! dpkg --print-foreign-architectures | grep -qx i386; then
      echo "setup: dpkg --add-architecture i386 (for the 32-bit Player's Mono, downloaded only)"
      $sudo dpkg --add-architecture i386
      $sudo apt-get update -qq
    fi
    rm -rf "$mono_i386"
    mkdir -p "$mono_i386/debs"
    # The libraries at the archive's versions (the amd64 ones installed may lag a point release behind).
    (cd "$mono_i386/debs" && chmod 777 . && apt-get download -qq $want $want_libs 2>&1 | grep -v "^W: Download is performed unsandboxed" || true)
    for deb in "$mono_i386"/debs/*.deb; do dpkg-deb -x "$deb" "$mono_i386/root"; done
    test -f "$mono_i386/root/usr/lib/libmonoboehm-2.0.so.1" -a -f "$mono_i386/root/usr/lib/libmono-native.so" \
      -a -f "$mono_i386/root/usr/lib/i386-linux-gnu/libgssapi_krb5.so.2" ||
      { echo "setup: the i386 Mono packages did not download ($want $want_libs)" >&2; exit 1; }
    echo "$want $want_libs" > "$mono_i386/packages"
    echo "setup: i386 Boehm Mono $mono_version unpacked into $mono_i386/root"
  fi
fi

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
