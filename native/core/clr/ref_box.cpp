#include "clr/ref_box.h"

#include "runtime/trampoline.h"

namespace zts
{
namespace
{

JSClassID g_ref_class = 0;
const JSClassDef k_ref_def = {"ZtsRef", nullptr, nullptr, nullptr, nullptr};

} // namespace

JSValue js_ref(JSContext *ctx, JSValueConst /*this_val*/, int argc, JSValueConst *argv)
{
    JSValue box = JS_NewObjectClass(ctx, static_cast<int>(g_ref_class));
    if (JS_IsException(box)) {
        return box;
    }
    JSValue initial = argc > 0 ? JS_DupValue(ctx, argv[0]) : JS_UNDEFINED;
    if (JS_DefinePropertyValueStr(ctx, box, "value", initial, JS_PROP_WRITABLE | JS_PROP_ENUMERABLE) < 0) {
        JS_FreeValue(ctx, box);
        return JS_EXCEPTION;
    }
    return box;
}

void register_ref_class(JSRuntime *rt)
{
    JS_NewClassID(&g_ref_class);
    JS_NewClass(rt, g_ref_class, &k_ref_def);
}

bool is_ref_box(JSValueConst v)
{
    return JS_VALUE_GET_TAG(v) == JS_TAG_OBJECT && JS_GetClassID(v) == g_ref_class;
}

} // namespace zts
