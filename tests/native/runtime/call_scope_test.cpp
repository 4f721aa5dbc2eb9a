// The rule of native/core/runtime/script_scope.h as a property: whatever script code the core runs, on any path, it runs
// with call_depth > 0, so a host that Resets from a callback is refused. A host function `probe` records the depth
// every time it is reached; hostile values (a Proxy whose every trap calls probe, an Error whose message, stack and
// name are getters that call probe, a thrown object whose toString calls probe) go through every path of the C ABI
// where the core runs script code. Before the scope, the error capture after a call, conversions, promise watching,
// timers and reset hooks reached probe at depth 0 (tests/managed/CallScopeTests.cs has the Reset crashes).
#include "support/native_host.h"

#include <algorithm>
#include <map>

using zts_test::NativeHost;

namespace
{

const char *const k_hostile_module =
    "const traps = ['get', 'has', 'ownKeys', 'getOwnPropertyDescriptor', 'getPrototypeOf', 'defineProperty', 'set'];\n"
    "function proxy() {\n"
    "  const h = {};\n"
    "  for (const t of traps) h[t] = (...a) => { probe(); return Reflect[t](...a); };\n"
    "  return new Proxy([1, 2, 3], h);\n"
    "}\n"
    "function error() {\n"
    "  const e = new Error('e');\n"
    "  for (const k of ['message', 'stack', 'name']) Object.defineProperty(e, k, { get() { probe(); return k; } });\n"
    "  return e;\n"
    "}\n"
    "function texty() { return { toString() { probe(); return 't'; }, get then() { probe(); return undefined; } }; }\n"
    "const makers = [proxy, error, texty];\n"
    "export function make(i) { return makers[i](); }\n"
    "export function raise(i) { throw makers[i](); }\n"
    "export function later(i) { setTimeout(() => { throw makers[i](); }, 0); }\n"
    "export function hook(i) { zts.on_reset(() => { throw makers[i](); }); }\n"
    "export function job(i) { Promise.resolve().then(() => { throw makers[i](); }); }\n"
    "export function origin() { const f = () => 0; Object.defineProperty(f, 'fileName', { get() { probe(); return 'x'; } }); return f; }\n";

constexpr int32_t k_makers = 3;

class CallScope_EveryPath : public NativeHost
{
  protected:
    void SetUp() override
    {
        NativeHost::SetUp();
        host_function("probe", [this](zts_domain *dom, int, zts_value *, zts_value *, std::string *) {
            depths.push_back(zts_domain_call_depth(dom));
            return zts_test::undefined_value();
        });
        module("hostile", k_hostile_module);
        make = function("hostile", "make");
    }

    zts_value value(int32_t i)
    {
        zts_value v;
        EXPECT_EQ(ZTS_OK, call(make, {zts_test::int_value(i)}, &v));
        depths.clear(); // making it may run traps inside the call: that is not the path under test
        return v;
    }

    void call_export(const char *name, int32_t i)
    {
        zts_value r;
        call(function("hostile", name), {zts_test::int_value(i)}, &r);
        zts_value_free(d, r);
        depths.clear();
    }

    // Every probe of the path ran inside a scope; returns how many ran.
    size_t expect_inside_scope(const std::string &path)
    {
        for (int32_t depth : depths) {
            EXPECT_GT(depth, 0) << path << ": script code ran outside a call scope";
        }
        EXPECT_EQ(0, zts_domain_call_depth(d)) << path << ": the scope was not closed";
        size_t n = depths.size();
        depths.clear();
        return n;
    }

    std::vector<int32_t> depths;
    int32_t make = 0;
};

} // namespace

TEST_F(CallScope_EveryPath, HostileValues_RunOnlyInsideACallScope)
{
    const char *names[] = {"0", "1", "2"};
    uint32_t atoms[3];
    ASSERT_EQ(ZTS_OK, zts_atoms_intern(d, 3, names, atoms));
    size_t ran = 0;
    for (int32_t i = 0; i < k_makers; i++) {
        std::string kind = "maker " + std::to_string(i) + ": ";
        zts_value r;
        EXPECT_NE(ZTS_OK, call(function("hostile", "raise"), {zts_test::int_value(i)}, &r));
        ran += expect_inside_scope(kind + "error capture after zts_function_call");

        zts_value v = value(i);
        const uint16_t *chars = nullptr;
        zts_values_format(d, 1, &v, &chars);
        ran += expect_inside_scope(kind + "zts_values_format");
        zts_values_inspect(d, 1, &v, &chars);
        ran += expect_inside_scope(kind + "zts_values_inspect");
        zts_value out[3];
        int32_t length = 0;
        int32_t n = zts_array_read(d, v, 0, 3, out, &length);
        for (int32_t k = 0; k < n; k++) zts_value_free(d, out[k]);
        ran += expect_inside_scope(kind + "zts_array_read");
        if (zts_table_read(d, v, 3, atoms, out) == ZTS_OK) {
            for (zts_value &o : out) zts_value_free(d, o);
        }
        ran += expect_inside_scope(kind + "zts_table_read");
        zts_promise_watch(d, v, 1);
        ran += expect_inside_scope(kind + "zts_promise_watch");
        zts_value promise;
        int32_t token = 0;
        ASSERT_EQ(ZTS_OK, zts_promise_new(d, &promise, &token));
        zts_value_free(d, promise);
        zts_value copy;
        ASSERT_EQ(ZTS_OK, call(make, {zts_test::int_value(i)}, &copy));
        depths.clear();
        zts_promise_settle(d, token, 1, copy); // consumes copy
        ran += expect_inside_scope(kind + "zts_promise_settle");
        zts_value_take_utf16(d, v, &chars); // consumes v
        ran += expect_inside_scope(kind + "zts_value_take_utf16");

        call_export("later", i);
        zts_timers_advance(d, 1000.0 * (i + 1));
        while (zts_timers_run_next(d) != 0) {
        }
        ran += expect_inside_scope(kind + "timers");
        call_export("job", i);
        zts_domain_run_jobs(d);
        ran += expect_inside_scope(kind + "jobs");
        int32_t settled_token = 0;
        zts_value settled;
        while (zts_promise_take_settled(d, &settled_token, &settled) != 0) {
            zts_value_free(d, settled);
        }
        ran += expect_inside_scope(kind + "zts_promise_take_settled");
        int32_t before = zts_domain_reset_hook_count(d);
        call_export("hook", i);
        zts_domain_run_reset_hook(d, before);
        ran += expect_inside_scope(kind + "reset hook");
    }
    zts_value fn;
    ASSERT_EQ(ZTS_OK, call(function("hostile", "origin"), {}, &fn));
    depths.clear();
    const uint16_t *chars = nullptr;
    zts_function_origin(d, fn, &chars);
    zts_value_free(d, fn);
    ran += expect_inside_scope("zts_function_origin");
    EXPECT_GT(ran, 30u) << "the hostile values reached script code on the paths";
}

