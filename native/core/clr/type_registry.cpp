#include "clr/type_registry.h"

namespace zts
{

TypeInfo &TypeRegistry::declare(const std::string &full_name, const std::string &js_name, int32_t base_id,
                                int32_t outer_id, uint32_t flags)
{
    TypeInfo t;
    t.id = static_cast<int32_t>(types_.size());
    t.full_name = full_name;
    t.js_name = js_name;
    t.base_id = base_id;
    t.outer_id = outer_id;
    t.flags = flags;
    by_name_[full_name] = t.id;
    types_.push_back(std::move(t));
    return types_.back();
}

TypeInfo *TypeRegistry::find_by_name(const std::string &full_name)
{
    auto it = by_name_.find(full_name);
    return it == by_name_.end() ? nullptr : find(it->second);
}

bool TypeRegistry::derives_from(int32_t id, int32_t ancestor)
{
    for (TypeInfo *t = find(id); t != nullptr; t = find(t->base_id)) {
        if (t->id == ancestor) {
            return true;
        }
    }
    return false;
}

bool TypeRegistry::implements(int32_t id, int32_t iface)
{
    for (TypeInfo *t = find(id); t != nullptr; t = find(t->base_id)) {
        if (t->id == iface) {
            return true;
        }
        for (int32_t i : t->interfaces) {
            if (i == iface) {
                return true;
            }
        }
    }
    return false;
}

const char *TypeRegistry::intern_name(const char *name)
{
    return names_.emplace(name != nullptr ? name : "").first->c_str();
}

void TypeRegistry::clear(JSContext *ctx)
{
    for (TypeInfo &t : types_) {
        JS_FreeValue(ctx, t.type_object);
        JS_FreeValue(ctx, t.statics);
        JS_FreeValue(ctx, t.prototype);
        JS_FreeValue(ctx, t.shape_anchor);
        t.type_object = t.statics = t.prototype = t.shape_anchor = JS_UNDEFINED;
    }
    types_.resize(1);
    types_[0] = TypeInfo{};
    by_name_.clear();
    names_.clear();
}

} // namespace zts
