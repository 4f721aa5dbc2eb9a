// The script debugger of one domain (docs/DEBUGGING.md): a Chrome DevTools Protocol server, as `node --inspect`
// speaks it, over the QuickJS debugger hook (tools/patches/quickjs-debugger-hook.patch). The network side
// (transport.h) runs on its own thread; everything that touches JS runs here, on the domain's thread: at the host's
// frame pump (service), in the interrupt handler (a pause request while a script runs) and in the hook, which holds
// the game thread while paused and answers the client meanwhile.
#pragma once

#include "inspector/json.h"
#include "inspector/profiler.h"
#include "inspector/remote_objects.h"
#include "inspector/transport.h"
#include "inspector/url_regex.h"
#include "core/inspector_seam.h"
#include "quickjs.h"

#include <atomic>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

struct zts_domain;

namespace zts::dbg
{

/// A script the client is told about: one compiled module.
struct Script {
    int id = 0;
    std::string module;     ///< canonical module name (QuickJS's filename of its functions)
    std::string url;        ///< file URL when the host gave a path, else zts:///<module>.js
    std::string source;
    std::string map_json;   ///< Source Map v3 JSON, or empty
    /// Where each source of the map is: absolute paths when the host gave the module's file (a map's sources are
    /// relative to it), else the map's display paths; a breakpoint on a .ts line matches these.
    std::vector<std::string> source_paths;
    JSModuleDef *def = nullptr;
};

/// A breakpoint as the client set it, with where it resolved (module, 1-based generated line).
struct Breakpoint {
    std::string id;
    std::string url;        ///< exact URL or path suffix; empty with url_regex
    std::string url_regex;
    UrlRegex url_matcher;   ///< url_regex compiled (setBreakpointByUrl refuses one that does not compile)
    int line = 0;           ///< 0-based, in the coordinates of url (a .js script or a source of its map)
    int column = 0;
    std::string condition;
    std::vector<std::pair<std::string, int>> resolved; ///< (module, 1-based line in the generated JS)
};

/// Per bytecode function: its pc -> line table and the pcs where a breakpoint stops.
struct CodeInfo {
    JSValue code = JS_UNDEFINED; ///< a reference: keeps the bytecode (and so its identity) alive
    std::string module;
    struct Entry {
        uint32_t pc;
        int line, col;
        bool starts_line; ///< first entry of a run of entries on one line: where a step or a breakpoint stops
    };
    std::vector<Entry> table;
    std::vector<std::pair<uint32_t, const Breakpoint *>> stops; ///< valid for breakpoint generation `generation`
    uint64_t generation = 0;
    const Entry *at(uint32_t pc) const;
};

enum class StepMode { none, into, over, out };

/// A frame of the paused stack, as a step starts from it.
struct PausedFrame {
    const void *frame = nullptr; ///< QuickJS's frame identity
    const void *code = nullptr;  ///< its bytecode's identity
    int line = 0;                ///< 1-based
    int level = 0;               ///< QuickJS stack level (C frames count too)
};

class Debugger final : public InspectorSession
{
  public:
    explicit Debugger(zts_domain *d);
    ~Debugger() override;
    Debugger(const Debugger &) = delete;
    Debugger &operator=(const Debugger &) = delete;

    /// Listens on host:port (host empty: the loopback, 127.0.0.1 and [::1]; port 0: any free one; Transport::start)
    /// and installs the hook.
    bool start(const std::string &host, int port, std::string &error);
    /// --inspect-brk: answers the client until it sent Runtime.runIfWaitingForDebugger (or an Interrupt came),
    /// then pauses at the next statement that runs.
    void wait_for_client() override;
    int port() const override { return transport_.port(); }
    /// Listening beyond the loopback (Transport::exposed): the host warns its user.
    bool exposed() const override { return transport_.exposed(); }
    std::string ws_url() const override { return transport_.ws_url(); }

    /// Answers what the client sent since the last call (the host's frame pump).
    void service() override;
    /// The host asked for module (the outermost import, module_get_function): the first one after --inspect-brk's
    /// wait is the program's main module, where the first pause is.
    void entry_module(const std::string &module) override;
    /// A module compiled: tells the client, resolves pending breakpoints.
    void script_compiled(const std::string &module, const std::string &path, const std::string &source,
                         const std::string &map_json, JSModuleDef *def) override;
    /// console.* output: level 0 log, 1 info, 2 warn, 3 error.
    void console(int level, int argc, JSValueConst *argv) override;
    /// The interrupt handler's part: a pause the client requested while a script runs arms the hook. While the
    /// client's own JS runs (ClientCall), a Debugger.pause or Runtime.terminateExecution ends that JS instead:
    /// true then, and the handler stops it (InterruptCause::debugger).
    bool on_interrupt_poll() override;
    /// Releases every JS value before the runtime is freed.
    void close() override;
    void profile_outside_scripts() override;
    void profile_enter_csharp(JSContext *ctx, int32_t bridge) override;
    void profile_leave_csharp(JSContext *ctx, int32_t bridge) override;

    bool attached() const { return enabled_; }

    // ---- the hook (quickjs-debugger-hook.patch): event is a JSDebugEvent (an int here, so that this header also
    // compiles against any quickjs.h) ----
    int on_hook(JSContext *ctx, int event, JSValueConst value);

    // The protocol handlers' (protocol.cpp) access to the session.

