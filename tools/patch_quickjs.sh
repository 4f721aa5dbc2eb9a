#!/usr/bin/env bash
# Applies ZTS's own patches (tools/patches/*.patch, applied in name order) to the verified,
# unpacked QuickJS in third_party/quickjs. Idempotent and safe to re-run:
# - the whole unpacked tree is kept pristine in .zts-pristine/ (made once, from the verified tree);
# - the stamp .zts-patched holds the patch set's sha256 and the files it patched; when the patch
#   set changes, every file patched before or now is rebuilt from its pristine copy, so added,
#   changed and removed patches all take effect (no patches = the pristine tree);
# - patched files are moved into place atomically, so a concurrent build never reads half a file.
# Run by fetch_quickjs.sh and at CMake configure time.
#
# `patch_quickjs.sh --without NAME.patch DIR` writes a second tree into DIR: the pristine tree with every patch but
# NAME (idempotent, stamped the same way). The benchmark build without the debugger hook uses it (-DZTS_DEBUGGER=OFF,
# tools/bench.sh: the hook's cost against the build without it).
# `patch_quickjs.sh --stock DIR` writes the pristine tree, no patch at all, into DIR (-DZTS_QUICKJS_PATCHES=OFF: the core
# over stock QuickJS, native/core/runtime/quickjs_seam.h).
set -euo pipefail
shopt -s nullglob
root=$(cd "$(dirname "$0")/.." && pwd)
dest="$root/third_party/quickjs"
patches=("$root"/tools/patches/*.patch)
if [ "${1:-}" = "--without" ] || [ "${1:-}" = "--stock" ]; then
  kept=()
  if [ "$1" = "--stock" ]; then
    skip="every patch" out=$2
  else
    skip=$2 out=$3
    for p in "${patches[@]}"; do [ "$(basename "$p")" = "$skip" ] || kept+=("$p"); done
  fi
  want=$( (echo "zts-patch-set-without-v1 $skip"; [ ${#kept[@]} -eq 0 ] || cat "${kept[@]}"; cat "$dest/.zts-verified") | sha256sum | cut -d' ' -f1)
  if [ -f "$out/.zts-patched" ] && [ "$(head -n 1 "$out/.zts-patched")" = "$want" ]; then exit 0; fi
  if [ ! -f "$dest/.zts-pristine/.complete" ]; then
    echo "patch_quickjs: run it once without --without first (no pristine tree in $dest)" >&2
    exit 1
  fi
  rm -rf "$out.tmp"
  mkdir -p "$out.tmp"
  (cd "$dest/.zts-pristine" && tar cf - --exclude=.complete .) | (cd "$out.tmp" && tar xf -)
  for p in "${kept[@]}"; do
    patch -s -p1 -d "$out.tmp" --no-backup-if-mismatch -i "$p"
  done
  echo "$want" > "$out.tmp/.zts-patched"
  rm -rf "$out"
  mv "$out.tmp" "$out"
  echo "patch_quickjs: applied ${#kept[@]} patch(es) without $skip to $out"
  exit 0
fi
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
