#include "stacks/backtrace_hook.h"

#include "runtime/domain.h"
#include "runtime/quickjs_seam.h"
#include "runtime/trampoline.h"

#include <cstring>

namespace zts
{
namespace
{

// Stacks longer than this are kept as they are (a deep recursion's trace is not worth mapping).
constexpr size_t k_max_stack_bytes = 1u << 20;

// Parses a decimal of at most 9 digits at the end of text; removes it. -1 when there is none.
int32_t take_trailing_number(std::string_view &text)
{
    size_t digits = 0;
    while (digits < text.size() && digits < 10 && text[text.size() - 1 - digits] >= '0' &&
           text[text.size() - 1 - digits] <= '9') {
        digits++;
    }
    if (digits == 0 || digits > 9) {
        return -1;
    }
    int32_t value = 0;
    for (size_t i = text.size() - digits; i < text.size(); i++) {
        value = value * 10 + (text[i] - '0');
    }
    text.remove_suffix(digits);
    return value;
}

// Splits "file:line:col" (line and col 1-based, as QuickJS prints them).
bool split_location(std::string_view location, std::string_view &file, int32_t &line, int32_t &col)
{
    std::string_view rest = location;
    col = take_trailing_number(rest);
    if (col < 0 || rest.empty() || rest.back() != ':') {
        return false;
    }
    rest.remove_suffix(1);
    line = take_trailing_number(rest);
    if (line < 1 || rest.empty() || rest.back() != ':') {
        return false;
    }
    rest.remove_suffix(1);
    file = rest;
    return !file.empty();
}

constexpr std::string_view k_at = "    at ";

// Splits one QuickJS frame line into head ("    at fn", or "" for a bare position) and its "file:line:col".
bool split_frame(std::string_view line, std::string_view &head, std::string_view &location)
{
    if (line.substr(0, k_at.size()) != k_at) {
        return false;
    }
    head = std::string_view();
    if (!line.empty() && line.back() == ')') {
        size_t open = line.rfind(" (");
        if (open == std::string_view::npos || open < k_at.size()) {
            return false;
        }
        head = line.substr(0, open);
        location = line.substr(open + 2, line.size() - open - 3);
    } else {
        location = line.substr(k_at.size());
    }
    return true;
}

// Appends the mapped form of one line, or returns false to keep it.
bool rewrite_line(std::string_view line, const SourceMaps &maps, std::string &out)
{
    std::string_view head;     // text before the position: "    at fn" (frame) or "" (bare position)
    std::string_view location; // "file:line:col"
    std::string_view file;
    int32_t js_line = 0;
    int32_t js_col = 0;
    if (!split_frame(line, head, location) || !split_location(location, file, js_line, js_col)) {
        return false;
    }
    std::string original;
    if (!maps.append_original(file, js_line, js_col, original)) {
        return false;
    }
    if (head.empty()) {
        out.append(k_at.data(), k_at.size());
    } else {
        out.append(head.data(), head.size());
        out += " (";
    }
    out += original;
    out += head.empty() ? " [" : ") [";
    out.append(location.data(), location.size());
    out += ']';
    return true;
}

char *backtrace_hook(JSRuntime *rt, void *opaque, const char *stack, size_t len) noexcept
{
    try {
        const auto *d = static_cast<const zts_domain *>(opaque);
        if (d->source_maps.empty() || len > k_max_stack_bytes) {
            return nullptr;
        }
        std::string out;
        if (!rewrite_backtrace(std::string_view(stack, len), d->source_maps, out)) {
            return nullptr;
        }
        auto *copy = static_cast<char *>(js_malloc_rt(rt, out.size() + 1));
        if (copy == nullptr) {
            return nullptr; // keep the unmapped text
        }
        std::memcpy(copy, out.c_str(), out.size() + 1);
        return copy;
    } catch (...) {
        return nullptr;
    }
}

} // namespace

bool rewrite_backtrace(std::string_view stack, const SourceMaps &maps, std::string &out)
{
    out.clear();
    out.reserve(stack.size() + 64);
    bool changed = false;
    size_t start = 0;
    while (start < stack.size()) {
        size_t end = stack.find('\n', start);
        bool has_newline = end != std::string_view::npos;
        if (!has_newline) {
            end = stack.size();
        }
        std::string_view line = stack.substr(start, end - start);
        if (rewrite_line(line, maps, out)) {
            changed = true;
        } else {
            out.append(line.data(), line.size());
        }
        if (has_newline) {
            out += '\n';
        }
        start = end + 1;
    }
    return changed;
}

void map_stack_for_host(const zts_domain *d, std::string &stack)
{
    if (quickjs_seam::k_has_backtrace_hook || d->source_maps.empty() || stack.size() > k_max_stack_bytes) {
        return; // the hook mapped it already, or there is nothing to map
    }
    std::string out;
    if (rewrite_backtrace(stack, d->source_maps, out)) {
        stack = std::move(out);
    }
}

void install_backtrace_hook(zts_domain *d)
{
    quickjs_seam::set_backtrace_hook<backtrace_hook>(d->rt, d);
}

std::string first_position(std::string_view stack)
{
    while (!stack.empty()) {
        size_t end = stack.find('\n');
        std::string_view line = stack.substr(0, end);
        stack = end == std::string_view::npos ? std::string_view() : stack.substr(end + 1);
        size_t bracket = line.rfind(" [");
        if (bracket != std::string_view::npos && line.back() == ']') {
            line = line.substr(0, bracket); // a mapped frame: the original position comes first
        }
        std::string_view head;
        std::string_view location;
        std::string_view file;
        int32_t line_no = 0;
        int32_t col = 0;
        if (split_frame(line, head, location) && split_location(location, file, line_no, col)) {
            return std::string(location);
        }
    }
    return std::string();
}

} // namespace zts
