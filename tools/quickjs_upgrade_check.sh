#!/usr/bin/env bash
# What an upgrade of QuickJS would take: builds ZTS's core over another QuickJS tree and reports, truthfully,
#   1. which of tools/patches/*.patch apply to it (each: applies / does not apply),
#   2. whether QuickJS itself and then each core source compile over it (the first errors of each that does not),
#   3. when the core links: what the conformance suite (NUnit.Conformance_Suite, tests/conformance) and the native
#      tests say over it.
# The core is built as over stock QuickJS (-DZTS_QUICKJS_TREE=<tree> implies -DZTS_QUICKJS_PATCHES=OFF: every
# accelerator on its fallback, native/core/runtime/quickjs_seam.h). docs/ARCHITECTURE.md "Upgrading QuickJS" has the
# last run's result.
#
# Usage:
#   bash tools/quickjs_upgrade_check.sh --quickjs-ng   # quickjs-ng 0.17.0 from Debian sid's qjs-src package
#   bash tools/quickjs_upgrade_check.sh <quickjs-tree>  # any unpacked QuickJS source tree (quickjs.c, quickjs.h, ...)
# Writes build-upgrade-<name>/ (git-ignored) and its report.txt; exits 0 when the report was written, whatever it says.
#
# quickjs-ng comes as tools/fetch_quickjs.sh fetches QuickJS: from the Debian mirror this machine's apt uses
# (tools/debian_mirror.sh) through a private apt configuration, checked by a pinned sha256, into the git-ignored
# third_party/quickjs-ng. Debian ships quickjs-ng's sources as the binary package qjs-src (/usr/src/quickjs-ng); its
# source package's files were not served by the mirror here on 2026-12-06 (404), the binary package was.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
jobs=${ZTS_UPGRADE_JOBS:-2}

fetch_quickjs_ng() {
  local want_sha=04631979bdadaccffd76c1cb0aff5d07389aa889a90b6a902eba858a3a3b3988 # qjs-src_0.17.0-1_all.deb
  local dest="$root/third_party/quickjs-ng" work="$root/third_party/.apt-quickjs-ng"
  if [ -f "$dest/.zts-verified" ] && [ "$(cat "$dest/.zts-verified")" = "$want_sha" ]; then return 0; fi
  mkdir -p "$work/lists/partial" "$work/archives/partial"
  echo "deb $(bash "$root/tools/debian_mirror.sh") sid main" > "$work/sources.list"
  local aptopts=(-o "Dir::Etc::SourceList=$work/sources.list" -o "Dir::Etc::SourceParts=-"
                 -o "Dir::State::Lists=$work/lists" -o "Dir::Cache::Archives=$work/archives"
                 -o "Dir::State::status=/dev/null" -o "APT::Sandbox::User=root")
  local deb
  deb=$(ls "$work"/archives/qjs-src_0.17.0*_all.deb 2>/dev/null | head -n1 || true)
  if [ -z "$deb" ]; then
    apt-get "${aptopts[@]}" update -qq || return 1
    (cd "$work/archives" && apt-get "${aptopts[@]}" download qjs-src=0.17.0-1) || return 1
    deb=$(ls "$work"/archives/qjs-src_0.17.0*_all.deb | head -n1)
  fi
  local got_sha
  got_sha=$(sha256sum "$deb" | cut -d' ' -f1)
  if [ "$got_sha" != "$want_sha" ]; then
    echo "quickjs_upgrade_check: sha256 mismatch for $deb: $got_sha" >&2
    return 1
  fi
  rm -rf "$work/x" "$dest" && mkdir -p "$work/x"
  dpkg-deb -x "$deb" "$work/x"
  mv "$work/x/usr/src/quickjs-ng" "$dest"
  echo "0.17.0" > "$dest/VERSION.zts" # the tree has no VERSION file; the package's version
  echo "$want_sha" > "$dest/.zts-verified"
}

case "${1:-}" in
  --quickjs-ng)
    fetch_quickjs_ng || { echo "quickjs_upgrade_check: could not fetch quickjs-ng" >&2; exit 1; }
    tree="$root/third_party/quickjs-ng" name=quickjs-ng ;;
  ""|-h|--help)
    sed -n '2,19p' "$0"; exit 2 ;;
  *)
    tree=$(cd "$1" && pwd) || exit 2
    name=$(basename "$tree") ;;
esac
if [ ! -f "$tree/quickjs.c" ] || [ ! -f "$tree/quickjs.h" ]; then
  echo "quickjs_upgrade_check: $tree has no quickjs.c and quickjs.h" >&2
  exit 2
fi
out="$root/build-upgrade-$name"
mkdir -p "$out"
report="$out/report.txt"
: > "$report"
say() { echo "$*" | tee -a "$report"; }

version=$(cat "$tree/VERSION" "$tree/VERSION.zts" 2>/dev/null | head -n1)
[ -n "$version" ] || version=$(sed -n 's/^#define QJS_VERSION_STRING *"\(.*\)"/\1/p' "$tree/quickjs.h" | head -n1)
say "# QuickJS upgrade check: $name ${version:-(version unknown)} ($tree), $(date -u +%Y-%m-%d)"

