// The core's functions that the gate (native/gate/zts_mono_gate.c, zts_gate_imports) and the Player runtime
// (native/player, zts_player_core_get) call: touserdata and throw, in zts_value form, as both callers speak it on
// every CPU. Where zts_value is JSValue they are the core's own functions (gate_touserdata runs on every gated call);
// where QuickJS NaN-boxes they convert (value_cast.h). Handing the Player runtime the JSValue forms made its first
// managed host call on 32-bit CPUs jump through a pointer read from the wrong bytes (docs/PLATFORMS.md).
#pragma once

#include "errors/identity.h"
#include "host/gated_function.h"
#include "host/value_cast.h"

namespace zts
{

#ifdef JS_NAN_BOXING
inline void *gate_touserdata_value(JSContext *ctx, zts_value value, int slot)
{
    return gate_touserdata(ctx, to_js(value), slot);
}

inline zts_value gate_throw_value(JSContext *ctx, zts_value exc)
{
    return from_js(gate_throw(ctx, to_js(exc)));
}
#else
inline constexpr auto &gate_touserdata_value = gate_touserdata;
inline constexpr auto &gate_throw_value = gate_throw;
#endif

} // namespace zts
