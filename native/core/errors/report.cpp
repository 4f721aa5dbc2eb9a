// Turning JS exceptions into ErrorReports, and host messages into JS Errors.
#include "errors/report.h"
#include "runtime/domain.h"
#include "errors/identity.h"
#include "stacks/backtrace_hook.h"
#include "runtime/script_limits.h"
#include "runtime/script_scope.h"

#include <cstdio>

namespace zts
{
namespace
{

// QuickJS writes a lone surrogate as a 3-byte WTF-8 sequence, which hosts decoding UTF-8 turn into
// U+FFFD; error texts show it visibly as \uD800 instead.
std::string escape_lone_surrogates(std::string s)
{
    for (size_t i = 0; i + 2 < s.size(); i++) {
        auto b0 = static_cast<unsigned char>(s[i]);
        auto b1 = static_cast<unsigned char>(s[i + 1]);
        if (b0 == 0xED && b1 >= 0xA0 && b1 <= 0xBF) {
            unsigned unit = 0xD000u | ((b1 & 0x3Fu) << 6) | (static_cast<unsigned char>(s[i + 2]) & 0x3Fu);
            char text[8];
            std::snprintf(text, sizeof text, "\\u%04X", unit);
            s.replace(i, 3, text);
            i += 5;
        }
    }
    return s;
}

std::string to_utf8(JSContext *ctx, JSValueConst v);

// String(symbol): "Symbol(desc)" (ToString of a symbol throws, so it is not used).
std::string symbol_text(JSContext *ctx, JSValueConst symbol)
{
    JSValue description = JS_GetPropertyStr(ctx, symbol, "description");
    if (JS_IsException(description)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return "Symbol()";
    }
    std::string text = JS_IsUndefined(description) ? std::string() : to_utf8(ctx, description);
    JS_FreeValue(ctx, description);
    return "Symbol(" + text + ")";
}

std::string to_utf8(JSContext *ctx, JSValueConst v)
{
    if (JS_IsSymbol(v)) {
        return symbol_text(ctx, v);
    }
    size_t len = 0;
    const char *s = JS_ToCStringLen(ctx, &len, v);
    if (s == nullptr) {
        JS_FreeValue(ctx, JS_GetException(ctx)); // String(v) itself threw
        return "<unprintable value>";
    }
    std::string out(s, len);
    JS_FreeCString(ctx, s);
    return escape_lone_surrogates(std::move(out));
}

std::string string_property(JSContext *ctx, JSValueConst obj, const char *name)
{
    JSValue v = JS_GetPropertyStr(ctx, obj, name);
    if (JS_IsException(v)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return "";
    }
    std::string out = JS_IsUndefined(v) || JS_IsNull(v) ? std::string() : to_utf8(ctx, v);
    JS_FreeValue(ctx, v);
    return out;
}

// Starts a new report: a thrown value the previous one held and nobody took is released.
void reset_report(zts_domain *d, int32_t status)
{
    if (d->error.thrown_ref > 0) {
        d->refs.release(d->ctx, d->error.thrown_ref); // a value, never a running function: safe at any depth
    }
    d->error = ErrorReport{};
    d->error.status = status;
}

} // namespace

const char *js_kind(JSContext *ctx, JSValueConst v)
{
    if (JS_IsFunction(ctx, v)) {
        return "function";
    }
    switch (JS_VALUE_GET_NORM_TAG(v)) {
    case JS_TAG_INT:
    case JS_TAG_FLOAT64:
        return "number";
    case JS_TAG_BOOL:
        return "boolean";
    case JS_TAG_NULL:
        return "null";
    case JS_TAG_UNDEFINED:
        return "undefined";
    case JS_TAG_STRING:
    case JS_TAG_STRING_ROPE:
        return "string";
    case JS_TAG_SYMBOL:
        return "symbol";
    case JS_TAG_BIG_INT:
    case JS_TAG_SHORT_BIG_INT:
        return "bigint";
    default:
        return "object";
    }
}

int32_t capture_exception(zts_domain *d, int32_t status)
{
    // Reading the value runs script code (getters, toString, Proxy traps): a scope of its own when no caller holds
    // one (script_scope.h); inside a call's scope this one nests and keeps the call's budget and interrupt state.
    ScriptScope scope(d);
    JSContext *ctx = d->ctx;
    JSValue exc = JS_GetException(ctx);
    ErrorReport report; // filled before d->error changes: reading the value may run JS that fails too
    report.status = status;
    if (interrupted(d) && JS_IsUncatchableError(ctx, exc)) {
        report.message = interrupt_message(d); // QuickJS's text is just "interrupted"
        report.name = "InternalError";
        report.stack = string_property(ctx, exc, "stack");
        map_stack_for_host(d, report.stack);
    } else if (JS_IsError(ctx, exc)) {
        report.message = string_property(ctx, exc, "message");
        report.name = string_property(ctx, exc, "name");
        report.stack = string_property(ctx, exc, "stack");
        map_stack_for_host(d, report.stack);
    } else {
        report.message = to_utf8(ctx, exc);
    }
    report.thrown = JS_IsObject(exc) ? JS_VALUE_GET_PTR(exc) : nullptr;
    if (JS_IsObject(exc) && JS_VALUE_GET_PTR(exc) == d->loader.failure.error_object &&
        d->loader.failure.error_object != nullptr) {
        report.status = ZTS_ERR_MODULE_LOAD;
        report.specifier = d->loader.failure.specifier;
        report.importer = d->loader.failure.importer;
    }
    // Identity (SPEC_MAP D6): the host may rethrow this very value, or find the C# exception it stands for.
    report.exception_slot = csharp_exception_slot(d, exc);
    reset_report(d, status);
    d->error = std::move(report);
    if (!JS_IsUninitialized(exc)) {
        try {
            d->error.thrown_ref = d->refs.add(exc);
        } catch (...) {
            JS_FreeValue(ctx, exc);
            throw;
        }
    }
    return d->error.status;
}

int32_t report_failure(zts_domain *d, int32_t status, const std::string &message)
{
    reset_report(d, status);
    d->error.message = message;
    return status;
}

JSValue new_error(JSContext *ctx, const std::string &message)
{
    // Through the Error constructor, so the Error carries the JS stack where it was made: the intrinsic one, taken
    // before any script ran, so a script that replaced the global `Error` runs nothing here (the frame pump settles
    // a faulted task's promise with such an Error at call depth 0; test Scope_HostileReset_ReplacedError).
    JSValue ctor = domain_of(ctx)->intrinsics.error;
    JSValue msg = JS_NewStringLen(ctx, message.data(), message.size());
    if (JS_IsException(msg)) {
        return JS_EXCEPTION;
    }
    JSValue err = JS_CallConstructor(ctx, ctor, 1, &msg);
    JS_FreeValue(ctx, msg);
    return err;
}

JSValue throw_error(JSContext *ctx, const std::string &message)
{
    JSValue err = new_error(ctx, message);
    if (JS_IsException(err)) {
        return JS_EXCEPTION;
    }
    return JS_Throw(ctx, err);
}

} // namespace zts
