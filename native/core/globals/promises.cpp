#include "globals/promises.h"

#include "runtime/domain.h"
#include "runtime/trampoline.h"

namespace zts
{
namespace
{

// The reaction of a watched promise: data[0] is the host's token; magic 1 = fulfilled, 0 = rejected.
JSValue on_settled(JSContext *ctx, JSValueConst /*this_val*/, int argc, JSValueConst *argv, int magic,
                   JSValue *data)
{
    zts_domain *d = domain_of(ctx);
    SettledPromise s;
    JS_ToInt32(ctx, &s.token, data[0]);
    s.fulfilled = magic != 0;
    s.value = argc > 0 ? JS_DupValue(ctx, argv[0]) : JS_UNDEFINED;
    try {
        d->promises.settled.push_back(s);
    } catch (...) {
        JS_FreeValue(ctx, s.value);
        return JS_ThrowOutOfMemory(ctx);
    }
    return JS_UNDEFINED;
}

} // namespace

void Promises::clear(JSContext *ctx)
{
    for (auto &entry : pending) {
        JS_FreeValue(ctx, entry.second.first);
        JS_FreeValue(ctx, entry.second.second);
    }
    pending.clear();
    for (SettledPromise &s : settled) {
        JS_FreeValue(ctx, s.value);
    }
    settled.clear();
}

int32_t promise_new(zts_domain *d, JSValue *out_promise, int32_t *out_token)
{
    JSValue funcs[2];
    JSValue promise = JS_NewPromiseCapability(d->ctx, funcs);
    if (JS_IsException(promise)) {
        return capture_exception(d, ZTS_ERR_JS);
    }
    int32_t token = d->promises.next_token++;
    d->promises.pending.emplace(token, std::make_pair(funcs[0], funcs[1]));
    *out_promise = promise;
    *out_token = token;
    return ZTS_OK;
}

int32_t promise_settle(zts_domain *d, int32_t token, bool fulfilled, JSValue value)
{
    JSContext *ctx = d->ctx;
    auto it = d->promises.pending.find(token);
    if (it == d->promises.pending.end()) {
        JS_FreeValue(ctx, value);
        return report_failure(d, ZTS_ERR_ARGUMENT, "zts: unknown promise token " + std::to_string(token));
    }
    JSValue resolve = it->second.first;
    JSValue reject = it->second.second;
    d->promises.pending.erase(it);
    JSValue r = JS_Call(ctx, fulfilled ? resolve : reject, JS_UNDEFINED, 1, &value);
    JS_FreeValue(ctx, value);
    JS_FreeValue(ctx, resolve);
    JS_FreeValue(ctx, reject);
    if (JS_IsException(r)) {
        return capture_exception(d, ZTS_ERR_JS);
    }
    JS_FreeValue(ctx, r);
    return ZTS_OK;
}

int32_t promise_watch(zts_domain *d, JSValueConst v, int32_t token)
{
    // The intrinsic Promise.resolve and Promise.prototype.then, taken before any script ran: a script that replaced
    // them runs nothing here (test Scope_HostileReset_ReplacedPromise). A thenable's own `then` is still read, as
    // Promise.resolve does, inside the caller's scope (zts_promise_watch, script_scope.h).
    JSContext *ctx = d->ctx;
    JSValue promise = JS_Call(ctx, d->intrinsics.promise_resolve, d->intrinsics.promise, 1, &v);
    if (JS_IsException(promise)) {
        return capture_exception(d, ZTS_ERR_JS);
    }
    JSValue token_value = JS_NewInt32(ctx, token);
    JSValue reactions[2] = {JS_NewCFunctionData(ctx, hook<on_settled>, 1, 1, 1, &token_value),
                            JS_NewCFunctionData(ctx, hook<on_settled>, 1, 0, 1, &token_value)};
    JSValue r = JS_IsException(reactions[0]) || JS_IsException(reactions[1])
                    ? JS_EXCEPTION
                    : JS_Call(ctx, d->intrinsics.promise_then, promise, 2, reactions);
    JS_FreeValue(ctx, reactions[0]);
    JS_FreeValue(ctx, reactions[1]);
    JS_FreeValue(ctx, promise);
    if (JS_IsException(r)) {
        return capture_exception(d, ZTS_ERR_JS);
    }
    JS_FreeValue(ctx, r);
    return ZTS_OK;
}

} // namespace zts
