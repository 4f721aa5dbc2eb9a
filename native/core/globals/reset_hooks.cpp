#include "globals/reset_hooks.h"

#include "runtime/domain.h"
#include "runtime/script_limits.h"
#include "runtime/script_scope.h"
#include "runtime/trampoline.h"

namespace zts
{

JSValue js_on_reset(JSContext *ctx, JSValueConst /*this_val*/, int argc, JSValueConst *argv)
{
    if (argc < 1 || !JS_IsFunction(ctx, argv[0])) {
        return JS_ThrowTypeError(ctx, "zts: zts.on_reset needs a function");
    }
    zts_domain *d = domain_of(ctx);
    if (d->reset_hooks.started()) {
        // The hooks run once, in the order they were registered, and the domain is torn down after them: a hook
        // added now would never run. Taking it made `zts.on_reset(function h() { zts.on_reset(h); })` run forever
        // (the host ran hooks while the count grew; past 400 MB of RSS, and no budget stopped the host's loop).
        return JS_ThrowTypeError(ctx, "zts: zts.on_reset cannot add a hook while the reset hooks run (the domain is "
                                      "being torn down; a hook added now would never run)");
    }
    if (!d->reset_hooks.add(ctx, JS_DupValue(ctx, argv[0]))) {
        return JS_ThrowOutOfMemory(ctx);
    }
    return JS_UNDEFINED;
}

bool ResetHooks::add(JSContext *ctx, JSValue hook)
{
    try {
        hooks_.push_back(hook);
    } catch (...) {
        JS_FreeValue(ctx, hook);
        return false;
    }
    return true;
}

void ResetHooks::clear(JSContext *ctx)
{
    for (JSValue fn : hooks_) {
        JS_FreeValue(ctx, fn);
    }
    hooks_.clear();
}

int32_t run_reset_hook(zts_domain *d, int32_t index)
{
    if (index < 0 || static_cast<size_t>(index) >= d->reset_hooks.size()) {
        return ZTS_ERR_ARGUMENT;
    }
    if (refuses_nested_call(d)) {
        return refuse_nested_call(d); // script_scope.h
    }
    d->reset_hooks.start(); // from the first hook on, zts.on_reset refuses new hooks (js_on_reset)
    JSValue fn = JS_DupValue(d->ctx, d->reset_hooks.at(static_cast<size_t>(index)));
    // A runaway hook is stopped by Interrupt and the call budget too (script_limits.h); the hook and the capture of its
    // error run in one scope, so a hook (or its error's getters) that reaches a Reset is refused (script_scope.h).
    ScriptScope scope(d);
    JSValue r = JS_Call(d->ctx, fn, JS_UNDEFINED, 0, nullptr);
    JS_FreeValue(d->ctx, fn);
    if (JS_IsException(r)) {
        return capture_exception(d, ZTS_ERR_JS);
    }
    JS_FreeValue(d->ctx, r);
    return ZTS_OK;
}

} // namespace zts
