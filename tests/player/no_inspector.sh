#!/usr/bin/env bash
# A game's Player built by `ztsrun build-player` without --inspector carries no script inspector (docs/DEBUGGING.md,
# "Sizes"): its libzts.so and launcher define none of native/inspector's code (no zts::dbg:: symbol) and import no
# socket call (socket/bind/listen/accept), so a shipped game has no TCP server. The Editor's libzts.so, which links
# the inspector, is the control: the same checks find both there, so the checks can fail. Prints the stripped sizes.
# Usage: no_inspector.sh <dist dir> <work dir>
set -euo pipefail
src=$(cd "$(dirname "$0")" && pwd)/game
dist=$1
work=$2
rm -rf "$work"
app=$work/app
mkdir -p "$app"
mcs -nologo -target:library -out:"$app/Arena.dll" "$src/Game/Arena.cs"
mcs -nologo -target:exe -r:"$dist/lib/ZTS.Common.dll" -r:"$app/Arena.dll" -out:"$app/Program.exe" "$src/Program/Program.cs"
mono "$dist/lib/ztsrun.exe" build-player --assembly "$app/Arena.dll" --assembly "$app/Program.exe" --out "$work/player" >/dev/null

status=0
inspector_symbols() { nm -D --defined-only -C "$1" | grep -c 'zts::dbg::' || true; }
socket_imports() { nm -D --undefined-only "$1" | awk '{print $2}' | sed 's/@.*//' | grep -cxE 'socket|bind|listen|accept|accept4' || true; }
check() { # name file expected-inspector(0/1)
  local sym imp
  sym=$(inspector_symbols "$2")
  imp=$(socket_imports "$2")
  if [ "$3" = 1 ]; then
    if [ "$sym" -gt 0 ] && [ "$imp" -gt 0 ]; then echo "ok   $1: the inspector ($sym zts::dbg:: symbols, $imp socket imports)"
    else echo "FAIL $1: expected the inspector, found $sym symbols and $imp socket imports"; status=1; fi
  else
    if [ "$sym" -eq 0 ] && [ "$imp" -eq 0 ]; then echo "ok   $1: no inspector symbol, no socket import"
    else echo "FAIL $1: $sym zts::dbg:: symbols, $imp socket imports"; status=1; fi
  fi
}
check "Editor libzts.so (control)" "$dist/lib/libzts.so" 1
check "Player SDK libzts.so" "$dist/player-sdk/lib/libzts.so" 0
check "game Player lib/libzts.so" "$work/player/lib/libzts.so" 0
check "game Player zts-player" "$work/player/zts-player" 0
cmp -s "$dist/player-sdk/lib/libzts.so" "$work/player/lib/libzts.so" || { echo "FAIL the game's libzts.so is not the Player SDK's"; status=1; }

stripped() { strip -o "$work/stripped" "$1" && stat -c %s "$work/stripped"; }
echo "stripped sizes: libzts.so with the inspector $(stripped "$dist/lib/libzts.so") bytes, without $(stripped "$dist/player-sdk/lib/libzts.so") bytes, libzts_inspector.a $(stat -c %s "$dist/../lib/libzts_inspector.a" 2>/dev/null || echo '?') bytes (unstripped archive)"
[ $status = 0 ] && echo "Player without inspector ok"
exit $status
