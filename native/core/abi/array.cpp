// C ABI: a JS array's elements in one crossing (JS arrays passed where C# declares T[] or a list, SPEC_MAP D5).
#include "abi/guard.h"
#include "runtime/script_scope.h"
#include "runtime/domain.h"
#include "runtime/quickjs_seam.h"
#include "host/value_cast.h"

#include <cstdint>
#include <string>

using namespace zts;

extern "C" {

int32_t zts_array_read(zts_domain *domain, zts_value arr, int32_t start, int32_t cap, zts_value *out_values,
                       int32_t *out_length)
try {
    if (domain == nullptr || start < 0 || cap < 0 || (cap > 0 && out_values == nullptr) || out_length == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    JSContext *ctx = domain->ctx;
    JSValue a = to_js(arr);
    ScriptScope scope(domain, JS_IsObject(a)); // length and elements may be getters or Proxy traps (script_scope.h)
    int is_array = JS_IsArray(ctx, a);
    if (is_array < 0) {
        return capture_exception(domain, ZTS_ERR_JS); // a revoked proxy
    }
    if (is_array == 0) {
        return ZTS_ERR_ARGUMENT;
    }
    JSValue len_value = domain->clr.length_atom != JS_ATOM_NULL ? JS_GetProperty(ctx, a, domain->clr.length_atom)
                                                            : JS_GetPropertyStr(ctx, a, "length");
    if (JS_IsException(len_value)) {
        return capture_exception(domain, ZTS_ERR_JS);
    }
    int64_t length = 0;
    int rc = JS_ToInt64(ctx, &length, len_value);
    JS_FreeValue(ctx, len_value);
    if (rc < 0) {
        return capture_exception(domain, ZTS_ERR_JS);
    }
    if (length < 0 || length > INT32_MAX) {
        return ZTS_ERR_ARGUMENT; // a C# array holds at most 2^31 - 1 elements
    }
    if (domain->limits.memory_limit > 0 && length > domain->limits.memory_limit / static_cast<int64_t>(sizeof(JSValue))) {
        // More elements than the heap could hold as values: a sparse array (`a.length = 1e9`) or a Proxy that
        // lies about its length. Such a copy cost seconds and gigabytes before its first element was checked
        // (tests JsArray_Results JsArray_LengthPastHeapLimit_FailsAtOnce, ArrayRead_Domain).
        return report_failure(domain, ZTS_ERR_OUT_OF_MEMORY,
                              "zts: a JS array of length " + std::to_string(length) +
                                  " cannot cross: the domain's heap limit of " +
                                  std::to_string(domain->limits.memory_limit) + " bytes holds at most " +
                                  std::to_string(domain->limits.memory_limit / static_cast<int64_t>(sizeof(JSValue))) +
                                  " elements");
    }
    *out_length = static_cast<int32_t>(length);
    int32_t count = start >= length ? 0 : static_cast<int32_t>(length - start < cap ? length - start : cap);
    JSValue *dense = nullptr;
    uint32_t dense_count = 0;
    if (quickjs_seam::fast_array_elements(ctx, a, &dense, &dense_count)) {
        // A fast array: its elements in one loop (no getter can run), holes past the dense part undefined.
        for (int32_t i = 0; i < count; i++) {
            uint32_t at = static_cast<uint32_t>(start + i);
            out_values[i] = from_js(at < dense_count ? JS_DupValue(ctx, dense[at]) : JS_UNDEFINED);
        }
        return count;
    }
    for (int32_t i = 0; i < count; i++) {
        JSValue v = JS_GetPropertyUint32(ctx, a, static_cast<uint32_t>(start + i));
        if (JS_IsException(v)) {
            for (int32_t k = 0; k < i; k++) {
                JS_FreeValue(ctx, to_js(out_values[k]));
                out_values[k] = from_js(JS_UNDEFINED);
            }
            return capture_exception(domain, ZTS_ERR_JS);
        }
        out_values[i] = from_js(v);
    }
    return count;
}
ZTS_ABI_CATCH

} // extern "C"
