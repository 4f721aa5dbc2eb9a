// Stopping runaway scripts and bounding their resources: the interrupt a host may request from
// any thread, the time budget of each outermost C# -> JS call, and the bounded Promise-job drain.
#pragma once

#include "runtime/domain.h"

#include <chrono>
#include <cstdint>

/// True for QuickJS's uncatchable errors (an interrupt); exported by quickjs.c but not declared in quickjs.h.
extern "C" int JS_IsUncatchableError(JSContext *ctx, JSValueConst val);

namespace zts
{

/// Why the interrupt handler stopped the JS of the current outermost call.
/// debugger: the debugger's client stopped JS it had asked to run (native/inspector/debugger.h, ClientCall).
enum class InterruptCause : int32_t { none = 0, requested = 1, budget = 2, debugger = 3 };

/// Installs the interrupt handler on d's runtime and makes d reachable by id for zts_domain_interrupt.
void script_limits_open(zts_domain *d);

/// Makes d unreachable by id (before it is freed).
void script_limits_close(zts_domain *d);

/// Requests an interrupt of the JS running now in domain id; any thread; false when no such domain.
bool request_interrupt(uint32_t domain_id);

/// Starts the time budget of an outermost call (the cold part of begin_outermost_call).
void start_budget(zts_domain *d);

#if ZTS_PROFILER
/// The inspector's profiler takes a profile (native/inspector/profiler.h): the samples due since it last took some
/// were spent outside scripts (between frames, in the host's C#). Out of line (script_limits.cpp).
void profile_outside_scripts(zts_domain *d);
#endif

/// Called when an outermost C# -> JS call starts (call_depth 0): an earlier interrupt request is void,
/// and the call budget starts now.
inline void begin_outermost_call(zts_domain *d)
{
    d->limits.interrupt_requested.store(false, std::memory_order_relaxed);
    d->limits.interrupt_cause = static_cast<int32_t>(InterruptCause::none);
    if (__builtin_expect(d->limits.budget_us > 0, 0)) {
        start_budget(d);
    }
#if ZTS_PROFILER
    // Without it, the time between frames went to the first script function sampled in the next frame: 84% of a
    // profile of samples/sim at 60 fps was its `steer` (tools/profile.js).
    if (__builtin_expect(d->limits.profiling, 0)) {
        profile_outside_scripts(d);
    }
#endif
}

/// The cause that stops the JS running now, or none: a requested interrupt, or the budget past its deadline. What
/// QuickJS's interrupt handler asks every ~10000 bytecode steps, and host calls before they cross.
InterruptCause limits_reached(zts_domain *d);

/// Stops the JS at a host call with the cause: records it and throws QuickJS's uncatchable "interrupted" error,
/// as the interrupt handler does; returns JS_EXCEPTION.
JSValue stop_at_host_call(zts_domain *d, InterruptCause cause);

/// Called by every JS -> C# crossing before it crosses (invoke_bridge for C# members, host_function_entry for the
/// host's gated functions); JS_EXCEPTION (thrown) when the JS must stop, else JS_UNDEFINED.
///
/// QuickJS counts a host call as one of its ~10000 steps between polls, whatever the call costs: a loop of host
/// calls was polled every ~5000 iterations, so `for (;;) console.log(oneMegabyte)` with a 1000 ms budget and an
/// Interrupt() every 100 ms ran 11-15 s and past 3-4 GB of RSS (tests Limits_HostileScripts
/// Budget_LoopOfHostCalls_StopsAtTheBoundary and Interrupt_LoopOfHostCalls_StopsAtTheBoundary). The check is an
/// atomic load, and with a budget a coarse clock read (6.8 ns against 26.4 ns for CLOCK_MONOTONIC).
inline JSValue check_host_call(zts_domain *d)
{
    if (__builtin_expect(d->limits.interrupt_requested.load(std::memory_order_relaxed) || d->limits.budget_us > 0, 0)) {
        InterruptCause cause = limits_reached(d);
        if (cause != InterruptCause::none) {
            return stop_at_host_call(d, cause);
        }
    }
    return JS_UNDEFINED;
}

/// True when the interrupt handler stopped JS in the current outermost call (the message is rewritten).
bool interrupted(const zts_domain *d);

/// The zts: message of the current interrupt ("zts: script interrupted ...").
std::string interrupt_message(const zts_domain *d);

/// Runs pending Promise jobs, each as a load of its own (a job may be a dynamic import), at most d->limits.job_limit
/// (0: no limit) of them; the rest stay queued. Returns the number run, or ZTS_ERR_JS (captured) when one threw.
int32_t run_jobs(zts_domain *d);

} // namespace zts
