// CSharpArray: a C# array as a QuickJS exotic; integer keys and `length` reach the host (SPEC_MAP D5).
#include "clr/class_common.h"
#include "clr/member_dispatch.h"
#include "runtime/trampoline.h"

namespace zts
{
namespace
{

// Arrays: integer keys and `length` reach the host; everything else is the prototype chain.
bool array_index(JSContext *ctx, JSAtom atom, int32_t *index)
{
    // QuickJS keeps keys 0..2^31-2 as tagged-int atoms (JS_ATOM_TAG_INT, the top bit; checked by the
    // QuickJS_Atoms test): the hot path needs no string.
    if ((atom & k_atom_tag_int) != 0) {
        *index = static_cast<int32_t>(atom & ~k_atom_tag_int);
        return true;
    }
    // Other array index keys are canonical decimal strings ("0", "17"; not "01" or "-1").
    const char *s = JS_AtomToCString(ctx, atom);
    if (s == nullptr) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return false;
    }
    bool ok = s[0] >= '0' && s[0] <= '9' && (s[0] != '0' || s[1] == '\0');
    int64_t value = 0;
    for (const char *p = s; ok && *p != '\0'; p++) {
        ok = *p >= '0' && *p <= '9';
        value = value * 10 + (*p - '0');
        ok = ok && value <= INT32_MAX;
    }
    JS_FreeCString(ctx, s);
    if (ok) {
        *index = static_cast<int32_t>(value);
    }
    return ok;
}

JSValue array_get_property(JSContext *ctx, JSValueConst obj, JSAtom atom, JSValueConst receiver)
{
    zts_domain *d = domain_of(ctx);
    auto *payload = const_cast<ExoticPayload *>(exotic_payload(obj));
    const TypeInfo *t = d->types.find(payload->type_id);
    int32_t index = 0;
    if (t != nullptr && t->element_get >= 0 && array_index(ctx, atom, &index)) {
        JSValue arg = JS_NewInt32(ctx, index);
        return invoke_bridge(d, t->element_get, obj, payload->slot, 1, &arg);
    }
    if (t != nullptr && t->length_get >= 0 && atom == d->clr.length_atom) {
        // A C# array never resizes: ask the host once per exotic (loops read length every iteration).
        if (payload->length >= 0) {
            return JS_NewInt32(ctx, payload->length);
        }
        JSValue length = invoke_bridge(d, t->length_get, obj, payload->slot, 0, nullptr);
        if (JS_VALUE_GET_TAG(length) == JS_TAG_INT && JS_VALUE_GET_INT(length) >= 0) {
            payload->length = JS_VALUE_GET_INT(length);
        }
        return length;
    }
    JSValue proto = JS_GetPrototype(ctx, obj);
    JSValue r = JS_GetPropertyInternal(ctx, proto, atom, receiver, 0);
    JS_FreeValue(ctx, proto);
    return r;
}

int array_set_property(JSContext *ctx, JSValueConst obj, JSAtom atom, JSValueConst value, JSValueConst receiver,
                       int /*flags*/)
{
    zts_domain *d = domain_of(ctx);
    const ExoticPayload *payload = exotic_payload(obj);
    const TypeInfo *t = d->types.find(payload->type_id);
    int32_t index = 0;
    if (t != nullptr && t->element_set >= 0 && array_index(ctx, atom, &index)) {
        JSValue args[2] = {JS_NewInt32(ctx, index), value};
        JSValue r = invoke_bridge(d, t->element_set, obj, payload->slot, 2, args);
        if (JS_IsException(r)) {
            return -1;
        }
        JS_FreeValue(ctx, r);
        return 1;
    }
    return set_through_prototypes(ctx, obj, atom, value, receiver, view_name(d, obj));
}

int array_has_property(JSContext *ctx, JSValueConst obj, JSAtom atom)
{
    int32_t index = 0;
    if (array_index(ctx, atom, &index)) {
        return 1; // bounds are the host's: reading past the end throws there
    }
    JSValue proto = JS_GetPrototype(ctx, obj);
    int r = JS_HasProperty(ctx, proto, atom);
    JS_FreeValue(ctx, proto);
    return r;
}

JSClassExoticMethods k_array_exotic = {};

const JSClassDef k_array_def = {"CSharpArray", hook<object_finalizer>, nullptr, nullptr, &k_array_exotic};

} // namespace

void register_array_class(JSRuntime *rt)
{
    k_array_exotic.get_property = hook<array_get_property>;
    k_array_exotic.set_property = hook<array_set_property>;
    k_array_exotic.has_property = hook<array_has_property>;
    JS_NewClassID(&g_array_class);
    JS_NewClass(rt, g_array_class, &k_array_def);
}

// C# arrays are array-likes (`length` + index keys), so the generic Array.prototype.values is their
// iterator: `for (const x of arr)` and spreading work like on JS arrays.
bool define_array_iterator(JSContext *ctx, JSValueConst proto)
{
    JSValue global = JS_GetGlobalObject(ctx);
    JSValue array_ctor = JS_GetPropertyStr(ctx, global, "Array");
    JSValue array_proto = JS_GetPropertyStr(ctx, array_ctor, "prototype");
    JSValue values = JS_GetPropertyStr(ctx, array_proto, "values");
    JSValue symbol_ctor = JS_GetPropertyStr(ctx, global, "Symbol");
    JSValue iterator = JS_GetPropertyStr(ctx, symbol_ctor, "iterator");
    JSAtom atom = JS_ValueToAtom(ctx, iterator);
    int rc = atom == JS_ATOM_NULL ? -1
                                  : JS_DefinePropertyValue(ctx, proto, atom, JS_DupValue(ctx, values),
                                                           JS_PROP_CONFIGURABLE | JS_PROP_WRITABLE);
    JS_FreeAtom(ctx, atom);
    JS_FreeValue(ctx, iterator);
    JS_FreeValue(ctx, symbol_ctor);
    JS_FreeValue(ctx, values);
    JS_FreeValue(ctx, array_proto);
    JS_FreeValue(ctx, array_ctor);
    JS_FreeValue(ctx, global);
    return rc >= 0;
}

} // namespace zts
