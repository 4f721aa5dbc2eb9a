#include "inspector/json.h"

#include <cmath>
#include <algorithm>
#include <cstring>
#include <new>

namespace zts::dbg
{
namespace
{

// This thread's JSON runtime: a bare context (the base objects only: Object and Array for the values, no global
// functions), made at the first JSON value of the thread. It is freed when the thread ends with no value left; a
// value still alive then (a static, or one a thread handed on) keeps it, leaked on purpose, rather than being freed
// under it. Its memory: json_runtime() (Debugger_Json.Runtime_OwnHeap).
struct Runtime {
    JSRuntime *rt = nullptr;
    JSContext *ctx = nullptr;
    JSAtom length = JS_ATOM_NULL;
    int64_t live = 0; ///< values with a reference count held by Json handles of this thread

    Runtime()
    {
        rt = JS_NewRuntime();
        ctx = rt == nullptr ? nullptr : JS_NewContextRaw(rt);
        if (ctx == nullptr) {
            throw std::bad_alloc();
        }
        JS_AddIntrinsicBaseObjects(ctx);
        length = JS_NewAtom(ctx, "length");
    }
    ~Runtime()
    {
        if (live == 0) {
            JS_FreeAtom(ctx, length);
            JS_FreeContext(ctx);
            JS_FreeRuntime(rt);
        }
    }
};

Runtime &runtime()
{
    thread_local Runtime r;
    return r;
}

JSContext *ctx()
{
    return runtime().ctx;
}

// A new value of this runtime, owned by the handle that takes it (JS_EXCEPTION, out of memory: null).
JSValue held(JSValue v)
{
    if (JS_IsException(v)) {
        JS_FreeValue(ctx(), JS_GetException(ctx()));
        return JS_NULL;
    }
    if (JS_VALUE_HAS_REF_COUNT(v)) {
        runtime().live++;
    }
    return v;
}

std::string to_std(JSValueConst s)
{
    size_t len = 0;
    const char *c = JS_ToCStringLen(ctx(), &len, s);
    if (c == nullptr) {
        JS_FreeValue(ctx(), JS_GetException(ctx()));
        return {};
    }
    std::string out(c, len);
    JS_FreeCString(ctx(), c);
    return out;
}

// The deepest nesting of arrays and objects in text, outside strings (JS_ParseJSON recurses once a level).
int nesting(std::string_view text)
{
    int depth = 0, deepest = 0;
    bool in_string = false;
    for (size_t i = 0; i < text.size(); i++) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                in_string = false;
            }
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
        } else if (c == ']' || c == '}') {
            depth--;
        }
    }
    return deepest;
}

} // namespace

Json::Json(const Json &other) : v_(other.v_)
{
    if (JS_VALUE_HAS_REF_COUNT(v_)) {
        JS_DupValue(ctx(), v_);
        runtime().live++;
    }
}

Json::~Json()
{
    if (JS_VALUE_HAS_REF_COUNT(v_)) {
        Runtime &r = runtime();
        JS_FreeValue(r.ctx, v_);
        r.live--;
    }
}

Json Json::boolean(bool v)
{
    return Json(JS_NewBool(ctx(), v));
}

Json Json::number(double v)
{
    return Json(JS_NewFloat64(ctx(), v));
}

Json Json::string(std::string_view v)
{
    return Json(held(JS_NewStringLen(ctx(), v.data(), v.size())));
}

Json Json::array()
{
    return Json(held(JS_NewArray(ctx())));
}

Json Json::object()
{
    return Json(held(JS_NewObject(ctx())));
}

Json::Kind Json::kind() const
{
    if (JS_IsBool(v_)) {
        return Kind::Bool;
    }
    if (JS_IsNumber(v_)) {
        return Kind::Number;
    }
    if (JS_IsString(v_)) {
        return Kind::String;
    }
    if (JS_IsObject(v_)) {
        return JS_IsArray(ctx(), v_) == 1 ? Kind::Array : Kind::Object;
    }
    return Kind::Null;
}

std::optional<Json> Json::find(std::string_view key) const
{
    if (!is_object()) {
        return std::nullopt;
    }
    JSContext *c = ctx();
    JSAtom atom = JS_NewAtomLen(c, key.data(), key.size());
    JSPropertyDescriptor desc;
    const int has = JS_GetOwnProperty(c, &desc, v_, atom);
    JS_FreeAtom(c, atom);
    if (has <= 0) {
        if (has < 0) {
            JS_FreeValue(c, JS_GetException(c));
        }
        return std::nullopt;
    }
    JS_FreeValue(c, desc.getter);
    JS_FreeValue(c, desc.setter);
    return Json(held(desc.value));
}

Json &Json::set(std::string_view key, Json v)
{
    if (!is_object()) {
        *this = object();
    }
    JSContext *c = ctx();
    JSAtom atom = JS_NewAtomLen(c, key.data(), key.size());
    // Defined, not assigned: a member named "__proto__" is a member, as JSON.parse makes it.
    if (JS_DefinePropertyValue(c, v_, atom, v.v_, JS_PROP_C_W_E) < 0) {
        JS_FreeValue(c, JS_GetException(c));
    }
    if (JS_VALUE_HAS_REF_COUNT(v.v_)) {
        runtime().live--; // the object holds it now
    }
    v.v_ = JS_NULL;
    JS_FreeAtom(c, atom);
    return *this;
}

