/*
 * zts_mono_gate — see zts_mono_gate.h. Written in C; includes quickjs.h for
 * the JSValue layout and macros only: no QuickJS symbol is linked (a test
 * checks the shared object's undefined symbols).
 */
#include "zts_mono_gate.h"

#include "quickjs.h"

#include <stddef.h>

typedef void *(*gate_touserdata_fn)(JSContext *ctx, JSValueConst value, int slot);
typedef JSValue (*gate_throw_fn)(JSContext *ctx, JSValue exc);
typedef JSValue (*gate_managed_fn)(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv, int magic,
                                   JSValue *data);

/* Injected by zts_gate_init; read on every gated call. */
static gate_touserdata_fn g_touserdata;
static gate_throw_fn g_throw;

/* The JSCFunctionData entry of every gated function.
 * func_data[0] holds the managed entry point; func_data[1..] is the logical data,
 * which the managed side sees as its data[0..] (the offset rule of build/03 §2.3). */
static JSValue zts_callback_gate(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv, int magic,
                                 JSValue *func_data)
{
    gate_managed_fn fn = (gate_managed_fn)g_touserdata(ctx, func_data[0], 0);
    if (fn == NULL) {
        return JS_EXCEPTION; /* touserdata has thrown already */
    }
    JSValue ret = fn(ctx, this_val, argc, argv, magic, func_data + 1);
    /* The managed frame has returned: only now may JS_Throw run. */
    if (JS_VALUE_GET_TAG(ret) == ZTS_GATE_ERROR_SENTINEL) {
        void *error_object = JS_VALUE_GET_PTR(ret);
        if (error_object == NULL) {
            return JS_EXCEPTION; /* the Error could not be made; an out-of-memory exception is pending */
        }
        return g_throw(ctx, JS_MKPTR(JS_TAG_OBJECT, error_object));
    }
    return ret;
}

int32_t zts_gate_init(void *js_touserdata, void *js_throw, int32_t error_sentinel_tag)
{
    if (js_touserdata == NULL || js_throw == NULL || error_sentinel_tag != ZTS_GATE_ERROR_SENTINEL) {
        return -1;
    }
    g_touserdata = (gate_touserdata_fn)js_touserdata;
    g_throw = (gate_throw_fn)js_throw;
    return 0;
}

void *zts_get_callback_gate(void)
{
    if (g_touserdata == NULL || g_throw == NULL) {
        return NULL;
    }
    return (void *)&zts_callback_gate;
}

int32_t zts_callback_error_sentinel(void)
{
    return ZTS_GATE_ERROR_SENTINEL;
}