TEST_F(CallScope_EveryPath, ReplacedPromiseAndError_AreNotCalledByTheCore)
{
    module("replace", "globalThis.Error = function () { probe(); return {}; };\n"
                      "Promise.resolve = function () { probe(); return {}; };\n"
                      "Promise.prototype.then = function () { probe(); };\n"
                      "export function f() { return 1; }\n");
    function("replace", "f");
    depths.clear();
    ASSERT_EQ(ZTS_OK, zts_promise_watch(d, zts_test::int_value(3), 7));
    const uint16_t message[] = {'m'};
    zts_value err;
    ASSERT_EQ(ZTS_OK, zts_error_new(d, message, 1, nullptr, 0, zts_test::undefined_value(), &err));
    zts_value_free(d, err);
    EXPECT_TRUE(depths.empty()) << "the core called a script's replacement";
    ASSERT_LE(0, zts_domain_run_jobs(d));
    int32_t token = 0;
    zts_value v;
    ASSERT_EQ(1, zts_promise_take_settled(d, &token, &v));
    EXPECT_EQ(7, token);
    EXPECT_EQ(3, v.u.int32);
}

namespace
{

// A C# callback inside an interrupted outermost call (the nested call it made was interrupted, and it goes on):
// every path that calls script functions refuses alike (refuses_nested_call, script_scope.h).
class CallScope_Interrupted : public NativeHost
{
  protected:
    void SetUp() override
    {
        NativeHost::SetUp();
        host_function("probe", [this](zts_domain *, int, zts_value *, zts_value *, std::string *) {
            probes++;
            return zts_test::undefined_value();
        });
        host_function("interrupt", [](zts_domain *dom, int, zts_value *, zts_value *, std::string *) {
            zts_domain_interrupt(zts_domain_id(dom));
            return zts_test::undefined_value();
        });
        host_function("nest", [this](zts_domain *dom, int, zts_value *, zts_value *, std::string *) {
            zts_value r;
            results["spin"] = call(spin, {}, &r);
            results["zts_function_call"] = call(f, {}, &r);
            int32_t ref = 0;
            results["zts_module_get_function"] = zts_module_get_function(dom, "other", "g", &ref);
            results["zts_timers_run_next"] = zts_timers_run_next(dom);
            results["zts_domain_run_reset_hook"] = zts_domain_run_reset_hook(dom, 0);
            results["zts_domain_run_jobs"] = zts_domain_run_jobs(dom);
            return zts_test::undefined_value();
        });
        module("paths", "export function spin() { interrupt(); for (;;) {} }\n"
                        "export function outer() { nest(); }\n"
                        "export function f() { probe(); }\n"
                        "export function arm() { setTimeout(() => probe(), 0); zts.on_reset(() => probe());\n"
                        "  Promise.resolve().then(() => probe()); }\n");
        module("other", "probe();\nexport function g() {}\n");
        spin = function("paths", "spin");
        f = function("paths", "f");
    }

    std::map<std::string, int32_t> results;
    int probes = 0;
    int32_t spin = 0;
    int32_t f = 0;
};

} // namespace

TEST_F(CallScope_Interrupted, NestedCalls_RefusedOnEveryPath)
{
    zts_value r;
    int32_t outer = function("paths", "outer"); // an outermost module read runs the pending jobs: before arm
    ASSERT_EQ(ZTS_OK, call(function("paths", "arm"), {}, &r));
    ASSERT_EQ(1, zts_timers_advance(d, 1000.0)); // one timer due; a job pending
    call(outer, {}, &r);
    zts_value_free(d, r);
    EXPECT_EQ(ZTS_ERR_JS, results["spin"]) << "the nested call was not interrupted";
    for (const char *path : {"zts_function_call", "zts_module_get_function", "zts_timers_run_next",
                             "zts_domain_run_reset_hook"}) {
        EXPECT_EQ(ZTS_ERR_JS, results[path]) << path << " was not refused after the interrupt";
    }
    EXPECT_EQ(0, results["zts_domain_run_jobs"]) << "jobs ran inside a call";
    EXPECT_EQ(0, probes) << "script code ran inside the interrupted call";
    // Refused, not lost: outside the call the timer is still due and the hook still runs.
    EXPECT_EQ(1, zts_timers_run_next(d));
    EXPECT_EQ(ZTS_OK, zts_domain_run_reset_hook(d, 0));
    EXPECT_LE(1, zts_domain_run_jobs(d));
    EXPECT_EQ(3, probes);
}
