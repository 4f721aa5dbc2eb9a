// The JSON of Chrome DevTools Protocol messages: QuickJS's own JSON (JS_ParseJSON, JS_JSONStringify) over values
// of a JSRuntime of the inspector's own, one per thread that builds or reads messages (the game thread's session, the
// network thread's /json endpoints), so that a paused debuggee's heap pays nothing for the protocol. Cheaper than
// nlohmann-json on the messages the inspector sends most (bench/inspector/json_cost.cpp, docs/DEBUGGING.md "The
// protocol's JSON"), and no second JSON engine in a process that has QuickJS's.
#pragma once

#include "quickjs.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace zts::dbg
{

/// A JSON value: null, a boolean, a number (double), a string (UTF-8), an array or an object. A handle on a value
/// of this thread's JSON runtime: a copy shares the value (so set() or push() on one is seen by the other; moves are
/// what the session does), and a value is used only on the thread that made it.
class Json
{
  public:
    enum class Kind { Null, Bool, Number, String, Array, Object };

    /// The null value.
    Json() = default;
    Json(const Json &other);
    Json(Json &&other) noexcept : v_(other.v_) { other.v_ = JS_NULL; }
    Json &operator=(Json other) noexcept
    {
        std::swap(v_, other.v_);
        return *this;
    }
    ~Json();

    /// A boolean value.
    static Json boolean(bool v);
    /// A number value (NaN and infinities are kept, and written as null).
    static Json number(double v);
    /// A string value (UTF-8; invalid bytes become U+FFFD).
    static Json string(std::string_view v);
    /// An empty array.
    static Json array();
    /// An empty object.
    static Json object();

    /// What the value is.
    Kind kind() const;
    bool is_null() const { return kind() == Kind::Null; }
    bool is_object() const { return kind() == Kind::Object; }
    bool is_array() const { return kind() == Kind::Array; }
    bool is_string() const { return kind() == Kind::String; }
    bool is_number() const { return kind() == Kind::Number; }
    bool is_bool() const { return kind() == Kind::Bool; }

    /// The member named key of an object, or nothing when there is none or this is not an object.
    std::optional<Json> find(std::string_view key) const;
    /// Object only (a non-object becomes an empty object first): replaces the member named key or appends it;
    /// returns *this so calls chain.
    Json &set(std::string_view key, Json v);
    /// Array only (a non-array becomes an empty array first): appends v; returns *this so calls chain.
    Json &push(Json v);
    /// The items of an array; empty for any other value.
    std::vector<Json> items() const;
    /// The members of an object in insertion order (integer-like names first, as JavaScript orders them); empty for
    /// any other value.
    std::vector<std::pair<std::string, Json>> members() const;

    /// The number, or fallback when this is not a number.
    double as_number(double fallback = 0) const;
    /// The number truncated toward zero; fallback when this is not a finite number inside the int64 range.
    int64_t as_int(int64_t fallback = 0) const;
    /// The boolean, or fallback when this is not a boolean.
    bool as_bool(bool fallback = false) const;
    /// The string (UTF-8); an empty string when this is not a string.
    std::string as_string() const;
    /// The string member key of an object, or fallback when it is missing or not a string.
    std::string string_or(std::string_view key, std::string_view fallback) const;
    /// The member key of an object as_int(), or fallback when it is missing or not a finite number.
    int64_t int_or(std::string_view key, int64_t fallback) const;
    /// The boolean member key of an object, or fallback when it is missing or not a boolean.
    bool bool_or(std::string_view key, bool fallback) const;

    /// Compact JSON text, as JSON.stringify writes it (numbers as JavaScript writes them, -0 as 0, NaN and infinities
    /// as null, a lone surrogate as its \u escape).
    std::string dump() const;
    /// Appends dump() to out.
    void dump_to(std::string &out) const;

    /// Parses one JSON text, as JSON.parse does (a repeated member name: the last wins), nested at most 200 deep (the
    /// network's input never overflows a stack). False with a reason on malformed input; out is then null.
    static bool parse(std::string_view text, Json &out, std::string &error);

  private:
    explicit Json(JSValue v) : v_(v) {}
    JSValue v_ = JS_NULL; ///< owned, in this thread's JSON runtime
};

/// Appends text to out as a JSON string literal (quotes included), as dump() writes a string.
void json_quote_to(std::string_view text, std::string &out);

/// The JSON runtime of the calling thread (tests, diagnostics: its memory use).
JSRuntime *json_runtime();

} // namespace zts::dbg
