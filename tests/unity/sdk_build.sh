#!/usr/bin/env bash
# The SDK-only natives of the Unity package (docs/UNITY_PACKAGE.md, "Natives built with a platform SDK": Android arm64-v8a and
# armeabi-v7a, iOS arm64, macOS arm64 and x86_64), tested here as far as this machine goes: for each target the project
# configures as the documented command does (-DZTS_MANAGED=OFF -DZTS_TESTS=OFF), with sdk_build/standin-toolchain.cmake
# in place of the SDK's toolchain (clang aimed at the SDK's target triple, the closest headers this machine has), and every
# source of libzts (the core and QuickJS) and of the gate compiles for that target (clang -fsyntax-only, two at a time).
# A source of the tree that the configured build does not compile fails the test too.
# Usage: sdk_build.sh <source dir> <node> [targets, default all five]
set -euo pipefail
src=$1 node=$2
targets=${3:-android-arm64 android-armv7 ios-arm64 macos-arm64 macos-x86_64}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
toolchain="$src/tests/unity/sdk_build/standin-toolchain.cmake"

# The sources libzts and the gate are made of: every core source (inspector_absent.cpp only replaces the inspector
# in the Player's core and in -DZTS_DEBUGGER=OFF builds), the inspector's (macOS runs the Editor), QuickJS's five, the gate.
expected="$tmp/expected.txt"
{ find "$src/native/core" "$src/native/inspector" -name '*.cpp' ! -path '*/core/inspector_absent.cpp'
  for f in quickjs dtoa libregexp libunicode cutils; do echo "$src/third_party/quickjs/$f.c"; done
  echo "$src/native/gate/zts_mono_gate.c"; } | sort > "$expected"

total=0
count=0
for target in $targets; do
  start=$SECONDS
  build="$tmp/$target"
  if ! cmake -S "$src" -B "$build" -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DZTS_SDK_TARGET="$target" -DCMAKE_BUILD_TYPE=Release \
       -DZTS_MANAGED=OFF -DZTS_TESTS=OFF -DCMAKE_EXPORT_COMPILE_COMMANDS=ON > "$build.configure.log" 2>&1; then
    echo "$target: the configure failed"; cat "$build.configure.log"; exit 1
  fi
  # One line per compile command: cd <dir> && <command> -fsyntax-only, and the source it compiles.
  "$node" -e '
    const [file, cmds, srcs] = process.argv.slice(1);
    const fs = require("fs");
    const all = JSON.parse(fs.readFileSync(file, "utf8"));
    const q = s => "'"'"'" + s.replace(/'"'"'/g, "'"'"'\\'"'"''"'"'") + "'"'"'";
    fs.writeFileSync(cmds, all.map(e => "cd " + q(e.directory) + " && " + e.command + " -fsyntax-only || echo \"FAIL " + e.file + "\"").join("\n") + "\n");
    fs.writeFileSync(srcs, all.map(e => e.file).sort().join("\n") + "\n");
  ' "$build/compile_commands.json" "$build.commands" "$build.sources"
  if ! diff -u "$expected" <(sort -u "$build.sources") > "$build.diff"; then
    echo "$target: the configured build does not compile exactly the sources of libzts and the gate:"; cat "$build.diff"; exit 1
  fi
  n=$(wc -l < "$build.sources")
  xargs -d '\n' -P 2 -n 1 bash -c 'eval "$1"' _ < "$build.commands" > "$build.compile.log" 2>&1 || true
  if grep -q '^FAIL ' "$build.compile.log"; then
    echo "$target: sources that do not compile:"; cat "$build.compile.log"; exit 1
  fi
  triple=$(grep -m1 -o -- '--target=[^ ]*' "$build.commands" | cut -d= -f2)
  echo "sdk build $target: configured, $n sources compile for $triple ($((SECONDS - start)) s)"
  total=$((total + n)) count=$((count + 1))
done
echo "sdk builds ok: $count targets, $total sources compiled"