Json &Json::push(Json v)
{
    if (!is_array()) {
        *this = array();
    }
    Runtime &r = runtime();
    int64_t n = 0;
    JSValue len = JS_GetProperty(r.ctx, v_, r.length);
    JS_ToInt64(r.ctx, &n, len);
    JS_FreeValue(r.ctx, len);
    if (JS_SetPropertyInt64(r.ctx, v_, n, v.v_) < 0) {
        JS_FreeValue(r.ctx, JS_GetException(r.ctx));
    }
    if (JS_VALUE_HAS_REF_COUNT(v.v_)) {
        r.live--;
    }
    v.v_ = JS_NULL;
    return *this;
}

std::vector<Json> Json::items() const
{
    std::vector<Json> out;
    if (!is_array()) {
        return out;
    }
    Runtime &r = runtime();
    int64_t n = 0;
    JSValue len = JS_GetProperty(r.ctx, v_, r.length);
    JS_ToInt64(r.ctx, &n, len);
    JS_FreeValue(r.ctx, len);
    out.reserve(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; i++) {
        out.push_back(Json(held(JS_GetPropertyUint32(r.ctx, v_, static_cast<uint32_t>(i)))));
    }
    return out;
}

std::vector<std::pair<std::string, Json>> Json::members() const
{
    std::vector<std::pair<std::string, Json>> out;
    if (!is_object()) {
        return out;
    }
    JSContext *c = ctx();
    JSPropertyEnum *tab = nullptr;
    uint32_t len = 0;
    if (JS_GetOwnPropertyNames(c, &tab, &len, v_, JS_GPN_STRING_MASK | JS_GPN_ENUM_ONLY) < 0) {
        JS_FreeValue(c, JS_GetException(c));
        return out;
    }
    for (uint32_t i = 0; i < len; i++) {
        const char *name = JS_AtomToCString(c, tab[i].atom);
        out.emplace_back(name == nullptr ? std::string() : std::string(name),
                         Json(held(JS_GetProperty(c, v_, tab[i].atom))));
        JS_FreeCString(c, name);
        JS_FreeAtom(c, tab[i].atom);
    }
    js_free(c, tab);
    return out;
}

double Json::as_number(double fallback) const
{
    if (!JS_IsNumber(v_)) {
        return fallback;
    }
    double d = fallback;
    JS_ToFloat64(ctx(), &d, v_);
    return d;
}

int64_t Json::as_int(int64_t fallback) const
{
    double d = as_number(std::nan(""));
    // Inside (-2^63, 2^63): the cast is defined.
    if (!std::isfinite(d) || d <= -9223372036854775808.0 || d >= 9223372036854775808.0) {
        return fallback;
    }
    return static_cast<int64_t>(d);
}

bool Json::as_bool(bool fallback) const
{
    return JS_IsBool(v_) ? JS_VALUE_GET_BOOL(v_) != 0 : fallback;
}

std::string Json::as_string() const
{
    return JS_IsString(v_) ? to_std(v_) : std::string();
}

std::string Json::string_or(std::string_view key, std::string_view fallback) const
{
    std::optional<Json> m = find(key);
    return m && m->is_string() ? m->as_string() : std::string(fallback);
}

int64_t Json::int_or(std::string_view key, int64_t fallback) const
{
    std::optional<Json> m = find(key);
    return m ? m->as_int(fallback) : fallback;
}

bool Json::bool_or(std::string_view key, bool fallback) const
{
    std::optional<Json> m = find(key);
    return m ? m->as_bool(fallback) : fallback;
}

std::string Json::dump() const
{
    std::string out;
    dump_to(out);
    return out;
}

void Json::dump_to(std::string &out) const
{
    JSContext *c = ctx();
    JSValue s = JS_JSONStringify(c, v_, JS_UNDEFINED, JS_UNDEFINED);
    if (JS_IsString(s)) {
        out += to_std(s);
    } else {
        if (JS_IsException(s)) {
            JS_FreeValue(c, JS_GetException(c));
        }
        out += "null"; // undefined has no JSON; out of memory
    }
    JS_FreeValue(c, s);
}

bool Json::parse(std::string_view text, Json &out, std::string &error)
{
    out = Json();
    if (nesting(text) > 200) {
        error = "nesting deeper than 200";
        return false;
    }
    JSContext *c = ctx();
    const std::string terminated(text); // JS_ParseJSON reads up to a NUL after the text
    JSValue v = JS_ParseJSON(c, terminated.c_str(), terminated.size(), "<message>");
    if (JS_IsException(v)) {
        JSValue e = JS_GetException(c);
        error = to_std(e);
        JS_FreeValue(c, e);
        if (error.empty()) {
            error = "malformed JSON";
        }
        return false;
    }
    out = Json(held(v));
    return true;
}

void json_quote_to(std::string_view text, std::string &out)
{
    Json::string(text).dump_to(out);
}

JSRuntime *json_runtime()
{
    return runtime().rt;
}

} // namespace zts::dbg
