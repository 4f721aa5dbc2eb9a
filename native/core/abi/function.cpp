// C ABI: calling and releasing function refs, defining gated host functions.
#include "abi/guard.h"
#include "host/gated_function.h"
#include "clr/opaque_scope.h"
#include "runtime/quickjs_seam.h"
#include "runtime/release_queue.h"
#include "runtime/script_limits.h"
#include "runtime/script_scope.h"
#include "host/value_cast.h"

using namespace zts;

namespace
{

// Arguments up to this count are copied into the native frame before JS_Call (see zts_function_call).
constexpr int32_t k_call_copy_max = 16;

// The cold paths of zts_function_call, out of line so the hot path stays small.
[[gnu::noinline]] void free_args(JSContext *ctx, int32_t argc, zts_value *argv)
{
    for (int32_t i = 0; i < argc; i++) {
        if (JS_VALUE_HAS_REF_COUNT(to_js(argv[i]))) {
            JS_FreeValue(ctx, to_js(argv[i]));
            argv[i] = from_js(JS_UNDEFINED);
        }
    }
}

[[gnu::noinline]] int32_t call_invalid_ref(zts_domain *domain, int32_t argc, zts_value *argv)
{
    free_args(domain->ctx, argc, argv);
    return report_failure(domain, ZTS_ERR_INVALID_REF, "zts: the function was released");
}

// An interrupted outermost call starts no nested JS (refuses_nested_call, script_scope.h).
[[gnu::noinline]] int32_t call_interrupted(zts_domain *domain, int32_t argc, zts_value *argv)
{
    free_args(domain->ctx, argc, argv);
    return refuse_nested_call(domain);
}

[[gnu::noinline]] int32_t call_threw(zts_domain *domain)
{
    return capture_exception(domain, ZTS_ERR_JS);
}

} // namespace

