# cmake -DOUT=<dir> -DFILES=<a;b;...> -P ZtsIl2CppPlugin.cmake
# Writes the Il2Cpp plugin (docs/PLAYER.md, "The Il2Cpp plugin"): the Player runtime, the Il2Cpp adapter and the headers
# they include, flat, as Unity copies every C++ plugin file of a build into one folder by its file name: each quoted
# include names a file of the folder (zts/zts.h becomes zts.h), and zts_clr_config.h selects the Il2Cpp adapter, since
# Il2Cpp compiles a plugin's C++ with no flag of ours. The Unity package ships this folder as Plugins/Il2Cpp and
# `ztsrun build-player --il2cpp-sources` copies it. No launcher: Unity's player is the host.
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT})
foreach(f ${FILES})
  get_filename_component(name ${f} NAME)
  file(READ ${f} text)
  string(REPLACE "#include \"zts/zts.h\"" "#include \"zts.h\"" text "${text}")
  if(name STREQUAL "zts_clr_config.h")
    set(text "// Which CLR adapter the Player runtime is compiled for: this is the Il2Cpp plugin's copy (written by
// cmake/ZtsIl2CppPlugin.cmake from native/clr_adapter/zts_clr_config.h), compiled by Il2Cpp into a Unity Player.
#pragma once
#define ZTS_CLR_IL2CPP 1
")
  endif()
  file(WRITE ${OUT}/${name} "${text}")
endforeach()
