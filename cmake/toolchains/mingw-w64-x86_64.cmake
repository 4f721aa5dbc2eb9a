# Cross build for Windows x64 with Debian's mingw-w64 (g++-mingw-w64-x86-64-posix): zts.dll and zts_mono_gate.dll
# for the Unity package's Plugins/quickjs (docs/UNITY_PACKAGE.md), and the native GoogleTest suite run under wine64
# (tools/test_win64.sh). The posix thread model: the core uses std::mutex and std::thread (native/core/runtime).
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(ZTS_MINGW_TRIPLE x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${ZTS_MINGW_TRIPLE}-gcc-posix)
set(CMAKE_CXX_COMPILER ${ZTS_MINGW_TRIPLE}-g++-posix)
set(CMAKE_RC_COMPILER ${ZTS_MINGW_TRIPLE}-windres)
set(CMAKE_FIND_ROOT_PATH /usr/${ZTS_MINGW_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# Static libgcc, libstdc++ and winpthread in every DLL and test executable: a Unity project gets zts.dll and
# zts_mono_gate.dll alone, without the mingw runtime DLLs (libstdc++-6.dll, libwinpthread-1.dll) beside them.
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static -static-libgcc -static-libstdc++")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -static-libgcc -static-libstdc++")
# ctest runs the Windows executables (and gtest_discover_tests lists their tests) through wine64, by way of
# tools/win64/wine64.sh (its own prefix, no debug chatter). ZTS_WINEPREFIX: where that prefix lives.
get_filename_component(ZTS_TOOLCHAIN_ROOT ${CMAKE_CURRENT_LIST_DIR}/../.. ABSOLUTE)
set(CMAKE_CROSSCOMPILING_EMULATOR ${ZTS_TOOLCHAIN_ROOT}/tools/win64/wine64.sh)
