// Timers, task promises and the console's inspect form (docs/EVERYDAY.md) on a real domain, under ASan in tools/test.sh
// (leak count checked at teardown).
#include "support/native_host.h"

using zts_test::NativeHost;

using Timers_Domain = NativeHost;
using Promises_Domain = NativeHost;
using Inspect_Domain = NativeHost;

TEST_F(Timers_Domain, DueOrder_ZeroDelayWaitsForTheNextPass_ClearInsideCallback)
{
    module("app", "globalThis.log = [];\n"
                  "export function start() {\n"
                  "  setTimeout(() => log.push('b'), 20);\n"
                  "  setTimeout((x) => log.push(x), 10, 'a');\n"
                  "  let n = 0; const id = setInterval(() => { log.push('i' + (++n)); if (n === 2) clearInterval(id); }, 0);\n"
                  "}\n"
                  "export function text() { return log.join(','); }\n");
    zts_value r;
    ASSERT_EQ(ZTS_OK, call(function("app", "start"), {}, &r));
    int32_t text = function("app", "text");
    EXPECT_EQ(3, zts_timers_count(d));
    EXPECT_EQ(1, zts_timers_advance(d, 0)); // only the interval is due at 0
    EXPECT_EQ(1, zts_timers_run_next(d));
    EXPECT_EQ(0, zts_timers_run_next(d)); // rescheduled during the pass: next pass
    EXPECT_EQ(3, zts_timers_advance(d, 20));
    while (zts_timers_run_next(d) == 1) {
    }
    ASSERT_EQ(ZTS_OK, call(text, {}, &r));
    EXPECT_EQ("i1,i2,a,b", take_string(r));
    EXPECT_EQ(0, zts_timers_count(d));
}

TEST_F(Timers_Domain, ThrowingCallback_ReportedAndThePassGoesOn_PendingFreedAtTeardown)
{
    module("app", "export function start() {\n"
                  "  setTimeout(() => { throw new Error('timer broke'); }, 0);\n"
                  "  setTimeout(() => { globalThis.after = true; }, 0);\n"
                  "  setTimeout(() => {}, 1e9, { held: 'until teardown' });\n"
                  "}\n"
                  "export function after() { return globalThis.after === true ? 1 : 0; }\n");
    zts_value r;
    ASSERT_EQ(ZTS_OK, call(function("app", "start"), {}, &r));
    int32_t after = function("app", "after");
    zts_timers_advance(d, 5);
    EXPECT_EQ(ZTS_ERR_JS, zts_timers_run_next(d));
    EXPECT_EQ("timer broke", error_message());
    EXPECT_EQ(1, zts_timers_run_next(d));
    EXPECT_EQ(0, zts_timers_run_next(d));
    ASSERT_EQ(ZTS_OK, call(after, {}, &r));
    EXPECT_EQ(1, r.u.int32);
    EXPECT_EQ(1, zts_timers_count(d)); // freed by zts_domain_free (leak check in TearDown)
}

// The run order over many timers (a min-heap on due time then scheduling order, timers.h): mixed delays, ties,
// timers cleared before and during the pass, intervals rescheduled, timers added by callbacks waiting for the next
// pass, and a heap compacted after many clears. The reference order is computed in JS by sorting.
TEST_F(Timers_Domain, ManyTimers_DueThenSchedulingOrder_ClearedSkipped_AddedWaitForTheNextPass)
{
    module("app", "globalThis.log = []; const want = []; const ids = [];\n"
                  "export function start() {\n"
                  "  for (let i = 0; i < 3000; i++) {\n"
                  "    const delay = (i * 7919) % 13;\n"
                  "    ids.push(setTimeout(() => { log.push(i); if (i === 5) for (let k = 1; k < 3000; k += 3) clearTimeout(ids[k]);\n"
                  "      if (i === 7) setTimeout(() => log.push('added'), 0); }, delay));\n"
                  "    want.push([delay, i]);\n"
                  "  }\n"
                  "  for (let i = 0; i < 5000; i++) clearTimeout(setTimeout(() => log.push('never'), 1e6));\n"
                  "}\n"
                  "export function check() {\n"
                  "  want.sort((a, b) => a[0] - b[0] || a[1] - b[1]);\n"
                  "  const pos5 = want.findIndex(w => w[1] === 5);\n"
                  "  const expected = want.filter((w, at) => at <= pos5 || w[1] % 3 !== 1).map(w => w[1]);\n"
                  "  return JSON.stringify(log) === JSON.stringify(expected) ? 'ok' : 'got ' + log.slice(0, 20) + ' want ' + expected.slice(0, 20);\n"
                  "}\n"
                  "export function tail() { return String(log[log.length - 1]); }\n");
    zts_value r;
    ASSERT_EQ(ZTS_OK, call(function("app", "start"), {}, &r));
    int32_t check = function("app", "check");
    int32_t tail = function("app", "tail");
    EXPECT_EQ(3000, zts_timers_count(d));
    EXPECT_EQ(3000, zts_timers_advance(d, 20));
    int32_t ran = 0;
    while (zts_timers_run_next(d) == 1) {
        ran++;
    }
    EXPECT_LT(1900, ran); // about a third cleared by timer 5 (check() compares the exact order)
    ASSERT_EQ(ZTS_OK, call(check, {}, &r));
    EXPECT_EQ("ok", take_string(r));
    EXPECT_EQ(1, zts_timers_count(d)); // 'added' waits for the next pass
    EXPECT_EQ(1, zts_timers_advance(d, 20));
    EXPECT_EQ(1, zts_timers_run_next(d));
    EXPECT_EQ(0, zts_timers_run_next(d));
    ASSERT_EQ(ZTS_OK, call(tail, {}, &r));
    EXPECT_EQ("added", take_string(r));
}

