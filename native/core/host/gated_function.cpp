#include "host/gated_function.h"

#include "host/host_callbacks.h"
#include "runtime/script_limits.h"
#include "runtime/trampoline.h"

#ifdef _WIN32
#include <malloc.h> // alloca: mingw and MSVC have no <alloca.h>
#else
#include <alloca.h>
#endif

namespace zts
{
namespace
{

JSClassID g_pointer_class_id = 0;

const JSClassDef k_pointer_class = {"ZtsGatePointer", nullptr, nullptr, nullptr, nullptr};

std::vector<std::string> split_path(const std::string &path)
{
    std::vector<std::string> parts;
    std::string cur;
    for (char c : path) {
        if (c == '.') {
            parts.push_back(cur);
            cur.clear();
        } else {
            cur.push_back(c);
        }
    }
    parts.push_back(cur);
    return parts;
}

// The JSCFunctionData of every gated function: the interrupt and budget check of a host call (script_limits.h,
// check_host_call), then the domain's gate. C# members cross through invoke_bridge, which checks the same.
// noexcept: nothing here throws, so hook<> registers it as it is (runtime/trampoline.h) and the gate call stays
// the tail call it was; in the trampoline's handler it became a call in a 0xa8-byte frame (the path of
// js_to_csharp_gated_raw_add_int).
JSValue host_function_entry(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv, int magic,
                            JSValue *func_data) noexcept
{
    zts_domain *d = domain_of(ctx);
    if (__builtin_expect(JS_IsException(check_host_call(d)), 0)) {
        return JS_EXCEPTION;
    }
    // The gate is a C entry that does not unwind (docs/C_ABI.md, "The gate protocol"): called as such, it stays a
    // tail call (through a plain JSCFunctionData pointer a noexcept caller must keep a terminate handler around it).
    if constexpr (k_value_cast_is_identity) {
        // zts_value is JSValue here (value_cast.h): called through the JSValue type, the call stays a tail call
        // (through GateEntry GCC 12 made it a call and a return on x86-64, the result's type being another).
        using JsGate = JSValue(JSContext *, JSValueConst, int, JSValueConst *, int, JSValue *) noexcept;
        return reinterpret_cast<JsGate *>(d->gate)(ctx, this_val, argc, argv, magic, func_data);
    } else {
        // NaN-boxed: the gate and the host see zts_value copies of this, the arguments and the data
        // [gate entry, host data] (make_gated_function).
        auto *args = static_cast<zts_value *>(alloca(sizeof(zts_value) * static_cast<size_t>(argc)));
        zts_value data[2] = {from_js(func_data[0]), from_js(func_data[1])};
        return to_js(gate_of(d)(ctx, from_js(this_val), argc, gate_argv(argv, argc, args), magic, data));
    }
}

} // namespace

void register_gate_pointer_class(JSRuntime *rt)
{
    JS_NewClassID(&g_pointer_class_id); // allocates once per process, then returns the same id
    JS_NewClass(rt, g_pointer_class_id, &k_pointer_class);
}

void *gate_touserdata(JSContext *ctx, JSValue value, int /*slot*/)
{
    void *p = JS_GetOpaque(value, g_pointer_class_id);
    if (p == nullptr) {
        // Every function the core makes carries the domain's gate entry (gate_entry_of), so only a gate handed
        // other data gets here; the text says what is missing instead of naming core internals.
        JS_ThrowTypeError(ctx, "zts: the gate was called with data the core did not make (data[0] is not a host "
                               "entry; docs/C_ABI.md, \"The gate protocol\")");
    }
    return p;
}

JSValue gate_entry_of(zts_domain *d)
{
    if (JS_IsUndefined(d->gate_entry)) {
        JSValue entry = make_gate_entry(d);
        if (JS_IsException(entry)) {
            return JS_EXCEPTION;
        }
        d->gate_entry = entry;
    }
    return d->gate_entry;
}

void free_gate_entry(zts_domain *d)
{
    JS_FreeValue(d->ctx, d->gate_entry);
    d->gate_entry = JS_UNDEFINED;
}

JSValue make_gate_entry(zts_domain *d)
{
    const zts_host_callbacks *host = host_callbacks();
    if (host == nullptr) {
        return JS_UNDEFINED;
    }
    JSValue entry = JS_NewObjectClass(d->ctx, static_cast<int>(g_pointer_class_id));
    if (!JS_IsException(entry)) {
        JS_SetOpaque(entry, reinterpret_cast<void *>(host->host_call));
    }
    return entry;
}

int32_t make_gated_function(zts_domain *d, const std::string &name, int32_t length, int32_t magic, int64_t data,
                            JSValue *out)
{
    if (d->gate == nullptr) {
        return report_failure(d, ZTS_ERR_NO_GATE, "zts: the domain has no callback gate");
    }
    if (host_callbacks() == nullptr) {
        return report_failure(d, ZTS_ERR_NO_HOST, "zts: no host callback table is registered");
    }
    JSContext *ctx = d->ctx;
    JSValue entry = gate_entry_of(d);
    if (JS_IsException(entry)) {
        return capture_exception(d, ZTS_ERR_JS);
    }
    JSValue func_data[2] = {JS_DupValue(ctx, entry), JS_NewInt64(ctx, data)};
    JSValue fn = JS_NewCFunctionData(ctx, hook<host_function_entry>, length, magic, 2, func_data);
    JS_FreeValue(ctx, func_data[0]);
    JS_FreeValue(ctx, func_data[1]);
    if (JS_IsException(fn)) {
        return capture_exception(d, ZTS_ERR_JS);
    }
    JS_DefinePropertyValueStr(ctx, fn, "name", JS_NewStringLen(ctx, name.data(), name.size()), JS_PROP_CONFIGURABLE);
    *out = fn;
    return ZTS_OK;
}

int32_t define_gated_function(zts_domain *d, const std::string &path, int32_t length, int32_t magic, int64_t data)
{
    std::vector<std::string> parts = split_path(path);
    for (const std::string &part : parts) {
        if (part.empty()) {
            return report_failure(d, ZTS_ERR_ARGUMENT, "zts: malformed function path '" + path + "'");
        }
    }
    JSContext *ctx = d->ctx;
    const std::string &leaf = parts.back();
    JSValue fn;
    int32_t made = make_gated_function(d, leaf, length, magic, data, &fn);
    if (made != ZTS_OK) {
        return made;
    }

    JSValue owner = JS_GetGlobalObject(ctx);
    for (size_t i = 0; i + 1 < parts.size(); i++) {
        JSValue next = JS_GetPropertyStr(ctx, owner, parts[i].c_str());
        if (JS_IsUndefined(next)) {
            next = JS_NewObject(ctx);
            JS_SetPropertyStr(ctx, owner, parts[i].c_str(), JS_DupValue(ctx, next));
        }
        JS_FreeValue(ctx, owner);
        if (!JS_IsObject(next)) {
            JS_FreeValue(ctx, next);
            JS_FreeValue(ctx, fn);
            return report_failure(d, ZTS_ERR_ARGUMENT, "zts: '" + parts[i] + "' in '" + path + "' is not an object");
        }
        owner = next;
    }
    int rc = JS_SetPropertyStr(ctx, owner, leaf.c_str(), fn);
    JS_FreeValue(ctx, owner);
    if (rc < 0) {
        return capture_exception(d, ZTS_ERR_JS);
    }
    return ZTS_OK;
}

} // namespace zts
