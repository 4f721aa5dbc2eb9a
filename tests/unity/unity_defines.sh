#!/usr/bin/env bash
# What the managed code selects at compile time in each kind of Unity build (docs/UNITY_PACKAGE.md, "What the managed
# code does for Unity targets"). For each build, with the defines Unity sets for it:
# - managed/ZTS.Common's TsBackend.cs is compiled by mcs with tests/unity/unity_defines/Probe.cs and run: the backend
#   it selects, and the first error of TsBackend.Create with no backend assembly present, must be the expected ones.
#   Each Unity build runs twice, with ZTS_BACKEND=mono and =il2cpp, and must print the same: in Unity the environment
#   does not choose;
# - managed/ZTS.Shared, ZTS.Mono and ZTS.Il2Cpp are compiled (against the built ZTS.Common.dll, with the build's
#   warnings-as-errors flags) and the probe lists the library names of their DllImports: "__Internal" in the iOS and
#   WebGL Players, the libraries' own names everywhere else; ZTS.Il2Cpp's one DllImport is "__Internal" everywhere (the
#   Il2Cpp plugin's entry point, native/player/plugin_entry.cpp, is compiled into the game itself).
# Usage: unity_defines.sh <mcs> <source root> <ZTS.Common.dll> <build/abi: each assembly's generated sources>
set -euo pipefail
mcs=$1 src=$2 common_dll=$3 abi=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
common="$src/managed/ZTS.Common"
probe_sources=("$common/TsBackend.cs" "$common/TsPlayerHost.cs" "$common/ITsRuntime.cs" "$src/tests/unity/unity_defines/Probe.cs")
flags=(-nologo -unsafe -warn:4 -warnaserror+) # ZTS_MCS_FLAGS of cmake/ZtsManaged.cmake, less -debug

launcher="zts: the Player backend (ZTS.Il2Cpp) runs only inside the player launcher"
no_mono="zts: backend type 'ZTS.TsMonoAppDomain+Runtime, ZTS.Mono' not found"
no_il2cpp="zts: the Player backend (ZTS.Il2Cpp) is not built yet"
mono_player="zts: a Player whose scripting backend is Mono needs the Editor backend"
libs="ZTS.Shared=zts ZTS.Mono=zts_mono_gate ZTS.Il2Cpp=__Internal"
internal="ZTS.Shared=__Internal ZTS.Mono=__Internal ZTS.Il2Cpp=__Internal"

failures=0 runs=0
# check <name> <defines> <ZTS_BACKEND values...> -- <backend> <start of create's message> <DllImport libraries>
check() {
  local name=$1 defines=$2; shift 2
  local envs=()
  while [ "$1" != "--" ]; do envs+=("$1"); shift; done
  local want_backend=$2 want_create=$3 want_libs=$4
  local dir="$tmp/$name" lib="$tmp/$name/lib"
  mkdir -p "$lib"
  local define_flag=()
  [ -n "$defines" ] && define_flag=("-define:$defines")
  # The probe alone in its folder: Create finds no backend assembly. The libraries beside a copy of ZTS.Common.dll.
  "$mcs" "${flags[@]}" "${define_flag[@]}" -target:exe -out:"$dir/probe.exe" "${probe_sources[@]}"
  cp "$common_dll" "$lib/"
  "$mcs" "${flags[@]}" "${define_flag[@]}" -target:library -r:"$lib/ZTS.Common.dll" -out:"$lib/ZTS.Shared.dll" \
    $(find "$src/managed/ZTS.Shared" "$abi/ZTS.Shared" -name '*.cs' | sort)
  local asm
  for asm in ZTS.Mono ZTS.Il2Cpp; do
    "$mcs" "${flags[@]}" "${define_flag[@]}" -target:library -r:"$lib/ZTS.Common.dll" -r:"$lib/ZTS.Shared.dll" \
      -out:"$lib/$asm.dll" $(find "$src/managed/$asm" $([ -d "$abi/$asm" ] && echo "$abi/$asm") -name '*.cs' | sort)
  done
  local e out
  for e in "${envs[@]}"; do
    runs=$((runs + 1))
    local run=(env -u ZTS_PLAYER_PID -u MONO_PATH ZTS_BACKEND="$e")
    [ "$e" = unset ] && run=(env -u ZTS_PLAYER_PID -u MONO_PATH -u ZTS_BACKEND)
    out=$(cd "$dir" && "${run[@]}" mono probe.exe "$lib/ZTS.Shared.dll" "$lib/ZTS.Mono.dll" "$lib/ZTS.Il2Cpp.dll")
    local backend create got_libs
    backend=$(sed -n 's/^backend=//p' <<<"$out")
    create=$(sed -n 's/^create=//p' <<<"$out")
    got_libs=$(sed -n 's/^dllimport //p' <<<"$out" | tr '\n' ' ' | sed 's/ $//')
    if [ "$backend" != "$want_backend" ] || [[ "$create" != "$want_create"* ]] || [ "$got_libs" != "$want_libs" ]; then
      echo "FAIL $name [$defines] ZTS_BACKEND=$e: backend=$backend (want $want_backend), create=$create (want $want_create...), dllimport $got_libs (want $want_libs)"
      failures=$((failures + 1))
    else
      echo "ok   $name [$defines] ZTS_BACKEND=$e: backend=$backend; dllimport $got_libs; create: $create"
    fi
  done
}

check outside-unity "" unset mono -- mono "$no_mono" "$libs"
check outside-unity-il2cpp "" il2cpp -- il2cpp "$launcher" "$libs"
check editor "UNITY_EDITOR;UNITY_5_3_OR_NEWER" mono il2cpp -- mono "$no_mono" "$libs"
check editor-il2cpp-target "UNITY_EDITOR;UNITY_5_3_OR_NEWER;ENABLE_IL2CPP" mono il2cpp -- mono "$no_mono" "$libs"
check editor-ios-target "UNITY_EDITOR;UNITY_5_3_OR_NEWER;ENABLE_IL2CPP;UNITY_IOS" mono il2cpp -- mono "$no_mono" "$libs"
check mono-player "UNITY_5_3_OR_NEWER" mono il2cpp -- mono "$mono_player" "$libs"
check il2cpp-player "UNITY_5_3_OR_NEWER;ENABLE_IL2CPP" mono il2cpp -- il2cpp "$no_il2cpp" "$libs"
check ios-player "UNITY_5_3_OR_NEWER;ENABLE_IL2CPP;UNITY_IOS" mono il2cpp -- il2cpp "$no_il2cpp" "$internal"
check webgl-player "UNITY_5_3_OR_NEWER;ENABLE_IL2CPP;UNITY_WEBGL" mono il2cpp -- il2cpp "$no_il2cpp" "$internal"

[ "$failures" -eq 0 ] || { echo "unity defines: $failures of $runs runs wrong"; exit 1; }
echo "unity defines ok: $runs runs"
