#!/usr/bin/env bash
# Builds the Unity package again into a temporary folder and compares it with the build's: same files, same
# bytes, so the same .meta GUIDs (docs/UNITY_PACKAGE.md).
# Usage: rebuild_same.sh <node> <build_package.js> <package> <build_package.js arguments but --out...>
set -euo pipefail
node=$1 builder=$2 pkg=$3
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$node" "$builder" "$@" --out "$tmp/com.code-philosophy.zts" >/dev/null
diff -r "$pkg" "$tmp/com.code-philosophy.zts"
cmp "$(dirname "$pkg")"/com.code-philosophy.zts-*.tgz "$tmp"/com.code-philosophy.zts-*.tgz
echo "rebuild identical: $(find "$pkg" -type f | wc -l) files"
