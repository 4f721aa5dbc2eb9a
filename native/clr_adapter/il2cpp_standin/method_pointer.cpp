// The stand-in's method pointers: what an Il2Cpp methodPointer is to its caller, over Mono. A method pointer is called as
// R ([this,] args..., const MethodInfo *) and throws a managed exception as Il2CppExceptionWrapper; Mono's unmanaged
// thunk is called as R ([this,] args..., MonoException **) and reports it in the out-argument. The trampoline turns one
// into the other.
//
// x86-64 System V only (the machine the tests run on). There, integer-class and SSE-class arguments take registers from
// two separate sequences, and stack arguments follow in order. So a trampoline declared with 12 integer and 8 double
// parameters receives every argument of any signature of integer, pointer, float and double arguments in the same
// registers and stack slots its caller used, whatever their order; the trailing MethodInfo* is integer argument K,
// K = the number of integer-class arguments before it ([this,] and each non-floating argument). Replacing that one
// slot by the exception out-argument and forwarding all 20 is the thunk's call. One trampoline per K and return class
// (none, integer, floating), chosen per method from its Mono signature. A struct by value has no trampoline: Il2Cpp
// passes it under the platform ABI, and the adapter calls such methods through the invoker (zts_clr_typed_call.h).
// What it measures and what it cannot: docs/PLAYER.md, "The Il2Cpp stand-in".
#include "method_info.h"

#include <mono/metadata/class.h>
#include <mono/metadata/loader.h>
#include <mono/metadata/metadata.h>

#include <cstdio>
#include <cstdlib>
#include <type_traits>

#if !defined(__x86_64__) || defined(_WIN32)
#error "the Il2Cpp stand-in's trampolines are written for x86-64 System V"
#endif

namespace zts_il2cpp_standin
{
namespace
{

using G = intptr_t;

#define ZTS_G_PARAMS G g0, G g1, G g2, G g3, G g4, G g5, G g6, G g7, G g8, G g9, G g10, G g11
#define ZTS_X_PARAMS double x0, double x1, double x2, double x3, double x4, double x5, double x6, double x7
#define ZTS_G_TYPES G, G, G, G, G, G, G, G, G, G, G, G
#define ZTS_X_TYPES double, double, double, double, double, double, double, double
#define ZTS_G_ARGS g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7], g[8], g[9], g[10], g[11]
#define ZTS_X_ARGS x0, x1, x2, x3, x4, x5, x6, x7

constexpr int k_max_integer = 12;

void *thunk_of(const StandinMethod *m)
{
    void *t = m->thunk;
    if (t == nullptr) {
        t = mono_method_get_unmanaged_thunk(m->mono);
        const_cast<StandinMethod *>(m)->thunk = t;
    }
    return t;
}

[[noreturn]] void throw_managed(void *exc)
{
    throw Il2CppExceptionWrapper(static_cast<Il2CppException *>(exc));
}

// The K-th integer argument is the MethodInfo*; it becomes the out-argument. `this` (argument 0 of an instance
// method) comes as the value of a value type, and the thunk takes its box: this_adjust steps back over the header.
template <int K> const StandinMethod *enter(G *g, void **exc)
{
    auto *m = reinterpret_cast<const StandinMethod *>(g[K]);
    g[K] = reinterpret_cast<G>(exc);
    g[0] -= static_cast<G>(m->this_adjust);
    return m;
}

// R: void, G (an integer-class result in rax) or double (a floating result in xmm0: a float is its low half, and
// returning it as a double moves the register unchanged).
template <int K, typename R> R tramp(ZTS_G_PARAMS, ZTS_X_PARAMS)
{
    G g[k_max_integer] = {g0, g1, g2, g3, g4, g5, g6, g7, g8, g9, g10, g11};
    void *exc = nullptr;
    const StandinMethod *m = enter<K>(g, &exc);
    auto thunk = reinterpret_cast<R (*)(ZTS_G_TYPES, ZTS_X_TYPES)>(thunk_of(m));
    if constexpr (std::is_void_v<R>) {
        thunk(ZTS_G_ARGS, ZTS_X_ARGS);
        if (exc != nullptr) throw_managed(exc);
    } else {
        R r = thunk(ZTS_G_ARGS, ZTS_X_ARGS);
        if (exc != nullptr) throw_managed(exc);
        return r;
    }
}

template <int... K> struct Table {
    static inline const Il2CppMethodPointer k_void[] = {reinterpret_cast<Il2CppMethodPointer>(&tramp<K, void>)...};
    static inline const Il2CppMethodPointer k_integer[] = {reinterpret_cast<Il2CppMethodPointer>(&tramp<K, G>)...};
    static inline const Il2CppMethodPointer k_floating[] = {reinterpret_cast<Il2CppMethodPointer>(&tramp<K, double>)...};
};
using Trampolines = Table<0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11>;

// A method whose signature has a struct by value: Il2Cpp's pointer would take it by value; the adapter never calls it.
void no_trampoline()
{
    std::fputs("zts: Il2Cpp stand-in: a method pointer with a struct argument or result by value was called\n", stderr);
    std::abort();
}

enum class Kind { Integer, Floating, Struct, Void };

Kind kind_of(MonoType *type)
{
    if (mono_type_is_byref(type)) return Kind::Integer;
    switch (mono_type_get_type(type)) {
    case MONO_TYPE_VOID: return Kind::Void;
    case MONO_TYPE_R4:
    case MONO_TYPE_R8: return Kind::Floating;
    case MONO_TYPE_VALUETYPE: return mono_class_is_enum(mono_class_from_mono_type(type)) ? Kind::Integer : Kind::Struct;
    case MONO_TYPE_GENERICINST: return mono_type_generic_inst_is_valuetype(type) ? Kind::Struct : Kind::Integer;
    case MONO_TYPE_TYPEDBYREF: return Kind::Struct;
    default: return Kind::Integer;
    }
}

bool on_generic_instance(MonoMethod *method)
{
    return mono_type_get_type(mono_class_get_type(mono_method_get_class(method))) == MONO_TYPE_GENERICINST;
}

} // namespace

Il2CppMethodPointer method_pointer_of(MonoMethod *method, uintptr_t *this_adjust)
{
    *this_adjust = 0;
    if (on_generic_instance(method)) return nullptr; // as Il2Cpp 2021.3's indirect_call_via_invokers
    MonoMethodSignature *sig = mono_method_signature(method);
    int k = 0;
    if (mono_signature_is_instance(sig)) {
        k++;
        if (mono_class_is_valuetype(mono_method_get_class(method))) *this_adjust = sizeof(MonoObject);
    }
    void *iter = nullptr;
    while (MonoType *p = mono_signature_get_params(sig, &iter)) {
        Kind kind = kind_of(p);
        if (kind == Kind::Struct) return &no_trampoline;
        if (kind == Kind::Integer) k++;
    }
    if (k >= k_max_integer) return &no_trampoline;
    switch (kind_of(mono_signature_get_return_type(sig))) {
    case Kind::Void: return Trampolines::k_void[k];
    case Kind::Floating: return Trampolines::k_floating[k];
    case Kind::Integer: return Trampolines::k_integer[k];
    case Kind::Struct: break;
    }
    return &no_trampoline;
}

} // namespace zts_il2cpp_standin
