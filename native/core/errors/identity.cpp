#include "errors/identity.h"

#include "clr/classes.h"
#include "runtime/domain.h"
#include "runtime/trampoline.h"

#include <initializer_list>

namespace zts
{
namespace
{

JSClassID g_box_class = 0;

void box_finalizer(JSRuntime *rt, JSValue val)
{
    auto *held = static_cast<JSValue *>(JS_GetOpaque(val, g_box_class));
    if (held != nullptr) {
        JS_FreeValueRT(rt, *held);
        js_free_rt(rt, held);
    }
}

// Boxes hold only values that are not objects (no GC mark needed).
const JSClassDef k_box_class = {"ZtsThrownValue", hook<box_finalizer>, nullptr, nullptr, nullptr};

} // namespace

void register_thrown_box_class(JSRuntime *rt)
{
    JS_NewClassID(&g_box_class); // allocates once per process, then returns the same id
    JS_NewClass(rt, g_box_class, &k_box_class);
}

bool install_exception_mark(zts_domain *d)
{
    // The mark lives in a WeakMap only the core holds, never on the Error: a property (even under a symbol) shows in
    // Object.getOwnPropertySymbols, so a script could copy it onto an Error of its own and choose the InnerException
    // the host sees (Errors_CSharpExceptionMark_CannotBeForged, tests/conformance/errors.js). The map's get and set
    // are taken now, before any script runs, so a script that replaces WeakMap.prototype's changes nothing here.
    JSContext *ctx = d->ctx;
    JSValue global = JS_GetGlobalObject(ctx);
    JSValue ctor = JS_GetPropertyStr(ctx, global, "WeakMap");
    JS_FreeValue(ctx, global);
    JSValue map = JS_IsException(ctor) ? JS_EXCEPTION : JS_CallConstructor(ctx, ctor, 0, nullptr);
    JS_FreeValue(ctx, ctor);
    if (JS_IsException(map)) {
        return false;
    }
    JSValue get = JS_GetPropertyStr(ctx, map, "get");
    JSValue set = JS_GetPropertyStr(ctx, map, "set");
    if (JS_IsException(get) || JS_IsException(set)) {
        JS_FreeValue(ctx, get);
        JS_FreeValue(ctx, set);
        JS_FreeValue(ctx, map);
        return false;
    }
    d->exception_marks.map = map;
    d->exception_marks.get = get;
    d->exception_marks.set = set;
    return true;
}

void ExceptionMarks::clear(JSContext *ctx)
{
    for (JSValue *v : {&set, &get, &map}) {
        JS_FreeValue(ctx, *v);
        *v = JS_UNDEFINED;
    }
}

bool mark_csharp_exception(zts_domain *d, JSValueConst err, JSValue exotic)
{
    if (exotic_payload(exotic) == nullptr || !JS_IsObject(err) || JS_IsUndefined(d->exception_marks.map)) {
        JS_FreeValue(d->ctx, exotic);
        return true; // nothing to mark with
    }
    JSValueConst args[2] = {err, exotic};
    JSValue r = JS_Call(d->ctx, d->exception_marks.set, d->exception_marks.map, 2, args);
    JS_FreeValue(d->ctx, exotic);
    if (JS_IsException(r)) {
        return false;
    }
    JS_FreeValue(d->ctx, r);
    return true;
}

int32_t csharp_exception_slot(zts_domain *d, JSValueConst err)
{
    if (!JS_IsObject(err) || JS_IsUndefined(d->exception_marks.map)) {
        return -1;
    }
    // WeakMap.prototype.get runs no script (the map is unreachable from JS; a Proxy key is its own identity).
    JSValue v = JS_Call(d->ctx, d->exception_marks.get, d->exception_marks.map, 1, &err);
    if (JS_IsException(v)) {
        JS_FreeValue(d->ctx, JS_GetException(d->ctx));
        return -1;
    }
    const ExoticPayload *payload = exotic_payload(v);
    int32_t slot = payload != nullptr && payload->slot >= 0 ? payload->slot : -1;
    JS_FreeValue(d->ctx, v);
    return slot;
}

JSValue rethrowable(JSContext *ctx, JSValueConst v)
{
    if (JS_IsObject(v)) {
        return JS_DupValue(ctx, v);
    }
    JSValue box = JS_NewObjectClass(ctx, static_cast<int>(g_box_class));
    if (JS_IsException(box)) {
        return box;
    }
    auto *held = static_cast<JSValue *>(js_malloc(ctx, sizeof(JSValue)));
    if (held == nullptr) {
        JS_FreeValue(ctx, box);
        return JS_EXCEPTION;
    }
    *held = JS_DupValue(ctx, v);
    JS_SetOpaque(box, held);
    return box;
}

JSValue gate_throw(JSContext *ctx, JSValue exc)
{
    if (JS_GetClassID(exc) == g_box_class) {
        auto *held = static_cast<JSValue *>(JS_GetOpaque(exc, g_box_class));
        JSValue inner = held != nullptr ? JS_DupValue(ctx, *held) : JS_UNDEFINED;
        JS_FreeValue(ctx, exc);
        return JS_Throw(ctx, inner);
    }
    return JS_Throw(ctx, exc);
}

} // namespace zts
