#!/usr/bin/env bash
# Compiles what `ztsrun build-player --il2cpp-sources DIR` writes (the Il2Cpp plugin and the generated bridges, flat)
# the way Il2Cpp compiles a plugin: every .cpp of DIR with no include path but DIR itself and libil2cpp's folder.
#
#   check_sources.sh DIR                  against the project's declaration header (zts_il2cpp_decl.h, -DZTS_IL2CPP_DECL),
#                                         with g++: each file compiles with no warning of ours, and the objects together
#                                         need no symbol of the core (JS_*, zts_* other than the adapter's zts_clr_*):
#                                         the plugin reaches the core only through zts_player_core (docs/PLAYER.md)
#   check_sources.sh DIR LIBIL2CPP_DIR    against a real libil2cpp folder (a Unity version's il2cpp/libil2cpp, kept
#                                         outside this repository), with g++ and clang++ (-fsyntax-only, C++14 as
#                                         Il2Cpp's oldest supported compilers take it): each file clean, the adapter's
#                                         static_asserts included
# Warnings from quickjs.h and libil2cpp's own headers are theirs and not counted. Exit 0 when every file is clean.
set -uo pipefail
dir=$(cd "$1" && pwd)
lib=${2:-}
status=0
cd "$dir"
sources=(*.cpp)
ours() { grep -E "^[^ ]*\.(cpp|h):[0-9]+:[0-9]+: (warning|error)" | grep -vE "^(\./)?quickjs\.h|/libil2cpp/|^$lib" || true; }

if [ -z "$lib" ]; then
  objs=$(mktemp -d)
  for f in "${sources[@]}"; do
    out=$(g++ -std=c++14 -Wall -Wextra -DZTS_IL2CPP_DECL -c "$f" -o "$objs/${f%.cpp}.o" 2>&1); rc=$?
    mine=$(printf '%s\n' "$out" | ours)
    if [ $rc -ne 0 ] || [ -n "$mine" ]; then echo "FAIL g++ $f"; printf '%s\n' "$out" | head -20; status=1; else echo "ok   g++ $f"; fi
  done
  ld -r -o "$objs/plugin.o" "$objs"/*.o
  core=$(nm -u "$objs/plugin.o" | awk '{print $2}' | grep -E "^(JS_|__JS_|js_|zts_)" | grep -v "^zts_clr_" || true)
  if [ -n "$core" ]; then echo "FAIL the plugin links symbols of the core:"; echo "$core"; status=1
  else echo "ok   no symbol of the core: $(nm -u "$objs/plugin.o" | awk '{print $2}' | grep -c '^il2cpp_') il2cpp_* and libc/libstdc++ only"; fi
  rm -rf "$objs"
else
  [ -f "$lib/il2cpp-api.h" ] || { echo "check_sources: $lib has no il2cpp-api.h (give a libil2cpp folder)"; exit 64; }
  for cxx in g++ clang++; do
    command -v "$cxx" >/dev/null || { echo "FAIL $cxx not found"; status=1; continue; }
    for f in "${sources[@]}"; do
      out=$("$cxx" -std=c++14 -fsyntax-only -Wall -Wextra -isystem "$lib" "$f" 2>&1); rc=$?
      mine=$(printf '%s\n' "$out" | ours)
      if [ $rc -ne 0 ] || [ -n "$mine" ]; then echo "FAIL $cxx $f"; printf '%s\n' "$out" | grep -E "error|warning" | head -10; status=1
      else echo "ok   $cxx $f"; fi
    done
  done
fi
[ $status -eq 0 ] && echo "check_sources: ${#sources[@]} files clean${lib:+ against $lib}" 
exit $status