extern "C" {

int32_t zts_function_call(zts_domain *domain, int32_t ref, int32_t argc, zts_value *argv, zts_value *result)
try {
    if (__builtin_expect(domain == nullptr || result == nullptr || argc < 0 || (argv == nullptr && argc > 0), 0)) {
        return ZTS_ERR_ARGUMENT;
    }
    const JSValue *slot = domain->refs.get(ref);
    if (__builtin_expect(slot == nullptr, 0)) {
        *result = from_js(JS_UNDEFINED);
        return call_invalid_ref(domain, argc, argv);
    }
    // Hosts write argv as two 8-byte halves (payload, tag). Reading them back the same way, into
    // our own frame, keeps the CPU's store-to-load forwarding working: a 16-byte load of two 8-byte
    // stores stalls, and JS_CallInternal reads its arguments with 16-byte loads (~13 ns a call on Mono).
    JSValue local[k_call_copy_max];
    bool copied = argc <= k_call_copy_max;
    if (copied) {
        const volatile int64_t *halves = reinterpret_cast<const volatile int64_t *>(argv);
        for (int32_t i = 0; i < argc; i++) {
            zts_value v;
            v.u.bits = halves[2 * i];
            v.tag = halves[2 * i + 1];
            local[i] = to_js(v);
        }
    }
    // No ref is released while call_depth > 0 (releases wait for the outermost frame), so the
    // running function needs no extra reference.
    if (refuses_nested_call(domain)) {
        *result = from_js(JS_UNDEFINED);
        return call_interrupted(domain, argc, argv);
    }
    {
        // The call and the capture of its error are one scope (script_scope.h): capture_exception runs the thrown
        // value's getters and toString, which must not see call_depth 0 (a Reset from there freed the runtime
        // under them) and which keep this call's budget and interrupt state.
        ScriptScope scope(domain);
        JSValue r;
        if (copied) {
            // The copy is ours: the callee takes it as its argument slots (no second copy where QuickJS is patched:
            // runtime/quickjs_seam.h; 3.5-4 ns of the Player's 27 ns C# -> JS call, docs/ARCHITECTURE.md "The engine
            // seam"), and what the slots hold afterwards is freed here, including a value JS assigned to a parameter.
            r = quickjs_seam::call_own_args(domain->ctx, *slot, JS_UNDEFINED, argc, local);
            for (int32_t i = 0; i < argc; i++) {
                if (JS_VALUE_HAS_REF_COUNT(local[i])) JS_FreeValue(domain->ctx, local[i]);
                if (JS_VALUE_HAS_REF_COUNT(to_js(argv[i]))) argv[i] = from_js(JS_UNDEFINED); // consumed (zts.h)
            }
        } else {
            JsArray args(argv, argc); // the host's array itself on 64-bit targets; converted where NaN-boxed
            r = JS_Call(domain->ctx, *slot, JS_UNDEFINED, argc, args.data());
            free_args(domain->ctx, argc, argv);
        }
        *result = from_js(r);
        if (__builtin_expect(JS_IsException(r), 0)) {
            *result = from_js(JS_UNDEFINED);
            return call_threw(domain);
        }
    }
    if (__builtin_expect(domain->loader.failure.error_object != nullptr, 0) && domain->call_depth == 0) {
        domain->loader.failure = LoadFailure{}; // a load failure JS caught must not classify a later error
    }
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_function_call_opaque(zts_domain *domain, int32_t ref, int32_t argc, zts_value *argv, uint64_t handles,
                                 uint64_t writeback, zts_value *result)
try {
    constexpr int32_t k_max_handles = 64;
    if (domain == nullptr || result == nullptr || argc < 0 || (argv == nullptr && argc > 0) ||
        (argc < k_max_handles && (handles >> argc) != 0) || (writeback & ~handles) != 0) {
        return ZTS_ERR_ARGUMENT;
    }
    *result = from_js(JS_UNDEFINED);
    JSContext *ctx = domain->ctx;
    int32_t token = domain->opaque.begin();
    int32_t index[k_max_handles];
    JSValue held[k_max_handles]; // our own reference to each handle: retired (reused or released) after the call
    int32_t made = 0;
    auto retire_handles = [&]() {
        for (int32_t i = 0; i < made; i++) {
            if (((handles >> i) & 1u) != 0) {
                domain->opaque.retire(ctx, held[i]);
            }
        }
    };
    for (int32_t i = 0; i < argc && i < k_max_handles; i++, made = i) {
        if (((handles >> i) & 1u) == 0) {
            continue;
        }
        JSValue handle = new_opaque_handle(domain, to_js(argv[i]), &index[i]); // consumes argv[i]
        argv[i] = from_js(JS_UNDEFINED);
        if (JS_IsException(handle)) {
            free_args(ctx, argc, argv);
            domain->opaque.end(ctx, token);
            retire_handles();
            return capture_exception(domain, ZTS_ERR_JS);
        }
        held[i] = JS_DupValue(ctx, handle);
        argv[i] = from_js(handle);
    }
    made = argc < k_max_handles ? argc : k_max_handles;
    int32_t rc = zts_function_call(domain, ref, argc, argv, result); // consumes argv: JS's references go here
    for (int32_t i = 0; rc == ZTS_OK && i < argc && i < k_max_handles; i++) {
        if (((writeback >> i) & 1u) != 0) {
            argv[i] = from_js(JS_DupValue(ctx, *domain->opaque.at(index[i])));
        }
    }
    domain->opaque.end(ctx, token);
    retire_handles();
    return rc;
}
ZTS_ABI_CATCH

int32_t zts_function_ref(zts_domain *domain, zts_value fn, int32_t *out_ref)
try {
    if (domain == nullptr || out_ref == nullptr || !JS_IsFunction(domain->ctx, to_js(fn))) {
        return ZTS_ERR_ARGUMENT;
    }
    *out_ref = domain->refs.add(JS_DupValue(domain->ctx, to_js(fn)));
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_function_release(zts_domain *domain, int32_t ref)
try {
    if (domain == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    if (domain->refs.get(ref) == nullptr) {
        return ZTS_ERR_INVALID_REF;
    }
    if (domain->call_depth > 0) {
        // Inside a JS frame the function may be running: release it when the outermost call returns.
        release_queue_push(domain->id, ref);
        return ZTS_OK;
    }
    domain->refs.release(domain->ctx, ref);
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_function_define_gated(zts_domain *domain, const char *path, int32_t length, int32_t magic, int64_t data)
try {
    if (domain == nullptr || path == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    return define_gated_function(domain, path, length, magic, data);
}
ZTS_ABI_CATCH

int32_t zts_function_new_gated(zts_domain *domain, const char *name, int32_t length, int32_t magic, int64_t data,
                               zts_value *out)
try {
    if (domain == nullptr || name == nullptr || out == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    *out = from_js(JS_UNDEFINED);
    JSValue fn;
    int32_t rc = make_gated_function(domain, name, length, magic, data, &fn);
    if (rc == ZTS_OK) {
        *out = from_js(fn);
    }
    return rc;
}
ZTS_ABI_CATCH

} // extern "C"
