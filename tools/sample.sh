#!/usr/bin/env bash
# The main job: set up, build, and run samples/hello on Mono.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/tools/setup.sh"
export MONO_PATH="$root/build/dist/lib" LD_LIBRARY_PATH="$root/build/dist/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
exec mono "$root/build/dist/samples/hello.exe" "$root/samples/hello"
