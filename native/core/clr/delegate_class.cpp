// CSharpDelegate: a C# delegate as a callable QuickJS exotic; d(...) calls its Invoke member (SPEC_MAP D5).
#include "clr/class_common.h"
#include "clr/member_dispatch.h"
#include "runtime/trampoline.h"

namespace zts
{
namespace
{

// A C# delegate in JS is callable: d(...) calls its Invoke member (SPEC_MAP D5 Delegates).
JSValue delegate_call(JSContext *ctx, JSValueConst func_obj, JSValueConst /*this_val*/, int argc, JSValueConst *argv,
                      int flags)
{
    zts_domain *d = domain_of(ctx);
    const ExoticPayload *payload = exotic_payload(func_obj);
    if ((flags & JS_CALL_FLAG_CONSTRUCTOR) != 0) {
        return throw_error(ctx, "zts: a delegate is not a constructor");
    }
    if (payload == nullptr || !ensure_bound(d, payload->type_id)) {
        return JS_EXCEPTION;
    }
    for (TypeInfo *t = d->types.find(payload->type_id); t != nullptr; t = d->types.find(t->base_id)) {
        for (const MemberSet &set : t->methods) {
            if (!set.is_static && set.name == "Invoke") {
                const Candidate *c = choose_overload(d, *t, set, set.name, argc, argv);
                if (c == nullptr) {
                    return JS_EXCEPTION;
                }
                return invoke_bridge(d, c->bridge, func_obj, payload->slot, argc, argv);
            }
        }
    }
    return throw_error(ctx, "zts: this delegate has no Invoke method");
}

JSClassDef k_delegate_def = {"CSharpDelegate", hook<object_finalizer>, nullptr, hook<delegate_call>, nullptr};

} // namespace

void register_delegate_class(JSRuntime *rt)
{
    k_delegate_def.exotic = object_exotic_methods(); // a delegate's members are written like an object's
    JS_NewClassID(&g_delegate_class);
    JS_NewClass(rt, g_delegate_class, &k_delegate_def);
}

} // namespace zts
