#!/usr/bin/env bash
# Prints the Debian archive mirror this machine's apt already uses, so that tools/fetch_quickjs.sh fetches QuickJS's
# source package from where apt reaches Debian here (a local mirror, or one behind a proxy: apt's proxy settings in
# apt.conf apply to the fetch as they are). The first `deb`/`deb-src` source whose suite is a Debian suite and not a
# security one, in apt's order: sources.list, then sources.list.d/*.list and *.sources (deb822). ZTS_DEBIAN_MIRROR
# overrides it; with none found, http://deb.debian.org/debian. ZTS_APT_ETC reads another apt folder (the tests'
# fixtures, tests/tools/apt).
set -euo pipefail
if [ -n "${ZTS_DEBIAN_MIRROR:-}" ]; then echo "$ZTS_DEBIAN_MIRROR"; exit 0; fi
etc=${ZTS_APT_ETC:-/etc/apt}
files=()
[ -f "$etc/sources.list" ] && files+=("$etc/sources.list")
shopt -s nullglob
for f in "$etc"/sources.list.d/*.list "$etc"/sources.list.d/*.sources; do files+=("$f"); done
# Debian's suites and codenames; a mirror of another distribution (or a third-party repository) is never taken.
suites='^(oldoldstable|oldstable|stable|testing|unstable|sid|experimental|buster|bullseye|bookworm|trixie|forky|duke)(-updates|-backports)?$'
mirror=""
for f in ${files[@]+"${files[@]}"}; do
  case "$f" in
    *.sources)
      # deb822: stanzas of "Key: value" lines, separated by blank lines; Enabled: no turns one off.
      mirror=$(awk -v re="$suites" '
        function flush() {
          if (!found && types ~ /deb/ && enabled != "no" && uris != "") {
            n = split(suites, s, /[ \t]+/)
            for (i = 1; i <= n; i++) if (s[i] ~ re) { split(uris, u, /[ \t]+/); print u[1]; found = 1; exit }
          }
          types = ""; uris = ""; suites = ""; enabled = ""
        }
        /^[ \t]*#/ { next }
        /^[ \t]*$/ { flush(); next }
        { key = tolower($1); sub(/:$/, "", key); $1 = ""; sub(/^[ \t]+/, ""); val = $0 }
        key == "types" { types = val } key == "uris" { uris = val } key == "suites" { suites = val }
        key == "enabled" { enabled = tolower(val) }
        END { flush() }' "$f")
      ;;
    *)
      # One-line format: deb [options] URI suite components...
      mirror=$(awk -v re="$suites" '
        /^[ \t]*#/ { next }
        $1 == "deb" || $1 == "deb-src" {
          i = 2
          if ($i ~ /^\[/) { while (i <= NF && $i !~ /\]$/) i++; i++ }
          if ($(i + 1) ~ re) { print $i; exit }
        }' "$f")
      ;;
  esac
  if [ -n "$mirror" ]; then echo "${mirror%/}"; exit 0; fi
done
echo "http://deb.debian.org/debian"
