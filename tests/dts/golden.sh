#!/usr/bin/env bash
# Golden test of gen-dts: generates the declarations of the fixture assembly and compares them byte for byte
# with tests/dts/golden/. ZTS_UPDATE_GOLDEN=1 rewrites the goldens instead (review the diff, then commit).
# Usage: golden.sh <ztsrun.exe> <ZTS.Fixtures.dll> <aliases.xml> <scratch dir> <golden dir>
set -euo pipefail
ztsrun=$1 fixtures=$2 aliases=$3 out=$4 golden=$5
rm -rf "$out"
mono "$ztsrun" gen-dts --assembly "$fixtures" --alias-xml "$aliases" --out "$out"
if [ "${ZTS_UPDATE_GOLDEN:-}" = 1 ]; then
  rm -f "$golden"/*.d.ts
  cp "$out"/*.d.ts "$golden"/
  echo "golden: updated $(ls "$golden" | wc -l) files in $golden"
  exit 0
fi
if ! diff -r -u "$golden" "$out"; then
  echo "golden: generated declarations differ from $golden (ZTS_UPDATE_GOLDEN=1 to accept)" >&2
  exit 1
fi
echo "golden: $(ls "$out" | wc -l) files identical"
