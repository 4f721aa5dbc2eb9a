// A module specifier with a NUL character is an error (QuickJS patch tools/patches/
// quickjs-specifier-nul.patch), never cut short: `import 'sib\0evil'` used to load 'sib'. Over stock QuickJS
// (-DZTS_QUICKJS_PATCHES=OFF) it still does: the loader is handed the specifier as a C string. Each test pins its build.
#include "support/native_host.h"

#include <algorithm>

using zts_test::NativeHost;

class ModuleNul : public NativeHost
{
};

TEST_F(ModuleNul, StaticImport_IsZtsError_NothingLoaded)
{
    module("sib", "export const x = 1;");
    module("main", "import { x } from 'sib\\0evil';\nexport function f() { return x; }");
    int32_t ref = 0;
#if ZTS_QUICKJS_PATCHES
    EXPECT_NE(ZTS_OK, zts_module_get_function(d, "main", "f", &ref));
    EXPECT_NE(std::string::npos, error_message().find("zts: module specifier 'sib...' contains a NUL character"))
        << error_message();
    for (const std::string &load : loads_) {
        EXPECT_NE("main->sib", load);
    }
#else
    EXPECT_EQ(ZTS_OK, zts_module_get_function(d, "main", "f", &ref)) << error_message();
    EXPECT_NE(loads_.end(), std::find(loads_.begin(), loads_.end(), "main->sib")) << "stock QuickJS cuts at the NUL";
#endif
    // The domain still answers.
    module("ok", "export function f() { return 5; }");
    zts_value out;
    ASSERT_EQ(ZTS_OK, call(function("ok", "f"), {}, &out));
    EXPECT_EQ(5, out.u.int32);
}

TEST_F(ModuleNul, DynamicImport_RejectsWithZtsError)
{
    module("sib", "export const x = 1;");
    module("main", "export let seen = 'pending';\n"
                   "export function f() { import('sib\\0evil').then(() => { seen = 'loaded'; }, e => { seen = e.name + ': '"
                   " + e.message; }); }\n"
                   "export function g() { return seen; }");
    zts_value out;
    ASSERT_EQ(ZTS_OK, call(function("main", "f"), {}, &out));
    zts_domain_run_jobs(d);
    ASSERT_EQ(ZTS_OK, call(function("main", "g"), {}, &out));
#if ZTS_QUICKJS_PATCHES
    EXPECT_EQ("SyntaxError: zts: module specifier 'sib...' contains a NUL character", take_string(out));
    for (const std::string &load : loads_) {
        EXPECT_NE("main->sib", load);
    }
#else
    EXPECT_EQ("loaded", take_string(out)) << "stock QuickJS cuts at the NUL";
    EXPECT_NE(loads_.end(), std::find(loads_.begin(), loads_.end(), "main->sib"));
#endif
}
