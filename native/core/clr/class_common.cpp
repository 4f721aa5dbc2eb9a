// What the exotic classes of the CLR share: the class ids, their registration, the ByObj finalizer and the
// write-through-prototypes rule of objects and arrays (10-LIFETIME §2, SPEC_MAP D5).
#include "clr/class_common.h"
#include "clr/struct_copies.h"

namespace zts
{

JSClassID g_object_class = 0;
JSClassID g_array_class = 0;
JSClassID g_type_class = 0;
JSClassID g_delegate_class = 0;

void anchor_initial_shape(JSContext *ctx, TypeInfo &t)
{
    if (__builtin_expect(!JS_IsUndefined(t.shape_anchor), 1)) {
        return;
    }
    // Without a live object on the prototype, QuickJS makes (and frees) the empty shape with every exotic that is
    // the only one alive (a struct result dropped right away). Out of memory leaves it undefined.
    JSValue anchor = JS_NewObjectProto(ctx, t.prototype);
    if (JS_IsException(anchor)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
    } else {
        t.shape_anchor = anchor;
    }
}

zts_domain *domain_of_rt(JSRuntime *rt)
{
    return static_cast<zts_domain *>(JS_GetRuntimeOpaque(rt));
}

void register_clr_classes(JSRuntime *rt)
{
    register_object_class(rt);
    register_array_class(rt);
    register_type_class(rt);
    register_delegate_class(rt);
    register_struct_class(rt);
}

void object_finalizer(JSRuntime *rt, JSValue val)
{
    auto *payload = static_cast<ExoticPayload *>(JS_GetOpaque(val, JS_GetClassID(val)));
    if (payload == nullptr) {
        return;
    }
    // Only a record: the host frees its slot when it drains the released list (no managed call here).
    ObjectSlots &slots = domain_of_rt(rt)->slots;
    slots.finalized(payload->slot, payload->generation);
    slots.free_payload(payload);
}

std::string atom_text(JSContext *ctx, JSAtom atom)
{
    const char *s = JS_AtomToCString(ctx, atom);
    if (s == nullptr) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return "?";
    }
    std::string out = s;
    JS_FreeCString(ctx, s);
    return out;
}

std::string view_name(zts_domain *d, JSValueConst obj)
{
    const ExoticPayload *payload = exotic_payload(obj);
    const TypeInfo *t = payload != nullptr ? d->types.find(payload->type_id) : nullptr;
    return t != nullptr ? t->js_name : std::string("object");
}

// Writes through the prototype chain's accessor; members that are not writable, or missing, throw.
int set_through_prototypes(JSContext *ctx, JSValueConst obj, JSAtom atom, JSValueConst value, JSValueConst receiver,
                           const std::string &owner)
{
    JSValue p = JS_GetPrototype(ctx, obj);
    while (JS_IsObject(p)) {
        JSPropertyDescriptor desc;
        int found = JS_GetOwnProperty(ctx, &desc, p, atom);
        if (found < 0) {
            JS_FreeValue(ctx, p);
            return -1;
        }
        if (found) {
            JS_FreeValue(ctx, p);
            bool accessor = (desc.flags & JS_PROP_GETSET) != 0;
            JSValue setter = accessor ? desc.setter : JS_UNDEFINED;
            JS_FreeValue(ctx, desc.getter);
            JS_FreeValue(ctx, desc.value);
            if (!accessor || JS_IsUndefined(setter)) {
                JS_FreeValue(ctx, setter);
                throw_error(ctx, "zts: '" + owner + "." + atom_text(ctx, atom) + "' is read-only");
                return -1;
            }
            JSValue r = JS_Call(ctx, setter, receiver, 1, &value);
            JS_FreeValue(ctx, setter);
            if (JS_IsException(r)) {
                return -1;
            }
            JS_FreeValue(ctx, r);
            return 1;
        }
        JSValue next = JS_GetPrototype(ctx, p);
        JS_FreeValue(ctx, p);
        p = next;
    }
    JS_FreeValue(ctx, p);
    throw_error(ctx, "zts: '" + owner + "' has no member '" + atom_text(ctx, atom) + "'");
    return -1;
}

const ExoticPayload *exotic_payload(JSValueConst v)
{
    if (JS_VALUE_GET_TAG(v) != JS_TAG_OBJECT) {
        return nullptr;
    }
    JSClassID id = JS_GetClassID(v);
    if (id != g_object_class && id != g_array_class && id != g_delegate_class && id != g_struct_class) {
        return nullptr;
    }
    return static_cast<const ExoticPayload *>(JS_GetOpaque(v, id));
}

} // namespace zts
