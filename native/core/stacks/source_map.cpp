#include "stacks/source_map.h"

#include <algorithm>

namespace zts
{
namespace
{

int base64_value(char c)
{
    if (c >= 'A' && c <= 'Z') {
        return c - 'A';
    }
    if (c >= 'a' && c <= 'z') {
        return c - 'a' + 26;
    }
    if (c >= '0' && c <= '9') {
        return c - '0' + 52;
    }
    if (c == '+') {
        return 62;
    }
    if (c == '/') {
        return 63;
    }
    return -1;
}

// Reads one base64 VLQ value at text[pos...]; false when malformed or beyond 32 signed bits.
bool read_vlq(std::string_view text, size_t &pos, int64_t &value, std::string &error)
{
    uint64_t result = 0;
    int shift = 0;
    for (;;) {
        if (pos >= text.size() || text[pos] == ',' || text[pos] == ';') {
            error = "truncated VLQ value at offset " + std::to_string(pos);
            return false;
        }
        int digit = base64_value(text[pos]);
        if (digit < 0) {
            error = "invalid character '" + std::string(1, text[pos]) + "' at offset " + std::to_string(pos);
            return false;
        }
        pos++;
        if (shift > 30) {
            error = "VLQ value too large at offset " + std::to_string(pos - 1);
            return false;
        }
        result |= static_cast<uint64_t>(digit & 31) << shift;
        shift += 5;
        if ((digit & 32) == 0) {
            break;
        }
    }
    if (result > 0xFFFFFFFFull) {
        error = "VLQ value too large";
        return false;
    }
    auto magnitude = static_cast<int64_t>(result >> 1);
    value = (result & 1) != 0 ? -magnitude : magnitude;
    return true;
}

bool has_scheme(std::string_view path)
{
    size_t colon = path.find(':');
    if (colon == std::string_view::npos || colon < 2) { // "C:" is a drive, not a scheme
        return false;
    }
    for (size_t i = 0; i < colon; i++) {
        char c = path[i];
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                  (i > 0 && ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.'));
        if (!ok) {
            return false;
        }
    }
    return true;
}

// Normalizes the path part after prefix: drops "." and empty segments, applies "..".
std::string normalize(std::string_view prefix, std::string_view path, bool keep_leading_parent)
{
    std::vector<std::string_view> parts;
    size_t start = 0;
    while (start <= path.size()) {
        size_t end = path.find('/', start);
        if (end == std::string_view::npos) {
            end = path.size();
        }
        std::string_view seg = path.substr(start, end - start);
        if (seg == "..") {
            if (!parts.empty() && parts.back() != "..") {
                parts.pop_back();
            } else if (keep_leading_parent) {
                parts.push_back(seg);
            }
        } else if (!seg.empty() && seg != ".") {
            parts.push_back(seg);
        }
        start = end + 1;
    }
    std::string out(prefix);
    for (size_t i = 0; i < parts.size(); i++) {
        if (i > 0) {
            out += '/';
        }
        out.append(parts[i].data(), parts[i].size());
    }
    return out;
}

} // namespace

bool SourceMap::decode(std::string_view mappings, size_t source_count, std::string &error)
{
    line_starts_.clear();
    segments_.clear();
    line_starts_.push_back(0);
    int64_t source = 0;
    int64_t line = 0;
    int64_t column = 0;
    int64_t generated = 0;
    size_t pos = 0;
    auto fail = [&](const std::string &why) {
        error = why;
        line_starts_.clear();
        segments_.clear();
        return false;
    };
    auto end_line = [&]() {
        auto first = segments_.begin() + line_starts_.back();
        auto by_column = [](const SourceMapSegment &a, const SourceMapSegment &b) {
            return a.generated_column < b.generated_column;
        };
        if (!std::is_sorted(first, segments_.end(), by_column)) {
            std::stable_sort(first, segments_.end(), by_column);
        }
        line_starts_.push_back(static_cast<uint32_t>(segments_.size()));
    };
    while (pos < mappings.size()) {
        char c = mappings[pos];
        if (c == ';') {
            end_line();
            generated = 0; // the generated column restarts on each line; the other fields carry on
            pos++;
            continue;
        }
        if (c == ',') {
            pos++;
            continue;
        }
        int64_t fields[5] = {0, 0, 0, 0, 0};
        int count = 0;
        while (pos < mappings.size() && mappings[pos] != ',' && mappings[pos] != ';') {
            if (count == 5) {
                return fail("a segment has more than 5 fields at offset " + std::to_string(pos));
            }
            std::string why;
            if (!read_vlq(mappings, pos, fields[count], why)) {
                return fail(why);
            }
            count++;
        }
        if (count != 1 && count != 4 && count != 5) {
            return fail("a segment has " + std::to_string(count) + " fields (1, 4 or 5 expected)");
        }
        generated += fields[0];
        SourceMapSegment seg;
        if (generated < 0 || generated > INT32_MAX) {
            return fail("negative generated column");
        }
        seg.generated_column = static_cast<int32_t>(generated);
        if (count >= 4) {
            source += fields[1];
            line += fields[2];
            column += fields[3];
            if (source < 0 || static_cast<uint64_t>(source) >= source_count) {
                return fail("source index " + std::to_string(source) + " out of range (" +
                            std::to_string(source_count) + " sources)");
            }
            if (line < 0 || column < 0 || line > INT32_MAX || column > INT32_MAX) {
                return fail("negative original line or column");
            }
            seg.source = static_cast<int32_t>(source);
            seg.line = static_cast<int32_t>(line);
            seg.column = static_cast<int32_t>(column);
        }
        segments_.push_back(seg);
    }
    end_line();
    return true;
}

bool SourceMap::lookup(int32_t line, int32_t column, OriginalPosition &out) const
{
    if (line < 0 || static_cast<size_t>(line) + 1 >= line_starts_.size()) {
        return false;
    }
    auto first = segments_.begin() + line_starts_[static_cast<size_t>(line)];
    auto last = segments_.begin() + line_starts_[static_cast<size_t>(line) + 1];
    if (first == last) {
        return false;
    }
    auto it = std::upper_bound(first, last, column, [](int32_t col, const SourceMapSegment &s) {
        return col < s.generated_column;
    });
    const SourceMapSegment &seg = it == first ? *first : *(it - 1);
    if (seg.source < 0) {
        return false;
    }
    out.source = seg.source;
    out.line = seg.line;
    out.column = seg.column;
    return true;
}

int32_t SourceMap::generated_line(int32_t source, int32_t line) const
{
    for (size_t l = 0; l + 1 < line_starts_.size(); l++) {
        for (uint32_t i = line_starts_[l]; i < line_starts_[l + 1]; i++) {
            if (segments_[i].source == source && segments_[i].line == line) {
                return static_cast<int32_t>(l);
            }
        }
    }
    return -1;
}

std::string source_display_path(std::string_view module_name, std::string_view source_root, std::string_view source)
{
    std::string joined(source_root);
    if (!joined.empty() && joined.back() != '/' && !source.empty()) {
        joined += '/';
    }
    joined.append(source.data(), source.size());
    if (has_scheme(joined)) {
        return joined; // a URL (file:, webpack:) is shown as given
    }
    if (!joined.empty() && joined[0] == '/') {
        return normalize("/", joined, false);
    }
    size_t slash = module_name.rfind('/');
    std::string base = slash == std::string_view::npos ? std::string() : std::string(module_name.substr(0, slash + 1));
    return normalize("", base + joined, true);
}

bool base64_decode(std::string_view text, std::string &out)
{
    out.clear();
    while (!text.empty() && text.back() == '=') {
        text.remove_suffix(1);
    }
    if (text.size() % 4 == 1) {
        return false;
    }
    out.reserve(text.size() / 4 * 3 + 2);
    uint32_t acc = 0;
    int bits = 0;
    for (char c : text) {
        int v = base64_value(c);
        if (v < 0) {
            out.clear();
            return false;
        }
        acc = (acc << 6) | static_cast<uint32_t>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(static_cast<char>((acc >> bits) & 0xFF));
        }
    }
    return true;
}

std::string normalize_path(std::string_view path)
{
    bool absolute = !path.empty() && path[0] == '/';
    return normalize(absolute ? "/" : "", absolute ? path.substr(1) : path, true);
}

} // namespace zts
