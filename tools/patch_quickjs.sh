#!/usr/bin/env bash
# Applies ZTS's own patches (tools/patches/*.patch, applied in name order) to the verified,
# unpacked QuickJS in third_party/quickjs. Idempotent and safe to re-run: the files a patch
# touches are kept pristine in .zts-pristine/ and rebuilt from there whenever the patch set
# changes (stamp .zts-patched holds the patch set's sha256); the patched files are moved into
# place atomically, so a concurrent build never reads half a file. Run by fetch_quickjs.sh and
# at CMake configure time.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dest="$root/third_party/quickjs"
patches=("$root"/tools/patches/*.patch)
if [ ! -f "$dest/.zts-verified" ]; then
  echo "patch_quickjs: $dest is not a verified QuickJS tree: run tools/fetch_quickjs.sh" >&2
  exit 1
fi
want=$(cat "${patches[@]}" | sha256sum | cut -d' ' -f1)
stamp="$dest/.zts-patched"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then exit 0; fi

exec 9>"$dest/.zts-patch.lock"
flock 9
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then exit 0; fi

pristine="$dest/.zts-pristine"
work=$(mktemp -d "$dest/.zts-patch.XXXXXX")
trap 'rm -rf "$work"' EXIT
# Files named by the patches ("+++ b/<file>").
files=$(sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "${patches[@]}" | sort -u)
mkdir -p "$pristine"
for f in $files; do
  # The first time, the unpacked file is pristine (the verified stamp says so and no patch stamp exists).
  if [ ! -f "$pristine/$f" ]; then
    if [ -f "$stamp" ]; then
      echo "patch_quickjs: no pristine copy of $f although a patch was applied: run fetch_quickjs.sh after rm -rf $dest" >&2
      exit 1
    fi
    mkdir -p "$(dirname "$pristine/$f")"
    cp -p "$dest/$f" "$pristine/$f"
  fi
  mkdir -p "$(dirname "$work/$f")"
  cp "$pristine/$f" "$work/$f"
done
for p in "${patches[@]}"; do
  patch -s -p1 -d "$work" --no-backup-if-mismatch -i "$p"
done
for f in $files; do
  cp "$work/$f" "$dest/$f.zts-new"
  mv -f "$dest/$f.zts-new" "$dest/$f"
done
echo "$want" > "$stamp"
echo "patch_quickjs: applied ${#patches[@]} patch(es) to $dest"
