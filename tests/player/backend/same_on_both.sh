#!/usr/bin/env bash
# The Player check program prints the same lines on the Editor backend (under mono) and on the Player
# backend (under the launcher). Usage: same_on_both.sh <zts-player> <ZTS.PlayerCheck.exe>
set -u
player=$1
program=$2
editor_out=$(ZTS_BACKEND=mono mono "$program" 2>&1; echo "[exit $?]")
player_out=$("$player" "$program" 2>&1; echo "[exit $?]")
if [ "$editor_out" != "$player_out" ]; then
    echo "the backends differ:"
    diff <(echo "$editor_out") <(echo "$player_out")
    exit 1
fi
echo "$player_out"
echo "same on both backends: $(echo "$player_out" | grep -c ' -> ') lines"
