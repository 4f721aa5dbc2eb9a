#!/usr/bin/env bash
# tools/debian_mirror.sh against apt folders of each shape (tests/tools/apt): the first Debian, non-security source
# in apt's order, deb822 stanzas included and Enabled: no skipped; third-party repositories never; the default when
# nothing matches; ZTS_DEBIAN_MIRROR over all.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
fail=0
check() {
  local got
  got=$(ZTS_APT_ETC="$root/tests/tools/apt/$1" bash "$root/tools/debian_mirror.sh")
  if [ "$got" = "$2" ]; then echo "ok   $1 -> $got"; else echo "FAIL $1 -> $got (want $2)"; fail=1; fi
}
check oneline http://mirror.example.net/debian
check deb822 http://ftp.example.de/debian
check disabled http://on.example.org/debian
check foreign http://after.example.org/debian
check none http://deb.debian.org/debian
got=$(ZTS_DEBIAN_MIRROR=http://override.example/debian ZTS_APT_ETC="$root/tests/tools/apt/oneline" bash "$root/tools/debian_mirror.sh")
if [ "$got" = "http://override.example/debian" ]; then echo "ok   override -> $got"; else echo "FAIL override -> $got"; fail=1; fi
exit $fail
