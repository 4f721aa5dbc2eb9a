#!/usr/bin/env bash
# Robustness of gen-dts beyond the fixtures: declares every namespace of mscorlib, System and System.Core
# (generics nested in generics, self-referential constraints, explicit implementations, compiler-generated
# names, pointers, ...) and type-checks the result with tsc --strict.
# Usage: bcl.sh <ztsrun.exe> <node> <tsc> <scratch dir> <assembly>...
set -euo pipefail
ztsrun=$1 node=$2 tsc=$3 out=$4
shift 4
args=()
for a in "$@"; do args+=(--assembly "$a"); done
rm -rf "$out"
mono "$ztsrun" gen-dts "${args[@]}" --out "$out/types"
cat > "$out/tsconfig.json" <<JSON
{ "compilerOptions": { "strict": true, "noEmit": true, "target": "ES2022", "module": "ES2022",
    "moduleResolution": "bundler", "lib": ["ES2022"], "types": [] },
  "include": ["types/*.d.ts"] }
JSON
"$node" --max-old-space-size=4096 "$tsc" -p "$out/tsconfig.json"
echo "bcl: $(ls "$out/types" | wc -l) files, $(cat "$out"/types/*.d.ts | wc -l) lines type-check"
