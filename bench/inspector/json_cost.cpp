// What the inspector's JSON costs per message (docs/DEBUGGING.md, "The protocol's JSON"): the engines it could use,
// on the messages it sends and reads most, shaped as native/inspector sends them:
//   paused:        Debugger.paused with a call stack of 12 frames, each with its location, 3 scopes and `this`
//   properties:    a Runtime.getProperties result of 60 properties (RemoteObjects with descriptions)
//   profile:       a Profiler.stop result of 400 nodes and 6000 samples (6 s at 1000 us)
//   request:       a client's Runtime.getProperties request
// Each is built through the engine's value API and written as text (what the server sends), and that text parsed
// back with a field read (what it reads): one "message" is both. Engines:
//   nlohmann:      nlohmann::ordered_json (Debian's nlohmann-json3-dev 3.11.2, header-only; insertion order as CDP
//                  messages are usually written);
//   quickjs_own:   QuickJS's JSON in a JSRuntime of the bench's own (JS_NewObject/JS_SetPropertyStr, JS_JSONStringify,
//                  JS_ParseJSON), called directly: the engine's own cost;
//   inspector:     zts::dbg::Json (native/inspector/json.h), the same engine behind the inspector's value type, as it
//                  ships.
// The baseline of each row is nlohmann. CPU time of the thread, the best of 7 rounds; a round runs each message for about 50 ms of CPU.
// Usage: zts-json-bench   (tools/bench.sh runs it). Prints `bench inspector_json_<message>_<engine>: ...` rows.
#include "inspector/json.h"
#include "quickjs.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <time.h>

