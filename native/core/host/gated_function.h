// Gated host functions: QuickJS C functions whose entry is the callback gate
// (seed build/03 §2.3), so the gate, not the host, throws into JS.
#pragma once

#include "host/value_cast.h"
#include "runtime/domain.h"

#include <string>

namespace zts
{

/// The callback gate's entry (native/gate/zts_mono_gate.c): zts_value on every CPU. The core calls it from its
/// JSCFunctionData functions, converting where QuickJS NaN-boxes (host/value_cast.h).
using GateEntry = zts_value(JSContext *, zts_value, int, zts_value *, int, zts_value *) noexcept;

inline GateEntry *gate_of(zts_domain *d)
{
    return reinterpret_cast<GateEntry *>(d->gate);
}

/// argv as the gate's array: argv itself where the value cast is the identity (scratch unused, may be null),
/// else converted into scratch (argc values, the caller's alloca).
inline zts_value *gate_argv(JSValueConst *argv, int argc, zts_value *scratch)
{
    if constexpr (k_value_cast_is_identity) {
        return reinterpret_cast<zts_value *>(argv);
    } else {
        for (int i = 0; i < argc; i++) {
            scratch[i] = from_js(argv[i]);
        }
        return scratch;
    }
}

/// Registers the class that carries the host entry pointer in gate data slot 0; once per runtime.
void register_gate_pointer_class(JSRuntime *rt);

/// The gate's touserdata import: the pointer in a gate data value, or NULL with a TypeError thrown.
void *gate_touserdata(JSContext *ctx, JSValue value, int slot);

/// The gate's data[0] for d (the host_call entry as a pointer object); owned, or JS_UNDEFINED without a host.
JSValue make_gate_entry(zts_domain *d);

/// d's gate entry (borrowed), made now when no host table was registered at zts_domain_new and one is now
/// (docs/C_ABI.md "Registration"): JS_UNDEFINED while there is still none, JS_EXCEPTION when it could not be made.
/// Every path that hands the gate data[0] takes it from here (gated functions, C# member calls).
JSValue gate_entry_of(zts_domain *d);

/// Frees d's gate entry (domain teardown, before the context).
void free_gate_entry(zts_domain *d);

/// Makes a gated function named name (owned into *out); data reaches the host as data[0]. ZTS_OK or a failure
/// recorded in d->error.
int32_t make_gated_function(zts_domain *d, const std::string &name, int32_t length, int32_t magic, int64_t data,
                            JSValue *out);

/// Defines a gated function at a dotted global path; data reaches the host as data[0].
int32_t define_gated_function(zts_domain *d, const std::string &path, int32_t length, int32_t magic, int64_t data);

} // namespace zts
