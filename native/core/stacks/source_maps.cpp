#include "stacks/source_maps.h"

namespace zts
{
namespace
{

// Reads a string property; false when it is missing or not a string (nothing left pending).
bool string_field(JSContext *ctx, JSValueConst obj, const char *name, std::string &out, bool &present)
{
    JSValue v = JS_GetPropertyStr(ctx, obj, name);
    if (JS_IsException(v)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        present = false;
        return false;
    }
    present = !JS_IsUndefined(v) && !JS_IsNull(v);
    if (!present) {
        return true;
    }
    if (!JS_IsString(v)) {
        JS_FreeValue(ctx, v);
        return false;
    }
    size_t len = 0;
    const char *s = JS_ToCStringLen(ctx, &len, v);
    JS_FreeValue(ctx, v);
    if (s == nullptr) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return false;
    }
    try {
        out.assign(s, len);
    } catch (...) {
        JS_FreeCString(ctx, s);
        throw;
    }
    JS_FreeCString(ctx, s);
    return true;
}

// Frees a JS value on every path, a C++ exception included (a leak would trip QuickJS's teardown check).
struct OwnedValue {
    JSContext *ctx;
    JSValue value;
    ~OwnedValue() { JS_FreeValue(ctx, value); }
};

// The display path of one sources[] entry; "" for a non-string.
std::string source_path(JSContext *ctx, JSValueConst item, const std::string &module, const std::string &source_root)
{
    if (!JS_IsString(item)) {
        return std::string();
    }
    const char *s = JS_ToCString(ctx, item);
    if (s == nullptr) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return std::string();
    }
    std::string raw;
    try {
        raw = s;
    } catch (...) {
        JS_FreeCString(ctx, s);
        throw;
    }
    JS_FreeCString(ctx, s);
    return source_display_path(module, source_root, raw);
}

bool read_map(JSContext *ctx, JSValueConst root, const std::string &module, SourceMap &map, std::string &error)
{
    if (!JS_IsObject(root) || JS_IsArray(ctx, root)) {
        error = "not a JSON object";
        return false;
    }
    {
        OwnedValue version{ctx, JS_GetPropertyStr(ctx, root, "version")};
        if (JS_IsException(version.value)) {
            JS_FreeValue(ctx, JS_GetException(ctx));
        }
        if (JS_VALUE_GET_TAG(version.value) != JS_TAG_INT || JS_VALUE_GET_INT(version.value) != 3) {
            error = "not a version 3 source map";
            return false;
        }
    }
    {
        OwnedValue sections{ctx, JS_GetPropertyStr(ctx, root, "sections")};
        if (JS_IsException(sections.value)) {
            JS_FreeValue(ctx, JS_GetException(ctx));
        }
        if (!JS_IsUndefined(sections.value)) {
            error = "index maps (sections) are not supported";
            return false;
        }
    }
    bool present = false;
    std::string source_root;
    if (!string_field(ctx, root, "sourceRoot", source_root, present)) {
        error = "sourceRoot is not a string";
        return false;
    }
    std::string mappings;
    if (!string_field(ctx, root, "mappings", mappings, present) || !present) {
        error = "mappings is missing or not a string";
        return false;
    }
    OwnedValue sources{ctx, JS_GetPropertyStr(ctx, root, "sources")};
    if (JS_IsException(sources.value)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
    }
    if (!JS_IsArray(ctx, sources.value)) {
        error = "sources is missing or not an array";
        return false;
    }
    int64_t count = 0;
    {
        OwnedValue length{ctx, JS_GetPropertyStr(ctx, sources.value, "length")};
        if (JS_ToInt64(ctx, &count, length.value) < 0) {
            JS_FreeValue(ctx, JS_GetException(ctx));
            error = "sources has no length";
            return false;
        }
    }
    if (count > static_cast<int64_t>(mappings.size()) + 65536) { // bounded by the map's own text
        error = "too many sources";
        return false;
    }
    map.sources.clear();
    for (int64_t i = 0; i < count; i++) {
        OwnedValue item{ctx, JS_GetPropertyUint32(ctx, sources.value, static_cast<uint32_t>(i))};
        if (JS_IsException(item.value)) {
            JS_FreeValue(ctx, JS_GetException(ctx));
        }
        std::string path = source_path(ctx, item.value, module, source_root);
        map.sources.push_back(path.empty() ? module : path); // a null source shows the module's name
    }
    return map.decode(mappings, map.sources.size(), error);
}

} // namespace

bool SourceMaps::add(JSContext *ctx, const std::string &module, std::string_view json, std::string &error)
{
    maps_.erase(module);
    std::string text(json); // JS_ParseJSON wants a NUL-terminated buffer
    JSValue root = JS_ParseJSON(ctx, text.c_str(), text.size(), "<source map>");
    if (JS_IsException(root)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        error = "the source map is not valid JSON";
        return false;
    }
    OwnedValue owned{ctx, root};
    SourceMap map;
    if (!read_map(ctx, root, module, map, error)) {
        return false;
    }
    maps_[module] = std::move(map);
    return true;
}

bool inline_source_map(std::string_view source, std::string &json)
{
    static constexpr std::string_view k_comment = "//# sourceMappingURL=";
    static constexpr std::string_view k_data = "data:application/json;";
    static constexpr std::string_view k_charset = "charset=utf-8;";
    static constexpr std::string_view k_base64 = "base64,";
    size_t at = source.rfind(k_comment);
    if (at == std::string_view::npos || (at > 0 && source[at - 1] != '\n')) {
        return false;
    }
    std::string_view url = source.substr(at + k_comment.size());
    size_t eol = url.find_first_of("\r\n");
    if (eol != std::string_view::npos) {
        url = url.substr(0, eol);
    }
    while (!url.empty() && (url.back() == ' ' || url.back() == '\t')) {
        url.remove_suffix(1);
    }
    if (url.substr(0, k_data.size()) != k_data) {
        return false;
    }
    url.remove_prefix(k_data.size());
    if (url.size() >= k_charset.size()) {
        std::string lower(url.substr(0, k_charset.size()));
        for (char &c : lower) {
            c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        }
        if (lower == k_charset) {
            url.remove_prefix(k_charset.size());
        }
    }
    if (url.substr(0, k_base64.size()) != k_base64) {
        return false;
    }
    return base64_decode(url.substr(k_base64.size()), json);
}

bool SourceMaps::append_original(std::string_view module, int32_t line, int32_t col, std::string &out) const
{
    const SourceMap *map = find(module);
    OriginalPosition pos;
    if (map == nullptr || line < 1 || !map->lookup(line - 1, col > 0 ? col - 1 : 0, pos)) {
        return false;
    }
    out += map->sources[static_cast<size_t>(pos.source)];
    out += ':';
    out += std::to_string(pos.line + 1);
    out += ':';
    out += std::to_string(pos.column + 1);
    return true;
}

} // namespace zts
