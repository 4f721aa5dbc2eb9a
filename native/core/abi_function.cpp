// C ABI: calling and releasing function refs, defining gated host functions.
#include "abi_guard.h"
#include "gated_function.h"
#include "value_cast.h"

using namespace zts;

namespace {

void free_args(JSContext *ctx, int32_t argc, zts_value *argv)
{
    for (int32_t i = 0; i < argc; i++) {
        JS_FreeValue(ctx, to_js(argv[i]));
        argv[i] = from_js(JS_UNDEFINED);
    }
}

} // namespace

extern "C" {

int32_t zts_function_call(zts_domain *domain, int32_t ref, int32_t argc, zts_value *argv, zts_value *result)
{
    if (domain == nullptr || result == nullptr || argc < 0 || (argv == nullptr && argc > 0)) {
        return ZTS_ERR_ARGUMENT;
    }
    *result = from_js(JS_UNDEFINED);
    JSContext *ctx = domain->ctx;
    const JSValue *slot = domain->refs.get(ref);
    if (slot == nullptr) {
        free_args(ctx, argc, argv);
        return report_failure(domain, ZTS_ERR_INVALID_REF, "zts: the function was released");
    }
    if (domain->call_depth == 0) {
        domain->load_failure = LoadFailure{};
    }
    // Held for the call: a nested release of the same ref must not free the running function.
    JSValue fn = JS_DupValue(ctx, *slot);
    domain->call_depth++;
    JSValue r = JS_Call(ctx, fn, JS_UNDEFINED, argc, as_js_array(argv));
    domain->call_depth--;
    JS_FreeValue(ctx, fn);
    free_args(ctx, argc, argv);
    if (JS_IsException(r)) {
        return abi_guard([&]() -> int32_t { return capture_exception(domain, ZTS_ERR_JS); });
    }
    *result = from_js(r);
    return ZTS_OK;
}

int32_t zts_function_release(zts_domain *domain, int32_t ref)
{
    if (domain == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    return domain->refs.release(domain->ctx, ref) ? ZTS_OK : ZTS_ERR_INVALID_REF;
}

int32_t zts_function_define_gated(zts_domain *domain, const char *path, int32_t length, int32_t magic, int64_t data)
{
    if (domain == nullptr || path == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    return abi_guard([&]() -> int32_t { return define_gated_function(domain, path, length, magic, data); });
}

} // extern "C"
