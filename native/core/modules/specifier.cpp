#include "modules/specifier.h"

#include <vector>

namespace zts
{
namespace
{

bool ends_with(const std::string &s, const char *suffix)
{
    std::string t(suffix);
    return s.size() > t.size() && s.compare(s.size() - t.size(), t.size(), t) == 0;
}

// Drops a .mjs/.js/.ts suffix, unless the last segment would become empty, "." or "..": a canonical name must be
// its own canonical name (found by the specifier fuzzer: "...js" became "..", which names no module).
std::string strip_suffix(const std::string &s)
{
    for (const char *suffix : {".mjs", ".js", ".ts"}) {
        if (ends_with(s, suffix)) {
            std::string stripped = s.substr(0, s.size() - std::string(suffix).size());
            size_t slash = stripped.rfind('/');
            std::string last = slash == std::string::npos ? stripped : stripped.substr(slash + 1);
            return last.empty() || last == "." || last == ".." ? s : stripped;
        }
    }
    return s;
}

// Segments of a path; a backslash separates too (Windows paths as specifiers).
std::vector<std::string> split(const std::string &path)
{
    std::vector<std::string> parts;
    std::string cur;
    for (char c : path) {
        if (c == '/' || c == '\\') {
            parts.push_back(cur);
            cur.clear();
        } else {
            cur.push_back(c);
        }
    }
    parts.push_back(cur);
    return parts;
}

} // namespace

bool is_csharp_specifier(const std::string &spec)
{
    return spec.rfind(k_csharp_prefix, 0) == 0;
}

bool canonicalize_specifier(const std::string &importer, const std::string &spec, std::string &out, std::string &error)
{
    if (is_csharp_specifier(spec)) {
        out = spec; // never rewritten (01-HOST-API §1.3)
        return true;
    }
    std::string path = spec;
    for (char &c : path) {
        if (c == '\\') {
            c = '/';
        }
    }
    if (path.empty()) {
        error = "empty module specifier";
        return false;
    }
    bool relative = path.rfind("./", 0) == 0 || path.rfind("../", 0) == 0 || path == "." || path == "..";
    // A relative specifier continues the importer's folder, normalized like the specifier itself (the ABI takes
    // any importer text: "a//b" must not leave an empty segment in the canonical name; found by the fuzzer).
    std::vector<std::string> parts;
    if (relative) {
        parts = split(importer);
        parts.pop_back(); // the importer's own file name
    }
    for (std::string &part : split(path)) {
        parts.push_back(std::move(part));
    }
    std::vector<std::string> stack;
    for (const std::string &part : parts) {
        if (part.empty() || part == ".") {
            continue;
        }
        if (part == "..") {
            if (stack.empty()) {
                error = "module specifier '" + spec + "' escapes above the module root" +
                        (importer.empty() ? std::string() : " (imported from '" + importer + "')");
                return false;
            }
            stack.pop_back();
            continue;
        }
        stack.push_back(part);
    }
    if (stack.empty()) {
        error = "module specifier '" + spec + "' names no module";
        return false;
    }
    std::string joined;
    for (size_t i = 0; i < stack.size(); i++) {
        if (i > 0) {
            joined.push_back('/');
        }
        joined += stack[i];
    }
    out = strip_suffix(joined);
    return true;
}

} // namespace zts
