#!/usr/bin/env bash
# `build-player --scripts`: the game's TS project (tests/player/game/ts) uses Arena.dll and Arena.Extra.dll, with
# declarations from `ztsrun gen-dts` for both; the Player is built for Arena.dll only. The build must fail with one
# line per use the Player would not cover, at its .ts position, and build nothing; with Extra.dll as an input too,
# only the nine-parameter method is left. Usage: scripts_check.sh <dist dir> <work dir>
set -euo pipefail
src=$(cd "$(dirname "$0")" && pwd)
dist=$1
work=$2
rm -rf "$work"
mkdir -p "$work/app"
mcs -nologo -target:library -out:"$work/app/Arena.dll" "$src/Game/Arena.cs"
mcs -nologo -target:library -out:"$work/app/Arena.Extra.dll" "$src/Extra/Bonus.cs"
cp -r "$src/ts" "$work/ts"
mono "$dist/lib/ztsrun.exe" gen-dts --assembly "$work/app/Arena.dll" --assembly "$work/app/Arena.Extra.dll" --out "$work/ts/types" >/dev/null
set +e
out=$(mono "$dist/lib/ztsrun.exe" build-player --assembly "$work/app/Arena.dll" --scripts "$work/ts" --out "$work/player" 2>&1)
rc=$?
set -e
printf '%s\n[exit %d]\n' "$out" "$rc"
test -e "$work/player/zts-player" && { echo "FAIL: a launcher was built"; exit 1; }
set +e
out2=$(mono "$dist/lib/ztsrun.exe" build-player --assembly "$work/app/Arena.dll" --assembly "$work/app/Arena.Extra.dll" --scripts "$work/ts" --out "$work/player2" 2>&1)
rc2=$?
set -e
printf '%s\n[exit %d]\n' "$out2" "$rc2"
# The bare generator (what the Unity Player build step runs) checks the same scripts the same way and writes nothing.
set +e
out3=$(mono "$dist/lib/ZTS.GenBridges.exe" --cpp "$work/gen/bridges.cpp" --cs "$work/gen/shims.cs" --assembly "$work/app/Arena.dll" --scripts "$work/ts" 2>&1)
rc3=$?
set -e
printf '%s\n[exit %d]\n' "$out3" "$rc3"
test -e "$work/gen/bridges.cpp" && { echo "FAIL: the generator wrote bridges"; exit 1; }
# With --scripts, TryGetComponent<T>(out T) is closed over what the scripts close it with (Mover), not every input type.
shims="$work/player2/obj/PlayerShims.g.cs"
grep -q "TryGetComponent<global::Arena.Mover>" "$shims" && ! grep -q "TryGetComponent<global::Arena.Scene>" "$shims" &&
  echo "wrappers: TryGetComponent closed over the scripts' Mover only"
