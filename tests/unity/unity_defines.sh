#!/usr/bin/env bash
# What the managed code selects at compile time in each kind of Unity build (docs/UNITY_PACKAGE.md, "What the managed
# code does for Unity targets"): managed/ZTS.Common/TsBackend.cs is compiled by mcs with the defines Unity sets for
# that build, with tests/unity/unity_defines/Probe.cs, and run; the backend it selects, and the first error of
# TsBackend.Create with no backend assembly present, must be the expected ones. Each Unity build runs twice, with
# ZTS_BACKEND=mono and =il2cpp, and must print the same: in Unity the environment does not choose.
# Usage: unity_defines.sh <mcs> <source root>
set -euo pipefail
mcs=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
common="$src/managed/ZTS.Common"
probe_sources=("$common/TsBackend.cs" "$common/TsPlayerHost.cs" "$common/ITsRuntime.cs" "$src/tests/unity/unity_defines/Probe.cs")

launcher="zts: the Player backend (ZTS.Il2Cpp) runs only inside the player launcher"
no_mono="zts: backend type 'ZTS.TsMonoAppDomain+Runtime, ZTS.Mono' not found"
no_il2cpp="zts: the Player backend (ZTS.Il2Cpp) is not built yet"
mono_player="zts: a Player whose scripting backend is Mono needs the Editor backend"

failures=0 runs=0
# check <name> <defines> <ZTS_BACKEND values...> -- <expected backend> <expected start of create's message>
check() {
  local name=$1 defines=$2; shift 2
  local envs=()
  while [ "$1" != "--" ]; do envs+=("$1"); shift; done
  local want_backend=$2 want_create=$3
  local dir="$tmp/$name"
  mkdir -p "$dir"
  local define_flag=()
  [ -n "$defines" ] && define_flag=("-define:$defines")
  "$mcs" -nologo -warn:4 -warnaserror+ "${define_flag[@]}" -target:exe -out:"$dir/probe.exe" "${probe_sources[@]}"
  local e out
  for e in "${envs[@]}"; do
    runs=$((runs + 1))
    if [ "$e" = unset ]; then out=$(cd "$dir" && env -u ZTS_BACKEND -u ZTS_PLAYER_PID -u MONO_PATH mono probe.exe)
    else out=$(cd "$dir" && env -u ZTS_PLAYER_PID -u MONO_PATH ZTS_BACKEND="$e" mono probe.exe); fi
    local backend create
    backend=$(sed -n 's/^backend=//p' <<<"$out")
    create=$(sed -n 's/^create=//p' <<<"$out")
    if [ "$backend" != "$want_backend" ] || [[ "$create" != "$want_create"* ]]; then
      echo "FAIL $name [$defines] ZTS_BACKEND=$e: backend=$backend (want $want_backend), create=$create (want $want_create...)"
      failures=$((failures + 1))
    else
      echo "ok   $name [$defines] ZTS_BACKEND=$e: backend=$backend; create: $create"
    fi
  done
}

check outside-unity "" unset mono -- mono "$no_mono"
check outside-unity-il2cpp "" il2cpp -- il2cpp "$launcher"
check editor "UNITY_EDITOR;UNITY_5_3_OR_NEWER" mono il2cpp -- mono "$no_mono"
check editor-il2cpp-target "UNITY_EDITOR;UNITY_5_3_OR_NEWER;ENABLE_IL2CPP" mono il2cpp -- mono "$no_mono"
check mono-player "UNITY_5_3_OR_NEWER" mono il2cpp -- mono "$mono_player"
check il2cpp-player "UNITY_5_3_OR_NEWER;ENABLE_IL2CPP" mono il2cpp -- il2cpp "$no_il2cpp"

[ "$failures" -eq 0 ] || { echo "unity defines: $failures of $runs runs wrong"; exit 1; }
echo "unity defines ok: $runs runs"
