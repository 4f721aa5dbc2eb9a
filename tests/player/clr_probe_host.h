// A process-wide embedded runtime for the CLR adapter tests and bench (docs/PLAYER.md): starts the runtime through
// zts_clr.h (with the launcher's thread-suspend policy), loads ZTS.ClrProbe.dll and finds its methods.
#pragma once

#include "zts_clr.h"

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

struct ClrProbe
{
    zts_clr_domain *domain;
    zts_clr_image *image;
    zts_clr_class *probe;
    // Started on first use, on the calling thread (which stays attached); the probe path is ZTS_CLR_PROBE_DLL.
    static ClrProbe &get();
    // The method Probe.<name> with param_count parameters; aborts the process when it is missing.
    zts_clr_method *method(const char *name, int param_count) const;
    // Its typed call entry (zts_clr_method_get_unmanaged_thunk).
    template <typename F> F thunk(const char *name, int param_count) const
    {
        return reinterpret_cast<F>(zts_clr_method_get_unmanaged_thunk(method(name, param_count)));
    }
};

} // namespace zts_test
