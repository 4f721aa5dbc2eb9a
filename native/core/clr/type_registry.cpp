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
    declared_ = static_cast<int32_t>(types_.size());
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
        JS_FreeValue(ctx, t.spare_copy);
        t.type_object = t.statics = t.prototype = t.shape_anchor = t.spare_copy = JS_UNDEFINED;
        for (CopyField &f : t.copy_fields) {
            JS_FreeAtom(ctx, f.atom);
            f.atom = JS_ATOM_NULL;
        }
    }
    types_.resize(1);
    declared_ = 1;
    types_[0] = TypeInfo{};
    by_name_.clear();
    names_.clear();
}

Candidate TypeRegistry::make_candidate(int32_t bridge, int32_t param_count, const zts_param_spec *params)
{
    Candidate c;
    c.bridge = bridge;
    for (int32_t i = 0; i < param_count; i++) {
        zts_param_spec p = params[i];
        p.type_name = intern_name(p.type_name);
        c.params.push_back(p);
        if (p.optional == 0) {
            c.min_args = i + 1;
        }
    }
    return c;
}

MemberSet &method_set(TypeInfo &t, const std::string &name, bool is_static)
{
    for (MemberSet &s : t.methods) {
        if (s.name == name && s.is_static == is_static) {
            return s; // [TsAlias] duplicates merge into one overload set
        }
    }
    t.methods.push_back(MemberSet{name, is_static, {}});
    return t.methods.back();
}

std::string type_js_path(const TypeInfo *outer, const std::string &full_name, const std::string &js_name)
{
    if (outer != nullptr) {
        return outer->js_path + "." + js_name;
    }
    // The namespace part of a CLR full name ("System.Collections.Generic" of "...List`1[...]").
    std::string plain = full_name.substr(0, full_name.find('['));
    size_t dot = plain.rfind('.');
    std::string ns = dot == std::string::npos ? std::string() : plain.substr(0, dot);
    return (ns.empty() ? "" : ns + ".") + js_name;
}

} // namespace zts
