#include "inspector/remote_objects.h"

#include "core/inspector_seam.h"

#include <cmath>
#include <set>

namespace zts::dbg
{
namespace
{

// The constructor name on obj's prototype ("Object" for plain objects), without running getters of obj itself.
std::string class_name_of(JSContext *ctx, JSValueConst obj)
{
    std::string name = "Object";
    JSValue proto = JS_GetPrototype(ctx, obj);
    if (JS_IsObject(proto)) {
        JSValue ctor = JS_GetPropertyStr(ctx, proto, "constructor");
        if (JS_IsFunction(ctx, ctor)) {
            JSValue n = JS_GetPropertyStr(ctx, ctor, "name");
            if (JS_IsString(n)) {
                std::string s = to_utf8(ctx, n);
                if (!s.empty()) {
                    name = s;
                }
            }
            JS_FreeValue(ctx, n);
        }
        JS_FreeValue(ctx, ctor);
    }
    JS_FreeValue(ctx, proto);
    JS_FreeValue(ctx, JS_GetException(ctx));
    return name;
}

} // namespace

std::string to_utf8(JSContext *ctx, JSValueConst v)
{
    size_t len = 0;
    const char *s = JS_ToCStringLen(ctx, &len, v);
    if (s == nullptr) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return {};
    }
    std::string out(s, len);
    JS_FreeCString(ctx, s);
    return out;
}

std::string atom_text(JSContext *ctx, JSAtom atom)
{
    if (atom == JS_ATOM_NULL) {
        return {};
    }
    const char *s = JS_AtomToCString(ctx, atom);
    if (s == nullptr) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return {};
    }
    std::string out(s);
    JS_FreeCString(ctx, s);
    return out;
}

std::string describe_text(JSContext *ctx, JSValueConst v)
{
    std::string out;
    seam::append_inspect(ctx, v, out);
    if (out.size() > 100) {
        out.resize(97);
        out += "...";
    }
    return out;
}

std::string RemoteObjects::hold(JSContext *ctx, JSValueConst v, const std::string &group)
{
    const uint64_t serial = next_++;
    std::string id = "zts-obj:" + std::to_string(serial);
    held_.emplace(id, Held{JS_DupValue(ctx, v), group, serial});
    return id;
}

Json RemoteObjects::describe(JSContext *ctx, JSValueConst v, const std::string &group)
{
    Json r = Json::object();
    switch (JS_VALUE_GET_NORM_TAG(v)) {
    case JS_TAG_UNDEFINED:
    case JS_TAG_UNINITIALIZED:
        r.set("type", Json::string("undefined"));
        return r;
    case JS_TAG_NULL:
        r.set("type", Json::string("object")).set("subtype", Json::string("null")).set("value", Json());
        return r;
    case JS_TAG_BOOL:
        r.set("type", Json::string("boolean")).set("value", Json::boolean(JS_VALUE_GET_BOOL(v)));
        return r;
    case JS_TAG_INT:
        r.set("type", Json::string("number")).set("value", Json::number(JS_VALUE_GET_INT(v)));
        r.set("description", Json::string(std::to_string(JS_VALUE_GET_INT(v))));
        return r;
    case JS_TAG_FLOAT64: {
        double d = JS_VALUE_GET_FLOAT64(v);
        r.set("type", Json::string("number"));
        std::string text = to_utf8(ctx, v);
        if (std::isfinite(d) && !(d == 0 && std::signbit(d))) {
            r.set("value", Json::number(d));
        } else {
            r.set("unserializableValue", Json::string(text)); // NaN, Infinity, -Infinity, -0
        }
        r.set("description", Json::string(text));
        return r;
    }
    case JS_TAG_STRING:
    case JS_TAG_STRING_ROPE: // a concatenation QuickJS has not flattened yet (over ~8 KiB): a string all the same
        r.set("type", Json::string("string")).set("value", Json::string(to_utf8(ctx, v)));
        return r;
    case JS_TAG_SYMBOL:
        r.set("type", Json::string("symbol")).set("description", Json::string(describe_text(ctx, v)));
        r.set("objectId", Json::string(hold(ctx, v, group)));
        return r;
    case JS_TAG_BIG_INT:
    case JS_TAG_SHORT_BIG_INT: {
        std::string text = to_utf8(ctx, v);
        r.set("type", Json::string("bigint")).set("unserializableValue", Json::string(text + "n"));
        r.set("description", Json::string(text + "n"));
        return r;
    }
    case JS_TAG_OBJECT:
        break;
    default:
        r.set("type", Json::string("undefined"));
        return r;
    }
    std::string id = hold(ctx, v, group);
    if (JS_IsFunction(ctx, v)) {
        r.set("type", Json::string("function")).set("className", Json::string("Function"));
        JSValue name = JS_GetPropertyStr(ctx, v, "name");
        std::string n = JS_IsString(name) ? to_utf8(ctx, name) : std::string();
        JS_FreeValue(ctx, name);
        JS_FreeValue(ctx, JS_GetException(ctx));
        r.set("description", Json::string("function " + n + "() { [code] }"));
        r.set("objectId", Json::string(id));
        return r;
    }
    r.set("type", Json::string("object"));
    std::string cls = class_name_of(ctx, v);
    r.set("className", Json::string(cls));
    if (JS_IsArray(ctx, v) > 0) {
        r.set("subtype", Json::string("array"));
    } else if (JS_IsError(ctx, v)) {
        r.set("subtype", Json::string("error"));
        JSValue stack = JS_GetPropertyStr(ctx, v, "stack");
        std::string text = describe_text(ctx, v);
        if (JS_IsString(stack)) {
            std::string s = to_utf8(ctx, stack);
            if (!s.empty()) {
                text += "\n" + s;
            }
        }
        JS_FreeValue(ctx, stack);
        JS_FreeValue(ctx, JS_GetException(ctx));
        r.set("description", Json::string(text));
        r.set("objectId", Json::string(id));
        return r;
    }
    r.set("description", Json::string(seam::is_csharp_object(v) ? describe_text(ctx, v) : cls));
    r.set("objectId", Json::string(id));
    return r;
}

