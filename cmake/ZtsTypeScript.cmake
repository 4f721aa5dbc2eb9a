# Helpers to compile TypeScript projects with the pinned tsc (package-lock.json; tools/setup.sh runs npm ci).
find_program(ZTS_TSC tsc PATHS ${CMAKE_SOURCE_DIR}/node_modules/.bin NO_DEFAULT_PATH)
find_program(ZTS_NODE node REQUIRED)
if(NOT ZTS_TSC)
  message(FATAL_ERROR "tsc not found in node_modules/.bin: run tools/setup.sh (npm ci)")
endif()

# zts_add_tsc_project(<target> PROJECT <dir with tsconfig.json> [OUT <outDir override>]
#                     [OUTPUTS <emitted file>...] [DEPENDS <target or file>...] [FLAGS <extra tsc flags>...])
# Runs `tsc -p <dir>` when a .ts/.json under <dir>, the pinned compiler (package-lock.json) or a dependency
# changes, or when one of OUTPUTS (e.g. out/main.js) is missing; a stamp file is the output too.
function(zts_add_tsc_project target)
  cmake_parse_arguments(A "" "PROJECT;OUT" "DEPENDS;FLAGS;OUTPUTS" ${ARGN})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${A_PROJECT}/*.ts ${A_PROJECT}/*.json)
  list(FILTER sources EXCLUDE REGEX "/(out|node_modules)/")
  # gen-dts output (csharp.*.d.ts, zts.d.ts) is a build product the caller DEPENDS on through its stamp: globbed at
  # configure time, a file a later gen-dts run no longer writes (other framework types) broke the next build with
  # "No rule to make target".
  list(FILTER sources EXCLUDE REGEX "/(csharp(\\.[^/]*)?|zts)\\.d\\.ts$")
  set(out_flags)
  if(A_OUT)
    set(out_flags --outDir ${A_OUT})
  endif()
  set(stamp ${CMAKE_CURRENT_BINARY_DIR}/${target}.tsc.stamp)
  add_custom_command(OUTPUT ${stamp} ${A_OUTPUTS}
    COMMAND ${ZTS_NODE} ${ZTS_TSC} -p ${A_PROJECT} ${out_flags} ${A_FLAGS}
    COMMAND ${CMAKE_COMMAND} -E touch ${stamp}
    DEPENDS ${sources} ${A_DEPENDS} ${CMAKE_SOURCE_DIR}/package-lock.json
    COMMENT "tsc ${target}"
    VERBATIM)
  add_custom_target(${target} ALL DEPENDS ${stamp})
endfunction()

# zts_add_gen_dts(<target> OUT <dir> ASSEMBLIES <dll>... [NAMESPACES <ns>...] [ALIAS_XML <file>...] [POLICY <file>] [DEPENDS <target>...]
#                 [FLAGS <gen-dts option>...])
# Writes the TypeScript declarations of the given assemblies with `ztsrun gen-dts` (docs/DECLARATIONS.md).
function(zts_add_gen_dts target)
  cmake_parse_arguments(A "" "OUT;POLICY" "ASSEMBLIES;NAMESPACES;ALIAS_XML;DEPENDS;FLAGS" ${ARGN})
  set(args ${A_FLAGS})
  foreach(a ${A_ASSEMBLIES})
    list(APPEND args --assembly ${a})
  endforeach()
  foreach(n ${A_NAMESPACES})
    list(APPEND args --namespace ${n})
  endforeach()
  foreach(x ${A_ALIAS_XML})
    list(APPEND args --alias-xml ${x})
  endforeach()
  if(A_POLICY)
    list(APPEND args --policy ${A_POLICY})
  endif()
  set(stamp ${CMAKE_CURRENT_BINARY_DIR}/${target}.dts.stamp)
  # zts.d.ts is written on every run: a deleted output folder is generated again.
  add_custom_command(OUTPUT ${stamp} ${A_OUT}/zts.d.ts
    COMMAND ${CMAKE_COMMAND} -E env MONO_PATH=${ZTS_DIST_DIR} LD_LIBRARY_PATH=${ZTS_DIST_DIR}
            mono ${ZTS_DIST_DIR}/ztsrun.exe gen-dts ${args} --out ${A_OUT}
    COMMAND ${CMAKE_COMMAND} -E touch ${stamp}
    DEPENDS ${A_ASSEMBLIES} ${A_ALIAS_XML} ${A_POLICY} ${ZTS_DIST_DIR}/ztsrun.exe ${ZTS_DIST_DIR}/ZTS.Declarations.dll
    COMMENT "gen-dts ${target}"
    VERBATIM)
  add_custom_target(${target} ALL DEPENDS ${stamp})
  add_dependencies(${target} zts_run_exe ${A_DEPENDS})
endfunction()
