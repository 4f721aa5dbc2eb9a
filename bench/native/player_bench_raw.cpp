// Hand-written baselines of the Player backend's benchmarks (bench/player/PlayerBench.cs, run under the
// launcher): what a binding written by hand for one signature costs, with the same typed-call mechanism the
// generated bridges use.
//  - JS -> C#: a QuickJS C function that reads two int arguments and calls the method's typed entry (the unmanaged
//    thunk) directly: no overload resolution, no conversion rules, no registry.
//  - C# -> JS: an internal call that makes two ints into JS values and JS_Calls a stored function.
//  - A constructor: the runtime's allocation and the constructor's typed entry (Raw.New).
#include "quickjs.h"
#include "zts_clr.h"
#include "zts_clr_typed_call.h"

#include <cstdint>

namespace
{

void *g_add; // the typed entry of Add(int, int)
JSContext *g_ctx;
JSValue g_js_add = JS_UNDEFINED;

JSValue raw_add(JSContext *ctx, JSValueConst, int argc, JSValueConst *argv)
{
    int32_t a = 0;
    int32_t b = 0;
    if (argc < 2 || JS_ToInt32(ctx, &a, argv[0]) < 0 || JS_ToInt32(ctx, &b, argv[1]) < 0) return JS_EXCEPTION;
    void *exc = nullptr;
    int32_t r = zts_clr::typed_call<int32_t>(g_add, &exc, a, b);
    if (exc != nullptr) return JS_ThrowInternalError(ctx, "managed exception");
    return JS_NewInt32(ctx, r);
}

// new Box(v) by hand: the runtime's allocation and the constructor's typed entry, nothing registered, nothing pushed.
void *g_ctor; // the typed entry of the constructor
zts_clr_class *g_box_class;

JSValue raw_new(JSContext *ctx, JSValueConst, int argc, JSValueConst *argv)
{
    int32_t v = 0;
    if (argc < 1 || JS_ToInt32(ctx, &v, argv[0]) < 0) return JS_EXCEPTION;
    zts_clr_object *box = zts_clr_object_new(g_box_class);
    if (box == nullptr) return JS_ThrowOutOfMemory(ctx);
    void *exc = nullptr;
    zts_clr::typed_call<void>(g_ctor, &exc, box, v);
    if (exc != nullptr) return JS_ThrowInternalError(ctx, "managed exception");
    return JS_NewInt32(ctx, v);
}

int32_t raw_call(int32_t a, int32_t b)
{
    JSValue args[2] = {JS_NewInt32(g_ctx, a), JS_NewInt32(g_ctx, b)};
    JSValue r = JS_Call(g_ctx, g_js_add, JS_UNDEFINED, 2, args);
    int32_t out = JS_VALUE_GET_TAG(r) == JS_TAG_INT ? JS_VALUE_GET_INT(r) : -1;
    JS_FreeValue(g_ctx, r);
    return out;
}

} // namespace

extern "C" __attribute__((visibility("default"))) int32_t zts_bench_player_install(JSContext *ctx, void *add_method)
{
    g_ctx = ctx;
    g_add = zts_clr_method_get_typed_entry(zts_clr_method_from_handle(add_method));
    JSValue global = JS_GetGlobalObject(ctx);
    JSValue raw = JS_NewObject(ctx);
    JS_SetPropertyStr(ctx, raw, "Add", JS_NewCFunction(ctx, raw_add, "Add", 2));
    JS_SetPropertyStr(ctx, global, "Raw", raw);
    JS_FreeValue(ctx, g_js_add);
    g_js_add = JS_GetPropertyStr(ctx, global, "jsAdd");
    JS_FreeValue(ctx, global);
    zts_clr_add_internal_call("ZTS.PlayerBench.Program::RawCall", reinterpret_cast<const void *>(&raw_call));
    return g_add != nullptr && JS_IsFunction(ctx, g_js_add) ? 0 : -1;
}

// Raw.New(v): a constructor called by hand (the row player_js_to_csharp_new_object_push_vs_raw_new).
extern "C" __attribute__((visibility("default"))) int32_t zts_bench_player_install_new(JSContext *ctx, void *ctor)
{
    zts_clr_method *m = zts_clr_method_from_handle(ctor);
    g_ctor = zts_clr_method_get_typed_entry(m);
    g_box_class = zts_clr_method_get_class(m);
    JSValue global = JS_GetGlobalObject(ctx);
    JSValue raw = JS_GetPropertyStr(ctx, global, "Raw");
    JS_SetPropertyStr(ctx, raw, "New", JS_NewCFunction(ctx, raw_new, "New", 1));
    JS_FreeValue(ctx, raw);
    JS_FreeValue(ctx, global);
    return g_ctor != nullptr && g_box_class != nullptr ? 0 : -1;
}

extern "C" __attribute__((visibility("default"))) void zts_bench_player_release()
{
    JS_FreeValue(g_ctx, g_js_add);
    g_js_add = JS_UNDEFINED;
}
