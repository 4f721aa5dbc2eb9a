# zts.h's lists (docs/C_ABI.md "One list") and the Mono gate's, read by the C preprocessor (tools/abi/zts_abi_lists.c) and written out for
# the other sides by tools/abi/gen_abi.js: the lists as JSON (tools/win64/check_pe.js), the P/Invokes of ZTS.Shared and
# ZTS.Common, and the lists as C# data for the mirror tests. The target's own preprocessor reads the header, so the
# lists are the ones this build compiles. Target zts_abi; the files are ZTS_ABI_*.
find_program(ZTS_NODE NAMES node nodejs REQUIRED)
set(ZTS_ABI_DIR ${CMAKE_BINARY_DIR}/abi)
set(ZTS_ABI_JSON ${ZTS_ABI_DIR}/zts_abi.json)
# The generated sources of an assembly are in a folder of its name (tools/unity/build_package.js adds them to its scripts).
set(ZTS_ABI_SHARED_CS ${ZTS_ABI_DIR}/ZTS.Shared/ZtsNative.g.cs)
set(ZTS_ABI_COMMON_CS ${ZTS_ABI_DIR}/ZTS.Common/ZtsCommonNative.g.cs)
set(ZTS_ABI_TESTS_CS ${ZTS_ABI_DIR}/ZtsAbiList.g.cs)
# The `zts` global's members (native/core/globals/zts_members.h): ZtsHelpers (ZTS.Shared) and gen-dts (ZTS.Declarations).
set(ZTS_ABI_MEMBERS_SHARED_CS ${ZTS_ABI_DIR}/ZTS.Shared/ZtsGlobalMembers.g.cs)
set(ZTS_ABI_MEMBERS_DECLARATIONS_CS ${ZTS_ABI_DIR}/ZTS.Declarations/ZtsGlobalMembers.g.cs)
# The Player runtime's entries (native/player/player_entries.h): PlayerEntries.Names and Version of ZTS.Il2Cpp.
set(ZTS_ABI_PLAYER_ENTRIES_CS ${ZTS_ABI_DIR}/ZTS.Il2Cpp/PlayerEntries.g.cs)
# The Player runtime's internal calls (native/player/runtime_calls.h): the InternalCall externs of TsIl2CppAppDomain.
set(ZTS_ABI_RUNTIME_CALLS_CS ${ZTS_ABI_DIR}/ZTS.Il2Cpp/RuntimeCalls.g.cs)
# The Mono gate's exports (native/gate/zts_mono_gate.h's ZTS_GATE_FUNCTIONS): the P/Invokes of ZTS.Mono.
set(ZTS_ABI_GATE_CS ${ZTS_ABI_DIR}/ZTS.Mono/GateNative.g.cs)
set(zts_abi_header ${CMAKE_SOURCE_DIR}/native/include/zts/zts.h)
add_custom_command(
  OUTPUT ${ZTS_ABI_JSON} ${ZTS_ABI_SHARED_CS} ${ZTS_ABI_COMMON_CS} ${ZTS_ABI_TESTS_CS} ${ZTS_ABI_MEMBERS_SHARED_CS}
         ${ZTS_ABI_MEMBERS_DECLARATIONS_CS} ${ZTS_ABI_PLAYER_ENTRIES_CS} ${ZTS_ABI_RUNTIME_CALLS_CS} ${ZTS_ABI_GATE_CS}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${ZTS_ABI_DIR}/ZTS.Shared ${ZTS_ABI_DIR}/ZTS.Common ${ZTS_ABI_DIR}/ZTS.Declarations
          ${ZTS_ABI_DIR}/ZTS.Il2Cpp ${ZTS_ABI_DIR}/ZTS.Mono
  COMMAND ${CMAKE_C_COMPILER} -E -P -I${CMAKE_SOURCE_DIR}/native/include -I${CMAKE_SOURCE_DIR}/native/core
          -I${CMAKE_SOURCE_DIR}/native/player -I${CMAKE_SOURCE_DIR}/native/gate
          ${CMAKE_SOURCE_DIR}/tools/abi/zts_abi_lists.c
          -o ${ZTS_ABI_DIR}/lists.i
  COMMAND ${CMAKE_C_COMPILER} -dM -E -x c -I${CMAKE_SOURCE_DIR}/native/include ${zts_abi_header} -o ${ZTS_ABI_DIR}/macros.txt
  COMMAND ${ZTS_NODE} ${CMAKE_SOURCE_DIR}/tools/abi/gen_abi.js --lists ${ZTS_ABI_DIR}/lists.i
          --macros ${ZTS_ABI_DIR}/macros.txt --json ${ZTS_ABI_JSON} --shared ${ZTS_ABI_SHARED_CS}
          --common ${ZTS_ABI_COMMON_CS} --tests ${ZTS_ABI_TESTS_CS} --members-shared ${ZTS_ABI_MEMBERS_SHARED_CS}
          --members-declarations ${ZTS_ABI_MEMBERS_DECLARATIONS_CS} --player-entries ${ZTS_ABI_PLAYER_ENTRIES_CS}
          --runtime-calls ${ZTS_ABI_RUNTIME_CALLS_CS} --gate ${ZTS_ABI_GATE_CS}
  DEPENDS ${zts_abi_header} ${CMAKE_SOURCE_DIR}/native/core/globals/zts_members.h ${CMAKE_SOURCE_DIR}/native/player/player_entries.h
          ${CMAKE_SOURCE_DIR}/native/player/runtime_calls.h
          ${CMAKE_SOURCE_DIR}/native/gate/zts_mono_gate.h ${CMAKE_SOURCE_DIR}/tools/abi/zts_abi_lists.c
          ${CMAKE_SOURCE_DIR}/tools/abi/gen_abi.js
  COMMENT "zts.h lists -> P/Invokes, export list, mirror data"
  VERBATIM)
add_custom_target(zts_abi ALL DEPENDS ${ZTS_ABI_JSON} ${ZTS_ABI_SHARED_CS} ${ZTS_ABI_COMMON_CS} ${ZTS_ABI_TESTS_CS}
  ${ZTS_ABI_MEMBERS_SHARED_CS} ${ZTS_ABI_MEMBERS_DECLARATIONS_CS} ${ZTS_ABI_PLAYER_ENTRIES_CS} ${ZTS_ABI_RUNTIME_CALLS_CS} ${ZTS_ABI_GATE_CS})
