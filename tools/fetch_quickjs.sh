#!/usr/bin/env bash
# Fetch QuickJS 2025-04-26 as Debian's trixie source package (never from elsewhere),
# verify the upstream tarball's sha256, and unpack it into third_party/quickjs (git-ignored).
# Idempotent: does nothing when the unpacked tree is already there and verified. Then applies
# ZTS's own patches (tools/patch_quickjs.sh; also idempotent, and it patches an older unpatched tree).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dest="$root/third_party/quickjs"
want_sha=ec81da5b3249ed648dbc7df4a1654988910e66a118d9b71cb63534216efcfbbe
stamp="$dest/.zts-verified"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want_sha" ]; then exec bash "$root/tools/patch_quickjs.sh"; fi

work="$root/third_party/.apt-quickjs"
mkdir -p "$work/lists/partial" "$work/archives/partial" "$work/src"
# A private apt configuration: only trixie's deb-src, so the machine's own sources stay untouched. The mirror is the
# one this machine's apt uses (tools/debian_mirror.sh; ZTS_DEBIAN_MIRROR overrides it), and apt's own settings (a
# proxy) apply; the sha256 below is what makes the source trusted, wherever it came from.
echo "deb-src $(bash "$root/tools/debian_mirror.sh") trixie main" > "$work/sources.list"
aptopts=(-o "Dir::Etc::SourceList=$work/sources.list" -o "Dir::Etc::SourceParts=-"
         -o "Dir::State::Lists=$work/lists" -o "Dir::Cache::Archives=$work/archives"
         -o "APT::Sandbox::User=root")
apt-get "${aptopts[@]}" update -qq
tarball=$(ls "$work"/src/quickjs_2025.04.26*.orig.tar.* 2>/dev/null | head -n1 || true)
if [ -z "$tarball" ]; then
  (cd "$work/src" && apt-get "${aptopts[@]}" source --download-only quickjs)
  tarball=$(ls "$work"/src/quickjs_2025.04.26*.orig.tar.* | head -n1)
fi
got_sha=$(sha256sum "$tarball" | cut -d' ' -f1)
if [ "$got_sha" != "$want_sha" ]; then
  echo "fetch_quickjs: sha256 mismatch for $tarball: $got_sha" >&2
  exit 1
fi
rm -rf "$dest" && mkdir -p "$dest"
tar -xf "$tarball" -C "$dest" --strip-components=1
echo "$want_sha" > "$stamp"
echo "fetch_quickjs: QuickJS unpacked into $dest"
bash "$root/tools/patch_quickjs.sh"
