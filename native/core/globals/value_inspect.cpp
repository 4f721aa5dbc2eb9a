#include "globals/value_inspect.h"

#include "clr/classes.h"

#include <cmath>
#include <vector>

namespace zts
{
namespace
{

struct Inspector {
    JSContext *ctx;
    std::vector<void *> path; // objects being printed (cycles print as [Circular])

    // String(v), or a placeholder when it throws.
    void display(JSValueConst v, std::string &out)
    {
        size_t len = 0;
        const char *s = JS_ToCStringLen(ctx, &len, v);
        if (s == nullptr) {
            JS_FreeValue(ctx, JS_GetException(ctx));
            out += "<unprintable value>";
            return;
        }
        out.append(s, len);
        JS_FreeCString(ctx, s);
    }

    void quoted(JSValueConst v, std::string &out)
    {
        std::string text;
        display(v, text);
        out.push_back('\'');
        for (char c : text) {
            if (c == '\'' || c == '\\') {
                out.push_back('\\');
                out.push_back(c);
            } else if (c == '\n') {
                out += "\\n";
            } else {
                out.push_back(c);
            }
        }
        out.push_back('\'');
    }

    static bool is_identifier(const char *s, size_t len)
    {
        if (len == 0) {
            return false;
        }
        for (size_t i = 0; i < len; i++) {
            unsigned char c = static_cast<unsigned char>(s[i]);
            bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c >= 0x80;
            if (!letter && !(i > 0 && c >= '0' && c <= '9')) {
                return false;
            }
        }
        return true;
    }

    // The constructor's name for a non-plain object ("Foo" of `new Foo()`), "" for plain objects.
    std::string class_name(JSValueConst obj)
    {
        std::string name;
        JSValue proto = JS_GetPrototype(ctx, obj);
        if (JS_IsException(proto)) {
            JS_FreeValue(ctx, JS_GetException(ctx));
            return name;
        }
        if (JS_IsObject(proto)) {
            JSValue proto_of_proto = JS_GetPrototype(ctx, proto);
            bool plain = JS_IsNull(proto_of_proto);
            JS_FreeValue(ctx, proto_of_proto);
            if (!plain) {
                JSValue ctor = JS_GetPropertyStr(ctx, proto, "constructor");
                JSValue n = JS_IsFunction(ctx, ctor) ? JS_GetPropertyStr(ctx, ctor, "name") : JS_UNDEFINED;
                if (JS_IsString(n)) {
                    display(n, name);
                }
                JS_FreeValue(ctx, n);
                JS_FreeValue(ctx, ctor);
            }
        }
        JS_FreeValue(ctx, proto);
        JS_FreeValue(ctx, JS_GetException(ctx)); // a throwing getter leaves the plain form
        return name;
    }

    void value(JSValueConst v, int depth, bool top, std::string &out)
    {
        if (JS_IsString(v)) {
            if (top) {
                display(v, out);
            } else {
                quoted(v, out);
            }
            return;
        }
        if (JS_IsBigInt(ctx, v)) {
            display(v, out);
            out.push_back('n');
            return;
        }
        if (!JS_IsObject(v) || exotic_payload(v) != nullptr || JS_IsError(ctx, v)) {
            if (JS_VALUE_GET_NORM_TAG(v) == JS_TAG_FLOAT64 && JS_VALUE_GET_FLOAT64(v) == 0 &&
                std::signbit(JS_VALUE_GET_FLOAT64(v))) {
                out += "-0";
                return;
            }
            display(v, out); // C# objects: their toString, which is the object's ToString()
            return;
        }
        if (JS_IsFunction(ctx, v)) {
            std::string name;
            JSValue n = JS_GetPropertyStr(ctx, v, "name");
            if (JS_IsString(n)) {
                display(n, name);
            }
            JS_FreeValue(ctx, n);
            JS_FreeValue(ctx, JS_GetException(ctx));
            out += name.empty() ? "[Function (anonymous)]" : "[Function: " + name + "]";
            return;
        }
        void *self = JS_VALUE_GET_PTR(v);
        for (void *p : path) {
            if (p == self) {
                out += "[Circular]";
                return;
            }
        }
        bool array = JS_IsArray(ctx, v) > 0;
        if (depth > k_inspect_depth) {
            out += array ? "[Array]" : "[Object]";
            return;
        }
        path.push_back(self);
        if (array) {
            elements(v, depth, out);
        } else {
            properties(v, depth, out);
        }
        path.pop_back();
    }

