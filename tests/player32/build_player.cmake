# cmake -DZTSRUN=<managed dist/lib/ztsrun.exe> -DARGS=<project-player.args> -DSDK=<player-sdk> -DOUT=<dir> -P build_player.cmake
# The 32-bit Player's build (tests/player32/CMakeLists.txt): the managed build's `ztsrun build-player` with the project
# Player's inputs (tools/gen-bridges/CMakeLists.txt writes them, one argument a line) and --sdk, the only difference
# from the 64-bit project Player. build-player's stamp makes an unchanged rebuild a no-op.
file(STRINGS ${ARGS} args)
execute_process(COMMAND mono ${ZTSRUN} build-player ${args} --sdk ${SDK} --overwrite --out ${OUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ztsrun build-player --sdk ${SDK} failed (exit ${rc})")
endif()
