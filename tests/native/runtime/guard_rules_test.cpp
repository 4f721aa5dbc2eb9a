// The two guards hold by construction: these tests read the sources (native/core, native/player) and fail on an export
// or a QuickJS hook that does not go through its guard (native/core/abi/guard.h, native/core/runtime/trampoline.h).
// The rules come from the headers, not from a list kept here: the exports are zts.h's ZTS_FUNCTIONS list (compiled in,
// docs/C_ABI.md "One list"), and the QuickJS APIs that take a function are read from quickjs.h, so a new export, or a
// new QuickJS API that takes a function, is checked without editing this file.
#include <zts/zts.h>

#include "support/source_text.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace
{

const fs::path k_root = ZTS_SOURCE_DIR;

bool ident_char(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

size_t skip_space(const std::string &s, size_t i)
{
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i])) != 0) {
        i++;
    }
    return i;
}

// The index just past the bracket that closes the one at `open` ('(' or '{'), or npos.
size_t matching(const std::string &s, size_t open)
{
    char o = s[open];
    char c = o == '(' ? ')' : o == '{' ? '}' : ']';
    int depth = 0;
    for (size_t i = open; i < s.size(); i++) {
        if (s[i] == o) {
            depth++;
        } else if (s[i] == c && --depth == 0) {
            return i + 1;
        }
    }
    return std::string::npos;
}

std::string trim(const std::string &s)
{
    size_t b = skip_space(s, 0);
    size_t e = s.size();
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1])) != 0) {
        e--;
    }
    return s.substr(b, e - b);
}

// The top-level comma-separated items between the brackets at `open` and its match.
std::vector<std::string> split_items(const std::string &s, size_t open)
{
    size_t end = matching(s, open) - 1;
    std::vector<std::string> items;
    int depth = 0;
    int angle = 0;
    size_t start = open + 1;
    for (size_t i = open + 1; i < end; i++) {
        char c = s[i];
        depth += (c == '(' || c == '{' || c == '[') ? 1 : (c == ')' || c == '}' || c == ']') ? -1 : 0;
        // hook<f> never nests a comparison, so '<' ... '>' right after an identifier is a template bracket
        if (c == '<' && i > 0 && ident_char(s[i - 1])) {
            angle++;
        } else if (c == '>' && angle > 0) {
            angle--;
        } else if (c == ',' && depth == 0 && angle == 0) {
            items.push_back(trim(s.substr(start, i - start)));
            start = i + 1;
        }
    }
    std::string last = trim(s.substr(start, end - start));
    if (!last.empty() || !items.empty()) {
        items.push_back(last);
    }
    return items;
}

int line_of(const std::string &s, size_t pos)
{
    return 1 + static_cast<int>(std::count(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(pos), '\n'));
}

// Every occurrence of `name` as a whole identifier followed by '(' : the offsets of the '('.
std::vector<size_t> calls_of(const std::string &code, const std::string &name)
{
    std::vector<size_t> at;
    for (size_t i = code.find(name); i != std::string::npos; i = code.find(name, i + 1)) {
        if ((i > 0 && ident_char(code[i - 1])) || ident_char(code[i + name.size()])) {
            continue;
        }
        size_t p = skip_space(code, i + name.size());
        if (p < code.size() && code[p] == '(') {
            at.push_back(p);
        }
    }
    return at;
}

