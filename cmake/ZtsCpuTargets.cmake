# The Unity package's natives for the other CPUs a Player runs on, built when their cross toolchains are here (tools/setup.sh
# installs them with ZTS_CPU_TARGETS=1, as tools/test.sh does; docs/UNITY_PACKAGE.md, "Natives for each platform"):
# - Plugins/quickjs/linux-arm64/libzts.so: build/linux-arm64 (cmake/toolchains/linux-arm64.cmake), for Linux ARM64 Players;
# - Plugins/quickjs/webgl/libzts.a: build/wasm32 (cmake/toolchains/wasm32-emscripten.cmake), zts_static, for WebGL Players.
# Each is the build folder of tools/test.sh's cpu_step, configured with the same arguments: the main build makes only the
# release library there, and the test step's build of the whole suite reuses its objects (and the other way round).
# ZTS_UNITY_CPU_TARGETS lists those built, for tools/unity/build_package.js and check_package.js (--cpu-targets).
include(ExternalProject)
find_program(ZTS_ARM64_CXX aarch64-linux-gnu-g++-12)
find_program(ZTS_EMCC emcc)
# The packaged ARM64 .so loses its debug sections (the build folder keeps them): llvm-strip reads aarch64 ELF (clang's
# LLVM, which tools/setup.sh installs). The WebGL archive is packaged as built: its objects are compiled without DWARF
# (Release, cmake/toolchains/wasm32-emscripten.cmake), since llvm-strip 14 cannot strip wasm objects validly.
find_program(ZTS_LLVM_STRIP NAMES llvm-strip llvm-strip-14)
set(zts_emscripten_platform /usr/share/emscripten/cmake/Modules/Platform/Emscripten.cmake) # as the toolchain file includes it
set(ZTS_UNITY_CPU_TARGETS "")
set(ZTS_UNITY_CPU_ARGS "")
# $(MAKE) in the build commands: the sub-builds share the main build's job slots (make -j2 stays two jobs).
# The build types are tools/test.sh's cpu_step's: RelWithDebInfo, and Release for wasm32 (-O2 without -g there).
set(zts_cpu_cmake_args -DZTS_MANAGED=OFF)
if(ZTS_ARM64_CXX AND ZTS_LLVM_STRIP)
  set(ZTS_LINUX_ARM64_DIR ${CMAKE_BINARY_DIR}/linux-arm64)
  ExternalProject_Add(zts_linux_arm64
    SOURCE_DIR ${CMAKE_SOURCE_DIR}
    BINARY_DIR ${ZTS_LINUX_ARM64_DIR}
    PREFIX ${CMAKE_BINARY_DIR}/zts_linux_arm64-prefix
    CMAKE_ARGS -DCMAKE_TOOLCHAIN_FILE=${CMAKE_SOURCE_DIR}/cmake/toolchains/linux-arm64.cmake
               -DCMAKE_BUILD_TYPE=RelWithDebInfo ${zts_cpu_cmake_args}
    BUILD_COMMAND $(MAKE) zts
    BUILD_ALWAYS ON
    INSTALL_COMMAND ""
    BUILD_BYPRODUCTS ${ZTS_LINUX_ARM64_DIR}/dist/lib/libzts.so)
  list(APPEND ZTS_UNITY_CPU_TARGETS linux-arm64)
  list(APPEND ZTS_UNITY_CPU_ARGS --linux-arm64-dir ${ZTS_LINUX_ARM64_DIR}/dist/lib --llvm-strip ${ZTS_LLVM_STRIP})
else()
  message(STATUS "Unity package: no aarch64-linux-gnu-g++-12, so no Linux ARM64 libzts.so (ZTS_CPU_TARGETS=1 bash tools/setup.sh)")
endif()
if(ZTS_EMCC AND EXISTS ${zts_emscripten_platform})
  set(ZTS_WASM32_DIR ${CMAKE_BINARY_DIR}/wasm32)
  ExternalProject_Add(zts_wasm32
    SOURCE_DIR ${CMAKE_SOURCE_DIR}
    BINARY_DIR ${ZTS_WASM32_DIR}
    PREFIX ${CMAKE_BINARY_DIR}/zts_wasm32-prefix
    CMAKE_ARGS -DCMAKE_TOOLCHAIN_FILE=${CMAKE_SOURCE_DIR}/cmake/toolchains/wasm32-emscripten.cmake
               -DCMAKE_BUILD_TYPE=Release ${zts_cpu_cmake_args}
    BUILD_COMMAND $(MAKE) zts_static
    BUILD_ALWAYS ON
    INSTALL_COMMAND ""
    BUILD_BYPRODUCTS ${ZTS_WASM32_DIR}/dist/static/libzts.a)
  list(APPEND ZTS_UNITY_CPU_TARGETS wasm32)
  list(APPEND ZTS_UNITY_CPU_ARGS --webgl-dir ${ZTS_WASM32_DIR}/dist/static)
else()
  message(STATUS "Unity package: no emcc, so no WebGL libzts.a (ZTS_CPU_TARGETS=1 bash tools/setup.sh)")
endif()
