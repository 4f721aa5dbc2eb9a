#include "inspector/debugger.h"
#include "inspector/clock.h"

#include "inspector/protocol.h"
#include "inspector/websocket_handshake.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <limits>

namespace zts::dbg
{
namespace
{

int debug_hook(JSContext *ctx, void *opaque, JSDebugEvent event, JSValueConst value)
{
    return static_cast<Debugger *>(opaque)->on_hook(ctx, static_cast<int>(event), value);
}

void line_entry(void *opaque, uint32_t pc, int line, int col) noexcept
{
    auto *table = static_cast<std::vector<CodeInfo::Entry> *>(opaque);
    try {
        table->push_back(CodeInfo::Entry{pc, line, col, false});
    } catch (...) {
        // out of memory: the function's table stays shorter, so a breakpoint in it may not stop
    }
}

std::string strip_file_scheme(const std::string &url)
{
    if (url.rfind("file://", 0) == 0) {
        return url.substr(7);
    }
    return url;
}

// a ends with b at a path boundary (or equals it).
bool ends_with_path(const std::string &a, const std::string &b)
{
    if (b.empty() || b.size() > a.size()) {
        return false;
    }
    if (a.compare(a.size() - b.size(), b.size(), b) != 0) {
        return false;
    }
    return a.size() == b.size() || a[a.size() - b.size() - 1] == '/' || b[0] == '/';
}

bool same_file(const std::string &url, const std::string &other)
{
    std::string a = strip_file_scheme(url);
    std::string b = strip_file_scheme(other);
    return ends_with_path(a, b) || ends_with_path(b, a);
}

std::string file_url(const std::string &path)
{
    std::string p = path;
    std::replace(p.begin(), p.end(), '\\', '/');
    std::string url = p.empty() || p[0] != '/' ? "file:///" : "file://";
    for (char c : p) {
        if (c == ' ') {
            url += "%20";
        } else {
            url += c;
        }
    }
    return url;
}

} // namespace

const CodeInfo::Entry *CodeInfo::at(uint32_t pc) const
{
    auto it = std::upper_bound(table.begin(), table.end(), pc, [](uint32_t p, const Entry &e) { return p < e.pc; });
    return it == table.begin() ? nullptr : &*(it - 1);
}

namespace
{

// A version-4 UUID from the OS's random source, as Node's inspector names its targets: the WebSocket path is the one
// secret between the debugger and its client, so a web page that can reach 127.0.0.1 cannot guess it (before, it was
// "zts-domain-1"; docs/DEBUGGING.md "Who can attach").
std::string random_target_id()
{
    std::random_device source;
    uint8_t b[16];
    for (int i = 0; i < 16; i += 4) {
        uint32_t r = source();
        std::memcpy(b + i, &r, 4);
    }
    b[6] = static_cast<uint8_t>((b[6] & 0x0f) | 0x40); // version 4
    b[8] = static_cast<uint8_t>((b[8] & 0x3f) | 0x80); // RFC 4122 variant
    char text[37];
    std::snprintf(text, sizeof text, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0], b[1], b[2],
                  b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
    return text;
}

} // namespace

Debugger::Debugger(zts_domain *d) : d_(d), profiler_(d) {}

Debugger::~Debugger() = default;

bool Debugger::start(const std::string &host, int port, std::string &error)
{
    TargetInfo target;
    target.id = random_target_id();
    target.title = "ZTS domain " + std::to_string(seam::domain_id(d_));
    target.url = "zts://domain/" + std::to_string(seam::domain_id(d_));
    if (!transport_.start(host, port, target, error)) {
        return false;
    }
    JS_SetDebugHook(seam::runtime(d_), hook<debug_hook>, this);
    JSValue fn = JS_Eval(seam::context(d_), "(function (__zts_scope, __zts_expr) { with (__zts_scope) { return eval(__zts_expr); } })",
                         std::strlen("(function (__zts_scope, __zts_expr) { with (__zts_scope) { return eval(__zts_expr); } })"),
                         "<zts debugger>", JS_EVAL_TYPE_GLOBAL);
    if (JS_IsException(fn)) {
        JS_FreeValue(seam::context(d_), JS_GetException(seam::context(d_)));
        error = "zts: debugger: cannot compile its evaluator";
        return false;
    }
    eval_fn_ = fn;
    return true;
}

void Debugger::wait_for_client()
{
    waiting_ = true;
    while (waiting_) {
        std::string msg;
        if (transport_.wait(msg, 100)) {
            dispatch(msg);
        } else {
            handle_connection_events();
        }
        if (seam::interrupt_requested(d_)) {
            waiting_ = false;
        }
    }
    pause_next_ = transport_.connected() && enabled_;
    brk_pending_ = pause_next_;
    brk_module_.clear();
    update_armed();
}

void Debugger::close()
{
    JS_SetDebugHook(seam::runtime(d_), nullptr, nullptr);
    profiler_.close(seam::context(d_));
    transport_.stop();
    objects_.release_all(seam::context(d_));
    for (auto &c : codes_) {
        JS_FreeValue(seam::context(d_), c.second.code);
    }
    codes_.clear();
    JS_FreeValue(seam::context(d_), eval_fn_);
    eval_fn_ = JS_UNDEFINED;
}

void Debugger::service()
{
    if (profiler_.running()) {
        profiler_.on_idle(seam::context(d_)); // the frame pump: no script ran since the last sample was taken
    }
    handle_connection_events();
    // What the interrupt handler set aside (deferred_) was read before anything still in the transport's queue, and
    // an evaluation answered here may set more aside: deferred_ first, each time.
    for (;;) {
        std::string msg;
        if (!deferred_.empty()) {
            msg = std::move(deferred_.front());
            deferred_.pop_front();
        } else if (!transport_.poll(msg)) {
            return;
        }
        dispatch(msg);
        handle_connection_events();
    }
}

ClientCall::ClientCall(Debugger &dbg, int64_t timeout_ms)
    : dbg_(dbg), d_(dbg.d_), saved_busy_(dbg.busy_), saved_terminate_(dbg.terminate_), scope_(dbg.d_, timeout_ms),
      walk_(dbg.objects_, seam::context(dbg.d_))
{
    dbg.busy_ = true; // the hook neither pauses nor steps in what the client runs
    dbg.terminate_ = false;
    dbg.client_calls_++;
}

ClientCall::~ClientCall()
{
    dbg_.client_calls_--;
    dbg_.terminate_ = saved_terminate_;
    dbg_.busy_ = saved_busy_;
}

std::string ClientCall::stopped() const
{
    return seam::interrupted(d_) ? seam::interrupt_message(d_) : std::string();
}

bool Debugger::on_interrupt_poll()
{
    if (profiler_.running()) {
        profiler_.on_poll(seam::context(d_));
    }
    if (client_calls_ > 0) {
        // The client's own JS runs (it may be a runaway `for(;;){}`): a Debugger.pause or Runtime.terminateExecution
        // stops it; anything else waits, in order.
        std::string msg;
        while (!terminate_ && transport_.poll(msg)) {
            if (msg.find("\"Debugger.pause\"") != std::string::npos ||
                msg.find("\"Runtime.terminateExecution\"") != std::string::npos) {
                Json m;
                std::string error;
                if (Json::parse(msg, m, error)) {
                    std::string method = m.string_or("method", "");
                    if (method == "Debugger.pause" || method == "Runtime.terminateExecution") {
                        terminate_ = true;
                        reply(m.int_or("id", 0), Json::object());
                        continue;
                    }
                }
            }
            deferred_.push_back(std::move(msg));
        }
        return terminate_;
    }
    if (paused_ || busy_ || !transport_.pending()) {
        return false;
    }
    // A script is running: only a pause request is acted on now; what else the client sent waits for the next
    // service() or pause, in order (nothing here may run JS: this is QuickJS's interrupt handler).
    std::string msg;
    while (transport_.poll(msg)) {
        // The profiler's requests run no JS: answered now, so a profile can start and stop inside a long script
        // (replies may overtake those of requests set aside before them; a client matches replies by id).
        if (msg.find("\"Profiler.") != std::string::npos) {
            Json m;
            std::string error;
            if (Json::parse(msg, m, error) && m.string_or("method", "").rfind("Profiler.", 0) == 0) {
                dispatch(msg);
                continue;
            }
        }
        if (msg.find("\"Debugger.pause\"") != std::string::npos) {
            Json m;
            std::string error;
            if (Json::parse(msg, m, error) && m.string_or("method", "") == "Debugger.pause") {
                pause_next_ = true;
                reply(m.int_or("id", 0), Json::object());
                update_armed();
                continue;
            }
        }
        deferred_.push_back(std::move(msg));
    }
    return false;
}

void Debugger::handle_connection_events()
{
    for (;;) {
        Transport::Event e = transport_.take_event();
        if (e == Transport::Event::None) {
            return;
        }
        if (e == Transport::Event::Disconnected) {
            on_disconnect();
        }
    }
}

void Debugger::on_disconnect()
{
    // As node does: the client's breakpoints and stepping go with it, and a paused script runs on; a profile in
    // progress ends unread, as V8's does with its session.
    profiler_.close(seam::context(d_));
    enabled_ = false;
    runtime_enabled_ = false;
    breakpoints_.clear();
    bp_generation_++;
    step_ = StepMode::none;
    pause_next_ = false;
    pause_on_exceptions_ = 0;
    skip_all_ = false;
    breakpoints_active_ = true;
    waiting_ = false;
    deferred_.clear();
    if (paused_) {
        resume_ = true;
    } else {
        objects_.release_all(seam::context(d_));
    }
    update_armed();
}

void Debugger::dispatch(const std::string &text)
{
    Json m;
    std::string error;
    if (!Json::parse(text, m, error) || !m.is_object()) {
        return; // not a CDP message: nothing to answer
    }
    int64_t id = m.int_or("id", 0);
    std::string method = m.string_or("method", "");
    std::optional<Json> params = m.find("params");
    Protocol::call(*this, id, method, params ? *params : Json::object());
}

void Debugger::reply(int64_t id, Json result)
{
    Json m = Json::object();
    m.set("id", Json::number(static_cast<double>(id))).set("result", std::move(result));
    transport_.send(m.dump());
}

void Debugger::reply_error(int64_t id, int code, const std::string &message)
{
    Json e = Json::object();
    e.set("code", Json::number(code)).set("message", Json::string(message));
    Json m = Json::object();
    m.set("id", Json::number(static_cast<double>(id))).set("error", std::move(e));
    transport_.send(m.dump());
}

void Debugger::event(const char *method, Json params)
{
    Json m = Json::object();
    m.set("method", Json::string(method)).set("params", std::move(params));
    transport_.send(m.dump());
}

// ---- scripts and breakpoints ------------------------------------------------------------------------------

const Script *Debugger::script_by_module(const std::string &module) const
{
    for (auto it = scripts_.rbegin(); it != scripts_.rend(); ++it) {
        if (it->module == module) {
            return &*it;
        }
    }
    return nullptr;
}

int Debugger::statement_column(const std::string &module, int line) const
{
    const Script *s = script_by_module(module);
    if (s == nullptr || line < 1) {
        return 0;
    }
    size_t start = 0;
    for (int l = 1; l < line; l++) {
        start = s->source.find('\n', start);
        if (start == std::string::npos) {
            return 0;
        }
        start++;
    }
    size_t i = start;
    while (i < s->source.size() && (s->source[i] == ' ' || s->source[i] == '\t')) {
        i++;
    }
    if (i == s->source.size() || s->source[i] == '\n' || s->source[i] == '\r') {
        return 0;
    }
    return static_cast<int>(i - start);
}

Json Debugger::script_parsed(const Script &s) const
{
    int lines = static_cast<int>(std::count(s.source.begin(), s.source.end(), '\n'));
    Json p = Json::object();
    p.set("scriptId", Json::string(std::to_string(s.id))).set("url", Json::string(s.url));
    p.set("startLine", Json::number(0)).set("startColumn", Json::number(0));
    p.set("endLine", Json::number(lines)).set("endColumn", Json::number(0));
    p.set("executionContextId", Json::number(1)).set("hash", Json::string(std::to_string(std::hash<std::string>{}(s.source))));
    p.set("isModule", Json::boolean(true)).set("length", Json::number(static_cast<double>(s.source.size())));
    p.set("scriptLanguage", Json::string("JavaScript")).set("embedderName", Json::string(s.url));
    if (!s.map_json.empty()) {
        p.set("sourceMapURL", Json::string("data:application/json;charset=utf-8;base64," + base64_encode(s.map_json)));
    }
    return p;
}

void Debugger::entry_module(const std::string &module)
{
    if (brk_pending_ && brk_module_.empty()) {
        brk_module_ = module;
    }
}

void Debugger::script_compiled(const std::string &module, const std::string &path, const std::string &source,
                               const std::string &map_json, JSModuleDef *def)
{
    Script s;
    s.id = static_cast<int>(scripts_.size()) + 1;
    s.module = module;
    s.url = path.empty() ? "zts:///" + module + ".js" : file_url(path);
    s.source = source;
    s.map_json = map_json;
    s.def = def;
    if (seam::source_map_sources(d_, module, s.source_paths)) {
        Json parsed;
        std::string error;
        if (!path.empty() && Json::parse(map_json, parsed, error)) {
            std::string dir = path;
            std::replace(dir.begin(), dir.end(), '\\', '/');
            dir = dir.substr(0, dir.rfind('/') + 1);
            std::string root = parsed.string_or("sourceRoot", "");
            if (!root.empty() && root.back() != '/') {
                root += '/';
            }
            std::optional<Json> sources = parsed.find("sources");
            if (sources && sources->items().size() == s.source_paths.size()) {
                const std::vector<Json> items = sources->items();
                for (size_t k = 0; k < s.source_paths.size(); k++) {
                    const std::string src = items[k].as_string();
                    if (src.find("://") == std::string::npos) {
                        s.source_paths[k] = seam::normalize_path(src[0] == '/' ? src : dir + root + src);
                    }
                }
            }
        }
    }
    // A module compiled again (hot reload) replaces the old one's definition: it may be freed.
    for (auto &old : scripts_) {
        if (old.module == module) {
            old.def = nullptr;
        }
    }
    scripts_.push_back(std::move(s));
    if (enabled_) {
        event("Debugger.scriptParsed", script_parsed(scripts_.back()));
    }
    bool changed = false;
    for (auto &b : breakpoints_) {
        size_t before = b.second.resolved.size();
        resolve(b.second);
        for (size_t i = before; i < b.second.resolved.size(); i++) {
            changed = true;
            if (enabled_) {
                Json loc = Json::object();
                loc.set("scriptId", Json::string(std::to_string(scripts_.back().id)));
                const auto &where = b.second.resolved[i];
                loc.set("lineNumber", Json::number(where.second - 1))
                    .set("columnNumber", Json::number(statement_column(where.first, where.second)));
                Json p = Json::object();
                p.set("breakpointId", Json::string(b.first)).set("location", std::move(loc));
                event("Debugger.breakpointResolved", std::move(p));
            }
        }
    }
    if (changed) {
        bp_generation_++;
        update_armed();
    }
}

void Debugger::resolve(Breakpoint &bp)
{
    // urlRegex runs on the game thread: the linear-time matcher of url_regex.h, compiled when it was set.
    const bool use_re = !bp.url_regex.empty();
    auto matches = [&](const std::string &url) { return use_re ? bp.url_matcher.search(url) : same_file(url, bp.url); };
    for (const Script &s : scripts_) {
        if (s.def == nullptr && &s != script_by_module(s.module)) {
            continue; // replaced by a newer compile of the module
        }
        std::pair<std::string, int> where{s.module, 0};
        if (matches(s.url) || (!use_re && same_file(s.module + ".js", bp.url))) {
            where.second = bp.line + 1;
        } else if (std::vector<std::string> map_sources; seam::source_map_sources(d_, s.module, map_sources)) {
            for (size_t k = 0; k < s.source_paths.size() && k < map_sources.size() && where.second == 0; k++) {
                if (matches(s.source_paths[k]) || matches(file_url(s.source_paths[k]))) {
                    int32_t gen = seam::source_map_generated_line(d_, s.module, static_cast<int32_t>(k), bp.line);
                    if (gen >= 0) {
                        where.second = gen + 1;
                    }
                }
            }
        }
        if (where.second > 0 && std::find(bp.resolved.begin(), bp.resolved.end(), where) == bp.resolved.end()) {
            bp.resolved.push_back(where);
        }
    }
}

CodeInfo &Debugger::code_info(JSContext *ctx, const void *code)
{
    auto it = codes_.find(code);
    if (it == codes_.end()) {
        CodeInfo ci;
        ci.code = JS_GetDebugFrameCode(ctx, 0);
        ci.module = atom_text(ctx, JS_GetDebugCodeFilename(ci.code));
        JS_GetDebugLineTable(ctx, ci.code, hook<line_entry>, &ci.table);
        for (size_t i = 0; i < ci.table.size(); i++) {
            ci.table[i].starts_line = i == 0 || ci.table[i].line != ci.table[i - 1].line;
        }
        it = codes_.emplace(code, std::move(ci)).first;
    }
    if (it->second.generation != bp_generation_) {
        compute_stops(it->second);
    }
    return it->second;
}

void Debugger::compute_stops(CodeInfo &ci)
{
    ci.stops.clear();
    ci.generation = bp_generation_;
    for (const auto &b : breakpoints_) {
        for (const auto &where : b.second.resolved) {
            if (where.first != ci.module) {
                continue;
            }
            for (const auto &e : ci.table) {
                if (e.starts_line && e.line == where.second) {
                    ci.stops.emplace_back(e.pc, &b.second);
                }
            }
        }
    }
}

void Debugger::update_armed()
{
    bool any_bp = false;
    if (breakpoints_active_ && !skip_all_) {
        for (const auto &b : breakpoints_) {
            any_bp = any_bp || !b.second.resolved.empty();
        }
    }
    bool armed = enabled_ && (pause_next_ || step_ != StepMode::none || any_bp);
    JS_SetDebugArmed(seam::runtime(d_), armed ? 1 : 0);
}

// ---- the hook ---------------------------------------------------------------------------------------------

int Debugger::on_hook(JSContext *ctx, int event, JSValueConst value)
{
    if (busy_ || paused_ || !enabled_) {
        return event == JS_DEBUG_STEP ? 1 : 0;
    }
    if (event == JS_DEBUG_STATEMENT) {
        if (!skip_all_) {
            pause(ctx, "other", JS_UNDEFINED, {});
        }
        return 0;
    }
    if (event == JS_DEBUG_EXCEPTION) {
        if (skip_all_ || pause_on_exceptions_ == 0) {
            return 0;
        }
        bool caught = JS_IsDebugExceptionCaught(ctx) != 0;
        if (pause_on_exceptions_ == 1 && caught) {
            return 0;
        }
        uncaught_ = !caught;
        pause(ctx, "exception", value, {});
        return 0;
    }
    JSDebugFrame f;
    if (JS_GetDebugFrame(ctx, 0, 0, &f) < 0 || f.code == nullptr) {
        return 0;
    }
    CodeInfo &ci = code_info(ctx, f.code);
    const CodeInfo::Entry *e = ci.at(f.pc);
    const bool line_start = e != nullptr && e->pc == f.pc && e->starts_line;
    // --inspect-brk runs the modules the main module imports (evaluated first) and pauses at its own first statement.
    if (pause_next_ && line_start && (!brk_pending_ || brk_module_.empty() || ci.module == brk_module_)) {
        const bool brk = brk_pending_;
        brk_pending_ = false;
        pause(ctx, brk ? "Break on start" : "other", JS_UNDEFINED, {});
        return 0;
    }
    int depth = 0;
    if (step_ != StepMode::none) {
        depth = JS_GetDebugFrameCount(ctx);
        bool stop = false;
        if (depth < step_depth_) {
            stop = true; // returned from the frame the step started in: stop in its caller, after the call
        } else if (step_ == StepMode::into) {
            stop = line_start && (f.frame != step_frame_ || depth != step_depth_ || e->line != step_line_);
        } else if (step_ == StepMode::over) {
            stop = line_start && depth == step_depth_ && f.frame == step_frame_ && e->line != step_line_;
        }
        if (stop) {
            pause(ctx, "other", JS_UNDEFINED, {});
            return 0;
        }
    }
    if (!ci.stops.empty() && breakpoints_active_ && !skip_all_) {
        std::vector<std::string> hit;
        for (const auto &s : ci.stops) {
            if (s.first != f.pc) {
                continue;
            }
            const int holds = s.second->condition.empty() ? 1 : condition_holds(ctx, s.second->condition);
            if (holds < 0) {
                return -1; // the interrupt stops the script (it is pending): its caller reports the runaway call
            }
            if (holds > 0) {
                hit.push_back(s.second->id);
            }
        }
        if (!hit.empty()) {
            pause(ctx, "other", JS_UNDEFINED, hit);
            return 0;
        }
    }
    // Release the frame (it runs unchecked until its next call returns) when nothing can stop in it.
    bool needed = pause_next_ || !ci.stops.empty() || step_ == StepMode::into ||
                  (step_ != StepMode::none && depth <= step_depth_);
    return needed ? 0 : 1;
}

int Debugger::condition_holds(JSContext *ctx, const std::string &condition)
{
    // The condition runs inside the script's call, under its budget: a runaway condition is the script's runaway.
    JSValue r = Protocol::evaluate(*this, ctx, 0, condition);
    if (JS_IsException(r)) {
        JSValue exc = JS_GetException(ctx);
        if (JS_IsUncatchableError(ctx, exc) || seam::interrupted(d_)) {
            // The interrupt (budget or TsAppDomain.Interrupt): dropping it here let a `for(;;){}` condition burn the
            // call's whole budget at every hit, silently (Debugger_Condition_RunawayReported).
            JS_Throw(ctx, exc);
            return -1;
        }
        JS_FreeValue(ctx, exc);
        return 0; // as V8: a condition that throws does not stop
    }
    bool holds = JS_ToBool(ctx, r) > 0;
    JS_FreeValue(ctx, r);
    return holds ? 1 : 0;
}

// ---- pausing ----------------------------------------------------------------------------------------------

Json Debugger::call_frames(JSContext *ctx)
{
    frames_.clear();
    Json list = Json::array();
    int count = JS_GetDebugFrameCount(ctx);
    for (int level = 0; level < count; level++) {
        JSDebugFrame f;
        if (JS_GetDebugFrame(ctx, level, 1, &f) < 0 || f.code == nullptr) {
            continue; // a C function: not shown
        }
        frames_.push_back(PausedFrame{f.frame, f.code, f.line, level});
        std::string module = atom_text(ctx, f.filename);
        const Script *s = script_by_module(module);
        Json loc = Json::object();
        loc.set("scriptId", Json::string(s != nullptr ? std::to_string(s->id) : "0"));
        loc.set("lineNumber", Json::number(f.line > 0 ? f.line - 1 : 0));
        loc.set("columnNumber", Json::number(f.col > 0 ? f.col - 1 : 0));
        Json frame = Json::object();
        frame.set("callFrameId", Json::string("frame:" + std::to_string(frames_.size() - 1)));
        frame.set("functionName", Json::string(atom_text(ctx, f.name)));
        frame.set("location", loc).set("functionLocation", loc);
        frame.set("url", Json::string(s != nullptr ? s->url : module));
        frame.set("scopeChain", Protocol::scope_chain(*this, ctx, level, s));
        frame.set("this", Json::object().set("type", Json::string("undefined")));
        frame.set("canBeRestarted", Json::boolean(false));
        list.push(std::move(frame));
    }
    return list;
}

void Debugger::pause(JSContext *ctx, const char *reason, JSValueConst data, const std::vector<std::string> &hit)
{
    if (!transport_.connected()) {
        return;
    }
    paused_ = true;
    resume_ = false;
    paused_ctx_ = ctx;
    step_ = StepMode::none;
    pause_next_ = false;
    const int64_t started = now_us();
    // The call budget does not run while paused (docs/DEBUGGING.md): an evaluation while paused must not be
    // stopped by a deadline that passed during the pause, and the script gets back the time it was held.
    const int64_t deadline = seam::hold_deadline(d_);

    Json p = Json::object();
    p.set("callFrames", call_frames(ctx)).set("reason", Json::string(reason));
    if (!JS_IsUndefined(data)) {
        Json ex = objects_.describe(ctx, data);
        ex.set("uncaught", Json::boolean(uncaught_));
        p.set("data", std::move(ex));
    }
    Json hits = Json::array();
    for (const auto &h : hit) {
        hits.push(Json::string(h));
    }
    p.set("hitBreakpoints", std::move(hits));
    event("Debugger.paused", std::move(p));

    while (!resume_) {
        if (!deferred_.empty()) {
            std::string msg = std::move(deferred_.front());
            deferred_.pop_front();
            dispatch(msg);
            continue;
        }
        std::string msg;
        if (transport_.wait(msg, 100)) {
            dispatch(msg);
            continue;
        }
        handle_connection_events();
        if (!transport_.connected() || seam::interrupt_requested(d_)) {
            resume_ = true; // an Interrupt() ends the pause; the script then stops at its next poll
        }
    }
    paused_ = false;
    frames_.clear();
    objects_.release_group(ctx, "pause");
    const int64_t held = now_us() - started;
    paused_us_ += held;
    seam::restore_deadline(d_, deadline, held);
    if (transport_.connected()) {
        event("Debugger.resumed", Json::object());
    }
    update_armed();
}

void Debugger::console(int level, int argc, JSValueConst *argv)
{
    if (!runtime_enabled_ || !transport_.connected()) {
        return;
    }
    static const char *const k_types[] = {"log", "info", "warning", "error", "debug"};
    if (++console_objects_ > 1000) {
        objects_.release_group(seam::context(d_), "console"); // the client's older console entries cannot be expanded now
        console_objects_ = 0;
    }
    Json args = Json::array();
    for (int i = 0; i < argc; i++) {
        args.push(objects_.describe(seam::context(d_), argv[i], "console"));
    }
    Json p = Json::object();
    p.set("type", Json::string(k_types[level >= 0 && level < 5 ? level : 0])).set("args", std::move(args));
    p.set("executionContextId", Json::number(1));
    p.set("timestamp", Json::number(static_cast<double>(
                           std::chrono::duration_cast<std::chrono::milliseconds>(
                               std::chrono::system_clock::now().time_since_epoch())
                               .count())));
    p.set("stackTrace", Json::object().set("callFrames", Json::array()));
    event("Runtime.consoleAPICalled", std::move(p));
}

void Debugger::profile_outside_scripts()
{
    profiler_.on_idle(seam::context(d_));
}

void Debugger::profile_enter_csharp(JSContext *ctx, int32_t bridge)
{
    profiler_.enter_csharp(ctx, bridge);
}

void Debugger::profile_leave_csharp(JSContext *ctx, int32_t bridge)
{
    profiler_.leave_csharp(ctx, bridge);
}

} // namespace zts::dbg

std::unique_ptr<zts::InspectorSession> zts::open_inspector(zts_domain *d, const std::string &host, int port,
                                                           std::string &error)
{
    auto session = std::make_unique<dbg::Debugger>(d);
    if (!session->start(host, port, error)) {
        session->close();
        return nullptr;
    }
    return session;
}
