#include "error_identity.h"

#include "clr_classes.h"

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
const JSClassDef k_box_class = {"ZtsThrownValue", box_finalizer, nullptr, nullptr, nullptr};

} // namespace

void register_thrown_box_class(JSRuntime *rt)
{
    JS_NewClassID(&g_box_class); // allocates once per process, then returns the same id
    JS_NewClass(rt, g_box_class, &k_box_class);
}

bool install_exception_mark(zts_domain *d)
{
    // A symbol nobody else can name: JS cannot forge the mark, and `for...in`/JSON do not show it.
    JSContext *ctx = d->ctx;
    JSValue global = JS_GetGlobalObject(ctx);
    JSValue symbol_ctor = JS_GetPropertyStr(ctx, global, "Symbol");
    JS_FreeValue(ctx, global);
    JSValue description = JS_NewString(ctx, "zts.csharpException");
    JSValue symbol = JS_IsException(symbol_ctor) || JS_IsException(description)
                         ? JS_EXCEPTION
                         : JS_Call(ctx, symbol_ctor, JS_UNDEFINED, 1, &description);
    JS_FreeValue(ctx, description);
    JS_FreeValue(ctx, symbol_ctor);
    if (JS_IsException(symbol)) {
        return false;
    }
    d->csharp_exception_atom = JS_ValueToAtom(ctx, symbol);
    JS_FreeValue(ctx, symbol);
    return d->csharp_exception_atom != JS_ATOM_NULL;
}

bool mark_csharp_exception(zts_domain *d, JSValueConst err, JSValue exotic)
{
    if (exotic_payload(exotic) == nullptr) {
        JS_FreeValue(d->ctx, exotic);
        return true; // nothing to mark with
    }
    return JS_DefinePropertyValue(d->ctx, err, d->csharp_exception_atom, exotic, 0) >= 0;
}

int32_t csharp_exception_slot(zts_domain *d, JSValueConst err)
{
    if (!JS_IsObject(err) || d->csharp_exception_atom == JS_ATOM_NULL) {
        return -1;
    }
    // Only an own data property counts; reading it runs no JS (the key is unreachable from JS).
    JSPropertyDescriptor desc;
    int found = JS_GetOwnProperty(d->ctx, &desc, err, d->csharp_exception_atom);
    if (found <= 0) {
        if (found < 0) {
            JS_FreeValue(d->ctx, JS_GetException(d->ctx));
        }
        return -1;
    }
    const ExoticPayload *payload = exotic_payload(desc.value);
    int32_t slot = payload != nullptr ? payload->slot : -1;
    JS_FreeValue(d->ctx, desc.value);
    JS_FreeValue(d->ctx, desc.getter);
    JS_FreeValue(d->ctx, desc.setter);
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
