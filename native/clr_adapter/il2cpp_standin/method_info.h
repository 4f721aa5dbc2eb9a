// The stand-in's MethodInfo: what Il2Cpp's MethodInfo starts with (methodPointer), over a Mono method. Tests only
// (docs/PLAYER.md, "The Il2Cpp stand-in").
#pragma once

#include "zts_il2cpp_api.h"

#include <mono/metadata/object.h>

#include <cstdint>

namespace zts_il2cpp_standin
{

struct StandinMethod : MethodInfo {
    MonoMethod *mono;
    void *thunk;            ///< Mono's unmanaged thunk, made on the first call (making it compiles the method)
    uintptr_t this_adjust;  ///< a value type's instance method: Il2Cpp passes the value, the thunk takes its box
};

/// The MethodInfo of a MonoMethod (made once, kept for the process), or the StandinMethod itself; null for null.
const StandinMethod *method_info(const void *handle);

/// The Mono method of a MethodInfo from method_info.
inline MonoMethod *mono_of(const MethodInfo *m)
{
    return m != nullptr ? static_cast<const StandinMethod *>(m)->mono : nullptr;
}

/// The method pointer of a Mono method: a trampoline over its thunk (method_pointer.cpp), null where Il2Cpp 2021.3
/// has none (methods of generic class instances, which it calls through their invoker only).
Il2CppMethodPointer method_pointer_of(MonoMethod *method, uintptr_t *this_adjust);

} // namespace zts_il2cpp_standin
