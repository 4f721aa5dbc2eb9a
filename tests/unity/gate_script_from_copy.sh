#!/usr/bin/env bash
# build/03 §5.3: build_zts_mono_gate_unix.sh run from a copy of the Unity package alone (no repo, no
# build tree) builds Plugins/quickjs/libzts_mono_gate.so with the gate's exports and no QuickJS import, installs
# the package's Editor-only .meta when there is none, and prints the library's timestamp.
# Usage: gate_script_from_copy.sh <package folder>
set -euo pipefail
pkg=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$pkg" "$tmp/com.code-philosophy.zts"
copy="$tmp/com.code-philosophy.zts"
gate="$copy/Plugins/quickjs/libzts_mono_gate.so"
cp "$gate.meta" "$tmp/shipped.meta"
rm "$gate" "$gate.meta"

out=$(cd "$tmp" && env -i PATH="$PATH" HOME="$tmp" bash "$copy/ZTS~/mono-native/build_zts_mono_gate_unix.sh")
echo "$out"
[ -f "$gate" ] || { echo "no $gate"; exit 1; }
for sym in zts_gate_init zts_get_callback_gate zts_callback_error_sentinel; do
  nm -D --defined-only "$gate" | grep -q " T $sym\$" || { echo "$sym is not exported"; exit 1; }
done
if nm -D --undefined-only "$gate" | grep -E ' (JS_|__JS_|js_)'; then echo "the gate imports QuickJS"; exit 1; fi
cmp "$gate.meta" "$tmp/shipped.meta" || { echo "the installed .meta differs from the shipped one"; exit 1; }
stamp=$(date -r "$gate" '+%Y-%m-%d %H:%M:%S %z')
grep -qF "wrote $gate (" <<<"$out" && grep -qF "modified $stamp" <<<"$out" || { echo "timestamp $stamp not printed"; exit 1; }
echo "gate script ok"
