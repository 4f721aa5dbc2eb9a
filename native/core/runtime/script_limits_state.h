// The state of the script limits (script_limits.h): what the interrupt handler, the boundary check of every
// JS -> C# call and the bounded job drain read. Plain data: nothing to free; script_limits_open/_close make the
// domain reachable by id and unreachable again.
#pragma once

#include <atomic>
#include <cstdint>

namespace zts
{

/// The limits of one domain's script code, set through zts_domain_set_call_budget/_memory_limit/_job_limit.
/// interrupt_requested and budget_us come first: check_host_call reads both on every JS -> C# call.
struct ScriptLimits {
    std::atomic<bool> interrupt_requested{false}; ///< set by zts_domain_interrupt (any thread); cleared per outermost call
    /// The debugger's script profiler is taking a profile (debugger/profiler.h): each JS -> C# call tells it when it
    /// enters and returns (clr/member_dispatch.cpp). Only the domain's thread reads and writes it; in the padding
    /// after interrupt_requested, so the layout of the fields every call reads is unchanged.
    bool profiling = false;
    int32_t interrupt_cause = 0; ///< zts::InterruptCause of the current outermost call
    int64_t budget_us = 0;       ///< time budget of each outermost call (0: none)
    int64_t deadline_us = 0;     ///< steady-clock end of the current outermost call's budget
    int64_t memory_limit = 0;    ///< JS heap limit in bytes (0: none; zts_domain_set_memory_limit)
    int32_t job_limit = 10000;   ///< Promise jobs run per drain at most (0: no limit)
};

} // namespace zts
