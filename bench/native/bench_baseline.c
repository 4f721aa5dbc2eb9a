/*
 * Same-run baselines for the C# -> JS benchmarks: the cheapest possible way to call the same JS
 * function, with no ZTS layer in between.
 *   - bench_raw_add: what a minimal hand-written P/Invoke reaches: one C function doing JS_Call.
 *   - bench_raw_loop: raw QuickJS from C, the loop itself in C (no managed transition at all).
 * The function is taken from a global the benchmark module sets (globalThis.benchAdd).
 */
#include "quickjs.h"
#include "zts/zts.h"

#include <stdint.h>

static JSContext *g_ctx;
static JSValue g_fn;

/* Takes globalThis[name] of the domain's context as the function to call; 0 on success. */
int32_t bench_raw_prepare(zts_domain *domain, const char *name)
{
    g_ctx = zts_domain_context(domain);
    JSValue global = JS_GetGlobalObject(g_ctx);
    g_fn = JS_GetPropertyStr(g_ctx, global, name);
    JS_FreeValue(g_ctx, global);
    return JS_IsFunction(g_ctx, g_fn) ? 0 : -1;
}

/* Releases the function taken by bench_raw_prepare (before the domain is freed). */
void bench_raw_release(void)
{
    JS_FreeValue(g_ctx, g_fn);
    g_fn = JS_UNDEFINED;
}

/* fn(a, b) as an int32, or INT32_MIN when it threw or returned something else. */
int32_t bench_raw_add(int32_t a, int32_t b)
{
    JSValue argv[2] = {JS_NewInt32(g_ctx, a), JS_NewInt32(g_ctx, b)};
    JSValue r = JS_Call(g_ctx, g_fn, JS_UNDEFINED, 2, argv);
    if (JS_VALUE_GET_TAG(r) != JS_TAG_INT) {
        JS_FreeValue(g_ctx, r);
        JS_FreeValue(g_ctx, JS_GetException(g_ctx));
        return INT32_MIN;
    }
    return JS_VALUE_GET_INT(r);
}

/* Calls fn(i, 1) n times from C; returns the sum (so nothing is optimized away). */
int64_t bench_raw_loop(int32_t n)
{
    int64_t sum = 0;
    for (int32_t i = 0; i < n; i++) {
        sum += bench_raw_add(i, 1);
    }
    return sum;
}
