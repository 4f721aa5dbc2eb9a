#!/usr/bin/env bash
# The parity program (Program/Parity.cs, scripts/main.js, the TS project ts/): shapes new users write (delegate
# types nested in non-public classes with ref/out/opaque parameters, framework members from script, generic ref
# methods over value types, a loader's delegate with an out parameter, generic extension shapes, List<T>,
# Dictionary<K,V> and LINQ from TypeScript), built as a user builds a game's Player:
#   1. `ztsrun gen-dts` for Parity.exe into ts/types, tsc over ts/ (strict), out/collections.js beside the scripts;
#   2. `mono Parity.exe` (the Editor backend) prints expected-output.txt;
#   3. `ztsrun build-player --assembly Parity.exe --out DIR` (no --scripts): `DIR/zts-player Parity.exe` prints the same;
#   4. the same with `--scripts ts`: the check passes (no false alarm for List<T>, Dictionary<K,V>, LINQ) and the
#      Player it builds prints the same.
# Usage: build_and_run.sh <dist dir> <source dir> <work dir> [build-player options, e.g. --clr il2cpp]
set -euo pipefail
src=$(cd "$(dirname "$0")" && pwd)
dist=$1
root=$2
work=$3
shift 3
options=("$@")
rm -rf "$work"
app=$work/app
mkdir -p "$app"
mcs -nologo -target:exe -r:"$dist/lib/ZTS.Common.dll" -out:"$app/Parity.exe" "$src/Program/Parity.cs"
cp -r "$src/scripts" "$app/"
cp "$dist/lib/ZTS.Common.dll" "$dist/lib/ZTS.Shared.dll" "$dist/lib/ZTS.Mono.dll" "$dist/lib/libzts.so" "$dist/lib/libzts_mono_gate.so" "$app/"
cp -r "$src/ts" "$work/ts"
mono "$dist/lib/ztsrun.exe" gen-dts --assembly "$app/Parity.exe" --nullable oblivious --out "$work/ts/types" >/dev/null
node "$root/node_modules/typescript/bin/tsc" -p "$work/ts"
cp "$work/ts/out/collections.js" "$app/scripts/"

run() { # run <out file> <command...>
  local out=$1
  shift
  set +e
  (cd "$work" && "$@") > "$out" 2>&1
  echo "[exit $?]" >> "$out"
  set -e
}
run "$work/mono.out" mono "$app/Parity.exe"
cat "$work/mono.out"
diff -u "$src/expected-output.txt" "$work/mono.out" || { echo "FAIL: the Editor printed something else than expected-output.txt"; exit 1; }

for scripts in "" "--scripts $work/ts"; do
  start=$(date +%s%N)
  mono "$dist/lib/ztsrun.exe" build-player --assembly "$app/Parity.exe" $scripts ${options[@]+"${options[@]}"} --out "$work/player"
  echo "build-player ${scripts:+--scripts }: $(( ($(date +%s%N) - start) / 1000000 )) ms"
  run "$work/player.out" "$work/player/zts-player" "$app/Parity.exe"
  diff -u "$work/mono.out" "$work/player.out" || { echo "FAIL: the Player (${scripts:-no --scripts}) printed something else than the Editor"; exit 1; }
done
echo "parity Player same as Editor"
