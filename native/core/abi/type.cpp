// C ABI: declaring CLR types and their members, type objects, ByObj pushes and releases.
#include "abi/guard.h"
#include "runtime/script_scope.h"
#include "clr/classes.h"
#include "clr/ref_box.h"
#include "clr/type_request.h"
#include "host/value_cast.h"

#include <cstring>

using namespace zts;

namespace
{

std::string text(const char *s)
{
    return s != nullptr ? std::string(s) : std::string();
}

// The namespace part of a CLR full name ("System.Collections.Generic" of "...List`1").
std::string namespace_of(const std::string &full_name)
{
    std::string plain = full_name.substr(0, full_name.find('['));
    size_t dot = plain.rfind('.');
    return dot == std::string::npos ? std::string() : plain.substr(0, dot);
}

// A candidate whose parameter type names point into the domain's name pool (the host's strings are copied).
Candidate make_candidate(TypeRegistry &types, int32_t bridge, int32_t param_count, const zts_param_spec *params)
{
    Candidate c;
    c.bridge = bridge;
    for (int32_t i = 0; i < param_count; i++) {
        zts_param_spec p = params[i];
        p.type_name = types.intern_name(p.type_name);
        c.params.push_back(p);
        if (p.optional == 0) {
            c.min_args = i + 1;
        }
    }
    return c;
}

MemberSet &method_set(TypeInfo &t, const std::string &name, bool is_static)
{
    for (MemberSet &s : t.methods) {
        if (s.name == name && s.is_static == is_static) {
            return s; // [TsAlias] duplicates merge into one overload set
        }
    }
    t.methods.push_back(MemberSet{name, is_static, {}});
    return t.methods.back();
}

} // namespace

