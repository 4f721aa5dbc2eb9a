#include "inspector/json.h"

#include <charconv>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace zts::dbg
{
namespace
{

// Doubles to and from text: std::to_chars / std::from_chars where the C++ library has them for floating point
// (libstdc++ on Linux and mingw). Emscripten 3.1.6's libc++ has only the integer ones (wasm32, docs/PLATFORMS.md):
// there snprintf and strtod, which read the C locale, and a wasm module's locale is always "C".
#if defined(__cpp_lib_to_chars)
char *format_double(char *first, char *last, double v, int precision)
{
    return std::to_chars(first, last, v, std::chars_format::general, precision).ptr;
}

/// Parses [first, last) whole: false when it is not one number; out_of_range (v is then unset) on overflow and
/// underflow.
bool parse_double(const char *first, const char *last, double &v, bool &out_of_range)
{
    auto r = std::from_chars(first, last, v);
    out_of_range = r.ec == std::errc::result_out_of_range;
    return out_of_range || (r.ec == std::errc() && r.ptr == last);
}
#else
char *format_double(char *first, char *last, double v, int precision)
{
    int n = std::snprintf(first, static_cast<size_t>(last - first), "%.*g", precision, v);
    return first + (n < 0 ? 0 : n < last - first ? n : last - first - 1);
}

bool parse_double(const char *first, const char *last, double &v, bool &out_of_range)
{
    std::string text(first, last); // strtod needs the terminator
    char *end = nullptr;
    errno = 0;
    double parsed = std::strtod(text.c_str(), &end);
    // strtod sets ERANGE for underflow to denormals too; from_chars only when the result is zero or infinite.
    out_of_range = errno == ERANGE && (parsed == 0 || std::isinf(parsed));
    if (!out_of_range) {
        v = parsed;
    }
    return out_of_range || end == text.c_str() + text.size();
}
#endif

const std::string empty_string;
const std::vector<Json> empty_items;
const std::vector<std::pair<std::string, Json>> empty_members;

constexpr int max_depth = 200;
constexpr double two_pow_53 = 9007199254740992.0;
constexpr double two_pow_63 = 9223372036854775808.0;

void append_utf8(uint32_t cp, std::string &out)
{
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

const char replacement[] = "\xEF\xBF\xBD"; // U+FFFD

// The length of the well-formed UTF-8 sequence at s[i] (Unicode table 3-7: no overlongs, no surrogates,
// nothing above U+10FFFF), or 0 when it is not one; then *bad is how many bytes make the maximal ill-formed
// subpart, which becomes one U+FFFD (the WHATWG decoder's rule, so our output matches what a browser shows).
size_t utf8_sequence(std::string_view s, size_t i, size_t *bad)
{
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t need;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c < 0x80) {
        return 1;
    } else if (c >= 0xC2 && c <= 0xDF) {
        need = 1;
    } else if (c >= 0xE0 && c <= 0xEF) {
        need = 2;
        if (c == 0xE0) {
            lo = 0xA0;
        } else if (c == 0xED) {
            hi = 0x9F;
        }
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3;
        if (c == 0xF0) {
            lo = 0x90;
        } else if (c == 0xF4) {
            hi = 0x8F;
        }
    } else {
        *bad = 1;
        return 0;
    }
    size_t k = 1;
    for (; k <= need; k++) {
        if (i + k >= s.size()) {
            break;
        }
        unsigned char b = static_cast<unsigned char>(s[i + k]);
        if (b < lo || b > hi) {
            break;
        }
        lo = 0x80;
        hi = 0xBF;
    }
    if (k > need) {
        return need + 1;
    }
    *bad = k;
    return 0;
}

void dump_number(double v, std::string &out)
{
    if (!std::isfinite(v)) {
        out += "null";
        return;
    }
    char buf[40];
    if (v == std::trunc(v) && std::fabs(v) < two_pow_53) {
        auto r = std::to_chars(buf, buf + sizeof buf, static_cast<int64_t>(v));
        out.append(buf, r.ptr);
        return;
    }
    // to_chars rather than snprintf: the same text as %.Ng but independent of the host's C locale.
    for (int precision = 15; precision <= 17; precision++) {
        char *end = format_double(buf, buf + sizeof buf, v, precision);
        double back = 0;
        bool out_of_range = false;
        parse_double(buf, end, back, out_of_range);
        if (back == v || precision == 17) {
            out.append(buf, end);
            return;
        }
    }
}

} // namespace

void json_quote_to(std::string_view s, std::string &out)
{
    static const char hex[] = "0123456789abcdef";
    out += '"';
    size_t run = 0; // start of the bytes that pass through unchanged, copied in one append
    size_t i = 0;
    while (i < s.size()) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        const char *esc = nullptr;
        switch (c) {
        case '"':
            esc = "\\\"";
            break;
        case '\\':
            esc = "\\\\";
            break;
        case '\n':
            esc = "\\n";
            break;
        case '\r':
            esc = "\\r";
            break;
        case '\t':
            esc = "\\t";
            break;
        case '\b':
            esc = "\\b";
            break;
        case '\f':
            esc = "\\f";
            break;
        default:
            break;
        }
        if (esc) {
            out.append(s.data() + run, i - run);
            out += esc;
            run = ++i;
            continue;
        }
        if (c < 0x20) {
            out.append(s.data() + run, i - run);
            out += "\\u00";
            out += hex[c >> 4];
            out += hex[c & 0xF];
            run = ++i;
            continue;
        }
        if (c < 0x80) {
            i++;
            continue;
        }
        size_t bad = 0;
        size_t n = utf8_sequence(s, i, &bad);
        if (n) {
            i += n;
            continue;
        }
        out.append(s.data() + run, i - run);
        out += replacement;
        i += bad;
        run = i;
    }
    out.append(s.data() + run, s.size() - run);
    out += '"';
}

