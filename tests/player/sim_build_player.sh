#!/usr/bin/env bash
# The sim sample's Player, built with the command a game uses (README, docs/PLAYER.md "Building a game's Player"):
# `ztsrun build-player --assembly Sim.World.dll [--scripts samples/sim] --out DIR`, then ztsrun from DIR/lib under
# DIR/zts-player prints exactly samples/sim/expected-output.txt. Prints the first and the unchanged second build time.
# Usage: sim_build_player.sh <dist dir> <sim sample dir> <work dir> [build-player options...]
set -euo pipefail
dist=$1
sim=$2
work=$3
shift 3
rm -rf "$work"
start=$(date +%s%N)
mono "$dist/lib/ztsrun.exe" build-player --assembly "$dist/samples/Sim.World.dll" "$@" --out "$work"
first=$(( ($(date +%s%N) - start) / 1000000 ))
start=$(date +%s%N)
again=$(mono "$dist/lib/ztsrun.exe" build-player --assembly "$dist/samples/Sim.World.dll" "$@" --out "$work")
second=$(( ($(date +%s%N) - start) / 1000000 ))
case "$again" in *"is up to date"*) ;; *) echo "FAIL: the second build-player run rebuilt: $again"; exit 1 ;; esac
echo "build-player timings (sim): first ${first} ms, unchanged second ${second} ms"
set +e
out=$("$work/zts-player" "$work/lib/ztsrun.exe" "$sim/out" --assembly "$dist/samples/Sim.World.dll" --until-exit --fps 0 2>&1)
rc=$?
set -e
printf '%s\n' "$out" | diff -u "$sim/expected-output.txt" -
test $rc -eq 0
echo "sim output ok on a Player built by build-player"
