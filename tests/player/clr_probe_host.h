// A process-wide embedded runtime for the CLR adapter tests and bench (docs/PLAYER.md): starts the runtime through
// zts_clr.h (with the launcher's thread-suspend policy), loads ZTS.ClrProbe.dll and finds its methods.
#pragma once

#include "zts_clr_host.h"
#include "zts_clr_typed_call.h"

#include <tuple>
#include <utility>

namespace zts_test
{

// Typed call entries of ZTS.ClrTests.Probe (zts_clr_method_get_unmanaged_thunk's calling convention).
using AddThunk = int32_t (*)(int32_t, int32_t, zts_clr_exception **);
using IntThunk = int32_t (*)(int32_t, zts_clr_exception **);
using ObjectThunk = zts_clr_object *(*)(zts_clr_exception **);
using BoolThunk = bool (*)(zts_clr_exception **);
using VoidThunk = void (*)(zts_clr_exception **);
using LengthThunk = int32_t (*)(zts_clr_string *, zts_clr_exception **);
using ConcatThunk = zts_clr_string *(*)(zts_clr_string *, zts_clr_string *, zts_clr_exception **);
using ArrayThunk = zts_clr_array *(*)(int32_t, zts_clr_exception **);

template <typename F> struct Typed;
template <typename R, typename... A> struct Typed<R (*)(A...)> {
    void *entry;
    // The last argument is the exception out-argument; the typed call takes it first.
    template <typename... B> R operator()(B... b) const
    {
        return call(std::make_index_sequence<sizeof...(B) - 1>(), std::tuple<B...>(b...));
    }
    template <size_t... I, typename T> R call(std::index_sequence<I...>, T t) const
    {
        using Args = std::tuple<A...>;
        return zts_clr::typed_call<R>(entry, reinterpret_cast<void **>(std::get<sizeof...(I)>(t)),
                                      static_cast<typename std::tuple_element<I, Args>::type>(std::get<I>(t))...);
    }
};

struct ClrProbe
{
    zts_clr_domain *domain;
    zts_clr_image *image;
    zts_clr_class *probe;
    // Started on first use, on the calling thread (which stays attached); the probe path is ZTS_CLR_PROBE_DLL.
    static ClrProbe &get();
    // The method Probe.<name> with param_count parameters; aborts the process when it is missing.
    zts_clr_method *method(const char *name, int param_count) const;
    // Its typed entry, called as F says (the arguments, then the exception out-argument) through the typed call of the
    // adapter the test links (zts_clr_typed_call.h): Mono's thunk, or Il2Cpp's method pointer inside try/catch.
    template <typename F> Typed<F> thunk(const char *name, int param_count) const
    {
        return Typed<F>{zts_clr_method_get_typed_entry(method(name, param_count))};
    }
};

} // namespace zts_test
