#include "inspector/protocol.h"


#include <cstring>

namespace zts::dbg
{
namespace
{

constexpr int k_method_not_found = -32601;
constexpr int k_invalid_params = -32602;
constexpr int k_server_error = -32000;

// Copies every own property of from into to (later copies win: locals shadow closures shadow module variables).
void merge_into(JSContext *ctx, JSValueConst to, JSValueConst from)
{
    if (!JS_IsObject(from)) {
        return;
    }
    JSPropertyEnum *props = nullptr;
    uint32_t count = 0;
    if (JS_GetOwnPropertyNames(ctx, &props, &count, from, JS_GPN_STRING_MASK) < 0) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return;
    }
    for (uint32_t i = 0; i < count; i++) {
        JSValue v = JS_GetProperty(ctx, from, props[i].atom);
        if (JS_IsException(v)) {
            JS_FreeValue(ctx, JS_GetException(ctx));
        } else {
            JS_DefinePropertyValue(ctx, to, props[i].atom, v, JS_PROP_C_W_E);
        }
        JS_FreeAtom(ctx, props[i].atom);
    }
    js_free(ctx, props);
}

// Removes from closure the names module defines: a closure variable of a module's function that is one of the
// module's top-level variables is shown in the module scope.
void remove_module_names(JSContext *ctx, JSValueConst closure, JSValueConst module)
{
    if (!JS_IsObject(closure) || !JS_IsObject(module)) {
        return;
    }
    JSPropertyEnum *props = nullptr;
    uint32_t count = 0;
    if (JS_GetOwnPropertyNames(ctx, &props, &count, module, JS_GPN_STRING_MASK) < 0) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return;
    }
    for (uint32_t i = 0; i < count; i++) {
        JS_DeleteProperty(ctx, closure, props[i].atom, 0);
        JS_FreeAtom(ctx, props[i].atom);
    }
    js_free(ctx, props);
}

JSValue module_variables(JSContext *ctx, const Script *s)
{
    if (s == nullptr || s->def == nullptr) {
        return JS_UNDEFINED;
    }
    JSValue v = JS_GetDebugModuleVariables(ctx, s->def);
    if (JS_IsException(v)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return JS_UNDEFINED;
    }
    return v;
}

JSValue frame_variables(JSContext *ctx, int level, int closure)
{
    JSValue v = JS_GetDebugFrameVariables(ctx, level, closure);
    if (JS_IsException(v)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return JS_UNDEFINED;
    }
    return v;
}

// Runtime.evaluate / evaluateOnCallFrame / callFunctionOn results: {result} or {result, exceptionDetails}.
// The reply to an evaluation asked to throw on a side effect (throwOnSideEffect: DevTools' eager evaluation as one types,
// VS Code's hovers). V8 runs such code with side-effect checks; QuickJS has none, so the expression is not run at all
// and the reply is V8's for a refused side effect. Built without touching JS: describing a JS error could itself run
// script code (a getter, an overridden toString).
Json side_effect_refused()
{
    Json error = Json::object();
    error.set("type", Json::string("object")).set("subtype", Json::string("error")).set("className", Json::string("EvalError"));
    error.set("description", Json::string("EvalError: Possible side-effect in debug-evaluate"));
    Json details = Json::object();
    details.set("exceptionId", Json::number(1)).set("text", Json::string("Uncaught")).set("lineNumber", Json::number(0));
    details.set("columnNumber", Json::number(0)).set("exception", error);
    Json out = Json::object();
    out.set("result", std::move(error)).set("exceptionDetails", std::move(details));
    return out;
}

// The reply to client JS an interrupt stopped (ClientCall: its budget, CDP's `timeout`, Debugger.pause or
// Runtime.terminateExecution, TsAppDomain.Interrupt), as V8 answers a terminated evaluation with an exception. Built
// without touching JS: the interrupt is sticky until the ClientCall ends, so describing the error could run nothing.
Json evaluation_stopped(const std::string &text)
{
    Json error = Json::object();
    error.set("type", Json::string("object")).set("subtype", Json::string("error")).set("className", Json::string("InternalError"));
    error.set("description", Json::string(text));
    Json details = Json::object();
    details.set("exceptionId", Json::number(1)).set("text", Json::string("Uncaught " + text)).set("lineNumber", Json::number(0));
    details.set("columnNumber", Json::number(0)).set("exception", error);
    Json out = Json::object();
    out.set("result", std::move(error)).set("exceptionDetails", std::move(details));
    return out;
}

