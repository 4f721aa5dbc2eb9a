// A module specifier with a NUL character is an error (QuickJS patch tools/patches/
// quickjs-specifier-nul.patch), never cut short: `import 'sib\0evil'` used to load 'sib'.
#include "support/native_host.h"

using zts_test::NativeHost;

class ModuleNul : public NativeHost
{
};

TEST_F(ModuleNul, StaticImport_IsZtsError_NothingLoaded)
{
    module("sib", "export const x = 1;");
    module("main", "import { x } from 'sib\\0evil';\nexport function f() { return x; }");
    int32_t ref = 0;
    EXPECT_NE(ZTS_OK, zts_module_get_function(d, "main", "f", &ref));
    EXPECT_NE(std::string::npos, error_message().find("zts: module specifier 'sib...' contains a NUL character"))
        << error_message();
    for (const std::string &load : loads_) {
        EXPECT_NE("main->sib", load);
    }
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
    EXPECT_EQ("SyntaxError: zts: module specifier 'sib...' contains a NUL character", take_string(out));
    for (const std::string &load : loads_) {
        EXPECT_NE("main->sib", load);
    }
}
