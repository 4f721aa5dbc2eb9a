// C ABI: struct values as native copies (10-LIFETIME §3.1): their rooted memory, copies and their bytes.
#include "abi/guard.h"
#include "clr/classes.h"
#include "clr/struct_copies.h"
#include "host/value_cast.h"

using namespace zts;

extern "C" {

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

int32_t zts_struct_live_count(const zts_domain *domain)
try {
    return domain != nullptr ? domain->structs.live_count() : 0;
}
ZTS_ABI_CATCH_RETURN(0)

} // extern "C"
