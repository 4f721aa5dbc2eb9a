#include "inspector/profiler.h"
#include "inspector/clock.h"

#include "core/inspector_seam.h"


#include <algorithm>
#include <chrono>
#include <unordered_map>

namespace zts::dbg
{
namespace
{

enum NodeKind : int { k_script = 0, k_csharp = 1, k_special = 2 };

// The shortest interval kept: below it the samples cost more than the script they measure
// (a sample walks the whole stack).
constexpr int64_t k_min_interval_us = 50;

std::string atom_text(JSContext *ctx, JSAtom atom)
{
    if (atom == JS_ATOM_NULL) {
        return std::string();
    }
    const char *s = JS_AtomToCString(ctx, atom);
    if (s == nullptr) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return std::string();
    }
    std::string out(s);
    JS_FreeCString(ctx, s);
    return out;
}

// The first position of a bytecode's pc -> position table: its first statement (1-based).
struct FirstPosition {
    bool seen = false;
    uint32_t pc = 0;
    int line = 0, col = 0;
};

void first_position(void *opaque, uint32_t pc, int line, int col) noexcept
{
    auto *p = static_cast<FirstPosition *>(opaque);
    if (!p->seen || pc < p->pc) {
        *p = FirstPosition{true, pc, line, col};
    }
}

Json call_frame_json(const ProfileFrame &f)
{
    Json o = Json::object();
    o.set("functionName", Json::string(f.function_name));
    o.set("scriptId", Json::string(f.script_id));
    o.set("url", Json::string(f.url));
    o.set("lineNumber", Json::number(f.line));
    o.set("columnNumber", Json::number(f.column));
    return o;
}

} // namespace

Profiler::Profiler(zts_domain *d) : d_(d) {}

Profiler::~Profiler() = default;

void Profiler::set_interval_us(int64_t us)
{
    interval_us_ = std::max(us, k_min_interval_us);
}

void Profiler::start(ScriptLookup lookup)
{
    if (running_) {
        return;
    }
    lookup_ = std::move(lookup);
    nodes_.clear();
    children_.clear();
    open_calls_.clear();
    samples_.clear();
    times_.clear();
    Node root;
    root.id = 1;
    root.frame.function_name = "(root)";
    nodes_.push_back(root);
    program_node_ = child(1, k_special, 0);
    nodes_[static_cast<size_t>(program_node_ - 1)].frame.function_name = "(program)";
    start_us_ = now_us();
    profile_interval_us_ = interval_us_;
    taken_ = 0;
    next_due_us_ = start_us_ + profile_interval_us_;
    running_ = true;
    seam::set_profiling(d_, true);
}

void Profiler::take(JSContext *ctx, bool in_script)
{
    // Called twice on each JS -> C# call while profiling: one clock read (20.7-22.7 ns here, steady_clock) and a
    // compare; the division only when a sample is due.
    int64_t now = now_us();
    if (now < next_due_us_) {
        return;
    }
    int64_t due = (now - start_us_) / profile_interval_us_ - taken_;
    int line = 0;
    const int node = in_script ? stack_node(ctx, line) : program_node_; // before add_samples reads line
    add_samples(node, due, line);
    next_due_us_ = start_us_ + (taken_ + 1) * profile_interval_us_;
}

void Profiler::add_samples(int node, int64_t count, int line)
{
    // Each sample at its due time: the time deltas are the interval, and a client that weighs samples by their
    // deltas (VS Code) and one that weighs them by count (Chrome DevTools) agree.
    Node &n = nodes_[static_cast<size_t>(node - 1)];
    n.hit_count += static_cast<int>(count);
    if (line > 0) {
        n.line_ticks[line] += static_cast<int>(count);
    }
    for (int64_t i = 0; i < count; i++) {
        taken_++;
        samples_.push_back(node);
        times_.push_back(start_us_ + taken_ * profile_interval_us_);
    }
}

int Profiler::child(int parent, int kind, uintptr_t key)
{
    auto k = std::make_tuple(parent, kind, key);
    auto it = children_.find(k);
    if (it != children_.end()) {
        return it->second;
    }
    Node n;
    n.id = static_cast<int>(nodes_.size()) + 1;
    n.parent = parent;
    nodes_.push_back(n);
    nodes_[static_cast<size_t>(parent - 1)].children.push_back(n.id);
    children_.emplace(k, n.id);
    return n.id;
}

ProfileFrame Profiler::js_frame(JSContext *ctx, const void *code_ptr, JSAtom name, JSAtom filename)
{
    ProfileFrame out;
    out.function_name = atom_text(ctx, name);
    std::string module = atom_text(ctx, filename);
    out.script_id = "0";
    out.url = module;
    if (lookup_) {
        lookup_(module, out.script_id, out.url);
    }
    FirstPosition first;
    JSValue code = JS_MKPTR(JS_TAG_FUNCTION_BYTECODE, const_cast<void *>(code_ptr));
    if (JS_GetDebugLineTable(ctx, code, hook<first_position>, &first) == 0 && first.seen) {
        out.line = first.line - 1;
        out.column = first.col - 1;
    }
    return out;
}