Json Json::boolean(bool v)
{
    Json j;
    j.kind_ = Kind::Bool;
    j.bool_ = v;
    return j;
}

Json Json::number(double v)
{
    Json j;
    j.kind_ = Kind::Number;
    j.number_ = v;
    return j;
}

Json Json::string(std::string v)
{
    Json j;
    j.kind_ = Kind::String;
    j.string_ = std::move(v);
    return j;
}

Json Json::array()
{
    Json j;
    j.kind_ = Kind::Array;
    return j;
}

Json Json::object()
{
    Json j;
    j.kind_ = Kind::Object;
    return j;
}

const Json *Json::find(std::string_view key) const
{
    if (kind_ != Kind::Object) {
        return nullptr;
    }
    // From the back: the last of repeated names wins, as in JSON.parse.
    for (auto it = members_.rbegin(); it != members_.rend(); ++it) {
        if (it->first == key) {
            return &it->second;
        }
    }
    return nullptr;
}

Json &Json::set(std::string key, Json v)
{
    if (kind_ != Kind::Object) {
        *this = object();
    }
    for (auto &m : members_) {
        if (m.first == key) {
            m.second = std::move(v);
            return *this;
        }
    }
    members_.emplace_back(std::move(key), std::move(v));
    return *this;
}

Json &Json::push(Json v)
{
    if (kind_ != Kind::Array) {
        *this = array();
    }
    items_.push_back(std::move(v));
    return *this;
}

const std::vector<Json> &Json::items() const
{
    return kind_ == Kind::Array ? items_ : empty_items;
}

const std::vector<std::pair<std::string, Json>> &Json::members() const
{
    return kind_ == Kind::Object ? members_ : empty_members;
}

double Json::as_number(double fallback) const
{
    return kind_ == Kind::Number ? number_ : fallback;
}

int64_t Json::as_int(int64_t fallback) const
{
    // The range check comes first: converting a double outside int64 is undefined behaviour.
    if (kind_ != Kind::Number || !std::isfinite(number_) || !(std::fabs(number_) < two_pow_63)) {
        return fallback;
    }
    return static_cast<int64_t>(number_);
}

bool Json::as_bool(bool fallback) const
{
    return kind_ == Kind::Bool ? bool_ : fallback;
}

const std::string &Json::as_string() const
{
    return kind_ == Kind::String ? string_ : empty_string;
}

std::string Json::string_or(std::string_view key, std::string_view fallback) const
{
    const Json *v = find(key);
    return v && v->is_string() ? v->string_ : std::string(fallback);
}

int64_t Json::int_or(std::string_view key, int64_t fallback) const
{
    const Json *v = find(key);
    return v ? v->as_int(fallback) : fallback;
}

bool Json::bool_or(std::string_view key, bool fallback) const
{
    const Json *v = find(key);
    return v ? v->as_bool(fallback) : fallback;
}

std::string Json::dump() const
{
    std::string out;
    dump_to(out);
    return out;
}

