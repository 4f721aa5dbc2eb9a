#!/usr/bin/env bash
# LINQ on instances on the Player backend: `ztsrun build-player --assembly LinqWorld.dll` closes the generic extension
# methods over what the receivers give (tools/gen-bridges Generator.ScanExtensions: List<int>.Where is Where<int>, with
# its Func<int, bool> shim), and the scripts print exactly what the Editor backend prints.
# Usage: linq_player.sh <dist dir> <scripts dir> <LinqWorld.dll> <work dir> [<what is compared: linq>]
# (also the reload fixture tests/ztsrun/start_dispose over ReloadWorld.dll).
set -euo pipefail
dist=$1 scripts=$2 dll=$3 work=$4
rm -rf "$work"
mono "$dist/lib/ztsrun.exe" build-player --assembly "$dll" --out "$work" > /dev/null
editor=$(ZTS_BACKEND=mono mono "$dist/lib/ztsrun.exe" "$scripts" --assembly "$dll" --until-exit --fps 0 2>&1)
player=$("$work/zts-player" "$work/lib/ztsrun.exe" "$scripts" --assembly "$dll" --until-exit --fps 0 2>&1)
if [ "$editor" != "$player" ]; then
    diff <(echo "$editor") <(echo "$player")
    exit 1
fi
echo "$player"
echo "${5:-linq} same on the Player"
