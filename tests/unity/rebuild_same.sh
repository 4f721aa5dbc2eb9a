#!/usr/bin/env bash
# Builds the Unity package again into a temporary folder and compares it with the build's: same files, same
# bytes, so the same .meta GUIDs (issue 14). Usage: rebuild_same.sh <node> <repo> <lib dir> <quickjs dir> <package>
set -euo pipefail
node=$1 root=$2 lib=$3 quickjs=$4 pkg=$5
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$node" "$root/tools/unity/build_package.js" --root "$root" --lib-dir "$lib" --quickjs "$quickjs" \
  --out "$tmp/com.code-philosophy.zts" >/dev/null
diff -r "$pkg" "$tmp/com.code-philosophy.zts"
cmp "$(dirname "$pkg")"/com.code-philosophy.zts-*.tgz "$tmp"/com.code-philosophy.zts-*.tgz
echo "rebuild identical: $(find "$pkg" -type f | wc -l) files"