void Json::dump_to(std::string &out) const
{
    switch (kind_) {
    case Kind::Null:
        out += "null";
        break;
    case Kind::Bool:
        out += bool_ ? "true" : "false";
        break;
    case Kind::Number:
        dump_number(number_, out);
        break;
    case Kind::String:
        json_quote_to(string_, out);
        break;
    case Kind::Array: {
        out += '[';
        bool first = true;
        for (const Json &item : items_) {
            if (!first) {
                out += ',';
            }
            first = false;
            item.dump_to(out);
        }
        out += ']';
        break;
    }
    case Kind::Object: {
        out += '{';
        bool first = true;
        for (const auto &m : members_) {
            if (!first) {
                out += ',';
            }
            first = false;
            json_quote_to(m.first, out);
            out += ':';
            m.second.dump_to(out);
        }
        out += '}';
        break;
    }
    }
}

// Recursive descent over the text; depth bounds the recursion, so hostile input cannot exhaust the stack.
class JsonParser
{
  public:
    explicit JsonParser(std::string_view text) : s_(text) {}

    bool document(Json &out, std::string &error)
    {
        skip_ws();
        if (!value(out, 0)) {
            error = error_;
            return false;
        }
        skip_ws();
        if (pos_ != s_.size()) {
            fail("unexpected text after the value");
            error = error_;
            return false;
        }
        return true;
    }

  private:
    std::string_view s_;
    size_t pos_ = 0;
    std::string error_;

    bool fail(const char *what)
    {
        if (error_.empty()) {
            error_ = std::string("JSON: ") + what + " at offset " + std::to_string(pos_);
        }
        return false;
    }

