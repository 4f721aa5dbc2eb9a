#!/usr/bin/env bash
# A game that no build file lists as a Player input, built as a new user would (docs/PLAYER.md, "Building a game's
# Player"): its library (Game/Arena.cs -> Arena.dll) and host program (Program/Program.cs -> Program.exe) compiled
# against the installed ZTS.Common.dll, its scripts beside the program, and, as .NET habit has it, the ZTS assemblies
# and a copy of libzts.so beside the program too. Then
#   1. `mono Program.exe` (the Editor backend),
#   2. `ztsrun build-player --assembly Arena.dll --assembly Program.exe --out DIR` and `DIR/zts-player Program.exe`
#      (the Player backend), also with LD_LIBRARY_PATH naming the program's folder,
# must print the same; a second build-player run with unchanged inputs is up to date.
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
mcs -nologo -target:library -out:"$app/Arena.dll" "$src/Game/Arena.cs"
mcs -nologo -target:exe -r:"$dist/lib/ZTS.Common.dll" -r:"$app/Arena.dll" -out:"$app/Program.exe" "$src/Program/Program.cs"
cp -r "$src/scripts" "$app/"
cp "$dist/lib/ZTS.Common.dll" "$dist/lib/ZTS.Shared.dll" "$dist/lib/ZTS.Mono.dll" "$dist/lib/libzts.so" "$dist/lib/libzts_mono_gate.so" "$app/"

set +e
(cd "$work" && mono "$app/Program.exe") > "$work/mono.out" 2>&1
echo "[exit $?]" >> "$work/mono.out"
set -e

start=$(date +%s%N)
mono "$dist/lib/ztsrun.exe" build-player --assembly "$app/Arena.dll" --assembly "$app/Program.exe" ${options[@]+"${options[@]}"} --out "$work/player"
first=$(( ($(date +%s%N) - start) / 1000000 ))
start=$(date +%s%N)
again=$(mono "$dist/lib/ztsrun.exe" build-player --assembly "$app/Arena.dll" --assembly "$app/Program.exe" ${options[@]+"${options[@]}"} --out "$work/player")
second=$(( ($(date +%s%N) - start) / 1000000 ))
echo "$again"
case "$again" in *"is up to date"*) ;; *) echo "FAIL: the second build-player run rebuilt"; exit 1 ;; esac
echo "build-player timings: first ${first} ms, unchanged second ${second} ms"

for env in "" "LD_LIBRARY_PATH=$app"; do
  set +e
  (cd "$work" && env $env "$work/player/zts-player" "$app/Program.exe") > "$work/player.out" 2>&1
  echo "[exit $?]" >> "$work/player.out"
  set -e
  if ! diff -u "$work/mono.out" "$work/player.out"; then
    echo "FAIL: the Player ($env) printed something else than mono"
    exit 1
  fi
done
cat "$work/player.out"
grep -q "^Arena.Scene.Nine(.*more than 8 parameters" "$work/player/player-coverage.txt"
grep -q "^Arena.Scene.Count(ReadOnlySpan\`1): parameter 1 is a ref struct" "$work/player/player-coverage.txt"
echo "game Player same as mono"
