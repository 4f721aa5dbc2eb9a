#!/usr/bin/env bash
# ztsrun over the TypeScript fixture: a throw in TS code exits 1 with a message, and the stack points
# at the .ts lines (found by their marker comments) with the emitted JS positions kept.
# usage: ts_throws.sh <ztsrun.exe> <project dir with out/ built>
set -uo pipefail
ztsrun=$1
project=$2
out=$(mono "$ztsrun" "$project/out" --export tickThrow --frames 5 --fps 0 2>&1)
rc=$?
echo "$out"
throw_line=$(grep -n 'THROW-SITE' "$project/src/lib/label.ts" | cut -d: -f1)
call_line=$(grep -n 'CALL-SITE' "$project/src/main.ts" | cut -d: -f1)
fail() { echo "FAILED: $1"; exit 1; }
[ "$rc" -eq 1 ] || fail "exit code $rc, expected 1"
echo "$out" | grep -q 'ztsrun: script threw in main.tickThrow: boom in TypeScript at frame 2' || fail "message"
echo "$out" | grep -Eq "at explode \(\.\./src/lib/label\.ts:${throw_line}:[0-9]+\) \[lib/label:[0-9]+:[0-9]+\]" ||
  fail "explode frame should point at src/lib/label.ts:${throw_line}"
echo "$out" | grep -Eq "at tickThrow \(\.\./src/main\.ts:${call_line}:[0-9]+\) \[main:[0-9]+:[0-9]+\]" ||
  fail "tickThrow frame should point at src/main.ts:${call_line}"
echo "typescript error stack ok"