JSValueConst RemoteObjects::find(const std::string &id) const
{
    auto it = held_.find(id);
    return it == held_.end() ? JS_UNINITIALIZED : it->second.value;
}

Json RemoteObjects::properties(JSContext *ctx, JSValueConst obj, bool own_only, bool accessors_only)
{
    Json list = Json::array();
    if (!JS_IsObject(obj)) {
        return list;
    }
    Walk walk(*this, ctx); // obj is borrowed from held_: no release may free it before the walk ends
    std::set<JSAtom> seen;
    const bool clr = seam::is_csharp_object(obj);
    JSValue holder = JS_DupValue(ctx, obj);
    for (int level = 0; JS_IsObject(holder); level++) {
        // Own properties, then (for a C# object or struct copy) the getters its type's prototypes define.
        if (level > 0 && !clr) {
            break;
        }
        if (level > 0) {
            JSValue above = JS_GetPrototype(ctx, holder);
            bool last = !JS_IsObject(above); // Object.prototype: nothing of the C# type's
            JS_FreeValue(ctx, above);
            if (last) {
                break;
            }
        }
        JSPropertyEnum *props = nullptr;
        uint32_t count = 0;
        if (JS_GetOwnPropertyNames(ctx, &props, &count, holder, JS_GPN_STRING_MASK | JS_GPN_SYMBOL_MASK | JS_GPN_SET_ENUM) <
            0) {
            JS_FreeValue(ctx, JS_GetException(ctx));
            break;
        }
        for (uint32_t i = 0; i < count; i++) {
            JSAtom atom = props[i].atom;
            JSPropertyDescriptor desc;
            int has = seen.count(atom) ? 0 : JS_GetOwnProperty(ctx, &desc, holder, atom);
            if (has < 0) {
                JS_FreeValue(ctx, JS_GetException(ctx));
            }
            if (has > 0) {
                const bool accessor = (desc.flags & JS_PROP_GETSET) != 0;
                bool shown = level == 0 ? (!accessors_only || accessor) : accessor && JS_IsFunction(ctx, desc.getter);
                if (shown) {
                    seen.insert(atom);
                    Json p = Json::object();
                    p.set("name", Json::string(atom_text(ctx, atom)));
                    if (accessor && level > 0) {
                        // A C# property: read it now through the prototype's getter, i.e. the member bridge.
                        JSValue value = JS_GetProperty(ctx, obj, atom);
                        if (JS_IsException(value)) {
                            JSValue exc = JS_GetException(ctx);
                            p.set("value", describe(ctx, exc));
                            p.set("wasThrown", Json::boolean(true));
                            JS_FreeValue(ctx, exc);
                        } else {
                            p.set("value", describe(ctx, value));
                            JS_FreeValue(ctx, value);
                        }
                        p.set("writable", Json::boolean(JS_IsFunction(ctx, desc.setter)));
                    } else if (accessor) {
                        if (JS_IsFunction(ctx, desc.getter)) {
                            p.set("get", describe(ctx, desc.getter));
                        }
                        if (JS_IsFunction(ctx, desc.setter)) {
                            p.set("set", describe(ctx, desc.setter));
                        }
                    } else {
                        p.set("value", describe(ctx, desc.value));
                        p.set("writable", Json::boolean((desc.flags & JS_PROP_WRITABLE) != 0));
                    }
                    p.set("configurable", Json::boolean((desc.flags & JS_PROP_CONFIGURABLE) != 0));
                    p.set("enumerable", Json::boolean(level > 0 || (desc.flags & JS_PROP_ENUMERABLE) != 0));
                    p.set("isOwn", Json::boolean(level == 0));
                    list.push(std::move(p));
                }
                JS_FreeValue(ctx, desc.value);
                JS_FreeValue(ctx, desc.getter);
                JS_FreeValue(ctx, desc.setter);
            }
            JS_FreeAtom(ctx, atom);
        }
        js_free(ctx, props);
        if (own_only && !clr) {
            break;
        }
        JSValue next = JS_GetPrototype(ctx, holder);
        JS_FreeValue(ctx, holder);
        holder = next;
        if (JS_IsException(holder)) {
            JS_FreeValue(ctx, JS_GetException(ctx));
            break;
        }
    }
    JS_FreeValue(ctx, holder);
    if (!accessors_only) {
        JSValue proto = JS_GetPrototype(ctx, obj);
        if (JS_IsObject(proto)) {
            Json p = Json::object();
            p.set("name", Json::string("[[Prototype]]")).set("value", describe(ctx, proto));
            p.set("writable", Json::boolean(true)).set("configurable", Json::boolean(true));
            p.set("enumerable", Json::boolean(false)).set("isOwn", Json::boolean(true));
            list.push(std::move(p));
        }
        JS_FreeValue(ctx, proto);
        JS_FreeValue(ctx, JS_GetException(ctx));
    }
    return list;
}

