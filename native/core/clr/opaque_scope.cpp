#include "clr/opaque_scope.h"

#include "runtime/domain.h"
#include "runtime/quickjs_seam.h"
#include "runtime/trampoline.h"

namespace zts
{
namespace
{

JSClassID g_opaque_class = 0;
constexpr const char *k_invalid = "zts: invalid opaque parameter handle";

// What a handle names: its opaque points to one of these, made with the handle object and freed with it. Not packed
// into the opaque pointer itself (stamp << 32 | index), which lost the stamp where pointers are 32 bits, so that
// every handle of a call named its first slot (Domain_Call.FunctionCallOpaque_* on linux-x86). A reused spare
// handle rewrites its key in place, so a call allocates only for handles beyond the spares.
struct HandleKey {
    int32_t index;
    uint32_t stamp; ///< 0 names no slot (a retired handle)
};

void opaque_finalize(JSRuntime *rt, JSValue handle) noexcept
{
    js_free_rt(rt, JS_GetOpaque(handle, g_opaque_class));
}

JSValue *slot_of(JSContext *ctx, JSValueConst handle)
{
    if (JS_VALUE_GET_TAG(handle) != JS_TAG_OBJECT || JS_GetClassID(handle) != g_opaque_class) {
        return nullptr;
    }
    const auto *key = static_cast<const HandleKey *>(JS_GetOpaque(handle, g_opaque_class));
    return key != nullptr ? domain_of(ctx)->opaque.find(key->index, key->stamp) : nullptr;
}

JSValue opaque_member_access(JSContext *ctx, JSValueConst /*obj*/, JSAtom /*atom*/, JSValueConst /*receiver*/)
{
    return throw_error(ctx, std::string(k_invalid) + " (use zts.opaque_get/zts.opaque_set, not member access)");
}

int opaque_member_write(JSContext *ctx, JSValueConst /*obj*/, JSAtom /*atom*/, JSValueConst /*value*/,
                        JSValueConst /*receiver*/, int /*flags*/)
{
    throw_error(ctx, std::string(k_invalid) + " (use zts.opaque_get/zts.opaque_set, not member access)");
    return -1;
}

JSClassExoticMethods k_opaque_exotic = {};
JSClassDef k_opaque_def = {"ZtsOpaque", nullptr, nullptr, nullptr, &k_opaque_exotic};

} // namespace

JSValue js_opaque_get(JSContext *ctx, JSValueConst /*this_val*/, int argc, JSValueConst *argv)
{
    JSValue *slot = argc > 0 ? slot_of(ctx, argv[0]) : nullptr;
    if (slot == nullptr) {
        return throw_error(ctx, k_invalid);
    }
    return JS_DupValue(ctx, *slot);
}

JSValue js_opaque_set(JSContext *ctx, JSValueConst /*this_val*/, int argc, JSValueConst *argv)
{
    JSValue *slot = argc > 0 ? slot_of(ctx, argv[0]) : nullptr;
    if (slot == nullptr) {
        return throw_error(ctx, k_invalid);
    }
    JSValue old = *slot;
    *slot = JS_DupValue(ctx, argc > 1 ? argv[1] : JS_UNDEFINED);
    JS_FreeValue(ctx, old);
    return JS_UNDEFINED;
}

int32_t OpaqueSlots::add(JSValue v, uint32_t *stamp)
{
    if (next_stamp_ == 0) {
        next_stamp_ = 1; // 0 names no slot (a retired handle's opaque)
    }
    *stamp = next_stamp_++;
    slots_.push_back(Slot{v, *stamp});
    return static_cast<int32_t>(slots_.size() - 1);
}

JSValue *OpaqueSlots::find(int32_t index, uint32_t stamp)
{
    if (index < 0 || static_cast<size_t>(index) >= slots_.size() || slots_[static_cast<size_t>(index)].stamp != stamp) {
        return nullptr;
    }
    return &slots_[static_cast<size_t>(index)].value;
}

void OpaqueSlots::end(JSContext *ctx, int32_t token)
{
    while (slots_.size() > static_cast<size_t>(token < 0 ? 0 : token)) {
        JSValue v = slots_.back().value;
        slots_.pop_back();
        JS_FreeValue(ctx, v);
    }
}

JSValue OpaqueSlots::take_spare()
{
    if (spare_.empty()) {
        return JS_UNDEFINED;
    }
    JSValue h = spare_.back();
    spare_.pop_back();
    return h;
}

void OpaqueSlots::retire(JSContext *ctx, JSValue handle)
{
    constexpr size_t k_max_spare = 64; // enough for the widest call; more would only hold memory
    if (quickjs_seam::is_unobserved_object(handle) && spare_.size() < k_max_spare) {
        static_cast<HandleKey *>(JS_GetOpaque(handle, g_opaque_class))->stamp = 0; // invalid until reused
        spare_.push_back(handle);
        return;
    }
    JS_FreeValue(ctx, handle);
}

void OpaqueSlots::clear(JSContext *ctx)
{
    end(ctx, 0);
    for (JSValue h : spare_) {
        JS_FreeValue(ctx, h);
    }
    spare_.clear();
}

void register_opaque_class(JSRuntime *rt)
{
    k_opaque_exotic.get_property = hook<opaque_member_access>;
    k_opaque_exotic.set_property = hook<opaque_member_write>;
    k_opaque_def.finalizer = hook<opaque_finalize>;
    JS_NewClassID(&g_opaque_class);
    JS_NewClass(rt, g_opaque_class, &k_opaque_def);
}

JSValue new_opaque_handle(zts_domain *d, JSValue v, int32_t *index)
{
    // A spare handle is indistinguishable from a new one: no script holds it, nothing weak points at it, and it
    // is not extensible, so it carries no property or prototype change from an earlier call.
    JSValue handle = d->opaque.take_spare();
    if (JS_IsUndefined(handle)) {
        handle = JS_NewObjectClass(d->ctx, static_cast<int>(g_opaque_class));
        if (JS_IsException(handle) || JS_PreventExtensions(d->ctx, handle) < 0) {
            JS_FreeValue(d->ctx, handle);
            JS_FreeValue(d->ctx, v);
            return JS_EXCEPTION;
        }
        auto *key = static_cast<HandleKey *>(js_mallocz(d->ctx, sizeof(HandleKey)));
        if (key == nullptr) {
            JS_FreeValue(d->ctx, handle);
            JS_FreeValue(d->ctx, v);
            return JS_EXCEPTION;
        }
        JS_SetOpaque(handle, key);
    }
    auto *key = static_cast<HandleKey *>(JS_GetOpaque(handle, g_opaque_class));
    *index = d->opaque.add(v, &key->stamp);
    key->index = *index;
    return handle;
}

} // namespace zts
