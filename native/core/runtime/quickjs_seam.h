// The one place in native/core that names what ZTS's patched QuickJS has and stock QuickJS 2025-04-26 lacks.
//
// The core builds against either tree (docs/ARCHITECTURE.md, "QuickJS and ZTS's patches"):
// - patched (the default, -DZTS_QUICKJS_PATCHES=ON): third_party/quickjs with every tools/patches/*.patch applied;
// - stock (-DZTS_QUICKJS_PATCHES=OFF): the pristine tree with no patch at all (the build tree's quickjs-stock/, written
//   by tools/patch_quickjs.sh --stock).
// CMake sets ZTS_QUICKJS_PATCHES to 1 or 0 for the core and everything that links it (tests read it too). Every
// capability below has a stock fallback with the same result, only slower, or (the hooks) a documented lesser one.
// The script debugger needs QuickJS's debugger hook (tools/patches/quickjs-debugger-hook.patch): a stock build leaves
// it out (CMake forces ZTS_DEBUGGER OFF; native/core/inspector_absent.cpp answers zts_debugger_start).
// The patches without an API (bug fixes and visible semantics: tools/patches/README.md) need nothing here.
#pragma once

#include "quickjs.h"
#include "runtime/trampoline.h"

#include <cstdint>

#ifndef ZTS_QUICKJS_PATCHES
#error "ZTS_QUICKJS_PATCHES must be 0 or 1 (set by native/CMakeLists.txt from the CMake option of that name)"
#endif

namespace zts::quickjs_seam
{

/// True over the patched tree. Tests and the few callers that skip work the stock path does not need read it.
inline constexpr bool k_patched = ZTS_QUICKJS_PATCHES != 0;

#if ZTS_QUICKJS_PATCHES

/// JS_Call whose argv the callee may use as its argument slots (no second copy: quickjs-call-own-args.patch); the
/// caller frees every argv[i] afterwards, including a value JS assigned to a parameter.
inline JSValue call_own_args(JSContext *ctx, JSValueConst f, JSValueConst this_obj, int argc, JSValue *argv)
{
    return JS_CallOwnArgs(ctx, f, this_obj, argc, argv);
}

/// The elements of a fast Array (borrowed, no getter can run: quickjs-fast-array-elements.patch), or false.
inline bool fast_array_elements(JSContext *ctx, JSValueConst obj, JSValue **values, uint32_t *count)
{
    return JS_GetFastArrayElements(ctx, obj, values, count) != 0;
}

/// A new plain object with model's shape holding values (consumed) in one step (quickjs-object-from-model.patch):
/// 0 and *obj set, or -1 (nothing consumed) when the model does not fit.
inline int new_object_from_model(JSContext *ctx, JSValueConst model, int count, JSValue *values, JSValue *obj)
{
    return JS_NewObjectFromModel(ctx, model, count, values, obj);
}

/// True when obj has model's shape and extensibility (quickjs-same-shape.patch).
inline bool has_shape_of(JSValueConst obj, JSValueConst model)
{
    return JS_HasShapeOf(obj, model) != 0;
}

/// True when only the caller holds obj and no weak reference points at it, so it may be reused
/// (quickjs-unobserved-object.patch).
inline bool is_unobserved_object(JSValueConst obj)
{
    return JS_IsUnobservedObject(obj) != 0;
}

/// True when Error 'stack' itself can be rewritten as it is built.
inline constexpr bool k_has_backtrace_hook = true;
/// Installs F (a JSBacktraceHook: see quickjs.h; quickjs-backtrace-hook.patch) through the trampoline.
template <auto F> void set_backtrace_hook(JSRuntime *rt, void *opaque)
{
    JS_SetBacktraceHook(rt, hook<F>, opaque);
}

#else // stock QuickJS

// A plain JS_Call: QuickJS copies argv into the callee's frame (csharp_to_js_add_int: 66.1 ns against 65.2 ns patched,
// tools/bench.sh stock_vs_patched_*, docs/ARCHITECTURE.md).
inline JSValue call_own_args(JSContext *ctx, JSValueConst f, JSValueConst this_obj, int argc, JSValue *argv)
{
    return JS_Call(ctx, f, this_obj, argc, argv);
}

// No fast path: the caller reads each element as a property.
inline bool fast_array_elements(JSContext *, JSValueConst, JSValue **, uint32_t *)
{
    return false;
}

// No model fits: the caller defines the members one by one.
inline int new_object_from_model(JSContext *, JSValueConst, int, JSValue *, JSValue *)
{
    return -1;
}

// Stock QuickJS cannot tell, so no object is reused.
inline bool has_shape_of(JSValueConst, JSValueConst)
{
    return false;
}
inline bool is_unobserved_object(JSValueConst)
{
    return false;
}

// No hook: Error 'stack' keeps the .js positions inside JS; the core maps the stack it reports to the host instead
// (errors/report.cpp: TsException.JsStack and ztsrun's messages show the .ts positions in both builds).
inline constexpr bool k_has_backtrace_hook = false;
template <auto F> void set_backtrace_hook(JSRuntime *, void *)
{
}

#endif

} // namespace zts::quickjs_seam
