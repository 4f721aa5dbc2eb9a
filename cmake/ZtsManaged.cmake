# Helpers to compile C# with Mono's mcs into the consumer layout (build/dist/lib).
find_program(ZTS_MCS mcs REQUIRED)
set(ZTS_MCS_FLAGS -nologo -unsafe -debug -warn:4 -warnaserror+)
set(ZTS_COMMON_DLL ${ZTS_DIST_DIR}/ZTS.Common.dll)
set(ZTS_SHARED_DLL ${ZTS_DIST_DIR}/ZTS.Shared.dll)
set(ZTS_MONO_DLL ${ZTS_DIST_DIR}/ZTS.Mono.dll)
set(ZTS_DECLARATIONS_DLL ${ZTS_DIST_DIR}/ZTS.Declarations.dll)
# Mono.Cecil (Debian's libmono-cecil-private-cil, from the GAC): the Player build tool reads IL with it
# (tools/gen-bridges), the Unity package ships a copy of it (unity/), the NUnit IL checks read the ZTS assemblies with it.
set(ZTS_CECIL_DLL /usr/lib/mono/gac/Mono.Cecil/0.11.0.0__0738eb9f132ed756/Mono.Cecil.dll)
if(NOT EXISTS ${ZTS_CECIL_DLL})
  message(FATAL_ERROR "Mono.Cecil 0.11 not found: apt-get install libmono-cecil-private-cil")
endif()

# zts_add_assembly(<target> <output file> SOURCES_DIR <dir> [REFS <dll>...] [DEPENDS <target>...] [FLAGS ...]
#                  [GENERATED <file>...])
function(zts_add_assembly target output)
  cmake_parse_arguments(A "" "SOURCES_DIR" "REFS;DEPENDS;FLAGS;GENERATED" ${ARGN})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${A_SOURCES_DIR}/*.cs)
  list(APPEND sources ${A_GENERATED}) # files a custom command writes (cmake/ZtsAbi.cmake): its target is in DEPENDS
  set(refs)
  foreach(r ${A_REFS})
    list(APPEND refs -r:${r})
  endforeach()
  get_filename_component(outdir ${output} DIRECTORY)
  add_custom_command(OUTPUT ${output}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${outdir}
    COMMAND ${ZTS_MCS} ${ZTS_MCS_FLAGS} ${A_FLAGS} ${refs} -out:${output} ${sources}
    DEPENDS ${sources} ${A_REFS}
    COMMENT "mcs ${target}"
    VERBATIM)
  add_custom_target(${target} ALL DEPENDS ${output})
  if(A_DEPENDS)
    add_dependencies(${target} ${A_DEPENDS})
  endif()
endfunction()
