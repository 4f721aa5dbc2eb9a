// C ABI: C# objects shown to JS: ByObj pushes, their registry slots, the slots JS released, and their toString.
#include "abi/guard.h"
#include "host/gated_function.h"
#include "clr/classes.h"
#include "clr/struct_copies.h"
#include "host/value_cast.h"

using namespace zts;

extern "C" {

int32_t zts_object_push(zts_domain *domain, int32_t type_id, int32_t slot, zts_value *out)
try {
    if (domain == nullptr || out == nullptr || slot < 0) {
        return ZTS_ERR_ARGUMENT;
    }
    *out = from_js(JS_UNDEFINED);
    JSValue v = push_object(domain, type_id, slot);
    if (JS_IsException(v)) {
        return capture_exception(domain, ZTS_ERR_JS);
    }
    *out = from_js(v);
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_object_take_released(zts_domain *domain, int32_t *slots, int32_t cap)
try {
    if (domain == nullptr || slots == nullptr || cap < 0) {
        return ZTS_ERR_ARGUMENT;
    }
    return domain->slots.take_released(slots, cap);
}
ZTS_ABI_CATCH

int32_t zts_object_slot(zts_domain *domain, zts_value v, int32_t *out_slot, int32_t *out_type_id)
try {
    const ExoticPayload *payload = exotic_payload(to_js(v));
    if (domain == nullptr || payload == nullptr || payload->slot == k_struct_copy_slot) { // a copy has no slot
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
ZTS_ABI_CATCH

int32_t zts_object_live_count(const zts_domain *domain)
try {
    return domain != nullptr ? domain->slots.live_count() : 0;
}
ZTS_ABI_CATCH_RETURN(0)

int32_t zts_object_set_to_string(zts_domain *domain, int64_t data)
try {
    if (domain == nullptr) {
        return ZTS_ERR_ARGUMENT;
    }
    JSValue fn;
    int32_t rc = make_gated_function(domain, "toString", 0, 0, data, &fn);
    if (rc == ZTS_OK) {
        JS_FreeValue(domain->ctx, domain->clr.object_to_string);
        domain->clr.object_to_string = fn;
    }
    return rc;
}
ZTS_ABI_CATCH

} // extern "C"
