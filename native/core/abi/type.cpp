// C ABI: declaring CLR types and their members, type objects, and the answers to a type request.
#include "abi/guard.h"
#include "clr/classes.h"
#include "clr/type_request.h"
#include "host/value_cast.h"

using namespace zts;

namespace
{

std::string text(const char *s)
{
    return s != nullptr ? std::string(s) : std::string();
}

} // namespace

extern "C" {

int32_t zts_type_declare(zts_domain *domain, const char *full_name, const char *js_name, int32_t base_type_id,
                         int32_t outer_type_id, uint32_t flags, int32_t *out_type_id)
try {
    if (domain == nullptr || full_name == nullptr || js_name == nullptr || out_type_id == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    if (TypeInfo *existing = domain->types.find_by_name(full_name)) {
        *out_type_id = existing->id;
        return ZTS_OK;
    }
    TypeInfo &t = domain->types.declare(full_name, js_name, base_type_id, outer_type_id, flags);
    t.js_path = type_js_path(domain->types.find(outer_type_id), full_name, js_name);
    if (!make_type_object(domain, t)) {
        return capture_exception(domain, ZTS_ERR_JS);
    }
    *out_type_id = t.id;
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_type_add_interface(zts_domain *domain, int32_t type_id, int32_t interface_id)
try {
    TypeInfo *t = domain != nullptr ? domain->types.find(type_id) : nullptr;
    if (t == nullptr || domain->types.find(interface_id) == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    t->interfaces.push_back(interface_id);
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_type_deny_this(zts_domain *domain, int32_t type_id, const char *path, uint32_t flags,
                           int32_t override_count, const char *const *overrides)
try {
    TypeInfo *t = domain != nullptr ? domain->types.find(type_id) : nullptr;
    if (t == nullptr || path == nullptr || path[0] == '\0' || override_count < 0 ||
        (override_count > 0 && overrides == nullptr)) {
        return ZTS_ERR_ARGUMENT;
    }
    t->denied_path = path;
    t->denied_path_is_type = (flags & ZTS_DENY_PATH_IS_TYPE) != 0;
    t->denied_via_interfaces = (flags & ZTS_DENY_VIA_INTERFACES) != 0;
    for (int32_t i = 0; i < override_count; i++) {
        if (overrides[i] != nullptr) {
            t->denied_overrides.insert(overrides[i]);
        }
    }
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_type_add_method(zts_domain *domain, int32_t type_id, const char *name, uint32_t flags, int32_t bridge,
                            int32_t param_count, const zts_param_spec *params)
try {
    TypeInfo *t = domain != nullptr ? domain->types.find(type_id) : nullptr;
    if (t == nullptr || name == nullptr || param_count < 0 || (params == nullptr && param_count > 0)) {
        return ZTS_ERR_ARGUMENT;
    }
    Candidate c = domain->types.make_candidate(bridge, param_count, params);
    method_set(*t, name, (flags & ZTS_MEMBER_STATIC) != 0).candidates.push_back(std::move(c));
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_type_add_constructor(zts_domain *domain, int32_t type_id, int32_t bridge, int32_t param_count,
                                 const zts_param_spec *params)
try {
    TypeInfo *t = domain != nullptr ? domain->types.find(type_id) : nullptr;
    if (t == nullptr || param_count < 0 || (params == nullptr && param_count > 0)) {
        return ZTS_ERR_ARGUMENT;
    }
    Candidate c = domain->types.make_candidate(bridge, param_count, params);
    t->constructors.name = t->js_name;
    t->constructors.is_static = true;
    t->constructors.candidates.push_back(std::move(c));
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_type_add_property(zts_domain *domain, int32_t type_id, const char *name, uint32_t flags, int32_t getter,
                              int32_t setter)
try {
    TypeInfo *t = domain != nullptr ? domain->types.find(type_id) : nullptr;
    if (t == nullptr || name == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    t->accessors.push_back(Accessor{name, (flags & ZTS_MEMBER_STATIC) != 0, getter, setter});
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_type_add_array_access(zts_domain *domain, int32_t type_id, int32_t get_bridge, int32_t set_bridge,
                                  int32_t length_bridge)
try {
    TypeInfo *t = domain != nullptr ? domain->types.find(type_id) : nullptr;
    if (t == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    t->element_get = get_bridge;
    t->element_set = set_bridge;
    t->length_get = length_bridge;
    if (length_bridge >= 0) {
        t->accessors.push_back(Accessor{"length", false, length_bridge, -1});
    }
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_type_add_constant(zts_domain *domain, int32_t type_id, const char *name, double value)
try {
    TypeInfo *t = domain != nullptr ? domain->types.find(type_id) : nullptr;
    if (t == nullptr || name == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    t->constants.emplace_back(name, value);
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_type_add_nested(zts_domain *domain, int32_t type_id, const char *js_name, int32_t nested_type_id)
try {
    TypeInfo *t = domain != nullptr ? domain->types.find(type_id) : nullptr;
    if (t == nullptr || js_name == nullptr || domain->types.find(nested_type_id) == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    t->nested.emplace_back(js_name, nested_type_id);
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_type_object(zts_domain *domain, int32_t type_id, zts_value *out)
try {
    TypeInfo *t = domain != nullptr ? domain->types.find(type_id) : nullptr;
    if (t == nullptr || out == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    *out = from_js(JS_DupValue(domain->ctx, t->type_object));
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_type_request_namespace(zts_type_request *req)
try {
    if (req == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    req->kind = zts_type_request::Namespace;
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_type_request_type(zts_type_request *req, int32_t type_id)
try {
    if (req == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    req->kind = zts_type_request::Type;
    req->type_id = type_id;
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_type_request_add_name(zts_type_request *req, const char *js_name)
try {
    if (req == nullptr || js_name == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    req->names.emplace_back(js_name);
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_type_request_fail(zts_type_request *req, const char *utf8)
try {
    if (req == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    req->kind = zts_type_request::Failed;
    req->failure = text(utf8);
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_type_request_fail_exception(zts_domain *domain, zts_type_request *req, const char *utf8,
                                        zts_value csharp_exception)
try {
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
ZTS_ABI_CATCH

int32_t zts_type_id_of(zts_domain *domain, zts_value v, int32_t *out_type_id)
try {
    int32_t id = type_object_id(to_js(v));
    if (domain == nullptr || out_type_id == nullptr || id == 0) {
        return ZTS_ERR_ARGUMENT;
    }
    *out_type_id = id;
    return ZTS_OK;
}
ZTS_ABI_CATCH

} // extern "C"
