#include "module_loader.h"

#include "host_callbacks.h"
#include "module_specifier.h"
#include "namespace_tree.h"
#include "native_modules.h"

#include <cstring>

namespace zts
{
namespace
{

// Throws the Error of a failed load and remembers it, so the host sees ZTS_ERR_MODULE_LOAD.
JSModuleDef *fail_load(zts_domain *d, const std::string &name, const std::string &importer, const std::string &message)
{
    JSValue err = new_error(d->ctx, message);
    if (JS_IsException(err)) {
        return nullptr;
    }
    d->load_failure.error_object = JS_VALUE_GET_PTR(err);
    d->load_failure.specifier = name;
    d->load_failure.importer = importer;
    JS_Throw(d->ctx, err);
    return nullptr;
}

std::string imported_from(const std::string &importer)
{
    return importer.empty() ? std::string(" (imported by the host)") : " (imported from '" + importer + "')";
}

char *normalize_hook(JSContext *ctx, const char *base, const char *name, void * /*opaque*/)
{
    zts_domain *d = domain_of(ctx);
    std::string importer = base != nullptr ? base : "";
    std::string canonical;
    std::string error;
    if (!canonicalize_specifier(importer, name, canonical, error)) {
        fail_load(d, name, importer, "zts: " + error);
        return nullptr;
    }
    // QuickJS calls the loader right after normalize for the same name; the loader has no importer argument.
    d->pending_importer_name = canonical;
    d->pending_importer = importer;
    auto *out = static_cast<char *>(js_malloc(ctx, canonical.size() + 1));
    if (out == nullptr) {
        return nullptr;
    }
    std::memcpy(out, canonical.c_str(), canonical.size() + 1);
    return out;
}

// Registers the module's source map (the host's, else an inline one) before compiling, so that even a
// SyntaxError's position is mapped. A malformed map is dropped: the module loads unmapped. Runs inside a
// QuickJS callback, so nothing may unwind: out of memory also means "no map".
void register_source_map(zts_domain *d, const std::string &name, const zts_load_request &req) noexcept
{
    try {
        std::string inline_json;
        std::string_view json = req.source_map;
        if (json.empty()) {
            if (!inline_source_map(req.source, inline_json)) {
                d->source_maps.remove(name);
                return;
            }
            json = inline_json;
        }
        std::string error;
        d->source_maps.add(d->ctx, name, json, error);
    } catch (...) {
        d->source_maps.remove(name); // std::map::erase does not throw
    }
}

JSModuleDef *compile_module(zts_domain *d, const std::string &name, const std::string &source)
{
    JSValue fn =
        JS_Eval(d->ctx, source.c_str(), source.size(), name.c_str(), JS_EVAL_TYPE_MODULE | JS_EVAL_FLAG_COMPILE_ONLY);
    if (JS_IsException(fn)) {
        return nullptr; // SyntaxError pending, with file and line
    }
    auto *m = static_cast<JSModuleDef *>(JS_VALUE_GET_PTR(fn));
    JS_FreeValue(d->ctx, fn); // the context keeps the module
    return m;
}

JSModuleDef *loader_hook(JSContext *ctx, const char *name_c, void * /*opaque*/)
{
    zts_domain *d = domain_of(ctx);
    std::string name = name_c;
    std::string importer = d->pending_importer_name == name ? d->pending_importer : std::string();

    // 1. csharp: type modules never reach the host loader.
    if (is_csharp_specifier(name)) {
        std::string ns = name.substr(std::strlen(k_csharp_prefix));
        if (JSModuleDef *m = load_csharp_module(d, name, importer)) {
            return m;
        }
        if (JS_HasException(ctx)) {
            return nullptr;
        }
        return fail_load(d, name, importer,
                         "zts: namespace '" + ns + "' not found (module '" + name + "'" + ")" +
                             imported_from(importer) +
                             ": no loaded assembly has public types in it; load the assembly that defines it before the "
                             "scripts run (ztsrun: --assembly A.dll)");
    }
    // 2. Registered native C modules.
    if (zts_module_init_fn init = native_module_find(name)) {
        JSModuleDef *m = init(ctx, name.c_str());
        if (m == nullptr && !JS_HasException(ctx)) {
            return fail_load(d, name, importer, "zts: native module '" + name + "' failed to initialize");
        }
        return m;
    }
    // 3. The host loader.
    const zts_host_callbacks *host = host_callbacks();
    if (host == nullptr) {
        return fail_load(d, name, importer,
                         "zts: cannot load module '" + name + "'" + imported_from(importer) + ": no host loader");
    }
    zts_load_request req;
    host->module_load(d->host, name.c_str(), importer.c_str(), &req);
    if (!req.answered || req.failed) {
        std::string reason = req.answered ? req.failure : std::string("the loader gave no answer");
        return fail_load(d, name, importer,
                         "zts: cannot load module '" + name + "'" + imported_from(importer) + ": " + reason);
    }
    register_source_map(d, name, req);
    return compile_module(d, name, req.source);
}

const char *js_kind(JSContext *ctx, JSValueConst v)
{
    if (JS_IsFunction(ctx, v)) {
        return "function";
    }
    switch (JS_VALUE_GET_TAG(v)) {
    case JS_TAG_INT:
    case JS_TAG_FLOAT64:
        return "number";
    case JS_TAG_BOOL:
        return "boolean";
    case JS_TAG_NULL:
        return "null";
    case JS_TAG_UNDEFINED:
        return "undefined";
    case JS_TAG_STRING:
    case JS_TAG_STRING_ROPE:
        return "string";
    case JS_TAG_SYMBOL:
        return "symbol";
    case JS_TAG_BIG_INT:
    case JS_TAG_SHORT_BIG_INT:
        return "bigint";
    default:
        return "object";
    }
}

} // namespace

void install_module_loader(zts_domain *d)
{
    JS_SetModuleLoaderFunc(d->rt, normalize_hook, loader_hook, nullptr);
}

int32_t module_get_function(zts_domain *d, const std::string &module, const std::string &export_name, int32_t *out_ref)
{
    JSContext *ctx = d->ctx;
    d->load_failure = LoadFailure{};
    std::string canonical;
    std::string error;
    if (!canonicalize_specifier("", module, canonical, error)) {
        report_failure(d, ZTS_ERR_MODULE_LOAD, "zts: " + error);
        d->error.specifier = module;
        return ZTS_ERR_MODULE_LOAD;
    }
    JSValue promise = JS_LoadModule(ctx, "", canonical.c_str());
    if (JS_IsException(promise)) {
        return capture_exception(d, ZTS_ERR_JS);
    }
    if (!run_pending_jobs(d)) {
        JS_FreeValue(ctx, promise);
        return d->error.status;
    }
    JSPromiseStateEnum state = JS_PromiseState(ctx, promise);
    if (state == JS_PROMISE_REJECTED) {
        JS_Throw(ctx, JS_PromiseResult(ctx, promise));
        JS_FreeValue(ctx, promise);
        return capture_exception(d, ZTS_ERR_JS);
    }
    if (state != JS_PROMISE_FULFILLED) {
        JS_FreeValue(ctx, promise);
        report_failure(d, ZTS_ERR_MODULE_LOAD,
                       "zts: module '" + canonical + "' did not finish evaluating (a top-level await is pending)");
        d->error.specifier = canonical;
        return ZTS_ERR_MODULE_LOAD;
    }
    JSValue ns = JS_PromiseResult(ctx, promise);
    JS_FreeValue(ctx, promise);
    JSAtom atom = JS_NewAtom(ctx, export_name.c_str());
    int has = JS_HasProperty(ctx, ns, atom);
    if (has <= 0) {
        JS_FreeAtom(ctx, atom);
        JS_FreeValue(ctx, ns);
        if (has < 0) {
            return capture_exception(d, ZTS_ERR_JS);
        }
        return report_failure(d, ZTS_ERR_NO_EXPORT,
                              "zts: module '" + canonical + "' has no export named '" + export_name + "'");
    }
    JSValue fn = JS_GetProperty(ctx, ns, atom);
    JS_FreeAtom(ctx, atom);
    JS_FreeValue(ctx, ns);
    if (JS_IsException(fn)) {
        return capture_exception(d, ZTS_ERR_JS);
    }
    if (!JS_IsFunction(ctx, fn)) {
        std::string kind = js_kind(ctx, fn);
        JS_FreeValue(ctx, fn);
        return report_failure(d, ZTS_ERR_NOT_CALLABLE,
                              "zts: export '" + export_name + "' of module '" + canonical +
                                  "' is not callable (it is " + kind + ")");
    }
    *out_ref = d->refs.add(fn);
    return ZTS_OK;
}

} // namespace zts
