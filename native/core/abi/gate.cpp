// C ABI: the functions the Mono callback gate imports from the core (native/gate/zts_mono_gate.c).
#include "abi/guard.h"
#include "host/gated_function.h"
#include "host/value_cast.h"

using namespace zts;

namespace
{

// The gate's imports take and return zts_value (native/gate/zts_mono_gate.c). Where zts_value is JSValue, the
// core's own functions are handed over as they are (gate_touserdata runs on every gated call); where QuickJS
// NaN-boxes, these convert.
#ifdef JS_NAN_BOXING
void *gate_touserdata_value(JSContext *ctx, zts_value value, int slot)
{
    return gate_touserdata(ctx, to_js(value), slot);
}

zts_value gate_throw_value(JSContext *ctx, zts_value exc)
{
    return from_js(gate_throw(ctx, to_js(exc)));
}
#else
constexpr auto &gate_touserdata_value = gate_touserdata;
constexpr auto &gate_throw_value = gate_throw;
#endif

} // namespace

extern "C" {

int32_t zts_gate_imports(void **touserdata, void **js_throw)
try {
    if (touserdata == nullptr || js_throw == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    *touserdata = reinterpret_cast<void *>(&gate_touserdata_value);
    *js_throw = reinterpret_cast<void *>(&gate_throw_value); // JS_Throw that unwraps rethrow boxes
    return ZTS_OK;
}
ZTS_ABI_CATCH

} // extern "C"
