#!/usr/bin/env bash
# build-player over names IL allows and C# does not (MakeHostile.cs: a keyword namespace, a quote in a type name, a
# line break in a method name, a struct method named as C# code): the build succeeds, lists what it leaves out in
# player-coverage.txt, the Player calls the rest with the values the IL returns, and no injected code runs.
# Usage: build_and_run.sh <dist dir> <this folder> <work dir> [build-player options...]
set -euo pipefail
dist=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
rm -rf "$3"
mkdir -p "$3"
work=$(cd "$3" && pwd)
shift 3
mkdir -p "$work/app" "$work/run"
mcs -nologo -out:"$work/MakeHostile.exe" "$src/MakeHostile.cs"
mono "$work/MakeHostile.exe" "$work/app"
(cd "$work/run" && mono "$dist/lib/ztsrun.exe" build-player --assembly "$work/app/Hostile.dll" "$@" --out "$work/player")
coverage="$work/player/player-coverage.txt"
grep -q '^Evil.Quote"Type: a type whose name C# cannot spell' "$coverage" || { echo "FAIL: Quote\"Type not listed"; cat "$coverage"; exit 1; }
grep -q '^Evil.Lines.Out"Name(Int32&): .*its name C# cannot spell' "$coverage" || { echo "FAIL: Out\"Name not listed"; cat "$coverage"; exit 1; }
if grep -q pwned "$work/player/obj/PlayerShims.g.cs"; then echo "FAIL: the injected name reached the generated C#"; exit 1; fi
out=$(cd "$work/run" && "$work/player/zts-player" "$work/player/lib/ztsrun.exe" "$src/scripts" --assembly "$work/app/Hostile.dll" --until-exit --fps 0 2>&1)
printf '%s\n' "$out"
expected='Evil.event.Api.Three: 3, event(out x): 6
Lines['"'"'Line\nBreak'"'"']: 5
Vec method named as code: 3'
[ "$out" = "$expected" ] || { echo "FAIL: the Player printed other values"; exit 1; }
if [ -n "$(find "$work" -name pwned)" ]; then echo "FAIL: injected code ran"; exit 1; fi
echo "hostile names ok"
