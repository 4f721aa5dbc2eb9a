// Module re-entry is a zts: error, never a crash; Promise jobs never run while JS is on the stack.
#include "support/native_host.h"

#include <string>

using zts_test::int_value;
using zts_test::NativeHost;

using ModuleReentry = NativeHost;

namespace
{

zts_value undefined_value()
{
    zts_value v;
    v.u.bits = 0;
    v.tag = ZTS_TAG_UNDEFINED;
    return v;
}

} // namespace

// Crash case 1: top-level code calls the host, which binds the same module (QuickJS asserted in js_link_module).
TEST_F(ModuleReentry, GetFunctionOfEvaluatingModule_IsZtsError)
{
    std::string nested;
    int32_t nested_rc = 0;
    host_function("bind", [&](zts_domain *dom, int, zts_value *, zts_value *, std::string *) {
        int32_t ref = 0;
        nested_rc = zts_module_get_function(dom, "main", "tick", &ref);
        nested = error_message();
        return undefined_value();
    });
    module("main", "bind(); export function tick() { return 5; }");
    int32_t tick = function("main", "tick");
    EXPECT_EQ(ZTS_ERR_MODULE_LOAD, nested_rc);
    EXPECT_NE(std::string::npos, nested.find("zts: ")) << nested;
    EXPECT_NE(std::string::npos, nested.find("'main'")) << nested;
    zts_value r;
    ASSERT_EQ(ZTS_OK, call(tick, {}, &r));
    EXPECT_EQ(5, r.u.int32);
}

// Crash case 3: a imports b, and the loader of b binds a (SIGSEGV in js_create_module_function).
TEST_F(ModuleReentry, LoaderBindsItsImporter_IsZtsError)
{
    std::string nested;
    on_load_ = [&](const std::string &name) {
        if (name == "b") {
            int32_t ref = 0;
            EXPECT_NE(ZTS_OK, zts_module_get_function(d, "a", "f", &ref));
            nested = error_message();
        }
    };
    module("a", "import { g } from './b'; export function f() { return g() + 1; }");
    module("b", "export function g() { return 1; }");
    int32_t f = function("a", "f");
    on_load_ = nullptr;
    EXPECT_NE(std::string::npos, nested.find("'a'")) << nested;
    zts_value r;
    ASSERT_EQ(ZTS_OK, call(f, {}, &r));
    EXPECT_EQ(2, r.u.int32);
}

// Crash case 4: import('main') at the top of main, then the frame pump runs jobs while JS is on the stack.
TEST_F(ModuleReentry, RunJobsInsideJs_RunsNothing)
{
    int32_t inside = -1;
    host_function("pump", [&](zts_domain *dom, int, zts_value *, zts_value *, std::string *) {
        inside = zts_domain_run_jobs(dom);
        return undefined_value();
    });
    module("main", "globalThis.seen = 0; import('main').then(() => { globalThis.seen = 1; }); pump();\n"
                   "export function seen() { return globalThis.seen; }");
    int32_t seen = function("main", "seen");
    EXPECT_EQ(0, inside);
    zts_value r;
    ASSERT_EQ(ZTS_OK, call(seen, {}, &r));
    EXPECT_EQ(1, r.u.int32); // the import settled once JS had returned
}

// Crash case 5: two loaders that bind each other's modules (unbounded recursion).
TEST_F(ModuleReentry, LoadersBindEachOther_IsZtsError)
{
    std::string nested;
    on_load_ = [&](const std::string &name) {
        int32_t ref = 0;
        if (name == "x" || name == "y") {
            int32_t rc = zts_module_get_function(d, name == "x" ? "y" : "x", "f", &ref);
            if (rc != ZTS_OK && nested.empty()) {
                nested = error_message();
            }
        }
    };
    module("x", "export function f() { return 1; }");
    module("y", "export function f() { return 2; }");
    int32_t ref = 0;
    zts_module_get_function(d, "x", "f", &ref);
    on_load_ = nullptr;
    EXPECT_NE(std::string::npos, nested.find("zts: ")) << nested;
    int32_t f = function("x", "f");
    zts_value r;
    ASSERT_EQ(ZTS_OK, call(f, {}, &r));
    EXPECT_EQ(1, r.u.int32);
}

// Crash case 6: a loader that binds its own module made three instances of it.
TEST_F(ModuleReentry, LoaderBindsOwnModule_EvaluatedOnce)
{
    std::string nested;
    on_load_ = [&](const std::string &name) {
        if (name == "self") {
            int32_t ref = 0;
            EXPECT_NE(ZTS_OK, zts_module_get_function(d, "self", "n", &ref));
            nested = error_message();
        }
    };
    module("self", "globalThis.instances = (globalThis.instances || 0) + 1; export function n() { return globalThis.instances; }");
    int32_t n = function("self", "n");
    on_load_ = nullptr;
    EXPECT_NE(std::string::npos, nested.find("'self'")) << nested;
    int32_t again = function("self", "n");
    zts_value r;
    ASSERT_EQ(ZTS_OK, call(n, {}, &r));
    EXPECT_EQ(1, r.u.int32);
    ASSERT_EQ(ZTS_OK, call(again, {}, &r));
    EXPECT_EQ(1, r.u.int32);
}