int Profiler::stack_node(JSContext *ctx, int &line)
{
    // Outermost frame first. Levels count C frames too (QuickJS's own built-ins), which the profile leaves out: their
    // time is their caller's, as V8 shows a built-in's. A C# call open below `depth` frames sits above them.
    int count = JS_GetDebugFrameCount(ctx);
    int node = 1;
    size_t call = 0;
    int leaf_level = -1; // the innermost script frame's level
    for (int outer = 0; outer < count; outer++) {
        while (call < open_calls_.size() && open_calls_[call].depth <= outer) {
            node = child(node, k_csharp, static_cast<uintptr_t>(static_cast<uint32_t>(open_calls_[call].bridge)));
            nodes_[static_cast<size_t>(node - 1)].bridge = open_calls_[call].bridge;
            call++;
        }
        JSDebugFrame f;
        if (JS_GetDebugFrame(ctx, count - 1 - outer, 0, &f) != 0 || f.code == nullptr) {
            continue;
        }
        int next = child(node, k_script, reinterpret_cast<uintptr_t>(f.code));
        Node &n = nodes_[static_cast<size_t>(next - 1)];
        if (JS_IsUndefined(n.code)) {
            n.code = JS_GetDebugFrameCode(ctx, count - 1 - outer);
            n.frame = js_frame(ctx, f.code, f.name, f.filename);
        }
        node = next;
        leaf_level = count - 1 - outer;
    }
    line = 0;
    JSDebugFrame leaf;
    // Its line only when no C# call sits above it (a C# frame's samples have no line), decoded once a sample (the
    // pc -> line walk of one function) and not at all between samples.
    if (leaf_level >= 0 && call == open_calls_.size() && JS_GetDebugFrame(ctx, leaf_level, 1, &leaf) == 0) {
        line = leaf.line;
    }
    for (; call < open_calls_.size(); call++) {
        node = child(node, k_csharp, static_cast<uintptr_t>(static_cast<uint32_t>(open_calls_[call].bridge)));
        nodes_[static_cast<size_t>(node - 1)].bridge = open_calls_[call].bridge;
    }
    return node == 1 ? program_node_ : node;
}

void Profiler::enter_csharp(JSContext *ctx, int32_t bridge)
{
    if (!running_) {
        return;
    }
    take(ctx, true);
    open_calls_.push_back(OpenCall{bridge, JS_GetDebugFrameCount(ctx)});
}

void Profiler::leave_csharp(JSContext *ctx, int32_t bridge)
{
    if (!running_ || open_calls_.empty() || open_calls_.back().bridge != bridge) {
        return; // the profile started or stopped during the call
    }
    take(ctx, true);
    open_calls_.pop_back();
}

ProfileFrame Profiler::csharp_frame(int32_t bridge) const
{
    ProfileFrame f;
    f.script_id = "0";
    std::string type, member;
    if (seam::csharp_member(d_, bridge, type, member)) {
        f.url = "csharp:" + type;
        f.function_name = type + "." + member;
    } else {
        f.url = "csharp:";
        f.function_name = "(C# bridge " + std::to_string(bridge) + ")";
    }
    return f;
}

Json Profiler::stop(JSContext *ctx)
{
    if (!running_) {
        return Json::object();
    }
    take(ctx, true); // what ran since the last sample: the stack the request was read on (the frame pump: none)
    running_ = false;
    seam::set_profiling(d_, false);
    int64_t end_us = std::max(now_us(), start_us_ + taken_ * profile_interval_us_);

    Json nodes = Json::array();
    for (Node &n : nodes_) {
        if (n.bridge >= 0) {
            n.frame = csharp_frame(n.bridge);
        }
        Json o = Json::object();
        o.set("id", Json::number(n.id));
        o.set("callFrame", call_frame_json(n.frame));
        o.set("hitCount", Json::number(n.hit_count));
        Json kids = Json::array();
        for (int c : n.children) {
            kids.push(Json::number(c));
        }
        o.set("children", std::move(kids));
        if (!n.line_ticks.empty()) {
            Json ticks = Json::array();
            for (const auto &t : n.line_ticks) {
                ticks.push(Json::object().set("line", Json::number(t.first)).set("ticks", Json::number(t.second)));
            }
            o.set("positionTicks", std::move(ticks));
        }
        nodes.push(std::move(o));
    }
    Json samples = Json::array();
    Json deltas = Json::array();
    int64_t prev = start_us_;
    for (size_t i = 0; i < samples_.size(); i++) {
        samples.push(Json::number(samples_[i]));
        deltas.push(Json::number(static_cast<double>(times_[i] - prev)));
        prev = times_[i];
    }
    Json profile = Json::object();
    profile.set("nodes", std::move(nodes));
    profile.set("startTime", Json::number(static_cast<double>(start_us_)));
    profile.set("endTime", Json::number(static_cast<double>(end_us)));
    profile.set("samples", std::move(samples));
    profile.set("timeDeltas", std::move(deltas));
    release(ctx);
    return profile;
}

void Profiler::release(JSContext *ctx)
{
    for (Node &n : nodes_) {
        JS_FreeValue(ctx, n.code);
        n.code = JS_UNDEFINED;
    }
    nodes_.clear();
    children_.clear();
    open_calls_.clear();
    samples_.clear();
    times_.clear();
}

void Profiler::close(JSContext *ctx)
{
    running_ = false;
    seam::set_profiling(d_, false);
    release(ctx);
}

} // namespace zts::dbg
