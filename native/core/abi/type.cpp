// C ABI: declaring CLR types and their members, their copy layouts, and type objects.
#include "abi/guard.h"
#include "clr/classes.h"
#include "host/value_cast.h"

using namespace zts;

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

int32_t zts_type_set_copy_layout(zts_domain *domain, int32_t type_id, int32_t size, int32_t field_count,
                                 const zts_copy_field *fields, int32_t flags)
try {
    TypeInfo *t = domain != nullptr ? domain->types.find(type_id) : nullptr;
    if (t == nullptr || size <= 0 || size > ZTS_COPY_MAX_SIZE || field_count < 0 ||
        (field_count > 0 && fields == nullptr) || (flags & ~ZTS_COPY_SCANNED) != 0 ||
        ((flags & ZTS_COPY_SCANNED) != 0 && !StructArena::rooted())) {
        return ZTS_ERR_ARGUMENT;
    }
    std::vector<CopyField> copied;
    for (int32_t i = 0; i < field_count; i++) {
        const zts_copy_field &f = fields[i];
        if (f.name == nullptr || f.code < ZTS_COPY_FIELD_I1 || f.code > ZTS_COPY_FIELD_STRUCT || f.offset < 0 ||
            f.offset >= size || (f.code == ZTS_COPY_FIELD_STRUCT && domain->types.find(f.type_id) == nullptr)) {
            return ZTS_ERR_ARGUMENT;
        }
        copied.push_back(CopyField{f.name, f.offset, f.code, f.code == ZTS_COPY_FIELD_STRUCT ? f.type_id : 0});
    }
    t->copy_size = size;
    t->copy_fields = std::move(copied);
    t->copy_scanned = (flags & ZTS_COPY_SCANNED) != 0;
    return ZTS_OK;
}
ZTS_ABI_CATCH

} // extern "C"
