/*
 * zts_mono_gate — the Editor/Mono native callback gate (seed build/03).
 *
 * A separate shared library that does not link QuickJS: its only QuickJS
 * entry points are injected by zts_gate_init. Every JS->managed callback of
 * the Mono backend goes from a QuickJS C function of the core through the gate;
 * the gate calls the managed function and, when that returns the error
 * sentinel, calls JS_Throw itself, after the managed frame has returned. Its
 * values are zts_gate_value (zts_value's layout) on every CPU.
 */
#ifndef ZTS_MONO_GATE_H
#define ZTS_MONO_GATE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define ZTS_GATE_API __declspec(dllexport)
#else
#define ZTS_GATE_API __attribute__((visibility("default")))
#endif

/** The sentinel tag a failing managed callback returns; identical in C and C#. */
#define ZTS_GATE_ERROR_SENTINEL ((int32_t)0xFFFF5A12)

/* The tags the gate itself writes: ZTS_TAG_OBJECT and ZTS_TAG_EXCEPTION of zts/zts.h. Native only: the C gate's
   copies of zts.h's tags, which JsValue.TagObject and TagException mirror already (Abi_Layout.GateValue_IsZtsValue
   checks them against zts.h). */
#define ZTS_GATE_TAG_OBJECT (-1)
#define ZTS_GATE_TAG_EXCEPTION 6

/** The gate's value: zts/zts.h's zts_value (16 bytes, payload then tag, on every CPU; the core converts where
    QuickJS NaN-boxes), declared again here so that the gate compiles from its own folder (the Unity package's
    ZTS~/mono-native). Abi_Layout.GateValue_IsZtsValue checks that the two agree. */
typedef struct zts_gate_value {
    union {
        int32_t int32;
        double float64;
        void *ptr;
        int64_t bits;
    } u;
    int64_t tag;
} zts_gate_value;

/* The gate's exports, one list (docs/C_ABI.md "One list"): declared below, and written out by tools/abi/gen_abi.js as
   the P/Invokes of ZTS.Mono (build/abi/ZTS.Mono/GateNative.g.cs) and as zts_abi.json's gate_functions (the exports
   tools/win64/check_pe.js wants of the Windows DLL). X(return type, name, parameters, managed side). */
#define ZTS_GATE_FUNCTIONS(X) \
    /** Injects the QuickJS entry points (seed build/03 §2.3); call once after the engine library is loaded and before \
     * any gated function is created. Any thread; later calls replace the pointers. Returns 0, or -1 when a pointer is \
     * NULL or the sentinel differs from ZTS_GATE_ERROR_SENTINEL (nothing changes). \
     *   js_touserdata(ctx, zts_gate_value value, slot): the pointer stored in a gate data value. \
     *   js_throw(ctx, zts_gate_value exc) -> zts_gate_value: the core's throw, JS_Throw that unwraps the boxes of \
     *   rethrown non-object values (takes ownership of exc). zts_gate_imports gives both. */ \
    X(int32_t, zts_gate_init, (void *js_touserdata, void *js_throw, int32_t error_sentinel_tag), ZTS_MONO) \
    /** Returns the gate's JSCFunctionData entry, or NULL while zts_gate_init has not succeeded. Any thread. */ \
    X(void *, zts_get_callback_gate, (void), ZTS_MONO) \
    /** Returns ZTS_GATE_ERROR_SENTINEL, so hosts can check that C and C# agree. Any thread. */ \
    X(int32_t, zts_callback_error_sentinel, (void), ZTS_MONO)

#define ZTS_GATE_DECLARE_FUNCTION(ret, name, params, managed) ZTS_GATE_API ret name params;
ZTS_GATE_FUNCTIONS(ZTS_GATE_DECLARE_FUNCTION)

#ifdef __cplusplus
}
#endif

#endif /* ZTS_MONO_GATE_H */