    // messages
    void dispatch(const std::string &text);
    void reply(int64_t id, Json result);
    void reply_error(int64_t id, int code, const std::string &message);
    void event(const char *method, Json params);
    void handle_connection_events();
    void on_disconnect();

    // pausing
    void pause(JSContext *ctx, const char *reason, JSValueConst data, const std::vector<std::string> &hit);
    Json call_frames(JSContext *ctx);
    void update_armed();
    /// 1 when the breakpoint condition holds, 0 when not (or it threw: V8 does not stop then), -1 when an
    /// interrupt (the call budget, TsAppDomain.Interrupt) stopped it: that exception is left pending for the hook to
    /// throw, so the script stops and its caller reports it as for any runaway code.
    int condition_holds(JSContext *ctx, const std::string &condition);

    // scripts and breakpoints
    Json script_parsed(const Script &s) const;
    void resolve(Breakpoint &bp);
    CodeInfo &code_info(JSContext *ctx, const void *code);
    void compute_stops(CodeInfo &ci);
    const Script *script_by_module(const std::string &module) const;
    /// The 0-based column of the first character other than a space or tab on the 1-based line of module's script (0
    /// for a blank line or no script): the column a resolved breakpoint reports, as V8 reports the statement it stops
    /// at. Column 0 of an indented line is where no source map has a mapping, and a client that maps the location
    /// through the map (Chrome DevTools) took the previous line's last mapping, one .ts line too early
    /// (Debugger_DevTools_FrontEndSession).
    int statement_column(const std::string &module, int line) const;

    // State the protocol handlers (protocol.cpp) read and change.
    zts_domain *d_;
    Transport transport_;
    RemoteObjects objects_;
    std::vector<Script> scripts_;
    std::map<std::string, Breakpoint> breakpoints_;
    uint64_t bp_generation_ = 1;
    int next_bp_ = 1;
    bool enabled_ = false;           ///< Debugger.enable received from the current client
    bool runtime_enabled_ = false;   ///< Runtime.enable received
    bool breakpoints_active_ = true;
    bool skip_all_ = false;
    int pause_on_exceptions_ = 0;    ///< 0 none, 1 uncaught, 2 all
    bool waiting_ = false;           ///< --inspect-brk: until Runtime.runIfWaitingForDebugger
    bool paused_ = false;
    bool resume_ = false;            ///< set by resume/step while paused
    bool busy_ = false;              ///< evaluating for the client: the hook does not pause
    bool pause_next_ = false;        ///< Debugger.pause or --inspect-brk: pause at the next opcode
    /// --inspect-brk: the first pause waits for the program's main module, as Node's: the first module the host
    /// imports after the wait (its imports are compiled and evaluated before it; see tests/debugger/fixture/src/math.ts).
    bool brk_pending_ = false;
    std::string brk_module_; ///< that module, once compiled
    StepMode step_ = StepMode::none;
    const void *step_frame_ = nullptr;
    int step_depth_ = 0;
    int step_line_ = 0;
    const void *step_code_ = nullptr;
    JSContext *paused_ctx_ = nullptr;
    std::vector<PausedFrame> frames_; ///< the paused stack (bytecode frames), innermost first
    std::unordered_map<const void *, CodeInfo> codes_;
    JSValue eval_fn_ = JS_UNDEFINED;  ///< (scope, expr) => with (scope) eval(expr)
    int64_t paused_us_ = 0;           ///< total time spent paused (the call budget does not count it)
    bool uncaught_ = false;           ///< the exception of the current pause is not caught by a running try
    int console_objects_ = 0;         ///< console.* arguments held since the console group was last released
    std::deque<std::string> deferred_; ///< messages read in the interrupt handler, answered at the next service or pause
    int client_calls_ = 0;            ///< ClientCalls running now
    bool terminate_ = false;          ///< the client asked to stop the JS of the running ClientCall
    Profiler profiler_;               ///< Profiler.start / Profiler.stop (debugger/profiler.h)
};

/// Held around every stretch of JS a client's request runs (Runtime.evaluate, Debugger.evaluateOnCallFrame,
/// Runtime.callFunctionOn, the getters and Proxy traps Runtime.getProperties reaches). It is a ScriptScope, so between
/// frames that JS is a call like any C# -> JS call: call_depth > 0, and a Reset it requests is refused and stays
/// reserved (ScriptRuntime.Reset reads zts_domain_call_depth) instead of freeing the domain under the debugger. It runs
/// under a time budget of its own: the domain's call budget (TsSettings.CallBudgetMilliseconds), or CDP's `timeout`
/// (ms) when that is shorter; and a Debugger.pause or Runtime.terminateExecution from the client stops it. The hook
/// does not pause in it, and object ids are not released under it (RemoteObjects::Walk). When it ends, the budget and interrupt state of what it interrupted (a paused script) are
/// as before. Tests: tests/debugger/hostile_session.js.
class ClientCall
{
  public:
    ClientCall(Debugger &dbg, int64_t timeout_ms);
    ~ClientCall();
    ClientCall(const ClientCall &) = delete;
    ClientCall &operator=(const ClientCall &) = delete;
    /// After the JS returned: the zts: text of the interrupt that stopped it, or empty.
    std::string stopped() const;

  private:
    Debugger &dbg_;
    zts_domain *d_;
    const bool saved_busy_;
    const bool saved_terminate_;
    seam::ClientCallScope scope_; ///< the call's scope, budget and interrupt state (core/inspector_seam.h)
    RemoteObjects::Walk walk_; ///< values of ids the request borrowed stay held until it ends
};

} // namespace zts::dbg