say "## ZTS's patches (tools/patches, each alone on the tree)"
applied=0 total=0
for p in tools/patches/*.patch; do
  total=$((total + 1))
  rm -rf "$out/patch-try" && mkdir -p "$out/patch-try"
  (cd "$tree" && tar cf - --exclude='.zts-*' .) | (cd "$out/patch-try" && tar xf -)
  hunks=$(grep -c '^@@ ' "$root/$p")
  if msg=$(patch -p1 -d "$out/patch-try" --dry-run --batch -i "$root/$p" 2>&1); then
    fuzz=$(echo "$msg" | grep -c 'with fuzz' || true)
    say "- $(basename "$p"): applies ($hunks hunk(s)$([ "$fuzz" -eq 0 ] || echo ", $fuzz with fuzz"))"
    applied=$((applied + 1))
  else
    failed=$(echo "$msg" | grep -c '^Hunk #[0-9]* FAILED' || true)
    say "- $(basename "$p"): does not apply ($failed of $hunks hunk(s) failed)"
  fi
done
rm -rf "$out/patch-try"
say "patches that apply: $applied of $total"

say "## Compiling over it (-DZTS_QUICKJS_TREE, as over stock QuickJS)"
cmake -S "$root" -B "$out/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DZTS_QUICKJS_TREE="$tree" -Wno-dev \
  > "$out/configure.log" 2>&1 || { say "configure: FAILED (see $out/configure.log)"; exit 0; }
if cmake --build "$out/build" --target quickjs -j "$jobs" > "$out/quickjs.log" 2>&1; then
  say "QuickJS itself: compiles"
else
  say "QuickJS itself: does not compile ($(grep -c 'error:' "$out/quickjs.log") error(s); $out/quickjs.log)"
  grep -m 5 'error:' "$out/quickjs.log" | sed 's/^/    /' | tee -a "$report"
  exit 0
fi
# Every core source on its own (make -k): which compile, and the first errors of each that does not.
cmake --build "$out/build" --target zts -j "$jobs" -- -k > "$out/core.log" 2>&1
core_rc=$?
sources=$(sed -n 's|^native/CMakeFiles/zts\.dir/\(core/[A-Za-z0-9_/]*\.cpp\)\.o: .*|native/\1|p' \
  "$out/build/native/CMakeFiles/zts.dir/build.make" | sort -u)
ok=0 bad=0
for s in $sources; do
  if [ -f "$out/build/native/CMakeFiles/zts.dir/${s#native/}.o" ]; then ok=$((ok + 1)); else bad=$((bad + 1)); fi
done
say "core sources: $ok compile, $bad do not (of $((ok + bad))); $(grep -c 'error:' "$out/core.log") error line(s) in $out/core.log"
for s in $sources; do
  [ -f "$out/build/native/CMakeFiles/zts.dir/${s#native/}.o" ] && continue
  n=$(grep "$s:[0-9]*:[0-9]*: error:" "$out/core.log" | sort -u | wc -l)
  if [ "$n" -eq 0 ]; then
    say "- $s: fails in a header it includes (below)"
  else
    say "- $s: $n error(s), first: $(grep -m1 "$s:[0-9]*:[0-9]*: error:" "$out/core.log" | sed 's/.*error: //')"
  fi
done
if [ "$bad" -gt 0 ]; then
  # A source with no error of its own fails in a header it includes: the errors by file, headers included, and the
  # commonest errors (each one API that differs).
  say "errors by file (headers included; distinct error lines):"
  grep -oE '^[^: ]+:[0-9]+:[0-9]+: error: .*' "$out/core.log" | sort -u | sed "s|^$root/||" |
    awk -F': error: ' '{ split($1, a, ":"); f = a[1]; n[f]++; if (!(f in first)) first[f] = $2 }
      END { for (f in n) printf "- %s: %d, first: %s\n", f, n[f], first[f] }' | sort | tee -a "$report"
  say "commonest errors (count over every compile):"
  grep -oE 'error: .*' "$out/core.log" | sort | uniq -c | sort -rn | head -n 12 | sed 's/^/    /' | tee -a "$report"
fi
if [ "$core_rc" -ne 0 ]; then
  say "the core: does not link; the conformance suite did not run"
  exit 0
fi
say "the core: links"

say "## Tests over it"
cmake --build "$out/build" --target zts_native_tests zts_tests_dll -j "$jobs" > "$out/tests-build.log" 2>&1 ||
  { say "the tests: do not build ($out/tests-build.log)"; exit 0; }
for t in "NUnit.Conformance_Suite" "^(ModuleNul|Module|Stack|Thread|ProxyOwnKeys|Domain|ArrayRead|QuickJS)"; do
  ctest --test-dir "$out/build" -R "$t" --output-on-failure > "$out/ctest.log" 2>&1
  say "ctest -R '$t': $(grep -E 'tests passed|tests failed' "$out/ctest.log" | tail -n1)"
  grep -E '^\s+[0-9]+ - ' "$out/ctest.log" | sed 's/^/    failed: /' | tee -a "$report"
done
exit 0
