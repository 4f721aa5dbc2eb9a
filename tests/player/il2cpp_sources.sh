#!/usr/bin/env bash
# `ztsrun build-player --il2cpp-sources DIR` for the sim sample (its scripts checked): DIR holds the Unity package's Il2Cpp
# plugin byte for byte (what Unity compiles of the package) with the generated bridges and C#, and compiles as Il2Cpp
# compiles a plugin, against the project's declaration header, needing no symbol of the core (check_sources.sh).
# Usage: il2cpp_sources.sh <dist dir> <source root> <unity package dir> <work dir>
set -euo pipefail
dist=$1 src=$2 package=$3 work=$4
rm -rf "$work"
mono "$dist/lib/ztsrun.exe" build-player --assembly "$dist/samples/Sim.World.dll" --scripts "$src/samples/sim" --il2cpp-sources "$work"
for f in "$package"/Plugins/Il2Cpp/*.cpp "$package"/Plugins/Il2Cpp/*.h; do
  cmp "$f" "$work/$(basename "$f")" || { echo "FAIL: $(basename "$f") differs from the package's"; exit 1; }
done
for f in player_bridges.gen.cpp PlayerShims.g.cs player-coverage.txt; do
  [ -s "$work/$f" ] || { echo "FAIL: $f missing"; exit 1; }
done
echo "the package's Il2Cpp plugin: $(ls "$package"/Plugins/Il2Cpp/*.cpp "$package"/Plugins/Il2Cpp/*.h | wc -l) files, the same in $work"
bash "$src/tools/il2cpp/check_sources.sh" "$work"