void RemoteObjects::release(JSContext *ctx, const std::string &id)
{
    release_where(ctx, Waiting{id, std::string(), next_});
}

void RemoteObjects::release_group(JSContext *ctx, const std::string &group)
{
    if (!group.empty()) {
        release_where(ctx, Waiting{std::string(), group, next_});
    }
}

void RemoteObjects::release_all(JSContext *ctx)
{
    release_where(ctx, Waiting{std::string(), std::string(), next_});
}

void RemoteObjects::release_where(JSContext *ctx, const Waiting &w)
{
    if (walks_ > 0) {
        waiting_.push_back(w);
        return;
    }
    // Taken out of held_ before any is freed: freeing a value may run a finalizer that reaches the debugger again.
    std::vector<JSValue> freed;
    if (!w.id.empty()) {
        auto it = held_.find(w.id);
        if (it != held_.end() && it->second.serial < w.before) {
            freed.push_back(it->second.value);
            held_.erase(it);
        }
    } else {
        for (auto it = held_.begin(); it != held_.end();) {
            if (it->second.serial < w.before && (w.group.empty() || it->second.group == w.group)) {
                freed.push_back(it->second.value);
                it = held_.erase(it);
            } else {
                ++it;
            }
        }
    }
    for (JSValue v : freed) {
        JS_FreeValue(ctx, v);
    }
}

RemoteObjects::Walk::~Walk()
{
    if (--objects_.walks_ > 0) {
        return;
    }
    while (!objects_.waiting_.empty() && objects_.walks_ == 0) {
        std::vector<Waiting> waiting;
        waiting.swap(objects_.waiting_);
        for (const Waiting &w : waiting) {
            objects_.release_where(ctx_, w);
        }
    }
}

} // namespace zts::dbg
