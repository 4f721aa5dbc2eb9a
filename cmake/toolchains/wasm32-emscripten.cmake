# WebAssembly (wasm32) with Debian's emscripten package (3.1.6; Unity's WebGL toolchain is Emscripten 3.1.x): the core,
# the gate and the native GoogleTest suite in build/wasm32 (tools/test.sh), run under the machine's Node
# (docs/PLATFORMS.md). As a WebGL Player: no threads (no -pthread), 32-bit pointers and NaN-boxed JSValues, static
# libraries (wasm has no shared objects here), C++ exceptions caught with Emscripten's JS-based support (Unity's
# "Full" exception support; the core's C ABI catches every C++ exception at its edge).
include(/usr/share/emscripten/cmake/Modules/Platform/Emscripten.cmake)
set(CMAKE_SYSTEM_PROCESSOR wasm32)
set(CMAKE_C_FLAGS_INIT "-fexceptions")
set(CMAKE_CXX_FLAGS_INIT "-fexceptions")
# NODERAWFS: the tests read the source tree (ZTS_SOURCE_DIR) through Node's file system; the heap grows as the
# suite's QuickJS runtimes need; 8 MB of stack, a size a WebGL Player gets too (Unity's default main stack is 5 MB;
# the stack tests read the limit they are given).
set(CMAKE_EXE_LINKER_FLAGS_INIT "-fexceptions -sNODERAWFS=1 -sALLOW_MEMORY_GROWTH=1 -sTOTAL_STACK=8388608 -sEXIT_RUNTIME=1")
# Emscripten 3.1.6's loader fetches the .wasm with fetch() whenever a global fetch exists, which Node 18+ has and
# which cannot read a file path: without it the loader reads the file.
set(CMAKE_CROSSCOMPILING_EMULATOR node;--no-experimental-fetch)
