// Timers and microtasks (docs/EVERYDAY.md): setTimeout, setInterval, clearTimeout, clearInterval and queueMicrotask as
// globals. Timers run only when the host's frame pump asks (zts_timers_advance, then zts_timers_run_next once per
// due timer), on the host's clock: a delay counts from the clock value of the last advance.
#pragma once

#include "quickjs.h"

#include <cstdint>
#include <map>
#include <vector>

struct zts_domain;

namespace zts
{

/// One pending setTimeout/setInterval.
struct Timer {
    JSValue fn = JS_UNDEFINED;  ///< owned
    std::vector<JSValue> args;  ///< owned, passed to fn
    double due = 0;             ///< host clock (ms) at which it is due
    double interval = -1;       ///< < 0: a timeout; else the interval's period (ms)
    uint64_t seq = 0;           ///< scheduling order; ties of `due` run in this order
};

/// A timer's place in the run order: (due, seq) of the timer `id` when it was queued. An entry whose id is gone
/// (cleared, or a timeout that ran) or whose seq is not the timer's (an interval rescheduled since) is stale and
/// skipped when it reaches the top.
struct TimerSlot {
    double due;
    uint64_t seq;
    int32_t id;
};

/// The domain's timers, by id (ids start at 1, never reused within a domain), and a min-heap of their run order.
/// Each timer run is O(log n): the scan of every live timer per run it replaced cost 404 ms for 10k
/// setTimeout(0) in one LateUpdate and 48.5 s for 100k; now 14 ms and 97 ms (bench/managed/ScalingBench.cs, tests
/// Timers_Domain ManyTimers_..., NUnit Timers_FramePump Timers_HundredThousandZeroTimeouts_...).
struct Timers {
    std::map<int32_t, Timer> live;
    std::vector<TimerSlot> order; ///< min-heap on (due, seq), with stale entries (see TimerSlot)
    int32_t next_id = 1;
    uint64_t next_seq = 1;
    double now = 0;          ///< host clock of the last advance
    uint64_t pass_limit = 0; ///< a pass runs only timers scheduled before it began (no 0 ms loops within a pass)

    /// Frees every timer (Reset and teardown, before the context).
    void clear(JSContext *ctx);

    /// Queues the run of live timer id at its current due/seq.
    void enqueue(int32_t id, const Timer &t);
};

/// Defines the timer and microtask globals; false with an exception pending.
bool install_timer_globals(JSContext *ctx);

/// Starts a pass at host time now_ms (never moving the clock back); returns the number of timers due.
int32_t timers_advance(zts_domain *d, double now_ms);

/// Runs the next due timer of the current pass: 1 when one ran, 0 when none is left, ZTS_ERR_JS when it threw
/// (captured into d->error; the pass goes on with the next call).
int32_t timers_run_next(zts_domain *d);

} // namespace zts
