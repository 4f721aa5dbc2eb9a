# 32-bit x86 Linux (i686) with Debian's multilib g++ (g++-12-multilib): the core, the gate and the native GoogleTest
# suite in build/linux-x86 (tools/test.sh), run directly on the x86-64 host. QuickJS NaN-boxes its values on 32-bit
# targets (JS_NAN_BOXING: a JSValue is one uint64_t), the representation of every 32-bit Unity Player (ARMv7 Android,
# WebGL); this build is where the core's 32-bit code paths run (docs/PLATFORMS.md).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR i686)
# clang -m32 may be given instead (-DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++): tools/test.sh builds the
# fuzz targets so for their 32-bit corpus pass (build/linux-x86-fuzz).
if(NOT CMAKE_C_COMPILER)
  set(CMAKE_C_COMPILER gcc-12)
endif()
if(NOT CMAKE_CXX_COMPILER)
  set(CMAKE_CXX_COMPILER g++-12)
endif()
# SSE2 arithmetic, as 32-bit x86 Players are built (Android's x86 ABI, Windows x86): x87's 80-bit intermediates would
# round doubles differently from every other target.
# -idirafter: Debian's gcc-multilib (which would link /usr/include/asm to the x86-64 one) conflicts with the aarch64
# cross compiler of cmake/toolchains/linux-arm64.cmake, so tools/setup.sh installs g++-12-multilib without it; the
# kernel's asm headers in /usr/include/x86_64-linux-gnu serve i386 too (they switch on __i386__).
set(zts_x86_flags "-m32 -msse2 -mfpmath=sse -idirafter /usr/include/x86_64-linux-gnu")
set(CMAKE_C_FLAGS_INIT "${zts_x86_flags}")
set(CMAKE_CXX_FLAGS_INIT "${zts_x86_flags}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-m32")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-m32")
set(CMAKE_MODULE_LINKER_FLAGS_INIT "-m32")
set(CMAKE_LIBRARY_ARCHITECTURE i386-linux-gnu)