std::vector<fs::path> sources_under(const fs::path &dir, bool headers)
{
    std::vector<fs::path> files;
    for (const auto &e : fs::recursive_directory_iterator(dir)) {
        std::string ext = e.path().extension().string();
        if (e.is_regular_file() && (ext == ".cpp" || ext == ".c" || (headers && ext == ".h"))) {
            files.push_back(e.path());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

std::string rel(const fs::path &p)
{
    return fs::relative(p, k_root).generic_string();
}

// ---- the C ABI ---------------------------------------------------------------------------------------------

// The exports: zts.h's list.
std::set<std::string> zts_api_names()
{
#define ZTS_TEST_NAME(ret, name, params, managed) #name,
    return {ZTS_FUNCTIONS(ZTS_TEST_NAME)};
#undef ZTS_TEST_NAME
}

// The zts_* functions defined inside an extern "C" block of a file.
std::set<std::string> extern_c_definitions(const std::string &code)
{
    std::set<std::string> names;
    for (size_t i = code.find("extern \"C\""); i != std::string::npos; i = code.find("extern \"C\"", i + 1)) {
        size_t open = skip_space(code, i + 10);
        if (code[open] != '{') {
            continue;
        }
        size_t end = matching(code, open);
        for (size_t k = code.find("zts_", open); k < end; k = code.find("zts_", k + 1)) {
            if (ident_char(code[k - 1])) {
                continue;
            }
            size_t n = k;
            while (ident_char(code[n])) {
                n++;
            }
            size_t paren = skip_space(code, n);
            if (code[paren] != '(') {
                continue;
            }
            size_t after = skip_space(code, matching(code, paren));
            if (code[after] == '{' || code.compare(after, 3, "try") == 0) {
                names.insert(code.substr(k, n - k));
            }
        }
    }
    return names;
}

struct Definition {
    std::string file;
    int line;
    bool guarded;
};

// The definitions of `name` in one file: a name, its parameters, then a body ('{' or a function-try-block).
void find_definitions(const std::string &file, const std::string &code, const std::string &name,
                      std::vector<Definition> &out)
{
    for (size_t paren : calls_of(code, name)) {
        size_t after = skip_space(code, matching(code, paren));
        bool try_block = code.compare(after, 3, "try") == 0 && !ident_char(code[after + 3]);
        if (!try_block && code[after] != '{') {
            continue; // a call or a declaration
        }
        size_t body = try_block ? skip_space(code, after + 3) : after;
        bool guarded = false;
        if (try_block && code[body] == '{') {
            size_t handler = skip_space(code, matching(code, body));
            for (const char *m : {"ZTS_ABI_CATCH_RETURN(", "ZTS_ABI_CATCH_VOID", "ZTS_ABI_CATCH"}) {
                size_t len = std::strlen(m);
                if (code.compare(handler, len, m) == 0 && (m[len - 1] == '(' || !ident_char(code[handler + len]))) {
                    guarded = true;
                    break;
                }
            }
        }
        out.push_back({file, line_of(code, paren), guarded});
    }
}

TEST(AbiExports, Definitions_AllGuarded)
{
    std::set<std::string> exports = zts_api_names();
    ASSERT_GT(exports.size(), 50u) << "zts.h's ZTS_FUNCTIONS list";
    std::map<std::string, std::string> code_of;
    for (const fs::path &p : sources_under(k_root / "native/core", false)) {
        code_of[rel(p)] = code_only(read_text(p));
    }
    // A zts_* function defined in an extern "C" block of the ABI folder is an export too: it must be in the list (the
    // managed P/Invokes and the Windows export list are made from it) and guarded.
    std::set<std::string> checked = exports;
    std::vector<std::string> failures;
    for (const auto &f : code_of) {
        if (f.first.rfind("native/core/abi/", 0) == 0) {
            for (const std::string &n : extern_c_definitions(f.second)) {
                if (checked.insert(n).second) {
                    failures.push_back(n + " (" + f.first + "): defined extern \"C\" in the ABI folder, not in zts.h's "
                                                             "ZTS_FUNCTIONS list");
                }
            }
        }
    }
    for (const std::string &name : checked) {
        std::vector<Definition> defs;
        for (const auto &f : code_of) {
            find_definitions(f.first, f.second, name, defs);
        }
        if (defs.empty()) {
            failures.push_back(name + ": in zts.h's ZTS_FUNCTIONS list but defined nowhere in native/core");
        }
        for (const Definition &d : defs) {
            if (d.file.rfind("native/core/abi/", 0) != 0) {
                failures.push_back(name + " (" + d.file + ":" + std::to_string(d.line) +
                                   "): exports are defined in native/core/abi, the layer of the guard");
            } else if (!d.guarded) {
                failures.push_back(name + " (" + d.file + ":" + std::to_string(d.line) +
                                   "): not guarded; define it as `" + name +
                                   "(...) try { ... } ZTS_ABI_CATCH` (or ZTS_ABI_CATCH_RETURN(v) / "
                                   "ZTS_ABI_CATCH_VOID; native/core/abi/guard.h)");
            }
        }
    }
    std::string all;
    for (const std::string &f : failures) {
        all += "  " + f + "\n";
    }
    EXPECT_TRUE(failures.empty()) << failures.size() << " export(s) break the guard rule:\n" << all;
}

// ---- QuickJS hooks -----------------------------------------------------------------------------------------

struct HookRules {
    std::set<std::string> types;                     // function typedefs: JSCFunction, JSModuleLoaderFunc...
    std::map<std::string, std::vector<size_t>> apis; // JS_* function -> the parameters that take a hook
    std::set<std::string> fields;                    // JSClassDef / JSClassExoticMethods members that are hooks
    std::vector<size_t> class_def_positions;         // those members' positions in a JSClassDef initializer
};

bool mentions_word(const std::string &text, const std::string &word)
{
    for (size_t i = text.find(word); i != std::string::npos; i = text.find(word, i + 1)) {
        if ((i == 0 || !ident_char(text[i - 1])) && !ident_char(text[i + word.size()])) {
            return true;
        }
    }
    return false;
}

// The members of `typedef struct Name { ... } Name;` as declarations (without the ';').
std::vector<std::string> struct_members(const std::string &h, const std::string &name)
{
    std::vector<std::string> members;
    size_t at = h.find("typedef struct " + name + " {");
    if (at == std::string::npos) {
        return members;
    }
    size_t open = h.find('{', at);
    size_t end = matching(h, open) - 1;
    size_t start = open + 1;
    int depth = 0;
    for (size_t i = open + 1; i < end; i++) {
        depth += h[i] == '(' ? 1 : h[i] == ')' ? -1 : 0;
        if (h[i] == ';' && depth == 0) {
            members.push_back(trim(h.substr(start, i - start)));
            start = i + 1;
        }
    }
    return members;
}

// A member's name: the identifier in "(*name)(" or the last identifier.
std::string member_name(const std::string &m)
{
    size_t star = m.find("(*");
    size_t b = star != std::string::npos ? skip_space(m, star + 2) : m.size();
    if (star == std::string::npos) {
        while (b > 0 && ident_char(m[b - 1])) {
            b--;
        }
    }
    size_t e = b;
    while (e < m.size() && ident_char(m[e])) {
        e++;
    }
    return m.substr(b, e - b);
}

HookRules hook_rules()
{
    std::string h = code_only(read_text(k_root / "third_party/quickjs/quickjs.h"));
    HookRules r;
    // typedef R Name(...);  and  typedef R (*Name)(...);
    for (size_t i = h.find("typedef "); i != std::string::npos; i = h.find("typedef ", i + 1)) {
        size_t semi = h.find(';', i);
        size_t paren = h.find('(', i);
        if (paren > semi || h.compare(i, 15, "typedef struct ") == 0 || h.compare(i, 13, "typedef enum ") == 0) {
            continue;
        }
        size_t e = paren;
        while (e > i && std::isspace(static_cast<unsigned char>(h[e - 1])) != 0) {
            e--;
        }
        if (h[skip_space(h, paren + 1)] == '*') {
            size_t b = skip_space(h, skip_space(h, paren + 1) + 1);
            e = b;
            while (ident_char(h[e])) {
                e++;
            }
            r.types.insert(h.substr(b, e - b));
            continue;
        }
        size_t b = e;
        while (b > i && ident_char(h[b - 1])) {
            b--;
        }
        r.types.insert(h.substr(b, e - b));
    }
    auto is_hook_decl = [&](const std::string &decl) {
        if (decl.find("(*") != std::string::npos) {
            return true; // a function-pointer member or parameter written out
        }
        for (const std::string &t : r.types) {
            if (mentions_word(decl, t)) {
                return true;
            }
        }
        return false;
    };
    // JS_* declarations and inline definitions whose parameters take a hook. JS_MarkValue takes back the mark
    // function QuickJS handed a gc_mark hook: that one is QuickJS's own.
    for (size_t i = h.find("JS_"); i != std::string::npos; i = h.find("JS_", i + 1)) {
        if (i > 0 && ident_char(h[i - 1])) {
            continue;
        }
        size_t n = i;
        while (ident_char(h[n])) {
            n++;
        }
        std::string name = h.substr(i, n - i);
        size_t paren = skip_space(h, n);
        if (h[paren] != '(' || name == "JS_MarkValue" || r.types.count(name) != 0) {
            continue;
        }
        size_t after = skip_space(h, matching(h, paren));
        if (h[after] != ';' && h[after] != '{') {
            continue;
        }
        std::vector<std::string> params = split_items(h, paren);
        std::vector<size_t> positions;
        for (size_t k = 0; k < params.size(); k++) {
            if (is_hook_decl(params[k])) {
                positions.push_back(k);
            }
        }
        if (!positions.empty()) {
            r.apis[name] = positions;
        }
    }
    std::vector<std::string> def = struct_members(h, "JSClassDef");
    for (size_t k = 0; k < def.size(); k++) {
        if (is_hook_decl(def[k])) {
            r.fields.insert(member_name(def[k]));
            r.class_def_positions.push_back(k);
        }
    }
    for (const std::string &m : struct_members(h, "JSClassExoticMethods")) {
        if (is_hook_decl(m)) {
            r.fields.insert(member_name(m));
        }
    }
    return r;
}

bool through_trampoline(const std::string &arg)
{
    std::string a = arg[0] == '&' ? trim(arg.substr(1)) : arg;
    return a.rfind("hook<", 0) == 0 || a == "nullptr" || a == "NULL";
}

TEST(QuickJSHooks, Registration_AllThroughTrampoline)
{
    HookRules rules = hook_rules();
    // The parse of quickjs.h found what it must (else this test could pass by finding nothing).
    for (const char *api : {"JS_NewCFunction", "JS_NewCFunctionData", "JS_NewCFunctionMagic", "JS_SetModuleLoaderFunc",
                            "JS_SetInterruptHandler", "JS_SetHostPromiseRejectionTracker", "JS_EnqueueJob",
                            "JS_NewCModule", "JS_SetBacktraceHook"}) {
        ASSERT_EQ(rules.apis.count(api), 1u) << api << " not recognised as taking a hook in quickjs.h";
    }
    for (const char *field : {"finalizer", "call", "get_property", "set_property", "has_property"}) {
        ASSERT_EQ(rules.fields.count(field), 1u) << field << " not recognised as a hook member in quickjs.h";
    }
    std::vector<std::string> failures;
    int sites = 0;
    std::vector<fs::path> files = sources_under(k_root / "native/core", true);
    for (const char *dir : {"native/player", "native/inspector"}) {
        for (const fs::path &p : sources_under(k_root / dir, true)) {
            files.push_back(p);
        }
    }
    for (const fs::path &p : files) {
        if (p.filename() == "trampoline.h") {
            continue;
        }
        std::string file = rel(p);
        std::string code = code_only(read_text(p));
        auto fail = [&](size_t at, const std::string &what) {
            failures.push_back(file + ":" + std::to_string(line_of(code, at)) + ": " + what);
        };
        for (const auto &api : rules.apis) {
            for (size_t paren : calls_of(code, api.first)) {
                std::vector<std::string> args = split_items(code, paren);
                for (size_t k : api.second) {
                    sites++;
                    if (k < args.size() && !through_trampoline(args[k])) {
                        fail(paren, api.first + " is given `" + args[k] + "`, not hook<" + args[k] +
                                        "> (native/core/runtime/trampoline.h)");
                    }
                }
            }
        }
        // A function list's entries (JS_CFUNC_DEF and co.) name their functions inside QuickJS macros.
        for (size_t i = code.find("JSCFunctionListEntry"); i != std::string::npos;
             i = code.find("JSCFunctionListEntry", i + 1)) {
            fail(i, "JSCFunctionListEntry: its functions would bypass hook<>; define them with JS_NewCFunction*");
        }
        // `x.get_property = f;` (and every other hook member) and designated initializers `.finalizer = f`.
        for (const std::string &field : rules.fields) {
            for (size_t i = code.find(field); i != std::string::npos; i = code.find(field, i + 1)) {
                if (ident_char(code[i - 1]) || ident_char(code[i + field.size()])) {
                    continue;
                }
                size_t before = i;
                while (before > 0 && std::isspace(static_cast<unsigned char>(code[before - 1])) != 0) {
                    before--;
                }
                size_t eq = skip_space(code, i + field.size());
                if (before == 0 || (code[before - 1] != '.' && code.compare(before - 2, 2, "->") != 0) ||
                    code[eq] != '=' || code[eq + 1] == '=') {
                    continue;
                }
                size_t end = code.find_first_of(";,}", eq);
                std::string rhs = trim(code.substr(eq + 1, end - eq - 1));
                sites++;
                if (!through_trampoline(rhs)) {
                    fail(i, "the hook member " + field + " is set to `" + rhs + "`, not hook<" + rhs + ">");
                }
            }
        }
        // JSClassDef initializers: {"name", finalizer, gc_mark, call, exotic}; exotic method tables start empty
        // and are filled member by member (checked above).
        for (const char *type : {"JSClassDef", "JSClassExoticMethods"}) {
            for (size_t i = code.find(type); i != std::string::npos; i = code.find(type, i + 1)) {
                if (ident_char(code[i + std::strlen(type)]) || (i > 0 && ident_char(code[i - 1]))) {
                    continue;
                }
                size_t semi = code.find(';', i);
                size_t brace = code.find('{', i);
                if (brace > semi || code.find('=', i) > brace) {
                    continue; // not an initialized definition
                }
                std::vector<std::string> items = split_items(code, brace);
                bool designated = !items.empty() && items[0][0] == '.';
                if (std::string(type) == "JSClassExoticMethods" && !items.empty() && !designated) {
                    fail(i, "an exotic method table initialized by position: start it {} and set its members to "
                            "hook<...> one by one");
                }
                if (std::string(type) == "JSClassExoticMethods" || designated) {
                    continue; // member-wise: checked with the assignments
                }
                for (size_t k : rules.class_def_positions) {
                    sites++;
                    if (k < items.size() && !through_trampoline(items[k])) {
                        fail(i, std::string("a JSClassDef member is `") + items[k] + "`, not hook<" + items[k] + ">");
                    }
                }
            }
        }
    }
    EXPECT_GT(sites, 30) << "too few hook registrations found: the parse is broken";
    std::string all;
    for (const std::string &f : failures) {
        all += "  " + f + "\n";
    }
    EXPECT_TRUE(failures.empty()) << failures.size() << " QuickJS hook(s) bypass the trampoline:\n" << all;
}

} // namespace

// The inspector (native/inspector, libzts_inspector) reaches the core through native/core/inspector_seam.h alone: no
// other header of the core, so that what it depends on is one reviewed list (docs/DEBUGGING.md, "How it is built").
// The core includes none of the inspector's headers either: it calls an inspector through the seam's interface, and
// the Player's core links without the library (native/CMakeLists.txt, zts_player_core).
TEST(InspectorSeam, Includes_OnlyTheSeam)
{
    std::vector<std::string> failures;
    int includes = 0;
    auto includes_of = [&](const fs::path &p, auto check) {
        std::string text = read_text(p);
        for (size_t i = text.find("#include \""); i != std::string::npos; i = text.find("#include \"", i + 1)) {
            size_t end = text.find('"', i + 10);
            std::string name = text.substr(i + 10, end - i - 10);
            includes++;
            if (!check(name)) {
                failures.push_back(rel(p) + ": #include \"" + name + "\"");
            }
        }
    };
    for (const fs::path &p : sources_under(k_root / "native/inspector", true)) {
        includes_of(p, [](const std::string &name) {
            return name.rfind("inspector/", 0) == 0 || name == "core/inspector_seam.h" || name == "quickjs.h";
        });
    }
    for (const fs::path &p : sources_under(k_root / "native/core", true)) {
        includes_of(p, [](const std::string &name) { return name.rfind("inspector/", 0) != 0 && name.find("debugger/") == std::string::npos; });
    }
    EXPECT_GT(includes, 100) << "too few includes found: the scan is broken";
    EXPECT_TRUE(failures.empty()) << [&] {
        std::string all;
        for (const std::string &f : failures) {
            all += f + "\n";
        }
        return all;
    }();
}
