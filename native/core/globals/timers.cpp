#include "globals/timers.h"

#include "runtime/domain.h"
#include "runtime/script_limits.h"
#include "runtime/script_scope.h"
#include "runtime/trampoline.h"

#include <algorithm>
#include <cmath>

namespace zts
{
namespace
{

// The heap's order: the smallest (due, seq) on top.
bool runs_later(const TimerSlot &a, const TimerSlot &b)
{
    return a.due > b.due || (a.due == b.due && a.seq > b.seq);
}

bool is_stale(const Timers &timers, const TimerSlot &slot)
{
    auto it = timers.live.find(slot.id);
    return it == timers.live.end() || it->second.seq != slot.seq;
}

void pop_slot(Timers &timers)
{
    std::pop_heap(timers.order.begin(), timers.order.end(), runs_later);
    timers.order.pop_back();
}

// Stale entries are dropped lazily (at the top), so a script that sets and clears timers that never come due
// would grow the heap without bound: past twice the live count, it is rebuilt from the live timers (amortized
// O(1) per clear).
void compact(Timers &timers)
{
    if (timers.order.size() < 64 || timers.order.size() <= 2 * timers.live.size()) {
        return;
    }
    timers.order.clear();
    for (const auto &entry : timers.live) {
        timers.order.push_back(TimerSlot{entry.second.due, entry.second.seq, entry.first});
    }
    std::make_heap(timers.order.begin(), timers.order.end(), runs_later);
}

void free_timer(JSContext *ctx, Timer &t)
{
    JS_FreeValue(ctx, t.fn);
    for (JSValue a : t.args) {
        JS_FreeValue(ctx, a);
    }
    t.fn = JS_UNDEFINED;
    t.args.clear();
}

// setTimeout(fn, delay, ...args) / setInterval(fn, period, ...args): magic 1 for an interval.
JSValue js_set_timer(JSContext *ctx, JSValueConst /*this_val*/, int argc, JSValueConst *argv, int magic)
{
    const char *name = magic != 0 ? "setInterval" : "setTimeout";
    if (argc < 1 || !JS_IsFunction(ctx, argv[0])) {
        return JS_ThrowTypeError(ctx, "zts: %s needs a function as its first argument", name);
    }
    double delay = 0;
    if (argc > 1 && JS_ToFloat64(ctx, &delay, argv[1]) < 0) {
        return JS_EXCEPTION;
    }
    if (!(delay > 0)) { // NaN, negative and missing delays are 0 (HTML)
        delay = 0;
    }
    zts_domain *d = domain_of(ctx);
    Timers &timers = d->timers;
    Timer t;
    t.fn = JS_DupValue(ctx, argv[0]);
    for (int i = 2; i < argc; i++) {
        t.args.push_back(JS_DupValue(ctx, argv[i]));
    }
    t.due = timers.now + delay;
    t.interval = magic != 0 ? delay : -1;
    t.seq = timers.next_seq++;
    int32_t id = timers.next_id++;
    try {
        timers.enqueue(id, t);
    } catch (...) {
        free_timer(ctx, t);
        return JS_ThrowOutOfMemory(ctx);
    }
    timers.live.emplace(id, std::move(t));
    return JS_NewInt32(ctx, id);
}

// clearTimeout(id) / clearInterval(id): either clears either kind; unknown ids are ignored.
JSValue js_clear_timer(JSContext *ctx, JSValueConst /*this_val*/, int argc, JSValueConst *argv)
{
    if (argc < 1 || !JS_IsNumber(argv[0])) {
        return JS_UNDEFINED;
    }
    int32_t id = 0;
    if (JS_ToInt32(ctx, &id, argv[0]) < 0) {
        return JS_EXCEPTION;
    }
    Timers &timers = domain_of(ctx)->timers;
    auto it = timers.live.find(id);
    if (it != timers.live.end()) {
        free_timer(ctx, it->second);
        timers.live.erase(it);
        compact(timers);
    }
    return JS_UNDEFINED;
}

JSValue run_microtask(JSContext *ctx, int /*argc*/, JSValueConst *argv)
{
    return JS_Call(ctx, argv[0], JS_UNDEFINED, 0, nullptr);
}

// queueMicrotask(fn): a job like a Promise reaction; one that throws is reported as a job error.
JSValue js_queue_microtask(JSContext *ctx, JSValueConst /*this_val*/, int argc, JSValueConst *argv)
{
    if (argc < 1 || !JS_IsFunction(ctx, argv[0])) {
        return JS_ThrowTypeError(ctx, "zts: queueMicrotask needs a function");
    }
    if (JS_EnqueueJob(ctx, hook<run_microtask>, 1, argv) < 0) {
        return JS_EXCEPTION;
    }
    return JS_UNDEFINED;
}

bool define_global(JSContext *ctx, JSValueConst global, const char *name, JSValue fn)
{
    return !JS_IsException(fn) &&
           JS_DefinePropertyValueStr(ctx, global, name, fn, JS_PROP_CONFIGURABLE | JS_PROP_WRITABLE) >= 0;
}

} // namespace

void Timers::clear(JSContext *ctx)
{
    for (auto &entry : live) {
        free_timer(ctx, entry.second);
    }
    live.clear();
    order.clear();
}

void Timers::enqueue(int32_t id, const Timer &t)
{
    order.push_back(TimerSlot{t.due, t.seq, id});
    std::push_heap(order.begin(), order.end(), runs_later);
}

bool install_timer_globals(JSContext *ctx)
{
    JSValue global = JS_GetGlobalObject(ctx);
    bool ok =
        define_global(ctx, global, "setTimeout",
                      JS_NewCFunctionMagic(ctx, hook<js_set_timer>, "setTimeout", 2, JS_CFUNC_generic_magic, 0)) &&
        define_global(ctx, global, "setInterval",
                      JS_NewCFunctionMagic(ctx, hook<js_set_timer>, "setInterval", 2, JS_CFUNC_generic_magic, 1)) &&
        define_global(ctx, global, "clearTimeout", JS_NewCFunction(ctx, hook<js_clear_timer>, "clearTimeout", 1)) &&
        define_global(ctx, global, "clearInterval", JS_NewCFunction(ctx, hook<js_clear_timer>, "clearInterval", 1)) &&
        define_global(ctx, global, "queueMicrotask",
                      JS_NewCFunction(ctx, hook<js_queue_microtask>, "queueMicrotask", 1));
    JS_FreeValue(ctx, global);
    return ok;
}

int32_t timers_advance(zts_domain *d, double now_ms)
{
    Timers &timers = d->timers;
    if (now_ms > timers.now) {
        timers.now = now_ms;
    }
    timers.pass_limit = timers.next_seq;
    int32_t due = 0;
    for (const auto &entry : timers.live) {
        if (entry.second.due <= timers.now) {
            due++;
        }
    }
    return due;
}

int32_t timers_run_next(zts_domain *d)
{
    if (refuses_nested_call(d)) {
        return refuse_nested_call(d); // the timer stays due (script_scope.h)
    }
    Timers &timers = d->timers;
    while (!timers.order.empty() && is_stale(timers, timers.order.front())) {
        pop_slot(timers);
    }
    if (timers.order.empty()) {
        return 0;
    }
    // The top is the first live timer in (due, seq) order. A timer scheduled during the pass (seq >= pass_limit)
    // is due at the pass's clock or later, and after every timer of the pass due then (a larger seq): when the top
    // is such a timer, or not due, the pass is over.
    const TimerSlot top = timers.order.front();
    if (top.due > timers.now || top.seq >= timers.pass_limit) {
        return 0;
    }
    pop_slot(timers);
    auto next = timers.live.find(top.id);
    JSContext *ctx = d->ctx;
    // The call gets its own references: the callback may clear its own timer (or every timer).
    JSValue fn = JS_DupValue(ctx, next->second.fn);
    std::vector<JSValue> args;
    for (JSValue a : next->second.args) {
        args.push_back(JS_DupValue(ctx, a));
    }
    if (next->second.interval < 0) {
        free_timer(ctx, next->second);
        timers.live.erase(next);
    } else {
        next->second.due = timers.now + next->second.interval;
        next->second.seq = timers.next_seq++; // not again in this pass
        timers.enqueue(top.id, next->second);
    }
    // A runaway timer is stopped by Interrupt and the call budget (script_limits.h); the callback and the capture of its
    // error run in one scope, so a timer that reaches a Reset is refused (script_scope.h).
    ScriptScope scope(d);
    JSValue r = JS_Call(ctx, fn, JS_UNDEFINED, static_cast<int>(args.size()), args.data());
    JS_FreeValue(ctx, fn);
    for (JSValue a : args) {
        JS_FreeValue(ctx, a);
    }
    if (JS_IsException(r)) {
        return capture_exception(d, ZTS_ERR_JS);
    }
    JS_FreeValue(ctx, r);
    return 1;
}

} // namespace zts
