#include "clr/namespace_tree.h"

#include "clr/classes.h"
#include "clr/type_request.h"
#include "host/host_callbacks.h"
#include "host/value_cast.h"
#include "modules/specifier.h"
#include "runtime/trampoline.h"

#include <cstring>

namespace zts
{
namespace
{

JSClassID g_namespace_class = 0;

const std::string *namespace_name(JSValueConst obj)
{
    return static_cast<const std::string *>(JS_GetOpaque(obj, g_namespace_class));
}

void namespace_finalizer(JSRuntime * /*rt*/, JSValue val)
{
    delete static_cast<std::string *>(JS_GetOpaque(val, g_namespace_class));
}

// Resolves dotted through the host: a namespace object, a type object, or undefined (not cached,
// so assemblies loaded later are seen). Owned result, or JS_EXCEPTION.
JSValue resolve(zts_domain *d, const std::string &dotted)
{
    JSContext *ctx = d->ctx;
    const zts_host_callbacks *host = host_callbacks();
    if (host == nullptr || host->type_resolve == nullptr) {
        return JS_UNDEFINED;
    }
    zts_type_request req;
    host->type_resolve(d->host, dotted.c_str(), &req);
    switch (req.kind) {
    case zts_type_request::Namespace:
        return make_namespace_object(d, dotted);
    case zts_type_request::Type: {
        zts_value v;
        if (zts_type_object(d, req.type_id, &v) != ZTS_OK) {
            return JS_EXCEPTION;
        }
        return to_js(v);
    }
    case zts_type_request::Failed:
        return throw_error(ctx, "zts: " + req.failure);
    default:
        return JS_UNDEFINED;
    }
}

JSValue namespace_get_property(JSContext *ctx, JSValueConst obj, JSAtom atom, JSValueConst /*receiver*/)
{
    JSValue key = JS_AtomToValue(ctx, atom);
    if (!JS_IsString(key)) {
        JS_FreeValue(ctx, key);
        const std::string &ns = *namespace_name(obj);
        // symbols and indices: nothing in the CLR tree, but String(CSharp) gets a text that says why it fails
        return to_primitive_refusal(ctx, atom, ns.empty() ? "the C# namespace root 'CSharp'"
                                                          : "the C# namespace 'CSharp." + ns + "'");
    }
    size_t len = 0;
    const char *name = JS_ToCStringLen(ctx, &len, key);
    JS_FreeValue(ctx, key);
    if (name == nullptr) {
        return JS_EXCEPTION;
    }
    std::string part(name, len);
    JS_FreeCString(ctx, name);
    const std::string &ns = *namespace_name(obj);
    if (part.find('\0') != std::string::npos) {
        // A C string would end at the NUL and find another type ('Adv\0zzz' was 'Adv').
        return throw_error(ctx, "zts: CLR name '" + (ns.empty() ? "" : ns + ".") + part.substr(0, part.find('\0')) +
                                    "\\0...' contains a NUL character");
    }
    std::string dotted = ns.empty() ? part : ns + "." + part;
    JSValue v = resolve(domain_of(ctx), dotted);
    if (JS_IsObject(v)) {
        // Cached as an own property: found before this hook next time.
        JS_DefinePropertyValue(ctx, obj, atom, JS_DupValue(ctx, v), JS_PROP_CONFIGURABLE | JS_PROP_ENUMERABLE);
    }
    return v;
}

JSClassExoticMethods k_namespace_exotic = {};
const JSClassDef k_namespace_def = {"CSharpNamespace", hook<namespace_finalizer>, nullptr, nullptr,
                                    &k_namespace_exotic};

int init_csharp_module(JSContext *ctx, JSModuleDef *m)
{
    zts_domain *d = domain_of(ctx);
    JSAtom module_atom = JS_GetModuleName(ctx, m);
    const char *module_name = JS_AtomToCString(ctx, module_atom);
    JS_FreeAtom(ctx, module_atom);
    if (module_name == nullptr) {
        return -1;
    }
    std::string ns = module_name + std::strlen(k_csharp_prefix);
    JS_FreeCString(ctx, module_name);
    zts_type_request names;
    host_callbacks()->namespace_list(d->host, ns.c_str(), &names);
    for (const std::string &type_name : names.names) {
        JSValue v = resolve(d, ns.empty() ? type_name : ns + "." + type_name); // "csharp:": types without a namespace
        if (JS_IsException(v)) {
            return -1;
        }
        if (JS_SetModuleExport(ctx, m, type_name.c_str(), v) < 0) {
            return -1;
        }
    }
    return 0;
}

} // namespace

void register_namespace_class(JSRuntime *rt)
{
    k_namespace_exotic.get_property = hook<namespace_get_property>;
    JS_NewClassID(&g_namespace_class);
    JS_NewClass(rt, g_namespace_class, &k_namespace_def);
}

JSValue make_namespace_object(zts_domain *d, const std::string &dotted_name)
{
    JSValue obj = JS_NewObjectClass(d->ctx, static_cast<int>(g_namespace_class));
    if (!JS_IsException(obj)) {
        JS_SetOpaque(obj, new std::string(dotted_name));
    }
    return obj;
}

bool install_csharp_global(zts_domain *d)
{
    JSContext *ctx = d->ctx;
    JSValue root = make_namespace_object(d, "");
    if (JS_IsException(root)) {
        return false;
    }
    JSValue global = JS_GetGlobalObject(ctx);
    int rc = JS_DefinePropertyValueStr(ctx, global, "CSharp", root, JS_PROP_CONFIGURABLE);
    JS_FreeValue(ctx, global);
    return rc >= 0;
}

JSModuleDef *load_csharp_module(zts_domain *d, const std::string &specifier, const std::string & /*importer*/)
{
    JSContext *ctx = d->ctx;
    const zts_host_callbacks *host = host_callbacks();
    std::string ns = specifier.substr(std::strlen(k_csharp_prefix));
    zts_type_request req;
    if (host != nullptr && host->type_resolve != nullptr && host->namespace_list != nullptr) {
        host->type_resolve(d->host, ns.c_str(), &req);
    }
    if (req.kind != zts_type_request::Namespace) {
        return nullptr; // the loader reports "namespace not found"
    }
    zts_type_request names;
    host->namespace_list(d->host, ns.c_str(), &names);
    JSModuleDef *m = JS_NewCModule(ctx, specifier.c_str(), hook<init_csharp_module>);
    if (m == nullptr) {
        return nullptr;
    }
    for (const std::string &type_name : names.names) {
        if (JS_AddModuleExport(ctx, m, type_name.c_str()) < 0) {
            return nullptr;
        }
    }
    return m;
}

} // namespace zts
