#!/usr/bin/env bash
# Each broken copy of the Unity package must make check_package.js fail with the expected finding.
# Usage: broken_copies.sh <node> <check_package.js> <package folder> [cpu targets, e.g. "linux-arm64;wasm32"] [zts_abi.json]
# With CPU targets (cmake/ZtsCpuTargets.cmake built their natives), the checker runs with --cpu-targets and the copies
# that break those natives are made too.
set -euo pipefail
node=$1 checker=$2 pkg=$3 cpu_targets=${4:-} abi=${5:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rejected=0

# expect <name> <phases> <finding regex> <mutation...>: copy, mutate, check, expect failure with the finding.
expect() {
  local name=$1 phases=$2 finding=$3
  shift 3
  local copy="$tmp/$name"
  cp -r "$pkg" "$copy"
  (cd "$copy" && eval "$@")
  if out=$("$node" "$checker" "$copy" --out "$tmp/$name.work" --only "$phases" ${cpu_targets:+--cpu-targets "$cpu_targets" --abi "$abi"} 2>&1); then
    echo "$name: the checker accepted it"; echo "$out"; exit 1
  fi
  if ! grep -Eq "$finding" <<<"$out"; then
    echo "$name: the checker failed without the expected finding /$finding/"; echo "$out"; exit 1
  fi
  echo "$name: rejected"
  rejected=$((rejected + 1))
}

expect guid metas 'GUID [0-9a-f]{32} of .* collides with' \
  'sed -i "s/^guid: .*/$(grep "^guid:" Runtime/TsAppDomain.cs.meta)/" Runtime/TsConsole.cs.meta'
expect reference asmdefs 'references ZTS.Nowhere, which no asmdef defines' \
  'sed -i "s/\"ZTS.Common\"/\"ZTS.Nowhere\"/" Runtime/Mono/ZTS.Mono.asmdef'
expect gate plugins 'the gate is enabled for Standalone: Linux64' \
  'perl -0pi -e "s/(Standalone: Linux64\n    second:\n      enabled: )0/\${1}1/" Plugins/quickjs/libzts_mono_gate.so.meta'
expect linkxml compile,linkxml 'type ZTS.NoSuchType does not exist in ZTS.Common' \
  'sed -i "s|<assembly fullname=\"ZTS.Common\" preserve=\"all\"/>|<assembly fullname=\"ZTS.Common\"><type fullname=\"ZTS.TsAppDomain\"/><type fullname=\"ZTS.NoSuchType\"/></assembly>|" link.xml'
expect loose compile 'Loose.cs belongs to no asmdef' \
  'printf "class Loose {}\n" > Loose.cs && cp Runtime/TsAppDomain.cs.meta Loose.cs.meta'
# A Mono script needing something ZTS.Mono does not reference (here ZTS.Declarations).
expect alone compile 'ZTS.Mono \(Runtime/Mono\) does not compile alone' \
  'printf "namespace ZTS.Mono { static class UsesDeclarations { static object O = new ZTS.Declarations.DtsOptions(); } }\n" > Runtime/Mono/UsesDeclarations.cs'
# The Windows plugins (cmake/ZtsWin64.cmake): missing, the Editor-only gate set for the Windows Player, the core set for
# the Linux Player too, a Linux .so where the DLL should be.
expect win-missing plugins 'Plugins/quickjs/win32-x64/zts.dll is missing' \
  'rm Plugins/quickjs/win32-x64/zts.dll Plugins/quickjs/win32-x64/zts.dll.meta'
expect win-gate plugins 'zts_mono_gate.dll.meta: the gate is enabled for Standalone: Win64' \
  'perl -0pi -e "s/(Standalone: Win64\n    second:\n      enabled: )0/\${1}1/" Plugins/quickjs/zts_mono_gate.dll.meta'
expect win-core-linux plugins 'zts.dll.meta: enabled for Standalone: Linux64, Standalone: Win64, not Standalone: Win64 only' \
  'perl -0pi -e "s/(Standalone: Linux64\n    second:\n      enabled: )0/\${1}1/" Plugins/quickjs/win32-x64/zts.dll.meta'
expect win-not-pe plugins 'zts.dll is ELF x86-64, not a Windows x64 DLL' \
  'cp Plugins/quickjs/linux-x64/libzts.so Plugins/quickjs/win32-x64/zts.dll'

# The Player build step's tool without the Cecil copy Unity's Mono needs.
expect cecil tool 'Editor/PlayerBuild~/Mono.Cecil.dll is missing' \
  'rm "Editor/PlayerBuild~/Mono.Cecil.dll"'

# The Il2Cpp plugin: a header back in a subfolder include, a file enabled for the Editor, a file off for a player, the
# Mono adapter's config, a runtime file missing.
expect subfolder plugins 'player_bridge.h:[0-9]+ includes "zts/zts.h", which is not a file of that folder' \
  'sed -i "s|#include \"zts.h\"|#include \"zts/zts.h\"|" Plugins/Il2Cpp/player_bridge.h'
expect plugin-editor plugins 'Plugins/Il2Cpp/player_runtime.cpp.meta: enabled for the Editor' \
  'perl -0pi -e "s/(Editor: Editor\n    second:\n      enabled: )0/\${1}1/" Plugins/Il2Cpp/player_runtime.cpp.meta'
expect plugin-player plugins 'Plugins/Il2Cpp/clr_il2cpp.cpp.meta: enabled for Linux64, OSXUniversal, Win, not Linux64, OSXUniversal, Win, Win64' \
  'perl -0pi -e "s/(Standalone: Win64\n    second:\n      enabled: )1/\${1}0/" Plugins/Il2Cpp/clr_il2cpp.cpp.meta'
expect plugin-config plugins 'zts_clr_config.h does not select the Il2Cpp adapter' \
  'sed -i "/#define ZTS_CLR_IL2CPP/d" Plugins/Il2Cpp/zts_clr_config.h'
expect plugin-missing plugins 'Plugins/Il2Cpp/slot_table.cpp is missing' \
  'rm Plugins/Il2Cpp/slot_table.cpp Plugins/Il2Cpp/slot_table.cpp.meta'

# Third-party notices: QuickJS's missing next to the natives, the Il2Cpp plugin's without the license text, and
# Mono.Cecil's missing in the Player build step's tool.
expect notice-natives notices 'Plugins/quickjs/linux-x64/libzts.so ships QuickJS with no THIRD-PARTY-NOTICES.txt naming it' \
  'rm Plugins/quickjs/THIRD-PARTY-NOTICES.txt Plugins/quickjs/THIRD-PARTY-NOTICES.txt.meta'
expect notice-plugin notices 'Plugins/Il2Cpp/THIRD-PARTY-NOTICES.txt does not carry QuickJS.s license' \
  'printf "QuickJS\n" > Plugins/Il2Cpp/THIRD-PARTY-NOTICES.txt'
expect notice-cecil notices 'Editor/PlayerBuild~/Mono.Cecil.dll ships Mono.Cecil with no THIRD-PARTY-NOTICES.txt naming it' \
  'rm "Editor/PlayerBuild~/THIRD-PARTY-NOTICES.txt"'

# The samples (package.json "samples"): a listed sample whose folder is missing, and a sample left out of the list.
expect sample-missing manifest 'sample "Quick Start": Samples~/QuickStart does not exist' \
  'rm -r Samples~/QuickStart'
expect sample-unlisted manifest 'the sample Samples~/EventsStructsTasks is not listed' \
  'node -e "const f=\"package.json\",m=require(\"./\"+f);m.samples=m.samples.filter(s=>!s.path.endsWith(\"EventsStructsTasks\"));require(\"fs\").writeFileSync(f,JSON.stringify(m,null,2))"'

# The natives of the other CPUs' Players (docs/UNITY_PACKAGE.md, "Natives for each platform"): the ARM64 core missing, an
# x86-64 .so in its place, the ARM64 core enabled for the Editor, its Player CPU set to x86_64; the WebGL archive with a
# native (x86-64) object in it, a wasm object with DWARF in it (emcc -g, as the archive was built before its objects
# were compiled without it), without QuickJS, enabled for the Linux Player too.
if [[ ";$cpu_targets;" == *";linux-arm64;"* ]]; then
  expect arm64-missing plugins 'Plugins/quickjs/linux-arm64/libzts.so is missing \(the linux-arm64 build ran\)' \
    'rm Plugins/quickjs/linux-arm64/libzts.so Plugins/quickjs/linux-arm64/libzts.so.meta'
  expect arm64-x64 plugins 'linux-arm64/libzts.so is ELF class 2 type 3 machine 62, not an ELF 64-bit aarch64 shared object' \
    'cp Plugins/quickjs/linux-x64/libzts.so Plugins/quickjs/linux-arm64/libzts.so'
  expect arm64-editor plugins 'linux-arm64/libzts.so.meta: enabled for the Editor' \
    'perl -0pi -e "s/(Editor: Editor\n    second:\n      enabled: )0/\${1}1/" Plugins/quickjs/linux-arm64/libzts.so.meta'
  expect arm64-cpu plugins 'linux-arm64/libzts.so.meta: Standalone: Linux64 CPU is x86_64, not ARM64' \
    'sed -i "s/CPU: ARM64/CPU: x86_64/" Plugins/quickjs/linux-arm64/libzts.so.meta'
fi
if [[ ";$cpu_targets;" == *";wasm32;"* ]]; then
  # An x86-64 object added with llvm-ar (the host's ar would rewrite the wasm index).
  expect webgl-native plugins 'webgl/libzts.a: member native.o is not a wasm object' \
    'printf "int zts_native_probe(void) { return 1; }\n" > n.c && cc -c n.c -o native.o && llvm-ar q Plugins/quickjs/webgl/libzts.a native.o && rm n.c native.o'
  expect webgl-dwarf plugins 'webgl/libzts.a: 1 member\(s\) carry DWARF: member dwarf.o \(\.debug_' \
    'printf "int zts_dwarf_probe(int x) { return x + 1; }\n" > d.c && emcc -g -c d.c -o dwarf.o && llvm-ar q Plugins/quickjs/webgl/libzts.a dwarf.o && rm d.c dwarf.o'
  expect webgl-no-quickjs plugins 'webgl/libzts.a: its index defines no JS_NewRuntime' \
    'llvm-ar d Plugins/quickjs/webgl/libzts.a quickjs.c.o'
  expect webgl-linux plugins 'webgl/libzts.a.meta: enabled for Standalone: Linux64, WebGL: WebGL, not WebGL: WebGL only' \
    'perl -0pi -e "s/(Standalone: Linux64\n    second:\n      enabled: )0/\${1}1/" Plugins/quickjs/webgl/libzts.a.meta'
fi

echo "broken copies rejected: $rejected"
