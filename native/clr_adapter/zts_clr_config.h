// Which CLR adapter the Player runtime and its generated bridges are compiled for (zts_clr_typed_call.h reads it).
// This copy, the Player SDK's (`ztsrun build-player`), defines nothing: the compiler's flags choose (--clr il2cpp
// passes -DZTS_CLR_IL2CPP). The Il2Cpp plugin's copy (the Unity package's Plugins/Il2Cpp, `build-player
// --il2cpp-sources`) is written by cmake/ZtsIl2CppPlugin.cmake and defines ZTS_CLR_IL2CPP: Il2Cpp compiles a plugin's
// C++ with no flag of ours.
#pragma once