Json evaluation_result(Debugger &dbg, JSContext *ctx, JSValue r, const ClientCall &call, bool by_value, const std::string &group)
{
    std::string stopped = call.stopped();
    if (!stopped.empty()) {
        JS_FreeValue(ctx, r);
        JS_FreeValue(ctx, JS_GetException(ctx));
        return evaluation_stopped(stopped);
    }
    Json out = Json::object();
    if (JS_IsException(r)) {
        JSValue exc = JS_GetException(ctx);
        Json details = Json::object();
        details.set("exceptionId", Json::number(1)).set("lineNumber", Json::number(0)).set("columnNumber", Json::number(0));
        details.set("text", Json::string("Uncaught " + describe_text(ctx, exc)));
        details.set("exception", dbg.objects_.describe(ctx, exc, group));
        out.set("result", dbg.objects_.describe(ctx, exc, group)).set("exceptionDetails", std::move(details));
        JS_FreeValue(ctx, exc);
        return out;
    }
    if (by_value) {
        JSValue json = JS_JSONStringify(ctx, r, JS_UNDEFINED, JS_UNDEFINED);
        Json value;
        std::string error;
        if (JS_IsString(json) && Json::parse(to_utf8(ctx, json), value, error)) {
            Json ro = dbg.objects_.describe(ctx, r, group);
            Json plain = Json::object();
            plain.set("type", Json::string(ro.string_or("type", "object"))).set("value", std::move(value));
            out.set("result", std::move(plain));
            JS_FreeValue(ctx, json);
            JS_FreeValue(ctx, r);
            return out;
        }
        JS_FreeValue(ctx, json);
        JS_FreeValue(ctx, JS_GetException(ctx));
    }
    out.set("result", dbg.objects_.describe(ctx, r, group));
    JS_FreeValue(ctx, r);
    return out;
}

JSContext *context_of(Debugger &dbg)
{
    return dbg.paused_ ? dbg.paused_ctx_ : seam::context(dbg.d_);
}

Json breakpoint_locations(Debugger &dbg, const Breakpoint &bp)
{
    Json locations = Json::array();
    for (const auto &where : bp.resolved) {
        const Script *s = dbg.script_by_module(where.first);
        if (s == nullptr) {
            continue;
        }
        Json loc = Json::object();
        loc.set("scriptId", Json::string(std::to_string(s->id)));
        loc.set("lineNumber", Json::number(where.second - 1))
            .set("columnNumber", Json::number(dbg.statement_column(where.first, where.second)));
        locations.push(std::move(loc));
    }
    return locations;
}

void start_step(Debugger &dbg, StepMode mode)
{
    if (!dbg.paused_ || dbg.frames_.empty()) {
        return;
    }
    dbg.step_ = mode;
    dbg.step_frame_ = dbg.frames_[0].frame;
    dbg.step_code_ = dbg.frames_[0].code;
    dbg.step_line_ = dbg.frames_[0].line;
    dbg.step_depth_ = JS_GetDebugFrameCount(dbg.paused_ctx_) - dbg.frames_[0].level;
    dbg.resume_ = true;
}

} // namespace

JSValue Protocol::evaluate(Debugger &dbg, JSContext *ctx, int level, const std::string &expr)
{
    JSValue scope = JS_NewObjectProto(ctx, JS_NULL);
    if (JS_IsException(scope)) {
        return scope;
    }
    if (level >= 0) {
        JSDebugFrame f;
        const Script *s = nullptr;
        if (JS_GetDebugFrame(ctx, level, 0, &f) == 0 && f.filename != JS_ATOM_NULL) {
            const char *name = JS_AtomToCString(ctx, f.filename);
            if (name != nullptr) {
                s = dbg.script_by_module(name);
                JS_FreeCString(ctx, name);
            }
        }
        JSValue module = module_variables(ctx, s);
        JSValue closure = frame_variables(ctx, level, 1);
        JSValue local = frame_variables(ctx, level, 0);
        merge_into(ctx, scope, module);
        merge_into(ctx, scope, closure);
        merge_into(ctx, scope, local);
        JS_FreeValue(ctx, module);
        JS_FreeValue(ctx, closure);
        JS_FreeValue(ctx, local);
    }
    JSValue text = JS_NewStringLen(ctx, expr.data(), expr.size());
    JSValueConst args[2] = {scope, text};
    const bool busy = dbg.busy_;
    dbg.busy_ = true; // the hook neither pauses nor steps in what the client evaluates
    JSValue r = JS_Call(ctx, dbg.eval_fn_, JS_UNDEFINED, 2, args);
    dbg.busy_ = busy;
    JS_FreeValue(ctx, text);
    JS_FreeValue(ctx, scope);
    return r;
}

