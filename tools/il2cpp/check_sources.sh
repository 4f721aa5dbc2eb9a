#!/usr/bin/env bash
# Compiles what `ztsrun build-player --il2cpp-sources DIR` writes (the Il2Cpp plugin and the generated bridges, flat)
# the way Il2Cpp compiles a plugin: every .cpp of DIR with no include path but DIR itself and libil2cpp's folder.
#
#   check_sources.sh DIR                  against the project's declaration header (zts_il2cpp_decl.h, -DZTS_IL2CPP_DECL),
#                                         with g++: each file compiles with no warning of ours, and the objects together
#                                         need no symbol of the core (JS_*, zts_* other than the adapter's zts_clr_*):
#                                         the plugin reaches the core only through zts_player_core (docs/PLAYER.md);
#                                         then each file again with -m32, for 32-bit Players
#   check_sources.sh DIR LIBIL2CPP_DIR    against a real libil2cpp folder (a Unity version's il2cpp/libil2cpp, kept
#                                         outside this repository), with g++ and clang++ (-fsyntax-only, C++14 as
#                                         Il2Cpp's oldest supported compilers take it): each file clean, the adapter's
#                                         static_asserts included, each again with -m32
# Warnings from libil2cpp's own headers are theirs and not counted. Exit 0 when every file is clean.
set -uo pipefail
dir=$(cd "$1" && pwd)
lib=${2:-}
status=0
cd "$dir"
sources=(*.cpp)
# A 32-bit Player (ARMv7 Android, WebGL) compiles the same files: each is checked again with -m32, where the runtime's
# values are zts.h's 16-byte zts_value too, never QuickJS's NaN-boxed JSValue (native/player/value.h). Needs g++'s
# 32-bit headers (g++-12-multilib, which tools/setup.sh installs with ZTS_CPU_TARGETS=1); the kernel's asm headers of
# x86-64 serve i386 (cmake/toolchains/linux-x86.cmake says why).
m32=(-m32 -msse2 -mfpmath=sse -idirafter /usr/include/x86_64-linux-gnu)
has_m32() { echo '#include <cstdint>' | g++ "${m32[@]}" -std=c++14 -x c++ -fsyntax-only - 2>/dev/null; }
# (Not `^$lib` alone: with no LIBIL2CPP_DIR that pattern is `^`, which matches every line and so counted no warning.)
theirs="/libil2cpp/${lib:+|^$lib}"
ours() { grep -E "^[^ ]*\.(cpp|h):[0-9]+:[0-9]+: (warning|error)" | grep -vE "$theirs" || true; }

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
  if has_m32; then
    clean32=0
    for f in "${sources[@]}"; do
      out=$(g++ "${m32[@]}" -std=c++14 -Wall -Wextra -DZTS_IL2CPP_DECL -fsyntax-only "$f" 2>&1); rc=$?
      mine=$(printf '%s\n' "$out" | ours)
      if [ $rc -ne 0 ] || [ -n "$mine" ]; then echo "FAIL g++ -m32 $f"; printf '%s\n' "$out" | head -20; status=1; else echo "ok   g++ -m32 $f"; clean32=$((clean32 + 1)); fi
    done
    echo "32-bit: $clean32 of ${#sources[@]} files clean"
  else
    echo "32-bit: not checked (no 32-bit C++ headers: apt-get install g++-12-multilib)"
  fi
else
  [ -f "$lib/il2cpp-api.h" ] || { echo "check_sources: $lib has no il2cpp-api.h (give a libil2cpp folder)"; exit 64; }
  widths=("")
  if has_m32; then widths+=("${m32[*]}"); else echo "32-bit: not checked (no 32-bit C++ headers: apt-get install g++-12-multilib)"; fi
  for cxx in g++ clang++; do
    command -v "$cxx" >/dev/null || { echo "FAIL $cxx not found"; status=1; continue; }
    for width in "${widths[@]}"; do
      for f in "${sources[@]}"; do
        # shellcheck disable=SC2086 # width is a list of flags
        out=$("$cxx" $width -std=c++14 -fsyntax-only -Wall -Wextra -isystem "$lib" "$f" 2>&1); rc=$?
        mine=$(printf '%s\n' "$out" | ours)
        if [ $rc -ne 0 ] || [ -n "$mine" ]; then echo "FAIL $cxx ${width:+-m32 }$f"; printf '%s\n' "$out" | grep -E "error|warning" | head -10; status=1
        else echo "ok   $cxx ${width:+-m32 }$f"; fi
      done
    done
  done
fi
[ $status -eq 0 ] && echo "check_sources: ${#sources[@]} files clean${lib:+ against $lib}" 
exit $status
