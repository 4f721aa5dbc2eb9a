// CSharpObject: a C# object (ByObj) as a QuickJS exotic; its members are on its type's prototype
// (10-LIFETIME §2, SPEC_MAP D5).
#include "clr/class_common.h"
#include "runtime/trampoline.h"

namespace zts
{
namespace
{

int object_set_property(JSContext *ctx, JSValueConst obj, JSAtom atom, JSValueConst value, JSValueConst receiver,
                        int /*flags*/)
{
    return set_through_prototypes(ctx, obj, atom, value, receiver, view_name(domain_of(ctx), obj));
}

JSClassExoticMethods k_object_exotic = {};

const JSClassDef k_object_def = {"CSharpObject", hook<object_finalizer>, nullptr, nullptr, &k_object_exotic};

} // namespace

void register_object_class(JSRuntime *rt)
{
    k_object_exotic.set_property = hook<object_set_property>;
    JS_NewClassID(&g_object_class);
    JS_NewClass(rt, g_object_class, &k_object_def);
}

JSClassExoticMethods *object_exotic_methods()
{
    return &k_object_exotic;
}

JSValue push_object(zts_domain *d, int32_t type_id, int32_t slot)
{
    JSContext *ctx = d->ctx;
    if (void *live = d->slots.live(slot)) {
        return JS_DupValue(ctx, JS_MKPTR(JS_TAG_OBJECT, live)); // identity: the same JS object
    }
    TypeInfo *t = d->types.find(type_id);
    if (t == nullptr || !(t->bound || t->binding)) {
        if (!ensure_bound(d, type_id)) {
            d->slots.abandon(slot); // no exotic will ever release it: the host frees the slot at its next drain
            return JS_EXCEPTION;
        }
        t = d->types.find(type_id); // binding may have declared types (the registry may have moved)
    }
    JSClassID class_id = (t->flags & ZTS_TYPE_ARRAY) != 0      ? g_array_class
                         : (t->flags & ZTS_TYPE_DELEGATE) != 0 ? g_delegate_class
                                                               : g_object_class;
    anchor_initial_shape(ctx, *t);
    JSValue obj = JS_NewObjectProtoClass(ctx, t->prototype, class_id);
    if (JS_IsException(obj)) {
        d->slots.abandon(slot);
        return obj;
    }
    ExoticPayload *payload = d->slots.new_payload(); // pooled: one allocator call saved per exotic
    if (payload == nullptr) {
        JS_FreeValue(ctx, obj);
        d->slots.abandon(slot);
        return JS_ThrowOutOfMemory(ctx);
    }
    payload->slot = slot;
    payload->type_id = type_id;
    payload->length = -1;
    payload->generation = d->slots.attach(slot, JS_VALUE_GET_PTR(obj));
    JS_SetOpaque(obj, payload);
    return obj;
}

} // namespace zts
