// The Il2Cpp declarations the Il2Cpp adapter compiles against: libil2cpp's own headers inside a Unity build (Il2Cpp
// compiles the package's plugin with libil2cpp's include path), or this project's declaration header zts_il2cpp_decl.h
// when ZTS_IL2CPP_DECL is defined (the stand-in of the tests, CI). Only these four libil2cpp headers are read: the
// public API, MethodInfo, Il2CppExceptionWrapper and GarbageCollector; each compiles alone with -I<libil2cpp>
// (vm/*.h would need Unity's Baselib).
#pragma once

#if defined(ZTS_IL2CPP_DECL)
#include "zts_il2cpp_decl.h"
#else
#include "il2cpp-config.h"
#include "il2cpp-api.h"
#include "il2cpp-class-internals.h"
#include "il2cpp-object-internals.h"
#include "gc/GarbageCollector.h"
#endif
