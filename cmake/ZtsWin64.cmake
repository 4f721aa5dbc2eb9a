# The Windows x64 natives of the Unity package (Plugins/quickjs/win32-x64/zts.dll, Plugins/quickjs/zts_mono_gate.dll):
# this source tree cross-built with cmake/toolchains/mingw-w64-x86_64.cmake into ${ZTS_WIN64_DIR} (build/win64), a
# build of its own (ZTS_MANAGED=OFF: the core, the gate and the native tests). The main build makes only the two
# release DLLs there; tools/test.sh builds the rest of it and runs its ctest under wine64.
include(ExternalProject)
find_program(ZTS_MINGW_CXX x86_64-w64-mingw32-g++-posix)
if(NOT ZTS_MINGW_CXX)
  message(FATAL_ERROR "x86_64-w64-mingw32-g++-posix missing (the Unity package's Windows DLLs): "
                      "apt-get install g++-mingw-w64-x86-64-posix (tools/setup.sh does it)")
endif()
set(ZTS_WIN64_DIR ${CMAKE_BINARY_DIR}/win64)
set(ZTS_WIN64_RELEASE_DIR ${ZTS_WIN64_DIR}/dist/release)
ExternalProject_Add(zts_win64
  SOURCE_DIR ${CMAKE_SOURCE_DIR}
  BINARY_DIR ${ZTS_WIN64_DIR}
  PREFIX ${CMAKE_BINARY_DIR}/zts_win64-prefix
  CMAKE_ARGS -DCMAKE_TOOLCHAIN_FILE=${CMAKE_SOURCE_DIR}/cmake/toolchains/mingw-w64-x86_64.cmake
             -DCMAKE_BUILD_TYPE=RelWithDebInfo -DZTS_MANAGED=OFF -DZTS_QUICKJS_PATCHES=${ZTS_QUICKJS_PATCHES}
             -DZTS_QUICKJS_TREE=${ZTS_QUICKJS_TREE}
  # $(MAKE): the sub-build shares the main build's job slots (make -j2 stays two jobs).
  BUILD_COMMAND $(MAKE) zts_release zts_mono_gate
  BUILD_ALWAYS ON
  INSTALL_COMMAND ""
  BUILD_BYPRODUCTS ${ZTS_WIN64_RELEASE_DIR}/zts.dll ${ZTS_WIN64_RELEASE_DIR}/zts_mono_gate.dll)