TEST_F(ModuleReentry, FailedImportRetried_SameErrorNoCrash)
{
    module("a", "import { g } from './b'; import { h } from './c'; export function f() { return g() + h(); }");
    module("b", "export function g() { return 1; }");
    int32_t ref = 0;
    EXPECT_EQ(ZTS_ERR_MODULE_LOAD, zts_module_get_function(d, "a", "f", &ref));
    std::string first = error_message();
    EXPECT_EQ(ZTS_ERR_MODULE_LOAD, zts_module_get_function(d, "a", "f", &ref));
    EXPECT_EQ(first, error_message());
    module("c", "export function h() { return 2; }");
    int32_t f = function("a", "f");
    zts_value r;
    ASSERT_EQ(ZTS_OK, call(f, {}, &r));
    EXPECT_EQ(3, r.u.int32);
}

// A failed import inside an import cycle: QuickJS frees the failed module while the cycle's other module still
// points at it; a retry used that freed module (heap-use-after-free under ASan).
TEST_F(ModuleReentry, FailedImportInCycleRetried_IsZtsErrorNotUseAfterFree)
{
    module("a", "import { g } from './b'; import { h } from './c'; export function f() { return g() + h(); }");
    module("b", "import { f } from './a'; export function g() { return 1; }");
    int32_t ref = 0;
    EXPECT_EQ(ZTS_ERR_MODULE_LOAD, zts_module_get_function(d, "a", "f", &ref));
    module("c", "export function h() { return 2; }");
    EXPECT_EQ(ZTS_ERR_MODULE_LOAD, zts_module_get_function(d, "a", "f", &ref));
    EXPECT_NE(std::string::npos, error_message().find("zts: module 'b' imports a module whose load failed")) << error_message();
    module("other", "export function k() { return 4; }");
    int32_t k = function("other", "k");
    zts_value r;
    ASSERT_EQ(ZTS_OK, call(k, {}, &r));
    EXPECT_EQ(4, r.u.int32);
}

// Binding inside a JS call runs no Promise job: a module loaded earlier and a new one both bind from their
// evaluation promise.
TEST_F(ModuleReentry, BindInsideJs_SettledAndNewModules)
{
    int32_t inner_old = 0;
    int32_t inner_new = 0;
    host_function("bindBoth", [&](zts_domain *dom, int, zts_value *, zts_value *, std::string *) {
        EXPECT_EQ(ZTS_OK, zts_module_get_function(dom, "old", "v", &inner_old)) << error_message();
        EXPECT_EQ(ZTS_OK, zts_module_get_function(dom, "fresh", "v", &inner_new)) << error_message();
        return undefined_value();
    });
    module("old", "export function v() { return 1; }");
    module("fresh", "globalThis.order = (globalThis.order || '') + 'fresh;'; export function v() { return 2; }");
    module("main", "Promise.resolve().then(() => { globalThis.order = (globalThis.order || '') + 'job;'; });\n"
                   "export function run() { bindBoth(); return globalThis.order; }");
    function("old", "v");
    int32_t run = function("main", "run");
    zts_value r;
    ASSERT_EQ(ZTS_OK, call(run, {}, &r));
    EXPECT_EQ("job;fresh;", take_string(r));
    ASSERT_EQ(ZTS_OK, call(inner_old, {}, &r));
    EXPECT_EQ(1, r.u.int32);
    ASSERT_EQ(ZTS_OK, call(inner_new, {}, &r));
    EXPECT_EQ(2, r.u.int32);
}

// A failed bind is reported once (as its error), not again as an unhandled rejection.
TEST_F(ModuleReentry, FailedBind_NoUnhandledRejection)
{
    module("broken", "throw new Error('at load'); export function f() {}");
    module("missing_dep", "import './nowhere'; export function f() {}");
    int32_t ref = 0;
    EXPECT_EQ(ZTS_ERR_JS, zts_module_get_function(d, "broken", "f", &ref));
    EXPECT_EQ(ZTS_ERR_MODULE_LOAD, zts_module_get_function(d, "missing_dep", "f", &ref));
    zts_domain_run_jobs(d);
    const uint16_t *chars = nullptr;
    int32_t n = zts_domain_take_rejection(d, &chars);
    EXPECT_EQ(0, n) << std::string(chars, chars + n);
}

// A failed import() stays local to the import: QuickJS resolves an import() after its importer has compiled, so
// the importer holds no pointer to the module whose compile failed and must stay usable (modules/table.h
// is_compiling); a second import() asks the loader again.
TEST_F(ModuleReentry, DynamicImport_SyntaxError_ImporterStaysUsable)
{
    module("bad", "export const x = ;");
    module("main", "export let seen = 'pending';\n"
                   "export function f() { import('./bad').then(() => { seen = 'loaded'; }, e => { seen = e.name; }); }\n"
                   "export function g() { return seen; }");
    zts_value out;
    ASSERT_EQ(ZTS_OK, call(function("main", "f"), {}, &out));
    zts_domain_run_jobs(d);
    int32_t g = 0;
    ASSERT_EQ(ZTS_OK, zts_module_get_function(d, "main", "g", &g)) << error_message();
    ASSERT_EQ(ZTS_OK, call(g, {}, &out));
    EXPECT_EQ("SyntaxError", take_string(out));
    module("bad", "export const x = 1;");
    ASSERT_EQ(ZTS_OK, call(function("main", "f"), {}, &out));
    zts_domain_run_jobs(d);
    ASSERT_EQ(ZTS_OK, call(g, {}, &out));
    EXPECT_EQ("loaded", take_string(out));
}
