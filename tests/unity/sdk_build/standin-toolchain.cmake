# A stand-in for the platform SDK toolchains of docs/UNITY_PACKAGE.md ("Natives built with a platform SDK"), for
# tests/unity/sdk_build.sh: the project configured for that system and CPU (ZTS_SDK_TARGET) with this machine's clang
# aimed at the SDK's target triple, so that every source of libzts and the gate compiles for that CPU. No SDK is here,
# so the C and C++ headers are the closest this machine has (docs/UNITY_PACKAGE.md says which), not bionic's or Apple's:
# - ARM64 (Android, iOS, macOS): Debian's aarch64 glibc and libstdc++ 12 (libc6-dev-arm64-cross, with g++-12-aarch64-linux-gnu);
# - ARMv7 (Android armeabi-v7a): Debian's armhf ones (libc6-dev-armhf-cross, libstdc++-12-dev-armhf-cross), whose
#   gnu/stubs.h has only the hard-float half: __ARM_PCS_VFP selects it (Android's softfp calling convention passes
#   floats in integer registers, which changes no type size or layout);
# - x86-64 (macOS): the host's glibc and libstdc++ 12;
# - Apple targets also get apple-headers/ beside this file: <malloc/malloc.h>, the one SDK header QuickJS includes under
#   __APPLE__ (quickjs.c, for malloc_size), declared as the SDK declares it.
# Nothing is linked: CMake's checks compile static libraries only, and the test compiles without linking.
if(NOT ZTS_SDK_TARGET)
  message(FATAL_ERROR "standin-toolchain.cmake: set ZTS_SDK_TARGET (android-arm64, android-armv7, ios-arm64, macos-arm64, macos-x86_64)")
endif()
set(CMAKE_TRY_COMPILE_PLATFORM_VARIABLES ZTS_SDK_TARGET)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(zts_arm64_headers /usr/aarch64-linux-gnu/include/c++/12 /usr/aarch64-linux-gnu/include/c++/12/aarch64-linux-gnu RESOURCE
  /usr/aarch64-linux-gnu/include)
set(zts_armv7_headers /usr/arm-linux-gnueabihf/include/c++/12 /usr/arm-linux-gnueabihf/include/c++/12/arm-linux-gnueabihf RESOURCE
  /usr/arm-linux-gnueabihf/include)
set(zts_x64_headers /usr/include/c++/12 /usr/include/x86_64-linux-gnu/c++/12 RESOURCE /usr/include/x86_64-linux-gnu /usr/include)
set(zts_extra "")
if(ZTS_SDK_TARGET STREQUAL "android-arm64")
  # As the NDK's android.toolchain.cmake with ANDROID_ABI=arm64-v8a ANDROID_PLATFORM=android-24: a Linux system with
  # ANDROID set (CMake's own Android platform module needs the NDK itself).
  set(CMAKE_SYSTEM_NAME Linux)
  set(CMAKE_SYSTEM_PROCESSOR aarch64)
  set(ANDROID TRUE)
  set(zts_triple aarch64-linux-android24)
  set(zts_headers ${zts_arm64_headers})
elseif(ZTS_SDK_TARGET STREQUAL "android-armv7")
  set(CMAKE_SYSTEM_NAME Linux)
  set(CMAKE_SYSTEM_PROCESSOR armv7-a)
  set(ANDROID TRUE)
  set(zts_triple armv7a-linux-androideabi24)
  set(zts_headers ${zts_armv7_headers})
  set(zts_extra "-D__ARM_PCS_VFP=1")
elseif(ZTS_SDK_TARGET STREQUAL "ios-arm64")
  set(CMAKE_SYSTEM_NAME iOS)
  set(CMAKE_SYSTEM_PROCESSOR arm64)
  set(zts_triple arm64-apple-ios12.0)
  # CMake's iOS platform insists on an SDK path named iPhoneOS: an empty folder of that name stands for it (-nostdinc:
  # nothing is read from it).
  set(CMAKE_OSX_SYSROOT ${CMAKE_BINARY_DIR}/iPhoneOS.sdk)
  file(MAKE_DIRECTORY ${CMAKE_OSX_SYSROOT})
  set(zts_headers ${zts_arm64_headers})
elseif(ZTS_SDK_TARGET STREQUAL "macos-arm64")
  set(CMAKE_SYSTEM_NAME Darwin)
  set(CMAKE_SYSTEM_PROCESSOR arm64)
  set(zts_triple arm64-apple-macos11.0)
  set(zts_headers ${zts_arm64_headers})
elseif(ZTS_SDK_TARGET STREQUAL "macos-x86_64")
  set(CMAKE_SYSTEM_NAME Darwin)
  set(CMAKE_SYSTEM_PROCESSOR x86_64)
  set(zts_triple x86_64-apple-macos10.15)
  set(zts_headers ${zts_x64_headers})
else()
  message(FATAL_ERROR "standin-toolchain.cmake: unknown ZTS_SDK_TARGET ${ZTS_SDK_TARGET}")
endif()
set(CMAKE_C_COMPILER clang)
set(CMAKE_CXX_COMPILER clang++)
set(CMAKE_C_COMPILER_TARGET ${zts_triple})
set(CMAKE_CXX_COMPILER_TARGET ${zts_triple})
execute_process(COMMAND clang -print-resource-dir OUTPUT_VARIABLE zts_resource OUTPUT_STRIP_TRAILING_WHITESPACE)
set(zts_flags "-nostdinc ${zts_extra}")
if(CMAKE_SYSTEM_NAME MATCHES "Darwin|iOS")
  # Two glibc-header matters, not the SDK's: clang predefines __nonnull for Apple targets (a nullability qualifier), and
  # glibc's headers define their own __nonnull(params) only where none exists; libstdc++'s Linux configuration calls
  # glibc's GNU extensions (pthread_cond_clockwait), which clang++ enables with _GNU_SOURCE for Linux targets only.
  string(APPEND zts_flags " -U__nonnull -D_GNU_SOURCE -isystem ${CMAKE_CURRENT_LIST_DIR}/apple-headers")
endif()
foreach(dir IN LISTS zts_headers)
  if(dir STREQUAL "RESOURCE")
    set(dir ${zts_resource}/include)
  endif()
  if(NOT IS_DIRECTORY ${dir})
    message(FATAL_ERROR "standin-toolchain.cmake: ${dir} is missing (ZTS_CPU_TARGETS=1 bash tools/setup.sh installs it)")
  endif()
  string(APPEND zts_flags " -isystem ${dir}")
endforeach()
set(CMAKE_C_FLAGS_INIT "${zts_flags}")
set(CMAKE_CXX_FLAGS_INIT "${zts_flags}")