    void elements(JSValueConst arr, int depth, std::string &out)
    {
        int64_t length = 0;
        JSValue n = JS_GetPropertyStr(ctx, arr, "length");
        if (JS_IsException(n) || JS_ToInt64(ctx, &length, n) < 0) {
            JS_FreeValue(ctx, JS_GetException(ctx));
        }
        JS_FreeValue(ctx, n);
        if (length == 0) {
            out += "[]";
            return;
        }
        out += "[ ";
        int64_t shown = length < k_inspect_items ? length : k_inspect_items;
        for (int64_t i = 0; i < shown; i++) {
            if (i > 0) {
                out += ", ";
            }
            JSValue e = JS_GetPropertyUint32(ctx, arr, static_cast<uint32_t>(i));
            if (JS_IsException(e)) {
                JS_FreeValue(ctx, JS_GetException(ctx));
                out += "<unprintable value>";
                continue;
            }
            value(e, depth + 1, false, out);
            JS_FreeValue(ctx, e);
        }
        if (length > shown) {
            out += ", ... " + std::to_string(length - shown) + " more item" + (length - shown == 1 ? "" : "s");
        }
        out += " ]";
    }

    void properties(JSValueConst obj, int depth, std::string &out)
    {
        std::string name = class_name(obj);
        if (!name.empty()) {
            out += name + " ";
        }
        JSPropertyEnum *props = nullptr;
        uint32_t count = 0;
        if (JS_GetOwnPropertyNames(ctx, &props, &count, obj, JS_GPN_STRING_MASK | JS_GPN_ENUM_ONLY) < 0) {
            JS_FreeValue(ctx, JS_GetException(ctx));
            out += "{}";
            return;
        }
        if (count == 0) {
            out += "{}";
        } else {
            out += "{ ";
            uint32_t shown = count < static_cast<uint32_t>(k_inspect_items) ? count : k_inspect_items;
            for (uint32_t i = 0; i < shown; i++) {
                if (i > 0) {
                    out += ", ";
                }
                JSValue key = JS_AtomToString(ctx, props[i].atom);
                size_t len = 0;
                const char *k = JS_ToCStringLen(ctx, &len, key);
                if (k != nullptr && is_identifier(k, len)) {
                    out.append(k, len);
                } else {
                    quoted(key, out);
                }
                if (k != nullptr) {
                    JS_FreeCString(ctx, k);
                }
                JS_FreeValue(ctx, key);
                out += ": ";
                JSValue p = JS_GetProperty(ctx, obj, props[i].atom);
                if (JS_IsException(p)) {
                    JS_FreeValue(ctx, JS_GetException(ctx));
                    out += "<unprintable value>";
                } else {
                    value(p, depth + 1, false, out);
                    JS_FreeValue(ctx, p);
                }
            }
            if (count > shown) {
                out += ", ... " + std::to_string(count - shown) + " more propert" + (count - shown == 1 ? "y" : "ies");
            }
            out += " }";
        }
        for (uint32_t i = 0; i < count; i++) {
            JS_FreeAtom(ctx, props[i].atom);
        }
        js_free(ctx, props);
    }
};

} // namespace

void append_inspect(JSContext *ctx, JSValueConst v, std::string &out)
{
    Inspector inspector{ctx, {}};
    inspector.value(v, 0, true, out);
}

} // namespace zts
