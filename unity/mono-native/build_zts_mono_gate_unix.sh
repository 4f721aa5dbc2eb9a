#!/usr/bin/env bash
# Builds the Mono callback gate for the Unity Editor on Linux or macOS (seed build/03 §5.3) from this
# folder alone: libzts_mono_gate.so (Linux) or libzts_mono_gate.dylib (macOS, universal) into
# <package>/Plugins/quickjs/, with an Editor-only .meta when there is none, and prints its timestamp.
# The gate does not link QuickJS (its entry points are injected by zts_gate_init) and includes no QuickJS
# header: its values are zts_mono_gate.h's zts_gate_value, the same on every CPU.
# Usage: bash Packages/com.code-philosophy.zts/ZTS~/mono-native/build_zts_mono_gate_unix.sh
# Environment: CC (default cc).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
package=$(cd "$here/../.." && pwd)
dest="$package/Plugins/quickjs"
cc=${CC:-cc}

case "$(uname -s)" in
  Linux)  lib=libzts_mono_gate.so;    flags=(-shared -Wl,--no-undefined) ;;
  Darwin) lib=libzts_mono_gate.dylib; flags=(-dynamiclib -arch x86_64 -arch arm64 -install_name "@rpath/libzts_mono_gate.dylib") ;;
  *) echo "build_zts_mono_gate_unix: unsupported system $(uname -s) (Windows: build_zts_mono_gate.ps1)" >&2; exit 2 ;;
esac

# 1. compile into a staging folder
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
"$cc" -std=c11 -O2 -fPIC -fvisibility=hidden -Wall -I"$here" "${flags[@]}" \
  -o "$staging/$lib" "$here/zts_mono_gate.c"

# 2. check the exports build/03 §5.2 asks for (build_zts_mono_gate.ps1 step 2b: the same with dumpbin). No QuickJS
#    import check: -Wl,--no-undefined (and ld64's default) already fail the link on one
if command -v nm >/dev/null 2>&1; then
  exports=$(nm -g "$staging/$lib" 2>/dev/null || true)
  for sym in zts_gate_init zts_get_callback_gate zts_callback_error_sentinel; do
    grep -q "$sym\$" <<<"$exports" || { echo "build_zts_mono_gate_unix: $lib does not export $sym" >&2; exit 1; }
  done
fi

# 3. replace the plugin; keep its .meta (Editor only), or put the package's one there
mkdir -p "$dest"
cp -f "$staging/$lib" "$dest/$lib"
[ -f "$dest/$lib.meta" ] || cp "$here/meta/$lib.meta" "$dest/$lib.meta"

# 4. staging is removed on exit; print the timestamp so the update can be checked
stamp=$(date -r "$dest/$lib" '+%Y-%m-%d %H:%M:%S %z')
echo "build_zts_mono_gate_unix: wrote $dest/$lib ($(wc -c <"$dest/$lib") bytes), modified $stamp"
