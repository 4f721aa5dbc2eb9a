// The seam between the core and the script inspector (native/inspector, libzts_inspector: docs/DEBUGGING.md, "How it is
// built"). Both directions go through this header alone:
// - the core calls a domain's inspector through InspectorSession (modules/loader.cpp: a module compiled, the main
//   module; runtime/script_limits.cpp: the interrupt poll and the profiler's idle samples; clr/member_dispatch.cpp: the
//   profiler's JS -> C# crossings; runtime/domain.cpp: the close; abi/debugger.cpp: the C ABI), and opens one with
//   open_inspector, which the inspector library defines, or inspector_absent.cpp in a core linked without it (the
//   Player SDK's libzts.so, docs/PLAYER.md);
// - the inspector reads and sets what it needs of the core through the functions of zts::seam, defined in
//   inspector_seam.cpp, and includes no other header of the core (guard_rules_test.cpp, InspectorSeam.*).
// The QuickJS debugger hook (tools/patches/quickjs-debugger-hook.patch: JS_SetDebugHook, JS_GetDebug*) is used by the
// inspector only; the core's side of it is the interrupt poll above.
#pragma once

#include "quickjs.h"
#include "runtime/trampoline.h" // hook<>: the inspector hands QuickJS its callbacks through the core's one trampoline

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

struct zts_domain;

/// True for QuickJS's uncatchable errors (an interrupt); exported by quickjs.c but not declared in quickjs.h.
extern "C" int JS_IsUncatchableError(JSContext *ctx, JSValueConst val);

namespace zts
{

/// A domain's script inspector as the core sees it (native/inspector/debugger.h implements it). Every call is on the
/// domain's thread.
class InspectorSession
{
  public:
    virtual ~InspectorSession() = default;
    /// The bound port.
    virtual int port() const = 0;
    /// Listening beyond the loopback: the host warns its user.
    virtual bool exposed() const = 0;
    /// "ws://HOST:PORT/<target id>".
    virtual std::string ws_url() const = 0;
    /// --inspect-brk: answers the client until it said run, then pauses at the main module's first statement.
    virtual void wait_for_client() = 0;
    /// Answers what the client sent since the last call (the host's frame pump, no script running).
    virtual void service() = 0;
    /// The host asked for module (the outermost import): the first one after wait_for_client is the main module.
    virtual void entry_module(const std::string &module) = 0;
    /// A module compiled (inside a QuickJS callback: must not throw).
    virtual void script_compiled(const std::string &module, const std::string &path, const std::string &source,
                                 const std::string &map_json, JSModuleDef *def) = 0;
    /// console.* output: level 0 log, 1 info, 2 warn, 3 error, 4 debug.
    virtual void console(int level, int argc, JSValueConst *argv) = 0;
    /// QuickJS's interrupt poll: true when the client stopped the JS it runs (InterruptCause::debugger).
    virtual bool on_interrupt_poll() = 0;
    /// While a profile runs (limits.profiling): the samples due since the last were spent outside scripts.
    virtual void profile_outside_scripts() = 0;
    /// While a profile runs: a JS -> C# call of bridge starts, and returns.
    virtual void profile_enter_csharp(JSContext *ctx, int32_t bridge) = 0;
    virtual void profile_leave_csharp(JSContext *ctx, int32_t bridge) = 0;
    /// Releases every JS value and stops the network thread, before the runtime is freed.
    virtual void close() = 0;
};

/// Listens on host:port (empty host: the loopback; port 0: any free one) for domain d. Null with a zts: text in
/// error when it cannot, or when this core was linked without the inspector.
std::unique_ptr<InspectorSession> open_inspector(zts_domain *d, const std::string &host, int port, std::string &error);

/// What the inspector reads and sets of the core (inspector_seam.cpp).
namespace seam
{

JSRuntime *runtime(const zts_domain *d);
JSContext *context(const zts_domain *d);
int32_t domain_id(const zts_domain *d);
/// TsAppDomain.Interrupt was called (from any thread).
bool interrupt_requested(const zts_domain *d);
/// The running call was stopped (a budget, an interrupt, the client), and its zts: text.
bool interrupted(zts_domain *d);
std::string interrupt_message(zts_domain *d);
/// Turns on or off the profiler's branches on each JS -> C# call and outermost C# -> JS call.
void set_profiling(zts_domain *d, bool on);
/// A pause: the call budget's deadline is set aside (returned), then restored, moved by the time held.
int64_t hold_deadline(zts_domain *d);
void restore_deadline(zts_domain *d, int64_t deadline, int64_t held_us);
/// The display paths of the sources of module's source map; false without a map.
bool source_map_sources(const zts_domain *d, const std::string &module, std::vector<std::string> &sources);
/// The 0-based generated line of 0-based line in source k of module's map, or -1.
int32_t source_map_generated_line(const zts_domain *d, const std::string &module, int32_t source, int32_t line);
/// The C# member a JS -> C# bridge calls: type "Namespace.Type" and member ("Name", "get_Name", ".ctor", "[]",
/// "Length"); false when no bound type has it.
bool csharp_member(zts_domain *d, int32_t bridge, std::string &type, std::string &member);
/// v is a C# object or struct copy (its members are properties read through their bridges).
bool is_csharp_object(JSValueConst v);
/// path with "." and ".." segments resolved (stacks/source_map.h): a map's sources against the module's file.
std::string normalize_path(const std::string &path);
/// The one-line description console.log gives v (globals/value_inspect.h).
void append_inspect(JSContext *ctx, JSValueConst v, std::string &out);

/// A stretch of JS the client runs as a call of its own (native/inspector/debugger.h, ClientCall): a script scope
/// (call depth > 0, so a Reset it asks for is refused), under the call budget or timeout_ms when shorter, with the
/// budget and interrupt state of what it interrupted restored at the end.
class ClientCallScope
{
  public:
    ClientCallScope(zts_domain *d, int64_t timeout_ms);
    ~ClientCallScope();
    ClientCallScope(const ClientCallScope &) = delete;
    ClientCallScope &operator=(const ClientCallScope &) = delete;

  private:
    struct State;
    std::unique_ptr<State> s_;
};

} // namespace seam
} // namespace zts
