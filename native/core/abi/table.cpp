// C ABI: Tables (docs/MARSHAL.md), made and read member by member atom.
#include "abi/guard.h"
#include "clr/classes.h"
#include "clr/tables.h"
#include "host/value_cast.h"
#include "runtime/script_scope.h"

using namespace zts;

extern "C" {

int32_t zts_table_new(zts_domain *domain, int32_t count, const uint32_t *atoms, zts_value *values, zts_value *out)
try {
    if (domain == nullptr || out == nullptr || count < 0 || (count > 0 && (atoms == nullptr || values == nullptr))) {
        return ZTS_ERR_ARGUMENT;
    }
    JsArray js_values(values, count);
    JSValue obj = table_new(domain, count, atoms, js_values.data()); // consumes the values
    js_values.write_back();
    if (JS_IsException(obj)) {
        *out = from_js(JS_UNDEFINED);
        return capture_exception(domain, ZTS_ERR_JS);
    }
    *out = from_js(obj);
    return ZTS_OK;
}
ZTS_ABI_CATCH

int32_t zts_table_read(zts_domain *domain, zts_value obj, int32_t count, const uint32_t *atoms, zts_value *out_values)
try {
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
    JsArray js_out(out_values, count);
    bool read = table_read(domain, o, count, atoms, js_out.data());
    js_out.write_back();
    if (!read) {
        return capture_exception(domain, ZTS_ERR_JS);
    }
    return ZTS_OK;
}
ZTS_ABI_CATCH

} // extern "C"