// Many watched promises settled in one drain are taken in settlement order (a deque: the vector's erase(begin())
// made the host's drain quadratic).
TEST_F(Promises_Domain, ManySettled_TakenOldestFirst)
{
    const int32_t n = 20000;
    for (int32_t i = 0; i < n; i++) {
        ASSERT_EQ(ZTS_OK, zts_promise_watch(d, zts_test::int_value(i), i + 1));
    }
    ASSERT_LE(0, zts_domain_run_jobs(d));
    while (zts_domain_run_jobs(d) > 0) { // the drain is bounded per call (job limit)
    }
    int32_t t = 0;
    zts_value v;
    for (int32_t i = 0; i < n; i++) {
        ASSERT_EQ(1, zts_promise_take_settled(d, &t, &v));
        ASSERT_EQ(i + 1, t);
        ASSERT_EQ(i, v.u.int32);
    }
    EXPECT_EQ(0, zts_promise_take_settled(d, &t, &v));
}

TEST_F(Promises_Domain, SettledFromTheHost_AndWatchedPromisesQueued)
{
    module("app", "export function take(p) { globalThis.seen = 'pending'; p.then(v => { globalThis.seen = 'ok ' + v; }, e => { globalThis.seen = 'no ' + e; }); }\n"
                  "export function seen() { return globalThis.seen; }\n"
                  "export function make(ok) { return ok ? Promise.resolve(41) : Promise.reject(new TypeError('nope')); }\n");
    zts_value promise;
    int32_t token = 0;
    ASSERT_EQ(ZTS_OK, zts_promise_new(d, &promise, &token));
    zts_value r;
    ASSERT_EQ(ZTS_OK, call(function("app", "take"), {promise}, &r));
    int32_t seen = function("app", "seen");
    ASSERT_EQ(ZTS_OK, zts_promise_settle(d, token, 1, zts_test::int_value(7)));
    EXPECT_EQ(ZTS_ERR_ARGUMENT, zts_promise_settle(d, token, 1, zts_test::int_value(8))); // used up
    ASSERT_LE(0, zts_domain_run_jobs(d));
    ASSERT_EQ(ZTS_OK, call(seen, {}, &r));
    EXPECT_EQ("ok 7", take_string(r));

    int32_t make = function("app", "make");
    zts_value fulfilled, rejected;
    ASSERT_EQ(ZTS_OK, call(make, {zts_test::int_value(1)}, &fulfilled));
    ASSERT_EQ(ZTS_OK, call(make, {zts_test::int_value(0)}, &rejected));
    ASSERT_EQ(ZTS_OK, zts_promise_watch(d, fulfilled, 100));
    ASSERT_EQ(ZTS_OK, zts_promise_watch(d, rejected, 200));
    ASSERT_EQ(ZTS_OK, zts_promise_watch(d, zts_test::int_value(5), 300)); // a plain value settles too
    zts_value_free(d, fulfilled);
    zts_value_free(d, rejected);
    int32_t t = 0;
    zts_value v;
    EXPECT_EQ(0, zts_promise_take_settled(d, &t, &v)); // reactions run with the jobs
    ASSERT_LE(0, zts_domain_run_jobs(d));
    ASSERT_EQ(1, zts_promise_take_settled(d, &t, &v));
    EXPECT_EQ(100, t);
    EXPECT_EQ(41, v.u.int32);
    ASSERT_EQ(2, zts_promise_take_settled(d, &t, &v));
    EXPECT_EQ(200, t);
    EXPECT_EQ("nope", error_message());
    ASSERT_EQ(1, zts_promise_take_settled(d, &t, &v));
    EXPECT_EQ(300, t);
    EXPECT_EQ(5, v.u.int32);
    EXPECT_EQ(0, zts_promise_take_settled(d, &t, &v));
    zts_value pending;
    ASSERT_EQ(ZTS_OK, zts_promise_new(d, &pending, &token)); // never settled: freed at teardown
    zts_value_free(d, pending);
}

TEST_F(Inspect_Domain, ShortReadableForms)
{
    module("app", "export function value() {\n"
                  "  const a = [1, 'two', { three: [3, { deep: { deeper: 1 } }] }, null, undefined, -0, 2n];\n"
                  "  const c = { self: null, 'key with space': true }; c.self = c;\n"
                  "  return [a, c, 'top', new Map(), function f() {}];\n"
                  "}\n");
    zts_value v;
    ASSERT_EQ(ZTS_OK, call(function("app", "value"), {}, &v));
    const uint16_t *chars = nullptr;
    int32_t n = zts_values_inspect(d, 1, &v, &chars);
    ASSERT_GT(n, 0);
    EXPECT_EQ("[ [ 1, 'two', { three: [Array] }, null, undefined, -0, 2n ], { self: [Circular], 'key with space': true }, "
              "'top', Map {}, [Function: f] ]",
              zts_test::ascii(chars, n));
    zts_value_free(d, v);
}
