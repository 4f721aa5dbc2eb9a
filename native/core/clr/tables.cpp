#include "clr/tables.h"
#include "runtime/domain.h"
#include "runtime/quickjs_seam.h"

namespace zts
{

JSValue table_new(zts_domain *d, int32_t count, const uint32_t *atoms, JSValue *values)
{
    JSContext *ctx = d->ctx;
    // Stock QuickJS makes no object from a model (runtime/quickjs_seam.h), so it needs none.
    JSValueConst model = quickjs_seam::k_patched ? d->table_models.get(ctx, count, atoms) : JS_UNDEFINED;
    if (JS_IsObject(model)) {
        JSValue obj = JS_UNDEFINED;
        if (quickjs_seam::new_object_from_model(ctx, model, count, values, &obj) == 0) { // consumes the values
            for (int32_t i = 0; i < count; i++) {
                values[i] = JS_UNDEFINED;
            }
            return obj;
        }
    }
    JSValue obj = JS_NewObject(ctx);
    for (int32_t i = 0; i < count; i++) {
        JSValue v = values[i];
        values[i] = JS_UNDEFINED;
        if (JS_IsException(obj)) {
            JS_FreeValue(ctx, v); // consumed even on failure
        } else if (JS_DefinePropertyValue(ctx, obj, atoms[i], v, JS_PROP_C_W_E) < 0) {
            JS_FreeValue(ctx, obj); // the define consumed v
            obj = JS_EXCEPTION;
        }
    }
    return obj;
}

bool table_read(zts_domain *d, JSValueConst o, int32_t count, const uint32_t *atoms, JSValue *out)
{
    for (int32_t i = 0; i < count; i++) {
        // Own properties only (docs/MARSHAL.md): a member inherited from a prototype (Object.prototype.X = 1, or
        // Object.create({X: 1})) is missing, so it keeps its default.
        int own = JS_GetOwnProperty(d->ctx, nullptr, o, atoms[i]);
        JSValue v = own > 0 ? JS_GetProperty(d->ctx, o, atoms[i]) : own == 0 ? JS_UNDEFINED : JS_EXCEPTION;
        if (JS_IsException(v)) {
            for (int32_t k = 0; k < i; k++) {
                JS_FreeValue(d->ctx, out[k]);
                out[k] = JS_UNDEFINED;
            }
            return false;
        }
        out[i] = v;
    }
    return true;
}

} // namespace zts
