// The engine seam (native/core/runtime/quickjs_seam.h): the only core file that names what ZTS's patches add to
// QuickJS, so that the core builds over stock QuickJS too (-DZTS_QUICKJS_PATCHES=OFF). The names come from the
// patches themselves (what their quickjs.h hunks add that the pristine quickjs.h lacks), not from a list kept here.
#include "support/native_host.h"
#include "support/source_text.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace
{

const fs::path k_root = ZTS_SOURCE_DIR;

std::set<std::string> identifiers(const std::string &text)
{
    std::set<std::string> out;
    static const std::regex id(R"(\bJS_?[A-Za-z0-9_]+\b)");
    for (std::sregex_iterator i(text.begin(), text.end(), id), e; i != e; ++i) {
        out.insert(i->str());
    }
    return out;
}

// Every JS name the patches' quickjs.h hunks add (functions, types, macros, enum values) that stock QuickJS lacks.
std::set<std::string> patched_names()
{
    std::set<std::string> stock = identifiers(read_text(k_root / "third_party/quickjs/.zts-pristine/quickjs.h"));
    std::set<std::string> out;
    for (const auto &entry : fs::directory_iterator(k_root / "tools/patches")) {
        if (entry.path().extension() != ".patch") {
            continue;
        }
        std::istringstream lines(read_text(entry.path()));
        std::string line;
        bool in_header = false;
        while (std::getline(lines, line)) {
            if (line.rfind("+++ ", 0) == 0) {
                in_header = line.find("/quickjs.h") != std::string::npos;
            } else if (in_header && line.rfind("+", 0) == 0) {
                for (const std::string &name : identifiers(code_only(line.substr(1)))) {
                    if (stock.count(name) == 0) {
                        out.insert(name);
                    }
                }
            }
        }
    }
    return out;
}

TEST(QuickJSSeam, PatchedApis_NamedOnlyInTheSeam)
{
    std::set<std::string> names = patched_names();
    // The parse found what it must (else this test could pass by finding nothing).
    for (const char *api : {"JS_CallOwnArgs", "JS_GetFastArrayElements", "JS_NewObjectFromModel", "JS_HasShapeOf",
                            "JS_IsUnobservedObject", "JS_SetBacktraceHook", "JS_SetDebugHook"}) {
        ASSERT_EQ(1u, names.count(api)) << api << " not found among the patches' additions to quickjs.h";
    }
    std::vector<std::string> failures;
    // native/inspector is not among them: it is built only over the debugger hook (native/CMakeLists.txt, ZTS_DEBUGGER),
    // the hook's client, not a core path with a fallback.
    for (const char *dir : {"native/core", "native/player", "native/clr_adapter"}) {
        for (const auto &entry : fs::recursive_directory_iterator(k_root / dir)) {
            const fs::path &p = entry.path();
            std::string file = fs::relative(p, k_root).generic_string();
            if (!entry.is_regular_file() || file == "native/core/runtime/quickjs_seam.h" ||
                (p.extension() != ".cpp" && p.extension() != ".h" && p.extension() != ".c")) {
                continue;
            }
            for (const std::string &name : identifiers(code_only(read_text(p)))) {
                if (names.count(name) != 0) {
                    failures.push_back(file + " names " + name);
                }
            }
        }
    }
    std::string all;
    for (const std::string &f : failures) {
        all += "  " + f + "\n";
    }
    EXPECT_TRUE(failures.empty()) << "patched QuickJS APIs outside native/core/runtime/quickjs_seam.h (add a capability "
                                     "with a stock fallback there):\n"
                                  << all;
}

#if !ZTS_TEST_DEBUGGER
class QuickJSSeamDomain : public zts_test::NativeHost
{
};

// Without the debugger hook (stock QuickJS, or -DZTS_DEBUGGER=OFF) the core has no debugger: starting one fails with
// a zts: text, and the domain still runs scripts.
TEST_F(QuickJSSeamDomain, Debugger_Absent_StartRefused)
{
    EXPECT_EQ(ZTS_ERR_ARGUMENT, zts_debugger_start(d, 0));
    // Over stock QuickJS the text says why and what builds it (native/core/inspector_absent.cpp).
    const char *why = ZTS_QUICKJS_PATCHES ? "zts: this build of the core has no script inspector ("
                                          : "zts: this build of the core has no script inspector (it is built over stock QuickJS";
    EXPECT_NE(std::string::npos, error_message().find(why)) << error_message();
    module("ok", "export function f() { return 5; }");
    zts_value out;
    ASSERT_EQ(ZTS_OK, call(function("ok", "f"), {}, &out));
    EXPECT_EQ(5, out.u.int32);
}
#endif

} // namespace
