// C ABI: strings across the boundary, value release, and values formatted or inspected as console does.
#include "abi/guard.h"
#include "runtime/script_scope.h"
#include "runtime/domain.h"
#include "errors/identity.h"
#include "runtime/script_limits.h"
#include "host/string_codec.h"
#include "host/value_cast.h"
#include "globals/value_inspect.h"
#include "host/gated_function.h"

using namespace zts;

namespace
{

thread_local std::string t_utf8; // scratch for UTF-16 -> UTF-8

// String(v) as UTF-8 appended to out; false when String(v) threw (exception dropped).
bool append_display(JSContext *ctx, JSValueConst v, std::string &out)
{
    size_t len = 0;
    const char *s = JS_ToCStringLen(ctx, &len, v);
    if (s == nullptr) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return false;
    }
    out.append(s, len);
    JS_FreeCString(ctx, s);
    return true;
}

// Each value's text (append) joined by spaces, as UTF-16 in the domain buffer; the char count.
template <typename Append>
int32_t join_values(zts_domain *domain, int32_t argc, const zts_value *argv, const uint16_t **out_chars, Append append)
{
    if (domain == nullptr || out_chars == nullptr || argc < 0 || (argv == nullptr && argc > 0)) {
        return ZTS_ERR_ARGUMENT;
    }
    bool objects = false; // String(v) and inspection of an object run its toString, getters and Proxy traps
    for (int32_t i = 0; i < argc && !objects; i++) {
        objects = JS_IsObject(to_js(argv[i]));
    }
    ScriptScope scope(domain, objects);
    std::string text;
    for (int32_t i = 0; i < argc; i++) {
        if (i > 0) {
            text.push_back(' ');
        }
        append(domain->ctx, to_js(argv[i]), text);
    }
    utf8_to_utf16(text.data(), text.size(), domain->scratch16);
    *out_chars = reinterpret_cast<const uint16_t *>(domain->scratch16.data());
    return static_cast<int32_t>(domain->scratch16.size());
}

} // namespace

extern "C" {

int32_t zts_value_new_string_utf16(zts_domain *domain, const uint16_t *chars, int32_t len, zts_value *out)
try {
    if (domain == nullptr || out == nullptr || len < 0 || (chars == nullptr && len > 0)) {
        return ZTS_ERR_ARGUMENT;
    }
    t_utf8.clear();
    utf16_to_utf8(chars, static_cast<size_t>(len), t_utf8);
    JSValue s = JS_NewStringLen(domain->ctx, t_utf8.data(), t_utf8.size());
    trim_scratch(t_utf8); // QuickJS copied it
    if (JS_IsException(s)) {
        *out = from_js(JS_UNDEFINED);
        return capture_exception(domain, ZTS_ERR_JS);
    }
    *out = from_js(s);
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_value_take_utf16(zts_domain *domain, zts_value v, const uint16_t **out_chars)
try {
    if (domain == nullptr || out_chars == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    JSContext *ctx = domain->ctx;
    JSValue js = to_js(v);
    ScriptScope scope(domain, JS_IsObject(js)); // String(object) runs its toString (script_scope.h)
    size_t len = 0;
    const char *s = JS_ToCStringLen(ctx, &len, js);
    JS_FreeValue(ctx, js);
    if (s == nullptr) {
        return capture_exception(domain, ZTS_ERR_JS);
    }
    utf8_to_utf16(s, len, domain->scratch16);
    JS_FreeCString(ctx, s);
    *out_chars = reinterpret_cast<const uint16_t *>(domain->scratch16.data());
    return static_cast<int32_t>(domain->scratch16.size());
}
ZTS_ABI_CATCH

int32_t zts_values_format(zts_domain *domain, int32_t argc, const zts_value *argv, const uint16_t **out_chars)
try {
    return join_values(domain, argc, argv, out_chars, [](JSContext *ctx, JSValueConst v, std::string &text) {
        if (!append_display(ctx, v, text)) {
            text += "<unprintable value>";
        }
    });
}
ZTS_ABI_CATCH

int32_t zts_values_inspect(zts_domain *domain, int32_t argc, const zts_value *argv, const uint16_t **out_chars)
try {
    return join_values(domain, argc, argv, out_chars, append_inspect);
}
ZTS_ABI_CATCH

void zts_value_free(zts_domain *domain, zts_value v)
try {
    if (domain != nullptr) {
        JS_FreeValue(domain->ctx, to_js(v));
    }
}
ZTS_ABI_CATCH_VOID

} // extern "C"