extern "C" {

int32_t zts_type_declare(zts_domain *domain, const char *full_name, const char *js_name, int32_t base_type_id,
                         int32_t outer_type_id, uint32_t flags, int32_t *out_type_id)
{
    if (domain == nullptr || full_name == nullptr || js_name == nullptr || out_type_id == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    return abi_guard([&]() -> int32_t {
        if (TypeInfo *existing = domain->types.find_by_name(full_name)) {
            *out_type_id = existing->id;
            return ZTS_OK;
        }
        TypeInfo &t = domain->types.declare(full_name, js_name, base_type_id, outer_type_id, flags);
        const TypeInfo *outer = domain->types.find(outer_type_id);
        std::string ns = namespace_of(full_name);
        t.js_path = outer != nullptr ? outer->js_path + "." + js_name : (ns.empty() ? "" : ns + ".") + js_name;
        if (!make_type_object(domain, t)) {
            return capture_exception(domain, ZTS_ERR_JS);
        }
        *out_type_id = t.id;
        return ZTS_OK;
    });
}

int32_t zts_type_add_interface(zts_domain *domain, int32_t type_id, int32_t interface_id)
{
    TypeInfo *t = domain != nullptr ? domain->types.find(type_id) : nullptr;
    if (t == nullptr || domain->types.find(interface_id) == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    return abi_guard([&]() -> int32_t {
        t->interfaces.push_back(interface_id);
        return ZTS_OK;
    });
}

int32_t zts_type_deny_this(zts_domain *domain, int32_t type_id, const char *path, uint32_t flags,
                           int32_t override_count, const char *const *overrides)
{
    TypeInfo *t = domain != nullptr ? domain->types.find(type_id) : nullptr;
    if (t == nullptr || path == nullptr || path[0] == '\0' || override_count < 0 ||
        (override_count > 0 && overrides == nullptr)) {
        return ZTS_ERR_ARGUMENT;
    }
    return abi_guard([&]() -> int32_t {
        t->denied_path = path;
        t->denied_path_is_type = (flags & ZTS_DENY_PATH_IS_TYPE) != 0;
        t->denied_via_interfaces = (flags & ZTS_DENY_VIA_INTERFACES) != 0;
        for (int32_t i = 0; i < override_count; i++) {
            if (overrides[i] != nullptr) {
                t->denied_overrides.insert(overrides[i]);
            }
        }
        return ZTS_OK;
    });
}

int32_t zts_type_add_method(zts_domain *domain, int32_t type_id, const char *name, uint32_t flags, int32_t bridge,
                            int32_t param_count, const zts_param_spec *params)
{
    TypeInfo *t = domain != nullptr ? domain->types.find(type_id) : nullptr;
    if (t == nullptr || name == nullptr || param_count < 0 || (params == nullptr && param_count > 0)) {
        return ZTS_ERR_ARGUMENT;
    }
    return abi_guard([&]() -> int32_t {
        Candidate c = make_candidate(domain->types, bridge, param_count, params);
        method_set(*t, name, (flags & ZTS_MEMBER_STATIC) != 0).candidates.push_back(std::move(c));
        return ZTS_OK;
    });
}

int32_t zts_type_add_constructor(zts_domain *domain, int32_t type_id, int32_t bridge, int32_t param_count,
                                 const zts_param_spec *params)
{
    TypeInfo *t = domain != nullptr ? domain->types.find(type_id) : nullptr;
    if (t == nullptr || param_count < 0 || (params == nullptr && param_count > 0)) {
        return ZTS_ERR_ARGUMENT;
    }
    return abi_guard([&]() -> int32_t {
        Candidate c = make_candidate(domain->types, bridge, param_count, params);
        t->constructors.name = t->js_name;
        t->constructors.is_static = true;
        t->constructors.candidates.push_back(std::move(c));
        return ZTS_OK;
    });
}

int32_t zts_type_add_property(zts_domain *domain, int32_t type_id, const char *name, uint32_t flags, int32_t getter,
                              int32_t setter)
{
    TypeInfo *t = domain != nullptr ? domain->types.find(type_id) : nullptr;
    if (t == nullptr || name == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    return abi_guard([&]() -> int32_t {
        t->accessors.push_back(Accessor{name, (flags & ZTS_MEMBER_STATIC) != 0, getter, setter});
        return ZTS_OK;
    });
}

int32_t zts_type_add_array_access(zts_domain *domain, int32_t type_id, int32_t get_bridge, int32_t set_bridge,
                                  int32_t length_bridge)
{
    TypeInfo *t = domain != nullptr ? domain->types.find(type_id) : nullptr;
    if (t == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    t->element_get = get_bridge;
    t->element_set = set_bridge;
    t->length_get = length_bridge;
    return abi_guard([&]() -> int32_t {
        if (length_bridge >= 0) {
            t->accessors.push_back(Accessor{"length", false, length_bridge, -1});
        }
        return ZTS_OK;
    });
}

int32_t zts_type_add_constant(zts_domain *domain, int32_t type_id, const char *name, double value)
{
    TypeInfo *t = domain != nullptr ? domain->types.find(type_id) : nullptr;
    if (t == nullptr || name == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    return abi_guard([&]() -> int32_t {
        t->constants.emplace_back(name, value);
        return ZTS_OK;
    });
}

int32_t zts_type_add_nested(zts_domain *domain, int32_t type_id, const char *js_name, int32_t nested_type_id)
{
    TypeInfo *t = domain != nullptr ? domain->types.find(type_id) : nullptr;
    if (t == nullptr || js_name == nullptr || domain->types.find(nested_type_id) == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    return abi_guard([&]() -> int32_t {
        t->nested.emplace_back(js_name, nested_type_id);
        return ZTS_OK;
    });
}

int32_t zts_type_object(zts_domain *domain, int32_t type_id, zts_value *out)
{
    TypeInfo *t = domain != nullptr ? domain->types.find(type_id) : nullptr;
    if (t == nullptr || out == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    *out = from_js(JS_DupValue(domain->ctx, t->type_object));
    return ZTS_OK;
}

int32_t zts_type_request_namespace(zts_type_request *req)
{
    if (req == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    req->kind = zts_type_request::Namespace;
    return ZTS_OK;
}

int32_t zts_type_request_type(zts_type_request *req, int32_t type_id)
{
    if (req == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    req->kind = zts_type_request::Type;
    req->type_id = type_id;
    return ZTS_OK;
}

int32_t zts_type_request_add_name(zts_type_request *req, const char *js_name)
{
    if (req == nullptr || js_name == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    return abi_guard([&]() -> int32_t {
        req->names.emplace_back(js_name);
        return ZTS_OK;
    });
}

int32_t zts_type_request_fail(zts_type_request *req, const char *utf8)
{
    if (req == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    return abi_guard([&]() -> int32_t {
        req->kind = zts_type_request::Failed;
        req->failure = text(utf8);
        return ZTS_OK;
    });
}

int32_t zts_type_request_fail_exception(zts_domain *domain, zts_type_request *req, const char *utf8,
                                        zts_value csharp_exception)
{
    if (domain == nullptr || req == nullptr) {
        if (domain != nullptr) {
            JS_FreeValue(domain->ctx, to_js(csharp_exception));
        }
        return ZTS_ERR_ARGUMENT;
    }
    int32_t rc = zts_type_request_fail(req, utf8);
    if (req->exception_ctx != nullptr) {
        JS_FreeValue(req->exception_ctx, req->exception);
    }
    req->exception_ctx = domain->ctx;
    req->exception = to_js(csharp_exception);
    return rc;
}

int32_t zts_object_push(zts_domain *domain, int32_t type_id, int32_t slot, zts_value *out)
{
    if (domain == nullptr || out == nullptr || slot < 0) {
        return ZTS_ERR_ARGUMENT;
    }
    *out = from_js(JS_UNDEFINED);
    return abi_guard([&]() -> int32_t {
        JSValue v = push_object(domain, type_id, slot);
        if (JS_IsException(v)) {
            return capture_exception(domain, ZTS_ERR_JS);
        }
        *out = from_js(v);
        return ZTS_OK;
    });
}

int32_t zts_object_take_released(zts_domain *domain, int32_t *slots, int32_t cap)
{
    if (domain == nullptr || slots == nullptr || cap < 0) {
        return ZTS_ERR_ARGUMENT;
    }
    return domain->slots.take_released(slots, cap);
}

const int32_t *zts_domain_release_counter(zts_domain *domain)
{
    return domain == nullptr ? nullptr : domain->slots.pending_counter();
}

int32_t zts_object_slot(zts_domain *domain, zts_value v, int32_t *out_slot, int32_t *out_type_id)
{
    const ExoticPayload *payload = exotic_payload(to_js(v));
    if (domain == nullptr || payload == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    if (out_slot != nullptr) {
        *out_slot = payload->slot;
    }
    if (out_type_id != nullptr) {
        *out_type_id = payload->type_id;
    }
    return ZTS_OK;
}

int32_t zts_type_id_of(zts_domain *domain, zts_value v, int32_t *out_type_id)
{
    int32_t id = type_object_id(to_js(v));
    if (domain == nullptr || out_type_id == nullptr || id == 0) {
        return ZTS_ERR_ARGUMENT;
    }
    *out_type_id = id;
    return ZTS_OK;
}

int32_t zts_ref_get(zts_domain *domain, zts_value box, zts_value *out)
{
    if (domain == nullptr || out == nullptr || !is_ref_box(to_js(box))) {
        return ZTS_ERR_ARGUMENT;
    }
    JSValue v = JS_GetPropertyStr(domain->ctx, to_js(box), "value");
    if (JS_IsException(v)) {
        *out = from_js(JS_UNDEFINED);
        return abi_guard([&]() -> int32_t { return capture_exception(domain, ZTS_ERR_JS); });
    }
    *out = from_js(v);
    return ZTS_OK;
}

int32_t zts_ref_set(zts_domain *domain, zts_value box, zts_value v)
{
    if (domain == nullptr || !is_ref_box(to_js(box))) {
        if (domain != nullptr) {
            JS_FreeValue(domain->ctx, to_js(v));
        }
        return ZTS_ERR_ARGUMENT;
    }
    if (JS_SetPropertyStr(domain->ctx, to_js(box), "value", to_js(v)) < 0) {
        return abi_guard([&]() -> int32_t { return capture_exception(domain, ZTS_ERR_JS); });
    }
    return ZTS_OK;
}

int32_t zts_atoms_intern(zts_domain *domain, int32_t count, const char *const *names, uint32_t *out_atoms)
{
    if (domain == nullptr || count < 0 || (count > 0 && (names == nullptr || out_atoms == nullptr))) {
        return ZTS_ERR_ARGUMENT;
    }
    return abi_guard([&]() -> int32_t {
        for (int32_t i = 0; i < count; i++) {
            if (names[i] == nullptr) {
                return ZTS_ERR_ARGUMENT;
            }
        }
        for (int32_t i = 0; i < count; i++) {
            JSAtom atom = JS_NewAtom(domain->ctx, names[i]);
            if (atom == JS_ATOM_NULL) {
                return capture_exception(domain, ZTS_ERR_JS);
            }
            domain->clr.interned_atoms.push_back(atom);
            out_atoms[i] = atom;
        }
        return ZTS_OK;
    });
}

int32_t zts_table_new(zts_domain *domain, int32_t count, const uint32_t *atoms, zts_value *values, zts_value *out)
{
    if (domain == nullptr || out == nullptr || count < 0 || (count > 0 && (atoms == nullptr || values == nullptr))) {
        return ZTS_ERR_ARGUMENT;
    }
    JSContext *ctx = domain->ctx;
    JSValueConst model = domain->table_models.get(ctx, count, atoms);
    if (JS_IsObject(model)) {
        static_assert(sizeof(zts_value) == sizeof(JSValue), "zts_value is a JSValue");
        JSValue obj = JS_UNDEFINED;
        if (JS_NewObjectFromModel(ctx, model, count, as_js_array(values), &obj) == 0) { // consumes the values
            for (int32_t i = 0; i < count; i++) {
                values[i] = from_js(JS_UNDEFINED);
            }
            if (JS_IsException(obj)) {
                *out = from_js(JS_UNDEFINED);
                return abi_guard([&]() -> int32_t { return capture_exception(domain, ZTS_ERR_JS); });
            }
            *out = from_js(obj);
            return ZTS_OK;
        }
    }
    JSValue obj = JS_NewObject(ctx);
    for (int32_t i = 0; i < count; i++) {
        JSValue v = to_js(values[i]);
        values[i] = from_js(JS_UNDEFINED);
        if (JS_IsException(obj)) {
            JS_FreeValue(ctx, v); // consumed even on failure
        } else if (JS_DefinePropertyValue(ctx, obj, atoms[i], v, JS_PROP_C_W_E) < 0) {
            JS_FreeValue(ctx, obj); // the define consumed v
            obj = JS_EXCEPTION;
        }
    }
    if (JS_IsException(obj)) {
        *out = from_js(JS_UNDEFINED);
        return abi_guard([&]() -> int32_t { return capture_exception(domain, ZTS_ERR_JS); });
    }
    *out = from_js(obj);
    return ZTS_OK;
}

int32_t zts_table_read(zts_domain *domain, zts_value obj, int32_t count, const uint32_t *atoms, zts_value *out_values)
{
    if (domain == nullptr || count < 0 || (count > 0 && (atoms == nullptr || out_values == nullptr))) {
        return ZTS_ERR_ARGUMENT;
    }
    JSValueConst o = to_js(obj);
    if (!JS_IsObject(o) || exotic_payload(o) != nullptr) {
        return ZTS_ERR_ARGUMENT; // a C# object is no plain object either: its members are on its prototype
    }
    int is_array = JS_IsArray(domain->ctx, o);
    if (is_array != 0) {
        if (is_array < 0) {
            JS_FreeValue(domain->ctx, JS_GetException(domain->ctx)); // a revoked proxy
        }
        return ZTS_ERR_ARGUMENT; // docs/MARSHAL.md: a Table is a plain object, never an array
    }
    ScriptScope scope(domain); // members may be getters or Proxy traps (script_scope.h)
    for (int32_t i = 0; i < count; i++) {
        // Own properties only (docs/MARSHAL.md): a member inherited from a prototype (Object.prototype.X = 1, or
        // Object.create({X: 1})) is missing, so it keeps its default.
        int own = JS_GetOwnProperty(domain->ctx, nullptr, o, atoms[i]);
        JSValue v = own > 0 ? JS_GetProperty(domain->ctx, o, atoms[i]) : own == 0 ? JS_UNDEFINED : JS_EXCEPTION;
        if (JS_IsException(v)) {
            for (int32_t k = 0; k < i; k++) {
                JS_FreeValue(domain->ctx, to_js(out_values[k]));
                out_values[k] = from_js(JS_UNDEFINED);
            }
            return abi_guard([&]() -> int32_t { return capture_exception(domain, ZTS_ERR_JS); });
        }
        out_values[i] = from_js(v);
    }
    return ZTS_OK;
}

int32_t zts_object_live_count(const zts_domain *domain)
{
    return domain != nullptr ? domain->slots.live_count() : 0;
}

} // extern "C"
