// The script profiler behind CDP's Profiler.start / Profiler.stop (docs/DEBUGGING.md, "The script profiler"): a
// sampling profiler of script time. A sample is due at each multiple of the sampling interval since the start; the
// domain's thread takes the samples due where it may read the JS stack: in QuickJS's interrupt handler (the JS running
// now), when a JS -> C# call enters and returns (the time inside the call becomes samples whose leaf is the C#
// member), and at the frame pump (time outside any script: "(program)"). It reads the clock there instead of being
// told by a timer thread: on this 2-core machine under a load of 7-10, a timer thread was starved while the script
// ran and caught up while the C# call slept, and gave Thread.Sleep 88% of the samples of a frame it took 75% of
// (tests/debugger/profile_session.js). Nothing here runs while no profile is being taken: the interrupt handler
// reaches it through Debugger::on_interrupt_poll, which it calls anyway, and a JS -> C# call through one predicted
// branch on zts_domain::limits.profiling (clr/member_dispatch.cpp).
#pragma once

#include "inspector/json.h"
#include "quickjs.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <vector>

struct zts_domain;

namespace zts::dbg
{

/// Where a frame of the profile comes from, as the client shows it (CDP's Runtime.CallFrame).
struct ProfileFrame {
    std::string function_name;
    std::string script_id; ///< "0" when unknown (a C# member, "(program)")
    std::string url;
    int line = -1;         ///< 0-based; -1 when unknown
    int column = -1;
};

class Profiler
{
  public:
    /// Resolves a bytecode's module name (QuickJS's filename) to its script (id and URL).
    using ScriptLookup = std::function<void(const std::string &module, std::string &script_id, std::string &url)>;

    explicit Profiler(zts_domain *d);
    ~Profiler();
    Profiler(const Profiler &) = delete;
    Profiler &operator=(const Profiler &) = delete;

    /// Profiler.setSamplingInterval (microseconds); takes effect at the next start, as V8's.
    void set_interval_us(int64_t us);
    int64_t interval_us() const { return interval_us_; }
    bool running() const { return running_; }

    /// Profiler.start: a new profile (one already running goes on, as V8's).
    void start(ScriptLookup lookup);
    /// Profiler.stop: the profile in CDP's Profile shape; {} (with zts's note) when none was running.
    Json stop(JSContext *ctx);
    /// Frees the bytecode references of a profile in progress (the runtime is freed next).
    void close(JSContext *ctx);

    /// The interrupt handler: the samples due since the last ones were taken go to the JS running now.
    void on_poll(JSContext *ctx) { take(ctx, true); }
    /// The frame pump (no script runs): the samples due go to "(program)".
    void on_idle(JSContext *ctx) { take(ctx, false); }
    /// A JS -> C# call of bridge starts (the samples due go to the JS that called) and returns (the samples due go
    /// to the C# member, unless a script it called took them).
    void enter_csharp(JSContext *ctx, int32_t bridge);
    void leave_csharp(JSContext *ctx, int32_t bridge);

  private:
    struct Node {
        int id = 0;
        int parent = 0;
        ProfileFrame frame;
        JSValue code = JS_UNDEFINED; ///< a reference: keeps the bytecode (and so its identity) alive
        int32_t bridge = -1;
        int hit_count = 0;
        std::vector<int> children;
        /// CDP's positionTicks: 1-based line of the generated JS -> the samples where this node ran that line (its
        /// self samples of a script frame, at the line of its current opcode, as V8's line-level ticks).
        std::map<int, int> line_ticks;
    };
    struct OpenCall {
        int32_t bridge;
        int depth; ///< QuickJS frames below the call when it entered
    };

    void take(JSContext *ctx, bool in_script);
    /// The node of the running stack; line: the 1-based line the innermost script frame runs when that frame is the
    /// node (no C# call above it), else 0.
    int stack_node(JSContext *ctx, int &line);
    int child(int parent, int kind, uintptr_t key);
    void add_samples(int node, int64_t count, int line);
    ProfileFrame js_frame(JSContext *ctx, const void *code, JSAtom name, JSAtom filename);
    ProfileFrame csharp_frame(int32_t bridge) const;
    void release(JSContext *ctx);

    zts_domain *d_;
    int64_t interval_us_ = 1000; ///< V8's default
    bool running_ = false;
    ScriptLookup lookup_;
    std::vector<Node> nodes_; ///< nodes_[0] is the root (id 1); node ids are index + 1
    std::map<std::tuple<int, int, uintptr_t>, int> children_; ///< (parent id, kind, key) -> node id
    std::vector<OpenCall> open_calls_;
    std::vector<int> samples_;
    std::vector<int64_t> times_; ///< steady clock, us
    int64_t start_us_ = 0;
    int64_t profile_interval_us_ = 1000; ///< the interval of the profile in progress
    int64_t taken_ = 0;                  ///< samples taken
    int64_t next_due_us_ = 0;            ///< start_us_ + (taken_ + 1) * interval: when the next sample is due
    int program_node_ = 0;
};

} // namespace zts::dbg
