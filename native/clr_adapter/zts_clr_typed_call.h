// The typed call: how the Player runtime and its generated bridges call a method's typed entry
// (zts_clr_method_get_typed_entry) or one of PlayerEntries' entries. One calling convention for every adapter:
//
//     R r = zts_clr::typed_call<R>(entry, &exc, [self,] args...);
//
// references as void* (zts_clr_object*), primitives by value, a struct boxed; a managed exception comes back in exc
// (null when none) and nothing unwinds into the caller. Each reduced signature's instance of the template is the
// per-signature wrapper docs/PLAYER.md ("The typed call") describes.
//
// Mono (the default): the entry is the method's unmanaged thunk, R ([this,] args..., MonoException **exc), which
// catches the managed exception itself.
//
// Il2Cpp (ZTS_CLR_IL2CPP): the entry is the MethodInfo*, its two low bits tagged at bind by the adapter
// (native/clr_adapter/il2cpp/clr_il2cpp.cpp). Untagged: the method pointer, called as R ([this,] args..., const MethodInfo*)
// inside try/catch, since Il2Cpp throws a managed exception as the C++ exception Il2CppExceptionWrapper. k_unbox_this:
// a value type's instance method, whose `this` is the value, not its box. k_via_invoker: what a method pointer cannot
// take (no method pointer, 2021.3's invoker-only generic instances, full generic sharing, a struct argument or result
// by value): Il2Cpp's own invoker, il2cpp_runtime_invoke_convert_args, which takes boxes and returns one.
#pragma once

#include "zts_clr.h"
#include "zts_clr_config.h"

#if defined(ZTS_CLR_IL2CPP)
#include "zts_il2cpp_api.h"

#include <type_traits>
#endif

namespace zts_clr
{

#if !defined(ZTS_CLR_IL2CPP)

template <typename R, typename... A> inline R typed_call(void *entry, void **exc, A... a)
{
    return reinterpret_cast<R (*)(A..., void **)>(entry)(a..., exc);
}

#else

/// The tags of an Il2Cpp typed entry (MethodInfo is pointer-aligned, so 4-byte aligned on 32-bit targets too).
enum : uintptr_t { k_via_invoker = 1, k_unbox_this = 2, k_entry_tags = 3 };

namespace detail
{

template <typename R, bool IsPointer = std::is_pointer<R>::value> struct Result {
    static R none() { return R(); }
    // A value-type result comes back boxed from the invoker.
    static R of_box(Il2CppObject *box) { return box != nullptr ? *static_cast<R *>(il2cpp_object_unbox(box)) : R(); }
};
template <typename R> struct Result<R, true> {
    static R none() { return nullptr; }
    static R of_box(Il2CppObject *obj) { return reinterpret_cast<R>(obj); } // a reference, or a struct's box ('o')
};
template <> struct Result<void, false> {
    static void none() {}
    static void of_box(Il2CppObject *) {}
};

template <typename R, typename... A> inline R direct(const MethodInfo *m, void **exc, A... a)
{
    *exc = nullptr; // as a Mono thunk: null when the call threw nothing
    try {
        return reinterpret_cast<R (*)(A..., const MethodInfo *)>(m->methodPointer)(a..., m);
    } catch (const Il2CppExceptionWrapper &w) {
        *exc = w.ex;
        return Result<R>::none();
    }
}

template <typename R> inline R direct_unboxed(const MethodInfo *m, void **exc)
{
    return direct<R>(m, exc);
}

// `this` as an object: only an instance method's first argument is ever unboxed (k_unbox_this), so a non-pointer first
// argument never reaches the call below; the overload only lets every signature compile.
template <typename T> inline Il2CppObject *object_of(T *p)
{
    return reinterpret_cast<Il2CppObject *>(p);
}
template <typename T> inline Il2CppObject *object_of(T)
{
    return nullptr;
}

template <typename R, typename T0, typename... A> inline R direct_unboxed(const MethodInfo *m, void **exc, T0 self, A... a)
{
    return direct<R>(m, exc, il2cpp_object_unbox(object_of(self)), a...);
}

// Each argument as the invoker takes it: a reference (or a struct's box) as it is, a primitive boxed as its
// parameter's type (index i of the method's parameters; `this` is no parameter).
template <typename T> inline Il2CppObject *boxed(const MethodInfo *, int, T *v)
{
    return reinterpret_cast<Il2CppObject *>(v);
}
template <typename T> inline Il2CppObject *boxed(const MethodInfo *m, int i, T v)
{
    return il2cpp_value_box(il2cpp_class_from_il2cpp_type(il2cpp_method_get_param(m, static_cast<uint32_t>(i))), &v);
}

template <typename R, typename... A> inline R invoke(const MethodInfo *m, bool unbox_this, void **exc, A... a)
{
    const bool instance = il2cpp_method_is_instance(m);
    int i = instance ? -1 : 0;
    Il2CppObject *all[sizeof...(A) + 1] = {boxed(m, i++, a)..., nullptr};
    void *self = nullptr;
    Il2CppObject **params = all;
    if (instance) {
        self = all[0];
        params = all + 1;
        if (unbox_this && self != nullptr) self = il2cpp_object_unbox(static_cast<Il2CppObject *>(self));
    }
    Il2CppException *ex = nullptr;
    Il2CppObject *r = nullptr;
    *exc = nullptr;
    try {
        r = il2cpp_runtime_invoke_convert_args(m, self, params, static_cast<int>(il2cpp_method_get_param_count(m)), &ex);
    } catch (const Il2CppExceptionWrapper &w) {
        ex = w.ex;
    }
    if (ex != nullptr) {
        *exc = ex;
        return Result<R>::none();
    }
    return Result<R>::of_box(r);
}

} // namespace detail

template <typename R, typename... A> inline R typed_call(void *entry, void **exc, A... a)
{
    uintptr_t e = reinterpret_cast<uintptr_t>(entry);
    const MethodInfo *m = reinterpret_cast<const MethodInfo *>(e & ~static_cast<uintptr_t>(k_entry_tags));
    if ((e & k_entry_tags) == 0) return detail::direct<R>(m, exc, a...);
    if ((e & k_via_invoker) != 0) return detail::invoke<R>(m, (e & k_unbox_this) != 0, exc, a...);
    return detail::direct_unboxed<R>(m, exc, a...);
}

#endif

} // namespace zts_clr
