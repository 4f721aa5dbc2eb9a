# 64-bit ARM Linux (aarch64) with Debian's cross g++ (g++-12-aarch64-linux-gnu): the core, the gate and the native
# GoogleTest suite in build/linux-arm64 (tools/test.sh), run under qemu-user's qemu-aarch64 with the cross glibc of
# libc6-arm64-cross (docs/PLATFORMS.md). The CPU of Android, iOS and Apple-silicon Players, and of Linux ARM64 ones.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(ZTS_ARM64_TRIPLE aarch64-linux-gnu)
set(CMAKE_C_COMPILER ${ZTS_ARM64_TRIPLE}-gcc-12)
set(CMAKE_CXX_COMPILER ${ZTS_ARM64_TRIPLE}-g++-12)
set(CMAKE_FIND_ROOT_PATH /usr/${ZTS_ARM64_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# ctest runs the test executables (and gtest_discover_tests lists their tests) through qemu-aarch64, which finds the
# aarch64 dynamic loader and libraries under -L.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;/usr/${ZTS_ARM64_TRIPLE})