    void skip_ws()
    {
        while (pos_ < s_.size()) {
            char c = s_[pos_];
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                break;
            }
            pos_++;
        }
    }

    bool literal(const char *word)
    {
        size_t n = std::strlen(word);
        if (s_.substr(pos_, n) != word) {
            return fail("invalid literal");
        }
        pos_ += n;
        return true;
    }

    bool value(Json &out, int depth)
    {
        if (pos_ >= s_.size()) {
            return fail("unexpected end of text");
        }
        switch (s_[pos_]) {
        case '{':
            return object(out, depth + 1);
        case '[':
            return array(out, depth + 1);
        case '"':
            out.kind_ = Json::Kind::String;
            return string(out.string_);
        case 't':
            out = Json::boolean(true);
            return literal("true");
        case 'f':
            out = Json::boolean(false);
            return literal("false");
        case 'n':
            out = Json();
            return literal("null");
        default:
            return number(out);
        }
    }

    bool object(Json &out, int depth)
    {
        if (depth > max_depth) {
            return fail("nesting deeper than 200");
        }
        out = Json::object();
        pos_++;
        skip_ws();
        if (pos_ < s_.size() && s_[pos_] == '}') {
            pos_++;
            return true;
        }
        for (;;) {
            if (pos_ >= s_.size() || s_[pos_] != '"') {
                return fail("expected a member name");
            }
            std::string key;
            if (!string(key)) {
                return false;
            }
            skip_ws();
            if (pos_ >= s_.size() || s_[pos_] != ':') {
                return fail("expected ':'");
            }
            pos_++;
            skip_ws();
            out.members_.emplace_back(std::move(key), Json());
            if (!value(out.members_.back().second, depth)) {
                return false;
            }
            skip_ws();
            if (pos_ < s_.size() && s_[pos_] == ',') {
                pos_++;
                skip_ws();
                if (pos_ < s_.size() && s_[pos_] == '}') {
                    return fail("trailing comma");
                }
                continue;
            }
            if (pos_ < s_.size() && s_[pos_] == '}') {
                pos_++;
                return true;
            }
            return fail("expected ',' or '}'");
        }
    }

    bool array(Json &out, int depth)
    {
        if (depth > max_depth) {
            return fail("nesting deeper than 200");
        }
        out = Json::array();
        pos_++;
        skip_ws();
        if (pos_ < s_.size() && s_[pos_] == ']') {
            pos_++;
            return true;
        }
        for (;;) {
            out.items_.emplace_back();
            if (!value(out.items_.back(), depth)) {
                return false;
            }
            skip_ws();
            if (pos_ < s_.size() && s_[pos_] == ',') {
                pos_++;
                skip_ws();
                if (pos_ < s_.size() && s_[pos_] == ']') {
                    return fail("trailing comma");
                }
                continue;
            }
            if (pos_ < s_.size() && s_[pos_] == ']') {
                pos_++;
                return true;
            }
            return fail("expected ',' or ']'");
        }
    }

    bool hex4(uint32_t &cp)
    {
        if (s_.size() - pos_ < 4) {
            return fail("truncated \\u escape");
        }
        cp = 0;
        for (int k = 0; k < 4; k++) {
            char c = s_[pos_ + k];
            uint32_t d;
            if (c >= '0' && c <= '9') {
                d = c - '0';
            } else if (c >= 'a' && c <= 'f') {
                d = c - 'a' + 10;
            } else if (c >= 'A' && c <= 'F') {
                d = c - 'A' + 10;
            } else {
                return fail("invalid \\u escape");
            }
            cp = cp * 16 + d;
        }
        pos_ += 4;
        return true;
    }

    // At s_[pos_] == '"'; appends the decoded contents to out.
    bool string(std::string &out)
    {
        pos_++;
        for (;;) {
            size_t run = pos_;
            while (pos_ < s_.size()) {
                unsigned char c = static_cast<unsigned char>(s_[pos_]);
                if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) {
                    break;
                }
                pos_++;
            }
            out.append(s_.data() + run, pos_ - run);
            if (pos_ >= s_.size()) {
                return fail("unterminated string");
            }
            unsigned char c = static_cast<unsigned char>(s_[pos_]);
            if (c == '"') {
                pos_++;
                return true;
            }
            if (c < 0x20) {
                return fail("control character in string");
            }
            if (c >= 0x80) {
                size_t bad = 0;
                size_t n = utf8_sequence(s_, pos_, &bad);
                if (n) {
                    out.append(s_.data() + pos_, n);
                    pos_ += n;
                } else {
                    out += replacement;
                    pos_ += bad;
                }
                continue;
            }
            pos_++; // the backslash
            if (pos_ >= s_.size()) {
                return fail("unterminated string");
            }
            char e = s_[pos_++];
            switch (e) {
            case '"':
                out += '"';
                break;
            case '\\':
                out += '\\';
                break;
            case '/':
                out += '/';
                break;
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case 'n':
                out += '\n';
                break;
            case 'r':
                out += '\r';
                break;
            case 't':
                out += '\t';
                break;
            case 'u':
                if (!unicode_escape(out)) {
                    return false;
                }
                break;
            default:
                pos_--;
                return fail("invalid escape");
            }
        }
    }

    // After "\u": one code point, or a surrogate pair written as two escapes.
    bool unicode_escape(std::string &out)
    {
        uint32_t cp = 0;
        if (!hex4(cp)) {
            return false;
        }
        while (cp >= 0xD800 && cp <= 0xDBFF) {
            if (s_.substr(pos_, 2) != "\\u") {
                out += replacement;
                return true;
            }
            pos_ += 2;
            uint32_t low = 0;
            if (!hex4(low)) {
                return false;
            }
            if (low >= 0xDC00 && low <= 0xDFFF) {
                append_utf8(0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00), out);
                return true;
            }
            // A high surrogate without its low half; the second escape stands on its own (it may start a pair).
            out += replacement;
            cp = low;
        }
        if (cp >= 0xDC00 && cp <= 0xDFFF) {
            out += replacement;
        } else {
            append_utf8(cp, out);
        }
        return true;
    }

    bool digits()
    {
        size_t start = pos_;
        while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') {
            pos_++;
        }
        return pos_ > start;
    }

    bool number(Json &out)
    {
        size_t start = pos_;
        bool negative = false;
        if (s_[pos_] == '-') {
            negative = true;
            pos_++;
        }
        if (pos_ >= s_.size() || s_[pos_] < '0' || s_[pos_] > '9') {
            return fail(negative ? "invalid number" : "unexpected character");
        }
        if (s_[pos_] == '0') {
            pos_++;
            if (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') {
                return fail("leading zero in number");
            }
        } else {
            digits();
        }
        if (pos_ < s_.size() && s_[pos_] == '.') {
            pos_++;
            if (!digits()) {
                return fail("expected digits after '.'");
            }
        }
        bool negative_exponent = false;
        if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
            pos_++;
            if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) {
                negative_exponent = s_[pos_] == '-';
                pos_++;
            }
            if (!digits()) {
                return fail("expected digits in exponent");
            }
        }
        // from_chars: exact and independent of the host's C locale (strtod reads "1,5" under some locales).
        double v = 0;
        bool out_of_range = false;
        bool whole = parse_double(s_.data() + start, s_.data() + pos_, v, out_of_range);
        if (out_of_range) {
            // The grammar was checked above, so this is overflow (infinity) or underflow (zero).
            v = negative_exponent ? 0.0 : HUGE_VAL;
            if (negative) {
                v = -v;
            }
        } else if (!whole) {
            pos_ = start;
            return fail("invalid number");
        }
        out = Json::number(v);
        return true;
    }
};

bool Json::parse(std::string_view text, Json &out, std::string &error)
{
    out = Json();
    JsonParser parser(text);
    Json result;
    if (!parser.document(result, error)) {
        return false;
    }
    out = std::move(result);
    return true;
}

} // namespace zts::dbg
