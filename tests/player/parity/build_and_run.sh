#!/usr/bin/env bash
# The parity program (Program/Parity.cs, scripts/main.js): shapes new users write (delegate types nested in
# non-public classes with ref/out/opaque parameters, framework members from script, generic ref methods over value
# types, a loader's delegate with an out parameter, generic extension shapes), built as a user builds a game's Player:
#   1. `mono Parity.exe` (the Editor backend),
#   2. `ztsrun build-player --assembly Parity.exe --out DIR` (no --scripts) and `DIR/zts-player Parity.exe`,
# must print the same, line for line.
# Usage: build_and_run.sh <dist dir> <work dir> [build-player options, e.g. --clr il2cpp]
set -euo pipefail
src=$(cd "$(dirname "$0")" && pwd)
dist=$1
work=$2
shift 2
options=("$@")
rm -rf "$work"
app=$work/app
mkdir -p "$app"
mcs -nologo -target:exe -r:"$dist/lib/ZTS.Common.dll" -out:"$app/Parity.exe" "$src/Program/Parity.cs"
cp -r "$src/scripts" "$app/"
cp "$dist/lib/ZTS.Common.dll" "$dist/lib/ZTS.Shared.dll" "$dist/lib/ZTS.Mono.dll" "$dist/lib/libzts.so" "$dist/lib/libzts_mono_gate.so" "$app/"

set +e
(cd "$work" && mono "$app/Parity.exe") > "$work/mono.out" 2>&1
echo "[exit $?]" >> "$work/mono.out"
set -e

start=$(date +%s%N)
mono "$dist/lib/ztsrun.exe" build-player --assembly "$app/Parity.exe" ${options[@]+"${options[@]}"} --out "$work/player"
echo "build-player: $(( ($(date +%s%N) - start) / 1000000 )) ms"

set +e
(cd "$work" && "$work/player/zts-player" "$app/Parity.exe") > "$work/player.out" 2>&1
echo "[exit $?]" >> "$work/player.out"
set -e
cat "$work/mono.out"
if ! diff -u "$work/mono.out" "$work/player.out"; then
  echo "FAIL: the Player printed something else than the Editor"
  exit 1
fi
echo "parity Player same as Editor"