namespace
{

// ---- the two engines behind one small interface: value-semantic builders, text out, text in ----

struct Nlohmann {
    using V = nlohmann::ordered_json;
    V obj() { return V::object(); }
    V arr() { return V::array(); }
    V str(const std::string &s) { return V(s); }
    V num(double d) { return V(d); }
    V boolean(bool b) { return V(b); }
    void set(V &o, const char *k, V v) { o[k] = std::move(v); }
    void push(V &a, V v) { a.push_back(std::move(v)); }
    std::string dump(V &v) { return v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }
    void done(V &) {}
    // Parses and reads "id": what the session does with every message.
    double read_id(const std::string &text)
    {
        V v = V::parse(text, nullptr, false);
        const auto it = v.find("id");
        return it != v.end() && it->is_number() ? it->get<double>() : -1;
    }
};

struct QuickJsOwn {
    JSRuntime *rt;
    JSContext *ctx;
    struct V {
        JSValue v;
        int64_t n; ///< an array's length so far (a builder keeps it: no "length" read per push)
    };
    QuickJsOwn() : rt(JS_NewRuntime()), ctx(JS_NewContext(rt)) {}
    ~QuickJsOwn()
    {
        JS_FreeContext(ctx);
        JS_FreeRuntime(rt);
    }
    V obj() { return {JS_NewObject(ctx), 0}; }
    V arr() { return {JS_NewArray(ctx), 0}; }
    V str(const std::string &s) { return {JS_NewStringLen(ctx, s.data(), s.size()), 0}; }
    V num(double d) { return {JS_NewFloat64(ctx, d), 0}; }
    V boolean(bool b) { return {JS_NewBool(ctx, b), 0}; }
    void set(V &o, const char *k, V v) { JS_SetPropertyStr(ctx, o.v, k, v.v); }
    void push(V &a, V v) { JS_SetPropertyInt64(ctx, a.v, a.n++, v.v); }
    std::string dump(V &v)
    {
        JSValue s = JS_JSONStringify(ctx, v.v, JS_UNDEFINED, JS_UNDEFINED);
        size_t len = 0;
        const char *c = JS_ToCStringLen(ctx, &len, s);
        std::string out(c, len);
        JS_FreeCString(ctx, c);
        JS_FreeValue(ctx, s);
        return out;
    }
    void done(V &v) { JS_FreeValue(ctx, v.v); }
    double read_id(const std::string &text)
    {
        JSValue v = JS_ParseJSON(ctx, text.c_str(), text.size(), "<message>");
        JSValue id = JS_GetPropertyStr(ctx, v, "id");
        double d = -1;
        JS_ToFloat64(ctx, &d, id);
        JS_FreeValue(ctx, id);
        JS_FreeValue(ctx, v);
        return d;
    }
};

// The inspector's Json (native/inspector/json.h): QuickJS's JSON in a runtime of its own, as the inspector builds
// and reads messages (a push reads the array's length; a find copies the member's handle).
struct Current {
    using V = zts::dbg::Json;
    V obj() { return V::object(); }
    V arr() { return V::array(); }
    V str(const std::string &s) { return V::string(s); }
    V num(double d) { return V::number(d); }
    V boolean(bool b) { return V::boolean(b); }
    void set(V &o, const char *k, V v) { o.set(k, std::move(v)); }
    void push(V &a, V v) { a.push(std::move(v)); }
    std::string dump(V &v) { return v.dump(); }
    void done(V &) {}
    double read_id(const std::string &text)
    {
        V v;
        std::string error;
        V::parse(text, v, error);
        return v.int_or("id", -1);
    }
};

// ---- the messages ----

template <class E> typename E::V remote_object(E &e, int i)
{
    auto o = e.obj();
    e.set(o, "type", e.str("object"));
    e.set(o, "className", e.str(i % 2 ? "Object" : "Sim.World"));
    e.set(o, "description", e.str(i % 2 ? "Object" : "Sim.World { Width: 800, Height: 600 }"));
    e.set(o, "objectId", e.str(std::to_string(1000 + i)));
    return o;
}

template <class E> typename E::V paused(E &e)
{
    auto frames = e.arr();
    for (int i = 0; i < 12; i++) {
        auto f = e.obj();
        e.set(f, "callFrameId", e.str(std::to_string(i)));
        e.set(f, "functionName", e.str(i == 11 ? "" : "steer" + std::to_string(i)));
        auto loc = e.obj();
        e.set(loc, "scriptId", e.str(std::to_string(3 + i % 4)));
        e.set(loc, "lineNumber", e.num(17 + i));
        e.set(loc, "columnNumber", e.num(4));
        auto loc2 = e.obj();
        e.set(loc2, "scriptId", e.str(std::to_string(3 + i % 4)));
        e.set(loc2, "lineNumber", e.num(12 + i));
        e.set(loc2, "columnNumber", e.num(0));
        e.set(f, "location", loc);
        e.set(f, "functionLocation", loc2);
        e.set(f, "url", e.str("file:///home/user/game/out/game/logic" + std::to_string(i % 4) + ".js"));
        auto scopes = e.arr();
        for (const char *type : {"local", "closure", "module", "global"}) {
            auto s = e.obj();
            e.set(s, "type", e.str(type));
            e.set(s, "object", remote_object(e, i));
            e.push(scopes, s);
        }
        e.set(f, "scopeChain", scopes);
        auto self = e.obj();
        e.set(self, "type", e.str("undefined"));
        e.set(f, "this", self);
        e.push(frames, f);
    }
    auto params = e.obj();
    e.set(params, "callFrames", frames);
    e.set(params, "reason", e.str("other"));
    auto hits = e.arr();
    e.push(hits, e.str("1:13:0:file:///home/user/game/src/game/logic.ts"));
    e.set(params, "hitBreakpoints", hits);
    auto m = e.obj();
    e.set(m, "method", e.str("Debugger.paused"));
    e.set(m, "params", params);
    return m;
}

template <class E> typename E::V properties(E &e)
{
    auto result = e.arr();
    for (int i = 0; i < 60; i++) {
        auto p = e.obj();
        e.set(p, "name", e.str("member" + std::to_string(i)));
        if (i % 3 == 0) {
            e.set(p, "value", remote_object(e, i));
        } else {
            auto v = e.obj();
            e.set(v, "type", e.str(i % 3 == 1 ? "number" : "string"));
            e.set(v, "value", i % 3 == 1 ? e.num(i * 1.5) : e.str("value " + std::to_string(i)));
            e.set(v, "description", e.str(std::to_string(i * 1.5)));
            e.set(p, "value", v);
        }
        e.set(p, "writable", e.boolean(true));
        e.set(p, "configurable", e.boolean(true));
        e.set(p, "enumerable", e.boolean(true));
        e.set(p, "isOwn", e.boolean(true));
        e.push(result, p);
    }
    auto r = e.obj();
    e.set(r, "result", result);
    auto m = e.obj();
    e.set(m, "id", e.num(42));
    e.set(m, "result", r);
    return m;
}

template <class E> typename E::V profile(E &e)
{
    const int nodes_count = 400, samples_count = 6000;
    auto nodes = e.arr();
    for (int i = 1; i <= nodes_count; i++) {
        auto n = e.obj();
        e.set(n, "id", e.num(i));
        auto cf = e.obj();
        e.set(cf, "functionName", e.str(i == 1 ? "(root)" : "fn" + std::to_string(i % 37)));
        e.set(cf, "scriptId", e.str(std::to_string(i % 7)));
        e.set(cf, "url", e.str("file:///home/user/game/out/game/mod" + std::to_string(i % 7) + ".js"));
        e.set(cf, "lineNumber", e.num(i % 90));
        e.set(cf, "columnNumber", e.num(i % 13));
        e.set(n, "callFrame", cf);
        e.set(n, "hitCount", e.num(i % 17));
        auto children = e.arr();
        for (int c = 2 * i; c <= 2 * i + 1 && c <= nodes_count; c++) {
            e.push(children, e.num(c));
        }
        e.set(n, "children", children);
        auto ticks = e.arr();
        auto t = e.obj();
        e.set(t, "line", e.num(i % 90 + 1));
        e.set(t, "ticks", e.num(i % 17));
        e.push(ticks, t);
        e.set(n, "positionTicks", ticks);
        e.push(nodes, n);
    }
    auto samples = e.arr();
    auto deltas = e.arr();
    for (int i = 0; i < samples_count; i++) {
        e.push(samples, e.num(1 + (i * 7919) % nodes_count));
        e.push(deltas, e.num(1000));
    }
    auto p = e.obj();
    e.set(p, "nodes", nodes);
    e.set(p, "startTime", e.num(1765000000000000.0));
    e.set(p, "endTime", e.num(1765000006000000.0));
    e.set(p, "samples", samples);
    e.set(p, "timeDeltas", deltas);
    auto r = e.obj();
    e.set(r, "profile", p);
    auto m = e.obj();
    e.set(m, "id", e.num(7));
    e.set(m, "result", r);
    return m;
}

template <class E> typename E::V request(E &e)
{
    auto params = e.obj();
    e.set(params, "objectId", e.str("1042"));
    e.set(params, "ownProperties", e.boolean(true));
    e.set(params, "accessorPropertiesOnly", e.boolean(false));
    e.set(params, "generatePreview", e.boolean(true));
    auto m = e.obj();
    e.set(m, "id", e.num(12));
    e.set(m, "method", e.str("Runtime.getProperties"));
    e.set(m, "params", params);
    return m;
}

// One message: built, written, read back. Returns the text's size (kept, so nothing is optimized away).
template <class E, class Build> size_t one(E &e, Build build)
{
    auto v = build(e);
    std::string text = e.dump(v);
    e.done(v);
    return text.size() + static_cast<size_t>(e.read_id(text) + 2);
}

// This thread's CPU time in microseconds: the machine runs other builds (a load of 5 to 13 on 2 cores), which
// stretch wall time several times over and unevenly between engines.
double cpu_us()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

// Microseconds of CPU per message: the best of 7 rounds of about 50 ms of CPU each.
template <class E, class Build> double per_message(E &e, Build build)
{
    size_t sink = 0;
    int n = 0;
    const double calib = cpu_us();
    while (cpu_us() - calib < 50000) {
        sink += one(e, build);
        n++;
    }
    double best = 1e300;
    for (int round = 0; round < 7; round++) {
        const double t0 = cpu_us();
        for (int i = 0; i < n; i++) {
            sink += one(e, build);
        }
        best = std::min(best, (cpu_us() - t0) / n);
    }
    if (sink == 42) {
        std::puts("");
    }
    return best;
}

template <class BN, class BQ, class BC>
void row(const char *name, BN build_n, BQ build_q, BC build_c, Nlohmann &n, QuickJsOwn &q, Current &c)
{
    const double base = per_message(n, build_n);
    const double quick = per_message(q, build_q);
    const double cur = per_message(c, build_c);
    std::printf("bench inspector_json_%s_nlohmann: %.2f us/msg baseline %.2f ratio 1.000\n", name, base, base);
    std::printf("bench inspector_json_%s_quickjs_own: %.2f us/msg baseline %.2f ratio %.3f\n", name, quick, base,
                quick / base);
    std::printf("bench inspector_json_%s_inspector: %.2f us/msg baseline %.2f ratio %.3f\n", name, cur, base, cur / base);
    std::fflush(stdout);
}

} // namespace

int main()
{
    Nlohmann n;
    QuickJsOwn q;
    {
        auto a = paused(n);
        auto b = paused(q);
        std::printf("# sizes: paused %zu bytes", n.dump(a).size());
        q.done(b);
        auto c = properties(n);
        auto d = profile(n);
        auto r = request(n);
        std::printf(", properties %zu, profile %zu, request %zu\n", n.dump(c).size(), n.dump(d).size(), n.dump(r).size());
    }
    Current c;
    row("paused", paused<Nlohmann>, paused<QuickJsOwn>, paused<Current>, n, q, c);
    row("properties", properties<Nlohmann>, properties<QuickJsOwn>, properties<Current>, n, q, c);
    row("profile", profile<Nlohmann>, profile<QuickJsOwn>, profile<Current>, n, q, c);
    row("request", request<Nlohmann>, request<QuickJsOwn>, request<Current>, n, q, c);
    return 0;
}
