#!/usr/bin/env bash
# samples/hello compiled against the assemblies compiled from the Unity package (UnityPackage_Import_Checks)
# and run with the package's Plugins/ libraries only, not build/dist/lib (docs/UNITY_PACKAGE.md).
# Usage: hello_from_package.sh <package folder> <compiled assemblies folder> <samples/hello>
set -euo pipefail
pkg=$1 assemblies=$2 hello=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$assemblies"/*.dll "$tmp/"
mcs -nologo -target:exe -r:"$tmp/ZTS.Common.dll" -out:"$tmp/hello.exe" "$hello"/*.cs
cd "$tmp"
env -u MONO_PATH LD_LIBRARY_PATH="$pkg/Plugins/quickjs/linux-x64:$pkg/Plugins/quickjs" mono "$tmp/hello.exe" "$hello"
