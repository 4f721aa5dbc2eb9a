#include "modules/loader.h"
#include "inspector_seam.h"

#include "clr/namespace_tree.h"
#include "host/host_callbacks.h"
#include "modules/native_modules.h"
#include "modules/specifier.h"
#include "runtime/script_limits.h"
#include "runtime/trampoline.h"
#include "stacks/backtrace_hook.h"

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
    d->loader.failure.error_object = JS_VALUE_GET_PTR(err);
    d->loader.failure.specifier = name;
    d->loader.failure.importer = importer;
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
    // Every import and every host bind passes here first, also for modules QuickJS already has.
    if (d->modules.busy_outside_innermost(canonical)) {
        fail_load(d, canonical, importer, module_reentry_message(d->modules, canonical));
        return nullptr;
    }
    if (d->modules.unusable(canonical)) {
        fail_load(d, canonical, importer, module_unusable_message(canonical));
        return nullptr;
    }
    if (d->modules.is_compiling(importer)) {
        d->modules.imported(importer, canonical); // a static import; an import() leaves its importer intact
    }
    // QuickJS calls the loader right after normalize for the same name; the loader has no importer argument.
    d->loader.pending_importer_name = canonical;
    d->loader.pending_importer = importer;
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

// Tells the debugger (docs/DEBUGGING.md) about a compiled module, with its file and map. Inside a QuickJS callback:
// nothing may unwind, and a failure only means the client does not see the script.
void report_to_debugger(zts_domain *d, const std::string &name, const zts_load_request &req, JSModuleDef *m) noexcept
{
    try {
        std::string json = req.source_map;
        if (json.empty()) {
            inline_source_map(req.source, json);
        }
        d->debugger->script_compiled(name, req.path, req.source, json, m);
    } catch (...) {
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

JSModuleDef *load_module(zts_domain *d, const std::string &name, const std::string &importer);

// Whether the pending exception is QuickJS's parser running out of stack (SyntaxError 'stack overflow'), which
// QuickJS reports at a position of the module being compiled as if its code were wrong.
bool stack_ran_out(JSContext *ctx)
{
    if (!JS_HasException(ctx)) {
        return false;
    }
    JSValue exc = JS_GetException(ctx);
    bool ran_out = false;
    if (JS_IsError(ctx, exc)) {
        JSValue message = JS_GetPropertyStr(ctx, exc, "message");
        const char *text = JS_IsString(message) ? JS_ToCString(ctx, message) : nullptr;
        ran_out = text != nullptr && std::strcmp(text, "stack overflow") == 0;
        JS_FreeCString(ctx, text);
        JS_FreeValue(ctx, message);
    }
    JS_Throw(ctx, exc); // pending again, unchanged, when it is something else
    return ran_out;
}

// The load failure of a module whose compile ran out of stack: how deep the import chain that led to it is, which is
// what runs the stack out (each import level costs QuickJS's module resolution frames; an 858-deep chain said only
// `SyntaxError: stack overflow`; tests/managed/TextsTests.cs).
JSModuleDef *stack_failure(zts_domain *d, const std::string &name, const std::string &importer)
{
    JS_FreeValue(d->ctx, JS_GetException(d->ctx));
    std::vector<std::string> chain = d->modules.import_chain(name);
    std::string path;
    for (size_t i = 0; i < chain.size(); i++) {
        if (chain.size() > 6 && i == 3) {
            path += " -> ...";
            i = chain.size() - 3;
        }
        path += (i > 0 ? " -> " : "") + chain[i];
    }
    return fail_load(d, name, importer,
                     "zts: the JS stack ran out while compiling module '" + name + "', " +
                         std::to_string(chain.size()) + " modules deep (" + path +
                         "): an import chain this deep, or code nested this deeply, does not fit the JS stack "
                         "(TsSettings.StackSizeBytes)");
}

JSModuleDef *loader_hook(JSContext *ctx, const char *name_c, void * /*opaque*/)
{
    zts_domain *d = domain_of(ctx);
    std::string name = name_c;
    std::string importer = d->loader.pending_importer_name == name ? d->loader.pending_importer : std::string();
    d->modules.started(name); // from here until its load closes, importing name again is re-entry
    JSModuleDef *m = load_module(d, name, importer);
    if (m != nullptr) {
        d->modules.compiled(name, m);
    }
    return m;
}

// The module of a canonical name: csharp: types, then native C modules, then the host loader.
JSModuleDef *load_module(zts_domain *d, const std::string &name, const std::string &importer)
{
    JSContext *ctx = d->ctx;

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
    d->modules.compiling(name); // the imports normalize_hook sees until the compile returns are static ones
    JSModuleDef *m = compile_module(d, name, req.source);
    d->modules.compiled_or_failed();
    if (m != nullptr && d->debugger != nullptr) {
        report_to_debugger(d, name, req, m);
    }
    if (m == nullptr) {
        d->modules.compile_failed(name); // QuickJS freed it; modules compiled under it may still point at it
        if (stack_ran_out(ctx)) {
            return stack_failure(d, name, importer);
        }
    }
    return m;
}

JSValue ignore_rejection(JSContext * /*ctx*/, JSValueConst /*this_val*/, int /*argc*/, JSValueConst * /*argv*/)
{
    return JS_UNDEFINED;
}

// Attaches a no-op rejection handler, so a load failure the host reports is not also an unhandled rejection.
void mark_handled(JSContext *ctx, JSValueConst promise)
{
    JSValue catch_fn = JS_GetPropertyStr(ctx, promise, "catch");
    JSValue noop = JS_NewCFunction(ctx, hook<ignore_rejection>, "ignore", 1);
    JSValue r = JS_IsException(catch_fn) || JS_IsException(noop) ? JS_EXCEPTION
                                                                    : JS_Call(ctx, catch_fn, promise, 1, &noop);
    if (JS_IsException(r)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
    }
    JS_FreeValue(ctx, r);
    JS_FreeValue(ctx, noop);
    JS_FreeValue(ctx, catch_fn);
}

// Captures the pending exception of a failed import of module; a JS error (not a host-loader failure, which has
// its own text) gets the SPEC_MAP D6 Message: "zts: module 'm' failed: Name: message (file:line:col)", the
// position being the first frame's (the .ts position when the module has a source map).
int32_t capture_module_failure(zts_domain *d, const std::string &module)
{
    int32_t rc = capture_exception(d, ZTS_ERR_JS);
    ErrorReport &e = d->error;
    if (rc == ZTS_ERR_JS && !interrupted(d)) { // an interrupt keeps its own text
        std::string position = first_position(e.stack);
        e.message = "zts: module '" + module + "' failed: " + (e.name.empty() ? "" : e.name + ": ") + e.message +
                    (position.empty() ? "" : " (" + position + ")");
    }
    return rc;
}

// Throws why a module's load promise did not fulfil: its rejection, or the pending top-level await.
JSValue throw_unsettled(zts_domain *d, const std::string &canonical, JSValueConst promise)
{
    if (interrupted(d)) {
        report_failure(d, ZTS_ERR_JS, interrupt_message(d)); // the job that would settle it was not run
        return JS_EXCEPTION;
    }
    if (JS_PromiseState(d->ctx, promise) == JS_PROMISE_REJECTED) {
        JS_Throw(d->ctx, JS_PromiseResult(d->ctx, promise));
        capture_module_failure(d, canonical);
        return JS_EXCEPTION;
    }
    report_failure(d, ZTS_ERR_MODULE_LOAD,
                   "zts: module '" + canonical + "' did not finish evaluating (a top-level await is pending)");
    d->error.specifier = canonical;
    return JS_EXCEPTION;
}

// The namespace of a loaded module (owned), or JS_EXCEPTION with d->error set. Outside JS the pending Promise
// jobs run (bounded) and settle the load promise. Inside JS no job may run (it could re-enter a module that is
// evaluating): the module's own evaluation promise is read instead, which is settled unless it awaits.
JSValue settled_namespace(zts_domain *d, const std::string &canonical, JSValueConst promise, bool outermost)
{
    JSContext *ctx = d->ctx;
    if (outermost && run_jobs(d) < 0) {
        return JS_EXCEPTION;
    }
    if (JS_PromiseState(ctx, promise) == JS_PROMISE_FULFILLED) {
        return JS_PromiseResult(ctx, promise);
    }
    JSModuleDef *m = outermost || JS_PromiseState(ctx, promise) != JS_PROMISE_PENDING ? nullptr
                                                                                        : d->modules.find(canonical);
    if (m == nullptr) {
        return throw_unsettled(d, canonical, promise);
    }
    JSValue evaluated = JS_EvalFunction(ctx, JS_DupValue(ctx, JS_MKPTR(JS_TAG_MODULE, m)));
    if (JS_IsException(evaluated)) {
        capture_module_failure(d, canonical);
        return JS_EXCEPTION;
    }
    JSValue ns = JS_EXCEPTION;
    if (JS_PromiseState(ctx, evaluated) == JS_PROMISE_FULFILLED) {
        ns = JS_GetModuleNamespace(ctx, m);
        if (JS_IsException(ns)) {
            capture_exception(d, ZTS_ERR_JS);
        }
    } else {
        throw_unsettled(d, canonical, evaluated);
    }
    JS_FreeValue(ctx, evaluated);
    return ns;
}

} // namespace

void install_module_loader(zts_domain *d)
{
    JS_SetModuleLoaderFunc(d->rt, hook<normalize_hook>, hook<loader_hook>, nullptr);
}

int32_t module_get_function(zts_domain *d, const std::string &module, const std::string &export_name, int32_t *out_ref)
{
    JSContext *ctx = d->ctx;
    bool outermost = d->call_depth == 1; // this bind is counted; more means JS is on the stack
    d->loader.failure = LoadFailure{};
    std::string canonical;
    std::string error;
    if (!canonicalize_specifier("", module, canonical, error)) {
        report_failure(d, ZTS_ERR_MODULE_LOAD, "zts: " + error);
        d->error.specifier = module;
        return ZTS_ERR_MODULE_LOAD;
    }
    uint64_t rejections_before = d->rejections.mark();
    if (outermost && d->debugger != nullptr) {
        d->debugger->entry_module(canonical); // --inspect-brk pauses first in it (docs/DEBUGGING.md)
    }
    JSValue promise;
    {
        ModuleLoadScope load(d->modules); // resolve, link and evaluate; the jobs below are loads of their own
        promise = JS_LoadModule(ctx, "", canonical.c_str());
    }
    if (JS_IsException(promise)) {
        return capture_module_failure(d, canonical);
    }
    JSValue ns = settled_namespace(d, canonical, promise, outermost);
    if (JS_PromiseState(ctx, promise) != JS_PROMISE_FULFILLED) {
        mark_handled(ctx, promise); // the host reports this failure once, not again as an unhandled rejection
    }
    JS_FreeValue(ctx, promise);
    if (JS_IsException(ns)) {
        // QuickJS leaves the rejected promise of the module's body unhandled: the host reports that error once.
        d->rejections.forget_since(rejections_before, d->error.thrown);
        return d->error.status;
    }
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