Json Protocol::scope_chain(Debugger &dbg, JSContext *ctx, int level, const Script *s)
{
    Json chain = Json::array();
    auto add = [&](const char *type, JSValue obj) {
        if (JS_IsObject(obj)) {
            Json scope = Json::object();
            scope.set("type", Json::string(type)).set("object", dbg.objects_.describe(ctx, obj));
            chain.push(std::move(scope));
        }
        JS_FreeValue(ctx, obj);
    };
    JSValue module = module_variables(ctx, s);
    JSValue closure = frame_variables(ctx, level, 1);
    remove_module_names(ctx, closure, module);
    add("local", frame_variables(ctx, level, 0));
    add("closure", closure);
    add("module", module);
    add("global", JS_GetGlobalObject(ctx));
    return chain;
}

void Protocol::call(Debugger &dbg, int64_t id, const std::string &method, const Json &params)
{
    JSContext *ctx = context_of(dbg);
    // ---- Runtime -----------------------------------------------------------------------------------------
    if (method == "Runtime.enable") {
        dbg.runtime_enabled_ = true;
        dbg.reply(id, Json::object());
        Json context = Json::object();
        context.set("id", Json::number(1)).set("origin", Json::string("")).set("name", Json::string("ZTS domain"));
        context.set("uniqueId", Json::string("zts-context-1"));
        context.set("auxData", Json::object().set("isDefault", Json::boolean(true)));
        dbg.event("Runtime.executionContextCreated", Json::object().set("context", std::move(context)));
        return;
    }
    if (method == "Runtime.runIfWaitingForDebugger") {
        dbg.waiting_ = false;
        dbg.reply(id, Json::object());
        return;
    }
    if (method == "Runtime.getProperties") {
        JSValueConst obj = dbg.objects_.find(params.string_or("objectId", ""));
        if (JS_VALUE_GET_TAG(obj) == JS_TAG_UNINITIALIZED) {
            dbg.reply_error(id, k_server_error, "Could not find object with given id");
            return;
        }
        Json list;
        {
            ClientCall call(dbg, 0); // getters, C# members and Proxy traps run JS
            list = dbg.objects_.properties(ctx, obj, params.bool_or("ownProperties", false),
                                           params.bool_or("accessorPropertiesOnly", false));
        }
        dbg.reply(id, Json::object().set("result", std::move(list)));
        return;
    }
    if ((method == "Runtime.evaluate" || method == "Runtime.callFunctionOn" || method == "Debugger.evaluateOnCallFrame") &&
        params.bool_or("throwOnSideEffect", false)) {
        dbg.reply(id, side_effect_refused());
        return;
    }
    if (method == "Runtime.evaluate") {
        Json out;
        {
            ClientCall call(dbg, params.int_or("timeout", 0));
            JSValue r = evaluate(dbg, ctx, -1, params.string_or("expression", ""));
            out = evaluation_result(dbg, ctx, r, call, params.bool_or("returnByValue", false),
                                    params.string_or("objectGroup", dbg.paused_ ? "pause" : "console"));
        }
        dbg.reply(id, std::move(out));
        return;
    }
    if (method == "Runtime.callFunctionOn") {
        ClientCall call(dbg, 0);
        std::string decl = "(" + params.string_or("functionDeclaration", "") + ")";
        JSValue fn = JS_Eval(ctx, decl.c_str(), decl.size(), "<zts debugger>", JS_EVAL_TYPE_GLOBAL);
        JSValueConst self = JS_UNDEFINED;
        std::string object_id = params.string_or("objectId", "");
        if (!object_id.empty()) {
            self = dbg.objects_.find(object_id);
            if (JS_VALUE_GET_TAG(self) == JS_TAG_UNINITIALIZED) {
                JS_FreeValue(ctx, fn);
                JS_FreeValue(ctx, JS_GetException(ctx));
                dbg.reply_error(id, k_server_error, "Could not find object with given id");
                return;
            }
        }
        std::vector<JSValue> args;
        if (std::optional<Json> a = params.find("arguments")) {
            for (const Json &arg : a->items()) {
                std::string oid = arg.string_or("objectId", "");
                if (!oid.empty()) {
                    JSValueConst v = dbg.objects_.find(oid);
                    args.push_back(JS_VALUE_GET_TAG(v) == JS_TAG_UNINITIALIZED ? JS_UNDEFINED : JS_DupValue(ctx, v));
                } else if (std::optional<Json> v = arg.find("value")) {
                    std::string text = v->dump();
                    args.push_back(JS_ParseJSON(ctx, text.c_str(), text.size(), "<zts debugger>"));
                } else {
                    args.push_back(JS_UNDEFINED);
                }
            }
        }
        JSValue r = JS_IsException(fn) ? JS_EXCEPTION : JS_Call(ctx, fn, self, static_cast<int>(args.size()), args.data());
        for (JSValue &v : args) {
            JS_FreeValue(ctx, v);
        }
        JS_FreeValue(ctx, fn);
        dbg.reply(id, evaluation_result(dbg, ctx, r, call, params.bool_or("returnByValue", false),
                                        params.string_or("objectGroup", "pause")));
        return;
    }
    if (method == "Runtime.releaseObject") {
        dbg.objects_.release(ctx, params.string_or("objectId", ""));
        dbg.reply(id, Json::object());
        return;
    }
    if (method == "Runtime.releaseObjectGroup") {
        dbg.objects_.release_group(ctx, params.string_or("objectGroup", ""));
        dbg.reply(id, Json::object());
        return;
    }
    if (method == "Runtime.getIsolateId") {
        dbg.reply(id, Json::object().set("id", Json::string("zts-domain-" + std::to_string(seam::domain_id(dbg.d_)))));
        return;
    }
    if (method == "Runtime.getHeapUsage") {
        JSMemoryUsage usage;
        JS_ComputeMemoryUsage(seam::runtime(dbg.d_), &usage);
        dbg.reply(id, Json::object()
                          .set("usedSize", Json::number(static_cast<double>(usage.memory_used_size)))
                          .set("totalSize", Json::number(static_cast<double>(usage.malloc_size))));
        return;
    }
    if (method == "Runtime.globalLexicalScopeNames") {
        dbg.reply(id, Json::object().set("names", Json::array()));
        return;
    }
    // ---- Debugger ----------------------------------------------------------------------------------------
    if (method == "Debugger.enable") {
        dbg.enabled_ = true;
        dbg.reply(id, Json::object().set("debuggerId", Json::string("zts-debugger-" + std::to_string(seam::domain_id(dbg.d_)))));
        for (const Script &s : dbg.scripts_) {
            dbg.event("Debugger.scriptParsed", dbg.script_parsed(s));
        }
        dbg.update_armed();
        return;
    }
    if (method == "Debugger.disable") {
        dbg.enabled_ = false;
        dbg.update_armed();
        dbg.reply(id, Json::object());
        return;
    }
    if (method == "Debugger.getScriptSource") {
        std::string sid = params.string_or("scriptId", "");
        for (const Script &s : dbg.scripts_) {
            if (std::to_string(s.id) == sid) {
                dbg.reply(id, Json::object().set("scriptSource", Json::string(s.source)));
                return;
            }
        }
        dbg.reply_error(id, k_server_error, "No script for id: " + sid);
        return;
    }
    if (method == "Debugger.setBreakpointByUrl" || method == "Debugger.setBreakpoint") {
        Breakpoint bp;
        bp.condition = params.string_or("condition", "");
        if (method == "Debugger.setBreakpoint") {
            std::optional<Json> loc = params.find("location");
            std::string sid = loc ? loc->string_or("scriptId", "") : "";
            bp.line = static_cast<int>(loc ? loc->int_or("lineNumber", 0) : 0);
            for (const Script &s : dbg.scripts_) {
                if (std::to_string(s.id) == sid) {
                    bp.url = s.url;
                    bp.resolved.emplace_back(s.module, bp.line + 1);
                }
            }
            if (bp.resolved.empty()) {
                dbg.reply_error(id, k_server_error, "Could not resolve breakpoint");
                return;
            }
        } else {
            bp.url = params.string_or("url", "");
            bp.url_regex = params.string_or("urlRegex", "");
            bp.line = static_cast<int>(params.int_or("lineNumber", 0));
            bp.column = static_cast<int>(params.int_or("columnNumber", 0));
            if (bp.url.empty() && bp.url_regex.empty()) {
                dbg.reply_error(id, k_invalid_params, "Either url or urlRegex must be specified.");
                return;
            }
            std::string error;
            if (!bp.url_regex.empty() && !bp.url_matcher.compile(bp.url_regex, error)) {
                dbg.reply_error(id, k_server_error, error); // outside what url_regex.h matches, or too large
                return;
            }
            dbg.resolve(bp);
        }
        bp.id = std::to_string(dbg.next_bp_++) + ":" + std::to_string(bp.line) + ":" + (bp.url.empty() ? bp.url_regex : bp.url);
        Json locations = breakpoint_locations(dbg, bp);
        std::string bid = bp.id;
        dbg.breakpoints_[bid] = std::move(bp);
        dbg.bp_generation_++;
        dbg.update_armed();
        if (method == "Debugger.setBreakpoint") {
            Json first = locations.items().empty() ? Json::object() : locations.items()[0];
            dbg.reply(id, Json::object().set("breakpointId", Json::string(bid)).set("actualLocation", std::move(first)));
        } else {
            dbg.reply(id, Json::object().set("breakpointId", Json::string(bid)).set("locations", std::move(locations)));
        }
        return;
    }
    if (method == "Debugger.removeBreakpoint") {
        dbg.breakpoints_.erase(params.string_or("breakpointId", ""));
        dbg.bp_generation_++;
        dbg.update_armed();
        dbg.reply(id, Json::object());
        return;
    }
    if (method == "Debugger.getPossibleBreakpoints") {
        // Every line start can take a breakpoint: the requested one is answered as is.
        Json locations = Json::array();
        if (std::optional<Json> start = params.find("start")) {
            Json loc = Json::object();
            loc.set("scriptId", Json::string(start->string_or("scriptId", "")));
            loc.set("lineNumber", Json::number(static_cast<double>(start->int_or("lineNumber", 0))));
            loc.set("columnNumber", Json::number(static_cast<double>(start->int_or("columnNumber", 0))));
            locations.push(std::move(loc));
        }
        dbg.reply(id, Json::object().set("locations", std::move(locations)));
        return;
    }
    if (method == "Debugger.setBreakpointsActive") {
        dbg.breakpoints_active_ = params.bool_or("active", true);
        dbg.update_armed();
        dbg.reply(id, Json::object());
        return;
    }
    if (method == "Debugger.setSkipAllPauses") {
        dbg.skip_all_ = params.bool_or("skip", false);
        dbg.update_armed();
        dbg.reply(id, Json::object());
        return;
    }
    if (method == "Debugger.setPauseOnExceptions") {
        std::string state = params.string_or("state", "none");
        dbg.pause_on_exceptions_ = state == "all" ? 2 : state == "uncaught" ? 1 : 0;
        dbg.reply(id, Json::object());
        return;
    }
    if (method == "Debugger.pause") {
        if (!dbg.paused_) {
            dbg.brk_pending_ = false; // the client's pause stops anywhere
            dbg.pause_next_ = true;
            dbg.update_armed();
        }
        dbg.reply(id, Json::object());
        return;
    }
    if (method == "Debugger.resume") {
        dbg.resume_ = true;
        dbg.reply(id, Json::object());
        return;
    }
    if (method == "Debugger.stepOver" || method == "Debugger.stepInto" || method == "Debugger.stepOut") {
        start_step(dbg, method == "Debugger.stepOver"   ? StepMode::over
                        : method == "Debugger.stepInto" ? StepMode::into
                                                        : StepMode::out);
        dbg.reply(id, Json::object());
        return;
    }
    if (method == "Debugger.evaluateOnCallFrame") {
        std::string fid = params.string_or("callFrameId", "");
        size_t index = fid.rfind("frame:", 0) == 0 ? static_cast<size_t>(std::atoi(fid.c_str() + 6)) : SIZE_MAX;
        if (!dbg.paused_ || index >= dbg.frames_.size()) {
            dbg.reply_error(id, k_server_error, "Could not find call frame with given id");
            return;
        }
        Json out;
        {
            ClientCall call(dbg, params.int_or("timeout", 0));
            JSValue r = evaluate(dbg, ctx, dbg.frames_[index].level, params.string_or("expression", ""));
            out = evaluation_result(dbg, ctx, r, call, params.bool_or("returnByValue", false),
                                    params.string_or("objectGroup", "pause"));
        }
        dbg.reply(id, std::move(out));
        return;
    }
    // Instrumentation breakpoints (a pause before each script runs) are not implemented: refused with an error, as
    // V8 refuses what it cannot set, so a client (VS Code's js-debug) does not count on pauses that never come.
    if (method == "Debugger.setInstrumentationBreakpoint") {
        dbg.reply_error(id, k_server_error,
                        "zts: instrumentation breakpoints are not supported: '" + params.string_or("instrumentation", "") + "'");
        return;
    }
    // The script profiler (debugger/profiler.h), with V8's answers: its errors' texts, the interval in microseconds.
    if (method == "Profiler.setSamplingInterval") {
        if (dbg.profiler_.running()) {
            dbg.reply_error(id, k_server_error, "Cannot change sampling interval when profiling.");
            return;
        }
        int64_t us = params.int_or("interval", 0);
        if (us <= 0) {
            dbg.reply_error(id, k_invalid_params, "Invalid parameters: interval must be a positive integer");
            return;
        }
        dbg.profiler_.set_interval_us(us);
        dbg.reply(id, Json::object());
        return;
    }
    if (method == "Profiler.start") {
        Debugger *self = &dbg;
        dbg.profiler_.start([self](const std::string &module, std::string &script_id, std::string &url) {
            if (const Script *s = self->script_by_module(module)) {
                script_id = std::to_string(s->id);
                url = s->url;
            }
        });
        dbg.reply(id, Json::object());
        return;
    }
    if (method == "Profiler.stop") {
        if (!dbg.profiler_.running()) {
            dbg.reply_error(id, k_server_error, "No recording profiles found");
            return;
        }
        dbg.reply(id, Json::object().set("profile", dbg.profiler_.stop(ctx)));
        return;
    }
    if (method == "Profiler.disable") {
        dbg.profiler_.close(ctx); // V8 drops a profile in progress
        dbg.reply(id, Json::object());
        return;
    }
    // Accepted and without effect here: async stacks, blackboxing, profilers, Node's own domains, the Network domain's
    // settings Chrome DevTools' front end sends on attach (tests/debugger/devtools/devtools_session.js). `node inspect`
    // sends Profiler.enable on attach (Node's lib/internal/debugger/inspect_repl.js,
    // initAfterStart) and dies on an error reply (tests/debugger/node_inspect_session.js). The reply says that it did
    // nothing, as a client or a person reading the protocol log can see; docs/DEBUGGING.md lists them.
    static const char *const k_no_effect[] = {
        "Debugger.setAsyncCallStackDepth", "Debugger.setBlackboxPatterns", "Debugger.setBlackboxedRanges",
        "Debugger.removeInstrumentationBreakpoint",
        "Runtime.setAsyncCallStackDepth", "Runtime.disable",
        "Runtime.addBinding", "Profiler.enable",
        "HeapProfiler.enable", "Log.enable",
        "NodeRuntime.enable", "NodeRuntime.notifyWhenWaitingForDisconnect", "NodeWorker.enable", "NodeWorker.disable",
        "Target.setAutoAttach", "Target.setDiscoverTargets", "Network.enable", "Network.setAttachDebugStack",
        "Network.setBlockedURLs", "Network.emulateNetworkConditionsByRule", "Network.overrideNetworkState"};
    for (const char *m : k_no_effect) {
        if (method == m) {
            dbg.reply(id, Json::object().set("zts", Json::string("accepted without effect")));
            return;
        }
    }
    if (method == "Runtime.discardConsoleEntries") {
        dbg.objects_.release_group(ctx, "console");
        dbg.reply(id, Json::object());
        return;
    }
    if (method == "Runtime.terminateExecution") {
        dbg.reply(id, Json::object()); // it stops the client's running evaluation (Debugger::on_interrupt_poll)
        return;
    }
    dbg.reply_error(id, k_method_not_found, "'" + method + "' wasn't found");
}

} // namespace zts::dbg
