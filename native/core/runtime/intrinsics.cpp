#include "runtime/intrinsics.h"

#include <initializer_list>

namespace zts
{

bool Intrinsics::take(JSContext *ctx)
{
    JSValue global = JS_GetGlobalObject(ctx);
    error = JS_GetPropertyStr(ctx, global, "Error");
    promise = JS_GetPropertyStr(ctx, global, "Promise");
    JS_FreeValue(ctx, global);
    if (!JS_IsFunction(ctx, error) || !JS_IsFunction(ctx, promise)) {
        return false;
    }
    promise_resolve = JS_GetPropertyStr(ctx, promise, "resolve");
    JSValue proto = JS_GetPropertyStr(ctx, promise, "prototype");
    promise_then = JS_GetPropertyStr(ctx, proto, "then");
    JS_FreeValue(ctx, proto);
    return JS_IsFunction(ctx, promise_resolve) && JS_IsFunction(ctx, promise_then);
}

void Intrinsics::clear(JSContext *ctx)
{
    for (JSValue *v : {&error, &promise, &promise_resolve, &promise_then}) {
        JS_FreeValue(ctx, *v);
        *v = JS_UNDEFINED;
    }
}

} // namespace zts
