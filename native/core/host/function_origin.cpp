#include "host/function_origin.h"

namespace zts
{
namespace
{

// An int32 property, or -1 when missing or not an integer.
int32_t int_property(JSContext *ctx, JSValueConst obj, const char *name)
{
    JSValue v = JS_GetPropertyStr(ctx, obj, name);
    if (JS_IsException(v)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return -1;
    }
    int32_t out = JS_VALUE_GET_TAG(v) == JS_TAG_INT ? JS_VALUE_GET_INT(v) : -1;
    JS_FreeValue(ctx, v);
    return out;
}

} // namespace

std::string function_origin(zts_domain *d, JSValueConst fn)
{
    JSContext *ctx = d->ctx;
    if (!JS_IsFunction(ctx, fn)) {
        return "";
    }
    JSValue file = JS_GetPropertyStr(ctx, fn, "fileName");
    if (JS_IsException(file)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return "";
    }
    std::string name;
    if (JS_IsString(file)) {
        size_t len = 0;
        const char *s = JS_ToCStringLen(ctx, &len, file);
        if (s != nullptr) {
            name.assign(s, len);
            JS_FreeCString(ctx, s);
        } else {
            JS_FreeValue(ctx, JS_GetException(ctx));
        }
    }
    JS_FreeValue(ctx, file);
    int32_t line = int_property(ctx, fn, "lineNumber");
    int32_t col = int_property(ctx, fn, "columnNumber");
    if (name.empty() || line < 1) {
        return "";
    }
    std::string out;
    if (d->source_maps.append_original(name, line, col, out)) {
        return out;
    }
    return name + ":" + std::to_string(line) + (col > 0 ? ":" + std::to_string(col) : "");
}

} // namespace zts
