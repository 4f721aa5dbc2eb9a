#!/usr/bin/env bash
# Every test: set up and build, run ctest (GoogleTest core + gate, NUnit host API, the sample),
# then build the native core, gate and GoogleTest suite with AddressSanitizer and run them again.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash tools/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)

echo "== ctest (build/)"
ctest --test-dir build --output-on-failure -j "$jobs"

echo "== ctest under AddressSanitizer (build-asan/, native tests)"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DZTS_ASAN=ON -DZTS_MANAGED=OFF >/dev/null
cmake --build build-asan -j "$jobs" >/dev/null
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 ctest --test-dir build-asan --output-on-failure -j "$jobs"
