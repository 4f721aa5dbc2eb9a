// The one rule for script code the core runs: it runs inside a ScriptScope.
#pragma once

#include "runtime/domain.h"
#include "runtime/script_limits.h"

namespace zts
{

/// Held by every stretch of the core that can run script code: a C# -> JS call together with the capture of its
/// error (capture_exception reads `message`, `stack` and `name` and calls String(v), so getters, toString and
/// Proxy traps run), the conversion reads (zts_values_format, zts_values_inspect, zts_array_read, zts_table_read,
/// zts_function_origin), promise machinery (zts_promise_settle/watch/take_settled), zts_error_new,
/// Promise jobs, module evaluation, timers and reset hooks. While one is held call_depth > 0, which is what makes
/// a script-reached `TsAppDomain.Reset(l); TsFramePump.EndOfFrame()` refused (ScriptRuntime.Reset reads
/// zts_domain_call_depth) instead of freeing the runtime under the running JS (JS_FreeRuntime's gc_obj_list
/// assertion, exit 134); releases wait for the outermost scope (domain_drain_releases) and jobs do not start
/// (zts_domain_run_jobs). The outermost scope is an outermost call: it starts the call budget and voids an older
/// interrupt request (begin_outermost_call), so a runaway getter or thenable is stopped like a runaway call.
/// Nested scopes (the capture inside a call) keep the call's budget and interrupt state. Tests:
/// tests/native/runtime/call_scope_test.cpp (every path, a host function that checks the depth), the NUnit fixture
/// Scope_HostileReset (tests/managed/CallScopeTests.cs, both backends).
class ScriptScope
{
  public:
    explicit ScriptScope(zts_domain *d) noexcept : ScriptScope(d, true) {}
    /// A scope only when `needed`: the conversion paths whose value is a primitive run no script code, and skip
    /// the scope's cost (an outermost scope reads the clock under a call budget).
    ScriptScope(zts_domain *d, bool needed) noexcept : d_(needed ? d : nullptr)
    {
        if (d_ == nullptr) {
            return;
        }
        if (d->call_depth == 0) {
            begin_outermost_call(d);
        }
        d->call_depth++;
    }
    ~ScriptScope()
    {
        if (d_ != nullptr) {
            d_->call_depth--;
        }
    }
    ScriptScope(const ScriptScope &) = delete;
    ScriptScope &operator=(const ScriptScope &) = delete;

  private:
    zts_domain *d_;
};

/// The one rule after an interrupt, for every path that calls script functions (zts_function_call and
/// zts_function_call_opaque, module evaluation, timers, reset hooks; jobs run only at call_depth 0): inside an
/// interrupted outermost call no nested call starts, so its C# callers stop too, whatever they catch (the interrupt
/// is sticky for the outermost call, script_limits.cpp). The error capture and zts_error_new are no calls: they
/// report the interrupt. An outermost scope voids an old interrupt instead (begin_outermost_call). Test:
/// CallScope_Interrupted.NestedCalls_RefusedOnEveryPath (tests/native/runtime/call_scope_test.cpp).
inline bool refuses_nested_call(const zts_domain *d)
{
    return d->call_depth > 0 && __builtin_expect(interrupted(d), 0);
}

/// What a refused path reports: ZTS_ERR_JS with the interrupt's text (zts_domain_error).
[[gnu::noinline]] inline int32_t refuse_nested_call(zts_domain *d)
{
    return report_failure(d, ZTS_ERR_JS, interrupt_message(d));
}

} // namespace zts
