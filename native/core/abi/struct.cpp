// C ABI: struct values as native copies (10-LIFETIME §3.1): layouts, copies, their bytes, the result buffer.
#include "abi/guard.h"
#include "clr/classes.h"
#include "clr/struct_copies.h"
#include "host/value_cast.h"

using namespace zts;

extern "C" {

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

int32_t zts_struct_set_rooted_memory(zts_rooted_alloc_fn alloc, zts_rooted_free_fn release)
try {
    if ((alloc == nullptr) != (release == nullptr)) {
        return ZTS_ERR_ARGUMENT;
    }
    StructArena::set_rooted_memory(alloc, release);
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_struct_new(zts_domain *domain, int32_t type_id, const void *bytes, zts_value *out)
try {
    if (domain == nullptr || bytes == nullptr || out == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    *out = from_js(JS_UNDEFINED);
    JSValue v = new_struct_copy(domain, type_id, bytes);
    if (JS_IsException(v)) {
        return capture_exception(domain, ZTS_ERR_JS);
    }
    *out = from_js(v);
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_struct_ref_of(zts_domain *domain, zts_value v, zts_struct_ref **out)
try {
    StructCopy *copy = struct_copy_of(to_js(v));
    if (domain == nullptr || out == nullptr || copy == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    *out = &copy->ref;
    return ZTS_OK;
}
ZTS_ABI_CATCH

zts_struct_ref *zts_domain_struct_result(zts_domain *domain)
try {
    return domain != nullptr ? domain->structs.result() : nullptr;
}
ZTS_ABI_CATCH_RETURN(nullptr)

int32_t zts_struct_live_count(const zts_domain *domain)
try {
    return domain != nullptr ? domain->structs.live_count() : 0;
}
ZTS_ABI_CATCH_RETURN(0)

} // extern "C"
