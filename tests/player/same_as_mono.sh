#!/usr/bin/env bash
# Runs a plain managed program under `mono` and under the player launcher with the same arguments and checks
# that stdout, stderr and the exit code are the same. Usage: same_as_mono.sh <zts-player> <Program.exe>
# The one known difference: Environment.Exit goes through Mono's own runtime shutdown, which on the Boehm build
# prints "Waiting on threads to park on joinable thread list timed out." on stdout (docs/PLAYER.md); it is
# removed from the launcher's stdout before the comparison, and only for that case.
set -u
player=$1
program=$2
park_line='Waiting on threads to park on joinable thread list timed out.'
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
failed=0
check() {
  local name=$1; shift
  mono "$program" "$@" >"$out/mono.out" 2>"$out/mono.err"; local mono_rc=$?
  "$player" "$program" "$@" >"$out/player.out" 2>"$out/player.err"; local player_rc=$?
  if [ "$name" = exit ]; then
    grep -v -x -F "$park_line" "$out/player.out" >"$out/player.kept"; mv "$out/player.kept" "$out/player.out"
  fi
  if [ "$mono_rc" != "$player_rc" ]; then echo "$name: exit code mono $mono_rc, player $player_rc"; failed=1; fi
  if ! diff -u "$out/mono.out" "$out/player.out" >"$out/diff"; then echo "$name: stdout differs"; cat "$out/diff"; failed=1; fi
  if ! diff -u "$out/mono.err" "$out/player.err" >"$out/diff"; then echo "$name: stderr differs"; cat "$out/diff"; failed=1; fi
  echo "$name: exit $player_rc, $(wc -l <"$out/player.out") stdout line(s), $(wc -l <"$out/player.err") stderr line(s)"
}
check plain a "b c"
check return return 5
check exit exit 9
check throw throw
check thread thread 4
check gc gc
if [ $failed -ne 0 ]; then echo "launcher differs from mono"; exit 1; fi
echo "launcher same as mono"
