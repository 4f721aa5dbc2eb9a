#include "clr/table_models.h"

#include <algorithm>
#include <cstring>

namespace zts
{

JSValueConst TableModels::get(JSContext *ctx, int32_t count, const uint32_t *atoms)
{
    for (size_t i = 0; i < entries_.size(); i++) {
        Entry &e = entries_[i];
        if (e.atoms.size() == static_cast<size_t>(count) &&
            (count == 0 || std::memcmp(e.atoms.data(), atoms, sizeof(uint32_t) * static_cast<size_t>(count)) == 0)) {
            if (i != 0) {
                std::swap(entries_[i], entries_[0]); // the shape used last is found first
            }
            return entries_[0].model;
        }
    }
    // The model: a plain object with the members in order, all undefined. A repeated name gives fewer properties
    // than members; the model path then refuses it, so such a list keeps the one-by-one path.
    JSValue model = JS_NewObject(ctx);
    for (int32_t i = 0; i < count && !JS_IsException(model); i++) {
        if (JS_DefinePropertyValue(ctx, model, atoms[i], JS_UNDEFINED, JS_PROP_C_W_E) < 0) {
            JS_FreeValue(ctx, model);
            model = JS_EXCEPTION;
        }
    }
    if (JS_IsException(model)) {
        JS_FreeValue(ctx, JS_GetException(ctx)); // no model; the caller's own path reports any real failure
        return JS_UNDEFINED;
    }
    entries_.insert(entries_.begin(), Entry{std::vector<uint32_t>(atoms, atoms + count), model});
    return model;
}

void TableModels::clear(JSContext *ctx)
{
    for (Entry &e : entries_) {
        JS_FreeValue(ctx, e.model);
    }
    entries_.clear();
}

} // namespace zts
