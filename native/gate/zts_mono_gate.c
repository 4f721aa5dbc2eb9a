/*
 * zts_mono_gate — see zts_mono_gate.h. Written in C. Its values are zts_gate_value (zts_value's 16 bytes, payload
 * then tag, on every CPU), never QuickJS's JSValue, whose layout differs on 32-bit targets (NaN boxing): the core
 * converts there before and after calling the gate (docs/PLATFORMS.md). It includes no QuickJS header, and no QuickJS
 * symbol is linked (a test checks the shared object's undefined symbols).
 */
#include "zts_mono_gate.h"

#include <stddef.h>

typedef struct JSContext JSContext;
typedef zts_gate_value zts_value;

typedef void *(*gate_touserdata_fn)(JSContext *ctx, zts_value value, int slot);
typedef zts_value (*gate_throw_fn)(JSContext *ctx, zts_value exc);
/* zts_host_call_fn of zts/zts.h */
typedef zts_value (*gate_managed_fn)(JSContext *ctx, zts_value this_val, int32_t argc, zts_value *argv, int32_t magic,
                                     zts_value *data);

/* Injected by zts_gate_init; read on every gated call. */
static gate_touserdata_fn g_touserdata;
static gate_throw_fn g_throw;

/* The entry of every gated function (the core calls it from its JSCFunctionData functions).
 * func_data[0] holds the managed entry point; func_data[1..] is the logical data,
 * which the managed side sees as its data[0..] (the offset rule of build/03 §2.3). */
static zts_value zts_callback_gate(JSContext *ctx, zts_value this_val, int argc, zts_value *argv, int magic,
                                   zts_value *func_data)
{
    gate_managed_fn fn = (gate_managed_fn)g_touserdata(ctx, func_data[0], 0);
    if (fn == NULL) {
        zts_value exception;
        exception.u.bits = 0;
        exception.tag = ZTS_GATE_TAG_EXCEPTION; /* touserdata has thrown already */
        return exception;
    }
    zts_value ret = fn(ctx, this_val, argc, argv, magic, func_data + 1);
    /* The managed frame has returned: only now may JS_Throw run. QuickJS reads a tag as (int32_t)tag. */
    if ((int32_t)ret.tag == ZTS_GATE_ERROR_SENTINEL) {
        void *error_object = ret.u.ptr;
        if (error_object == NULL) {
            zts_value exception;
            exception.u.bits = 0;
            exception.tag = ZTS_GATE_TAG_EXCEPTION; /* the Error could not be made; an out-of-memory exception is pending */
            return exception;
        }
        zts_value error;
        error.u.bits = 0;
        error.u.ptr = error_object;
        error.tag = ZTS_GATE_TAG_OBJECT;
        return g_throw(ctx, error);
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
