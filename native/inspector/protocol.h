// The Chrome DevTools Protocol methods the debugger answers (the Runtime and Debugger domains, as far as
// VS Code's JavaScript debugger, Chrome DevTools and chrome-remote-interface use them; docs/DEBUGGING.md lists
// them). Each handler reads and changes the Debugger's state and replies; unknown methods get JSON-RPC -32601.
#pragma once

#include "inspector/debugger.h"

namespace zts::dbg
{

class Protocol
{
  public:
    /// Answers one request (id, method, params).
    static void call(Debugger &dbg, int64_t id, const std::string &method, const Json &params);
    /// Evaluates expr in the scopes of the frame at QuickJS stack level (-1: the global scope), with the hook
    /// quiet; the result is owned (JS_EXCEPTION with the exception pending).
    static JSValue evaluate(Debugger &dbg, JSContext *ctx, int level, const std::string &expr);
    /// The scope chain of the frame at level: local, closure, module (s's top-level variables) and global.
    static Json scope_chain(Debugger &dbg, JSContext *ctx, int level, const Script *s);
};

} // namespace zts::dbg
