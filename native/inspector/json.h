// The JSON of Chrome DevTools Protocol messages: one small value type, a strict RFC 8259 parser and a
// compact writer. Pure C++ (no QuickJS): the debugger's messages are small, so a value owns its children by
// value and objects keep their members in insertion order (CDP clients do not care, tests and logs do).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace zts::dbg
{

/// A JSON value: null, a boolean, a number (double), a string (UTF-8), an array or an object.
class Json
{
  public:
    enum class Kind { Null, Bool, Number, String, Array, Object };

    /// The null value.
    Json() = default;
    /// A boolean value.
    static Json boolean(bool v);
    /// A number value (NaN and infinities are kept, and written as null).
    static Json number(double v);
    /// A string value; any bytes are accepted (dump() replaces invalid UTF-8 with U+FFFD).
    static Json string(std::string v);
    /// An empty array.
    static Json array();
    /// An empty object.
    static Json object();

    /// What the value is.
    Kind kind() const { return kind_; }
    /// True for the null value.
    bool is_null() const { return kind_ == Kind::Null; }
    /// True for an object.
    bool is_object() const { return kind_ == Kind::Object; }
    /// True for an array.
    bool is_array() const { return kind_ == Kind::Array; }
    /// True for a string.
    bool is_string() const { return kind_ == Kind::String; }
    /// True for a number.
    bool is_number() const { return kind_ == Kind::Number; }
    /// True for a boolean.
    bool is_bool() const { return kind_ == Kind::Bool; }

    /// The member named key of an object (the last one when a parsed text repeated the name), or nullptr
    /// when there is none or this is not an object.
    const Json *find(std::string_view key) const;
    /// Object only (a non-object becomes an empty object first): replaces the member named key or appends it;
    /// returns *this so calls chain.
    Json &set(std::string key, Json v);
    /// Array only (a non-array becomes an empty array first): appends v; returns *this so calls chain.
    Json &push(Json v);
    /// The items of an array; empty for any other value.
    const std::vector<Json> &items() const;
    /// The members of an object in insertion order; empty for any other value.
    const std::vector<std::pair<std::string, Json>> &members() const;

    /// The number, or fallback when this is not a number.
    double as_number(double fallback = 0) const;
    /// The number truncated toward zero; fallback when this is not a finite number inside the int64 range.
    int64_t as_int(int64_t fallback = 0) const;
    /// The boolean, or fallback when this is not a boolean.
    bool as_bool(bool fallback = false) const;
    /// The string; an empty string when this is not a string.
    const std::string &as_string() const;
    /// The string member key of an object, or fallback when it is missing or not a string.
    std::string string_or(std::string_view key, std::string_view fallback) const;
    /// The member key of an object as_int(), or fallback when it is missing or not a finite number.
    int64_t int_or(std::string_view key, int64_t fallback) const;
    /// The boolean member key of an object, or fallback when it is missing or not a boolean.
    bool bool_or(std::string_view key, bool fallback) const;

    /// Compact JSON text (no whitespace): integers below 2^53 without a decimal point (-0 as 0), other finite
    /// numbers with the fewest of 15, 16 or 17 significant digits that read back exactly, NaN and infinities
    /// as null, invalid UTF-8 in strings as U+FFFD.
    std::string dump() const;
    /// Appends dump() to out.
    void dump_to(std::string &out) const;

    /// Parses one strict RFC 8259 text (whitespace around it allowed; no trailing commas, comments, leading
    /// zeros or raw control characters in strings; at most 200 nested arrays/objects). \u escapes become
    /// UTF-8 (surrogate pairs combined, a lone surrogate becomes U+FFFD); invalid UTF-8 inside strings becomes
    /// U+FFFD. A repeated member name is kept twice; find() sees the last. False with a reason (and its byte
    /// offset) on malformed input; out is then null.
    static bool parse(std::string_view text, Json &out, std::string &error);

  private:
    Kind kind_ = Kind::Null;
    bool bool_ = false;
    double number_ = 0;
    std::string string_;
    std::vector<Json> items_;
    std::vector<std::pair<std::string, Json>> members_;

    friend class JsonParser;
};

/// Appends text to out as a JSON string literal (quotes included), with the escapes and the U+FFFD rule of
/// Json::dump(); for writers that build messages without a Json tree.
void json_quote_to(std::string_view text, std::string &out);

} // namespace zts::dbg
