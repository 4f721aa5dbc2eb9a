// C ABI: Errors for gated callbacks: a C# exception as a JS Error, and a rethrown JS value.
#include "abi/guard.h"
#include "runtime/script_scope.h"
#include "runtime/domain.h"
#include "errors/identity.h"
#include "runtime/script_limits.h"
#include "host/string_codec.h"
#include "host/value_cast.h"
#include "host/gated_function.h"

#include <string>

using namespace zts;

extern "C" {

int32_t zts_error_new(zts_domain *domain, const uint16_t *message, int32_t message_len, const uint16_t *csharp_stack,
                      int32_t stack_len, zts_value csharp_exception, zts_value *out)
try {
    if (domain == nullptr || out == nullptr || message_len < 0 || stack_len < 0) {
        if (domain != nullptr) {
            JS_FreeValue(domain->ctx, to_js(csharp_exception));
        }
        return ZTS_ERR_ARGUMENT;
    }
    *out = from_js(JS_EXCEPTION);
    ScriptScope scope(domain); // the Error constructor builds the stack (the backtrace hook; no script getters)
    JSContext *ctx = domain->ctx;
    std::string msg;
    utf16_to_utf8(message, static_cast<size_t>(message_len), msg);
    JSValue err = new_error(ctx, msg);
    if (JS_IsException(err)) {
        JS_FreeValue(ctx, to_js(csharp_exception));
        return static_cast<int32_t>(ZTS_ERR_OUT_OF_MEMORY); // exception stays pending for the gate
    }
    if (!mark_csharp_exception(domain, err, to_js(csharp_exception))) {
        JS_FreeValue(ctx, JS_GetException(ctx)); // out of memory: the Error goes unmarked
    }
    if (interrupted(domain)) {
        JS_SetUncatchableError(ctx, err, 1); // a failing callback of an interrupted call does not let JS go on
    }
    if (csharp_stack != nullptr) {
        std::string stack;
        utf16_to_utf8(csharp_stack, static_cast<size_t>(stack_len), stack);
        JS_DefinePropertyValueStr(ctx, err, "csharpStack", JS_NewStringLen(ctx, stack.data(), stack.size()),
                                  JS_PROP_WRITABLE | JS_PROP_CONFIGURABLE);
    }
    *out = from_js(err);
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_error_rethrow_value(zts_domain *domain, int32_t ref, zts_value *out)
try {
    if (domain == nullptr || out == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    *out = from_js(JS_EXCEPTION);
    const JSValue *held = domain->refs.get(ref);
    if (held == nullptr) {
        return ZTS_ERR_INVALID_REF;
    }
    JSValue v = rethrowable(domain->ctx, *held);
    if (JS_IsException(v)) {
        return ZTS_ERR_OUT_OF_MEMORY; // exception stays pending for the gate
    }
    *out = from_js(v);
    return ZTS_OK;
}
ZTS_ABI_CATCH

} // extern "C"
