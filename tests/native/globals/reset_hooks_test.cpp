// zts.on_reset hooks and zts_function_origin, on a real domain (leak count checked at teardown).
#include "support/native_host.h"

using zts_test::NativeHost;

using ResetHooks_Domain = NativeHost;
using FunctionOrigin_Domain = NativeHost;

TEST_F(ResetHooks_Domain, HooksRunInRegistrationOrder_AThrowingOneDoesNotStopTheOthers)
{
    module("app", "globalThis.order = [];\n"
                  "zts.on_reset(() => order.push('a'));\n"
                  "zts.on_reset(() => { order.push('b'); throw new Error('hook b failed'); });\n"
                  "zts.on_reset(() => { order.push('c'); zts.on_reset(() => order.push('late')); });\n"
                  "export function order_text() { return order.join(','); }\n");
    int32_t text = function("app", "order_text");
    ASSERT_EQ(3, zts_domain_reset_hook_count(d));
    EXPECT_EQ(ZTS_OK, zts_domain_run_reset_hook(d, 0));
    EXPECT_EQ(ZTS_ERR_JS, zts_domain_run_reset_hook(d, 1));
    EXPECT_EQ("hook b failed", error_message());
    // Hook c adds a hook: refused while the hooks run (a hook that re-registers itself made the host loop forever).
    EXPECT_EQ(ZTS_ERR_JS, zts_domain_run_reset_hook(d, 2));
    EXPECT_EQ("zts: zts.on_reset cannot add a hook while the reset hooks run (the domain is being torn down; a hook "
              "added now would never run)",
              error_message());
    ASSERT_EQ(3, zts_domain_reset_hook_count(d));
    EXPECT_EQ(ZTS_ERR_ARGUMENT, zts_domain_run_reset_hook(d, 3));
    zts_value r;
    ASSERT_EQ(ZTS_OK, call(text, {}, &r));
    EXPECT_EQ("a,b,c", take_string(r));
}

// zts.on_reset(function h() { zts.on_reset(h); }) hung the Reset (the count grew with each hook run, past 400 MB):
// the hook runs once, its on_reset throws, and the count stays.
TEST_F(ResetHooks_Domain, HookThatRegistersItself_RunsOnce)
{
    module("app", "globalThis.count = 0; zts.on_reset(function h() { count++; zts.on_reset(h); });\n"
                  "export function runs() { return globalThis.count; }\n");
    int32_t runs = function("app", "runs");
    ASSERT_EQ(1, zts_domain_reset_hook_count(d));
    EXPECT_EQ(ZTS_ERR_JS, zts_domain_run_reset_hook(d, 0));
    EXPECT_EQ(1, zts_domain_reset_hook_count(d));
    EXPECT_EQ(ZTS_ERR_ARGUMENT, zts_domain_run_reset_hook(d, 1));
    zts_value r;
    ASSERT_EQ(ZTS_OK, call(runs, {}, &r));
    EXPECT_EQ(1, r.u.int32);
}

TEST_F(ResetHooks_Domain, NotAFunction_IsATypeError)
{
    module("app", "export function f() { try { zts.on_reset(42); return 'no'; } catch (e) { return e.name + ': ' + e.message; } }");
    int32_t f = function("app", "f");
    zts_value r;
    ASSERT_EQ(ZTS_OK, call(f, {}, &r));
    EXPECT_EQ("TypeError: zts: zts.on_reset needs a function", take_string(r));
    EXPECT_EQ(0, zts_domain_reset_hook_count(d));
}

TEST_F(ResetHooks_Domain, UnrunHooks_AreFreedWithTheDomain)
{
    module("app", "const big = { data: new Array(100).fill('x') };\n"
                  "zts.on_reset(() => big.data.length);\n"
                  "export function f() { return 1; }\n");
    function("app", "f");
    EXPECT_EQ(1, zts_domain_reset_hook_count(d)); // TearDown asserts no QuickJS leak
}

TEST_F(FunctionOrigin_Domain, ModuleFunction_NamesModuleLineColumn_MappedWhenTheModuleHasAMap)
{
    std::vector<std::string> origins;
    host_function("probe", [&](zts_domain *dom, int argc, zts_value *argv, zts_value *, std::string *) {
        const uint16_t *chars = nullptr;
        int32_t n = zts_function_origin(dom, argv[0], &chars);
        origins.push_back(zts_test::ascii(chars, n));
        return zts_test::int_value(0);
    });
    module("plain", "export function f() {\n  probe((x) => x);\n  probe(Math.max);\n  probe(42);\n}\n");
    module("game/logic", "export function g() {\n  probe(() => 1);\n}\n");
    // line 2 of game/logic -> src/game/logic.ts:11:5
    source_map("game/logic",
               R"({"version":3,"file":"logic.js","sourceRoot":"../src","sources":["game/logic.ts"],"names":[],"mappings":";AAUI"})");
    zts_value r;
    ASSERT_EQ(ZTS_OK, call(function("plain", "f"), {}, &r));
    ASSERT_EQ(ZTS_OK, call(function("game/logic", "g"), {}, &r));
    ASSERT_EQ(4u, origins.size());
    EXPECT_EQ("plain:2:9", origins[0]);
    EXPECT_EQ("", origins[1]); // native
    EXPECT_EQ("", origins[2]); // not a function
    EXPECT_EQ("src/game/logic.ts:11:5", origins[3]);
}
