#include "module_specifier.h"

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

std::string strip_suffix(const std::string &s)
{
    for (const char *suffix : {".mjs", ".js", ".ts"}) {
        if (ends_with(s, suffix)) {
            return s.substr(0, s.size() - std::string(suffix).size());
        }
    }
    return s;
}

std::vector<std::string> split(const std::string &path)
{
    std::vector<std::string> parts;
    std::string cur;
    for (char c : path) {
        if (c == '/') {
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
    std::vector<std::string> stack;
    if (relative) {
        std::vector<std::string> base = split(importer);
        base.pop_back(); // the importer's own file name
        stack = base;
    }
    for (const std::string &part : split(path)) {
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
