# WebAssembly (wasm32) with Debian's emscripten package (3.1.6; Unity's WebGL toolchain is Emscripten 3.1.x): the core,
# the gate and the native GoogleTest suite in build/wasm32 (tools/test.sh), run under the machine's Node
# (docs/PLATFORMS.md). As a WebGL Player: no threads (no -pthread), 32-bit pointers and NaN-boxed JSValues, static
# libraries (wasm has no shared objects here), C++ exceptions caught with Emscripten's JS-based support (Unity's
# "Full" exception support; the core's C ABI catches every C++ exception at its edge).
include(/usr/share/emscripten/cmake/Modules/Platform/Emscripten.cmake)
set(CMAKE_SYSTEM_PROCESSOR wasm32)
set(CMAKE_C_FLAGS_INIT "-fexceptions")
set(CMAKE_CXX_FLAGS_INIT "-fexceptions")
# Built as Release (cmake/ZtsCpuTargets.cmake, tools/test.sh), at RelWithDebInfo's -O2 but without -g: the objects are
# the Unity package's Plugins/quickjs/webgl/libzts.a (the suite runs the same ones), and with DWARF that archive was
# 14.2 MB, 12.4 MB of it .debug_* sections and their relocations, which cannot be taken out afterwards (llvm-strip 14
# writes invalid wasm objects: tools/unity/build_package.js). Function names need no DWARF: the objects' symbol table
# has every function, static ones too, and the final link keeps them in the module's name section when asked (-g,
# --profiling-funcs).
# FORCE: a build folder configured before keeps its cached flags otherwise (CMake's Release default is -O3).
set(CMAKE_C_FLAGS_RELEASE "-O2 -DNDEBUG" CACHE STRING "wasm32: -O2, no DWARF" FORCE)
set(CMAKE_CXX_FLAGS_RELEASE "-O2 -DNDEBUG" CACHE STRING "wasm32: -O2, no DWARF" FORCE)
# The test modules link with -g: emcc 3.1.6 runs its JS optimizer (tools/acorn-optimizer.js) on an optimized link
# without -g, and that needs the acorn module, which Debian's node-acorn puts in /usr/share/nodejs, where Debian's own
# Node looks but not this machine's Node 20 (NodeSource's package, /usr/bin/node). With -g the link skips that pass
# and keeps the function names, so a failing test's wasm stack names its functions; it adds no DWARF of ZTS's (the
# objects have none), only the system libraries' own.
set(CMAKE_EXE_LINKER_FLAGS_RELEASE "-g" CACHE STRING "wasm32: -g at link (names; no JS optimizer)" FORCE)
# NODERAWFS: the tests read the source tree (ZTS_SOURCE_DIR) through Node's file system; the heap grows as the
# suite's QuickJS runtimes need; 8 MB of stack, a size a WebGL Player gets too (Unity's default main stack is 5 MB;
# the stack tests read the limit they are given).
set(CMAKE_EXE_LINKER_FLAGS_INIT "-fexceptions -sNODERAWFS=1 -sALLOW_MEMORY_GROWTH=1 -sTOTAL_STACK=8388608 -sEXIT_RUNTIME=1")
# Emscripten 3.1.6's loader fetches the .wasm with fetch() whenever a global fetch exists, which Node 18+ has and
# which cannot read a file path: without it the loader reads the file.
set(CMAKE_CROSSCOMPILING_EMULATOR node;--no-experimental-fetch)
