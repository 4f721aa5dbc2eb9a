#!/usr/bin/env bash
# The emulator of the Windows cross build (cmake/toolchains/mingw-w64-x86_64.cmake): runs a Windows x64 program
# under Debian's wine64 with a prefix of its own beside the build (ZTS_WINEPREFIX, created on first use), no wine
# debug chatter, and no wine-mono/wine-gecko installer prompts (Debian has neither package; the tests need neither).
set -euo pipefail
wine=/usr/lib/wine/wine64
[ -x "$wine" ] || wine=$(command -v wine64 || command -v wine) || { echo "wine64.sh: wine64 is not installed (apt-get install wine64)" >&2; exit 127; }
export WINEPREFIX=${ZTS_WINEPREFIX:-${TMPDIR:-/tmp}/zts-wine64-$(id -u)}
export WINEDEBUG=${WINEDEBUG:--all}
export WINEDLLOVERRIDES="mscoree,mshtml="
if [ ! -f "$WINEPREFIX/system.reg" ]; then
  mkdir -p "$WINEPREFIX"
  "$wine" wineboot --init >/dev/null 2>&1 || true
fi
exec "$wine" "$@"
