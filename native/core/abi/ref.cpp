// C ABI: the value of a ref box (a C# ref/out parameter seen from JS).
#include "abi/guard.h"
#include "clr/ref_box.h"
#include "host/value_cast.h"

using namespace zts;

extern "C" {

int32_t zts_ref_get(zts_domain *domain, zts_value box, zts_value *out)
try {
    if (domain == nullptr || out == nullptr || !is_ref_box(to_js(box))) {
        return ZTS_ERR_ARGUMENT;
    }
    JSValue v = JS_GetPropertyStr(domain->ctx, to_js(box), "value");
    if (JS_IsException(v)) {
        *out = from_js(JS_UNDEFINED);
        return capture_exception(domain, ZTS_ERR_JS);
    }
    *out = from_js(v);
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_ref_set(zts_domain *domain, zts_value box, zts_value v)
try {
    if (domain == nullptr || !is_ref_box(to_js(box))) {
        if (domain != nullptr) {
            JS_FreeValue(domain->ctx, to_js(v));
        }
        return ZTS_ERR_ARGUMENT;
    }
    if (JS_SetPropertyStr(domain->ctx, to_js(box), "value", to_js(v)) < 0) {
        return capture_exception(domain, ZTS_ERR_JS);
    }
    return ZTS_OK;
}
ZTS_ABI_CATCH

} // extern "C"
