#!/usr/bin/env bash
# Applies ZTS's own patches (tools/patches/*.patch, applied in name order) to the verified,
# unpacked QuickJS in third_party/quickjs. Idempotent and safe to re-run:
# - the whole unpacked tree is kept pristine in .zts-pristine/ (made once, from the verified tree);
# - the stamp .zts-patched holds the patch set's sha256 and the files it patched; when the patch
#   set changes, every file patched before or now is rebuilt from its pristine copy, so added,
#   changed and removed patches all take effect (no patches = the pristine tree);
# - patched files are moved into place atomically, so a concurrent build never reads half a file.
# Run by fetch_quickjs.sh and at CMake configure time.
set -euo pipefail
shopt -s nullglob
root=$(cd "$(dirname "$0")/.." && pwd)
dest="$root/third_party/quickjs"
patches=("$root"/tools/patches/*.patch)
if [ ! -f "$dest/.zts-verified" ]; then
  echo "patch_quickjs: $dest is not a verified QuickJS tree: run tools/fetch_quickjs.sh" >&2
  exit 1
fi
want=$( (echo "zts-patch-set-v2"; [ ${#patches[@]} -eq 0 ] || cat "${patches[@]}") | sha256sum | cut -d' ' -f1)
stamp="$dest/.zts-patched"
current() { [ -f "$stamp" ] && [ "$(head -n 1 "$stamp")" = "$want" ]; }
if current; then exit 0; fi
if [ ${#patches[@]} -gt 0 ] && ! command -v patch >/dev/null 2>&1; then
  echo "patch_quickjs: the 'patch' program is missing (apt-get install patch; tools/setup.sh does it)" >&2
  exit 1
fi

exec 9>"$dest/.zts-patch.lock"
flock 9
if current; then exit 0; fi

pristine="$dest/.zts-pristine"
if [ ! -f "$pristine/.complete" ]; then
  # Copies every file of the unpacked tree that has no pristine copy yet. Before any patch, the tree
  # is pristine; an older version of this script patched only the files it kept in .zts-pristine/.
  mkdir -p "$pristine"
  (cd "$dest" && find . -path './.zts-*' -prune -o -type f -print) | while read -r f; do
    if [ ! -f "$pristine/$f" ]; then
      mkdir -p "$(dirname "$pristine/$f")"
      cp -p "$dest/$f" "$pristine/$f"
    fi
  done
  touch "$pristine/.complete"
fi

work=$(mktemp -d "$dest/.zts-patch.XXXXXX")
trap 'rm -rf "$work"' EXIT
# Files the patches name ("+++ b/<file>"), and the files the previous patch set patched.
now=""
[ ${#patches[@]} -eq 0 ] || now=$(sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "${patches[@]}" | sort -u)
before=""
[ ! -f "$stamp" ] || before=$(tail -n +2 "$stamp")
files=$(printf '%s\n%s\n' "$now" "$before" | sed '/^$/d' | sort -u)
for f in $files; do
  if [ ! -f "$pristine/$f" ]; then
    echo "patch_quickjs: a patch names $f, which QuickJS does not have" >&2
    exit 1
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
printf '%s\n%s\n' "$want" "$now" | sed '/^$/d' > "$stamp"
echo "patch_quickjs: applied ${#patches[@]} patch(es) to $dest"
