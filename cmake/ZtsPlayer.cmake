# zts_add_player(<target> OUT <dir> ARGS <build-player inputs>... [DEPENDS <file or target>...])
# A Player launcher built by `ztsrun build-player` (tools/gen-bridges/PlayerBuild.cs, docs/PLAYER.md): <dir>/zts-player
# and <dir>/lib/, from the installed build (build/dist). The project's own Player goes through this function, so the
# command a game uses is the one every build runs.
function(zts_add_player target)
  cmake_parse_arguments(P "" "OUT" "ARGS;DEPENDS" ${ARGN})
  set(files)
  set(targets)
  foreach(d ${P_DEPENDS})
    if(TARGET ${d})
      list(APPEND targets ${d})
    else()
      list(APPEND files ${d})
    endif()
  endforeach()
  add_custom_command(OUTPUT ${P_OUT}/zts-player ${P_OUT}/lib/ZTS.Il2Cpp.Generated.dll
    COMMAND mono ${ZTS_DIST_DIR}/ztsrun.exe build-player ${P_ARGS} --overwrite --out ${P_OUT}
    DEPENDS ${ZTS_GEN_BRIDGES_EXE} ${ZTS_DIST_DIR}/ztsrun.exe ${ZTS_COMMON_DLL} ${ZTS_SHARED_DLL} ${ZTS_DIST_DIR}/ZTS.Il2Cpp.dll
            $<TARGET_FILE:zts> $<TARGET_FILE:zts_player_core> $<TARGET_FILE:zts_clr> $<TARGET_FILE:zts_player_runtime>
            $<TARGET_FILE:zts_clr_il2cpp> $<TARGET_FILE:zts_player_runtime_il2cpp> ${ZTS_QUICKJS_NOTICE} ${files}
    COMMENT "ztsrun build-player --out ${P_OUT}"
    VERBATIM)
  add_custom_target(${target} ALL DEPENDS ${P_OUT}/zts-player)
  add_dependencies(${target} zts_gen_bridges_exe zts_run_exe zts_il2cpp_dll zts_declarations_dll zts zts_player_core zts_clr zts_player_runtime
    zts_clr_il2cpp zts_player_runtime_il2cpp zts_notices ${targets})
endfunction()
