#!/usr/bin/env bash
# The package's samples (unity/Samples~; docs/UNITY_PACKAGE.md, "Samples") checked from the built package:
#  1. their C# compiles with mcs: the quick start against the package's compiled ZTS.Common and a reference
#     UnityEngine.dll (tests/unity/unity_api), as the Editor compiles it and as a Player does (no UNITY_EDITOR); the
#     arena as its asmdef says (no references); the Editor's TypeScript menu (unity/Editor/TypeScriptMenu.cs) with
#     UNITY_EDITOR against the reference UnityEditor.dll;
#  2. the TypeScript Project sample, with the arena's scripts added, builds as a user's project would: declarations from
#     ztsrun gen-dts, tsc, copy-packages.mjs (gl-matrix next to the compiled scripts);
#  3. each sample's scripts run headless under ztsrun and under the quick start's own host (ZtsScriptHost, driven by
#     tests/unity/samples/HostRun.cs), and both outputs equal the sample's headless-output.txt, line for line;
#  4. the host reloads changed scripts: old dispose, new dispose, start (tests/unity/samples/*-reload.txt);
#  5. the comparison itself fails on an output that differs by one line.
# Usage: samples_check.sh <node> <ztsrun> <package folder> <compiled assemblies folder> <repo root>
set -euo pipefail
node=$1 ztsrun=$2 pkg=$3 assemblies=$4 root=$5
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
samples="$pkg/Samples~"
mcs_flags=(-nologo -noconfig -warn:4 -warnaserror+ -r:System.dll -r:System.Core.dll)

# 1. Compile.
mcs "${mcs_flags[@]}" -target:library -out:"$tmp/UnityEngine.dll" "$here/unity_api/UnityEngine.cs"
mcs "${mcs_flags[@]}" -target:library -r:"$tmp/UnityEngine.dll" -out:"$tmp/UnityEditor.dll" "$here/unity_api/UnityEditor.cs"
cp "$assemblies"/*.dll "$tmp/"
for defines in "-d:UNITY_5_3_OR_NEWER -d:UNITY_EDITOR" "-d:UNITY_5_3_OR_NEWER"; do
  # shellcheck disable=SC2086
  mcs "${mcs_flags[@]}" -target:library $defines -r:"$tmp/UnityEngine.dll" -r:"$tmp/ZTS.Common.dll" \
      -out:"$tmp/QuickStart.dll" "$samples"/QuickStart/*.cs
done
mcs "${mcs_flags[@]}" -target:library -out:"$tmp/ZTS.Samples.Arena.dll" "$samples"/EventsStructsTasks/Arena/*.cs
mcs "${mcs_flags[@]}" -target:library -d:UNITY_5_3_OR_NEWER -d:UNITY_EDITOR -r:"$tmp/UnityEngine.dll" -r:"$tmp/UnityEditor.dll" \
    -r:"$tmp/ZTS.Common.dll" -r:"$tmp/ZTS.Declarations.dll" -out:"$tmp/EditorTypeScript.dll" "$pkg/Editor/TypeScriptMenu.cs" \
    "$pkg/Editor/TypeScriptBuild.cs" "$pkg/Editor/ZtsProjectSettings.cs" "$pkg/Editor/DeclarationsMenu.cs" \
    "$pkg/Editor/DeclarationsJob.cs" "$pkg/Editor/ProjectAssembly.cs" "$pkg/Editor/PlayerBuildLayout.cs"
mcs "${mcs_flags[@]}" -target:exe -r:"$tmp/ZTS.Common.dll" -out:"$tmp/HostRun.exe" "$here/samples/HostRun.cs" \
    "$samples/QuickStart/ZtsScriptHost.cs"
echo "samples: C# compiled (quick start for the Editor and a Player, arena, Editor TypeScript menu)"

# 2. The user's TypeScript project: the template, the arena's scripts in its src/, npm packages from the repository's
# node_modules (package-lock.json pins typescript and gl-matrix).
project="$tmp/UnityProject"
mkdir -p "$project/Assets"
cp -r "$samples/TypeScriptProject/TypeScript~" "$project/TypeScript"
cp -r "$samples/EventsStructsTasks/TypeScript~/src/." "$project/TypeScript/src/"
ln -s "$root/node_modules" "$project/TypeScript/node_modules"
"$ztsrun" gen-dts --assembly "$tmp/ZTS.Samples.Arena.dll" --namespace ZTS.Samples.Arena --out "$project/TypeScript/types" >/dev/null
(cd "$project/TypeScript" && "$node" node_modules/typescript/bin/tsc -p . && "$node" copy-packages.mjs >/dev/null)
out="$project/Assets/StreamingAssets/ZTS"
for f in main.js main.js.map arena/main.js node_modules/gl-matrix/package.json; do
  [ -f "$out/$f" ] || { echo "samples: the build wrote no $out/$f"; exit 1; }
done
echo "samples: TypeScript project built into Assets/StreamingAssets/ZTS"

# compare <what> <expected file> <actual text>: line for line, or a diff and a failure.
compare() {
  if ! diff -u "$2" <(printf '%s\n' "$3") >"$tmp/diff"; then
    echo "samples: $1 differs from $2:"; cat "$tmp/diff"; return 1
  fi
}

# The sample's host with the package's assemblies and native libraries only; its exit code is printed last.
run_host() {
  local rc=0
  (cd "$tmp" && env -u MONO_PATH LD_LIBRARY_PATH="$pkg/Plugins/quickjs/linux-x64:$pkg/Plugins/quickjs" mono "$tmp/HostRun.exe" "$@" 2>&1) || rc=$?
  echo "[exit $rc]"
}

# 3. Headless runs: ztsrun and the sample's host give the sample's headless-output.txt.
check() { # <sample folder> <module> <frames> [--assembly DLL]
  local sample=$1 module=$2 frames=$3
  shift 3
  local expected="$samples/$sample/headless-output.txt" a b rc=0
  a=$("$ztsrun" "$out" --module "$module" --frames "$frames" --fps 0 "$@" 2>&1) || rc=$?
  compare "ztsrun's output of $module (exit $rc)" "$expected" "$a"
  [ "$rc" -eq 0 ] || { echo "samples: ztsrun exited $rc"; exit 1; }
  b=$(run_host "$out" "$module" "$frames" "$@")
  compare "the quick start host's output of $module" <(cat "$expected"; echo "[exit 0]") "$b"
  echo "samples: $sample: ztsrun and the quick start host print headless-output.txt ($(wc -l <"$expected") lines)"
}
check QuickStart main 180
check EventsStructsTasks arena/main 600 --assembly "$tmp/ZTS.Samples.Arena.dll"

# 4. Reloads under the sample's host.
r=$(run_host "$out" main 180 --touch-at 60)
compare "the quick start host's reload of main" "$here/samples/quickstart-reload.txt" "$r"
r=$(run_host "$out" arena/main 600 --touch-at 200 --assembly "$tmp/ZTS.Samples.Arena.dll")
compare "the quick start host's reload of arena/main" "$here/samples/arena-reload.txt" "$r"
echo "samples: the host reloads changed scripts (dispose, dispose, start)"

# 5. The comparison fails on a changed line.
sed '2s/$/ (changed)/' "$samples/QuickStart/headless-output.txt" >"$tmp/changed.txt"
if compare "a changed expectation" "$tmp/changed.txt" "$(cat "$samples/QuickStart/headless-output.txt")" >/dev/null; then
  echo "samples: the comparison accepted a changed line"; exit 1
fi
echo "samples ok: 2 samples compiled, built and run headless, outputs equal"
