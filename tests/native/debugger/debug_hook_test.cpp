// The QuickJS debugger hook (tools/patches/quickjs-debugger-hook.patch) on a bare runtime: what the debugger session
// (native/inspector) relies on. Every runtime here is freed at the end, so QuickJS's leak assertion checks it.
#include "quickjs.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace
{

struct Events {
    int steps = 0;
    int statements = 0;
    int exceptions = 0;
    int release_after = -1;          ///< STEP returns 1 (release the frame) once steps reaches it
    std::vector<int> statement_lines; ///< frame 0's line at each `debugger;`
    std::vector<bool> caught;         ///< JS_IsDebugExceptionCaught at each thrown value
    std::string locals;               ///< JSON of frame 0's variables at the first `debugger;`
    std::string closure;              ///< JSON of frame 0's closure variables there
    int frames = 0;                   ///< JS_GetDebugFrameCount there
};

std::string json_of(JSContext *ctx, JSValue v)
{
    JSValue s = JS_JSONStringify(ctx, v, JS_UNDEFINED, JS_UNDEFINED);
    const char *c = JS_ToCString(ctx, s);
    std::string out = c != nullptr ? c : "";
    JS_FreeCString(ctx, c);
    JS_FreeValue(ctx, s);
    JS_FreeValue(ctx, v);
    return out;
}

int hook(JSContext *ctx, void *opaque, JSDebugEvent event, JSValueConst value)
{
    auto *e = static_cast<Events *>(opaque);
    if (event == JS_DEBUG_STEP) {
        e->steps++;
        return e->release_after >= 0 && e->steps >= e->release_after ? 1 : 0;
    }
    if (event == JS_DEBUG_STATEMENT) {
        JSDebugFrame f;
        EXPECT_EQ(JS_GetDebugFrame(ctx, 0, 1, &f), 0);
        e->statement_lines.push_back(f.line);
        if (e->statements++ == 0) {
            e->locals = json_of(ctx, JS_GetDebugFrameVariables(ctx, 0, 0));
            e->closure = json_of(ctx, JS_GetDebugFrameVariables(ctx, 0, 1));
            e->frames = JS_GetDebugFrameCount(ctx);
        }
        return 0;
    }
    e->exceptions++;
    e->caught.push_back(JS_IsDebugExceptionCaught(ctx) != 0);
    // The hook may run JS while the thrown value is set aside.
    JSValue r = JS_Eval(ctx, "1 + 1", 5, "<hook>", JS_EVAL_TYPE_GLOBAL);
    EXPECT_EQ(JS_VALUE_GET_INT(r), 2);
    EXPECT_TRUE(JS_IsObject(value) || JS_IsNumber(value));
    return 0;
}

struct Runtime {
    JSRuntime *rt = JS_NewRuntime();
    JSContext *ctx = JS_NewContext(rt);
    Events events;
    Runtime() { JS_SetDebugHook(rt, hook, &events); }
    ~Runtime()
    {
        JS_FreeContext(ctx);
        JS_FreeRuntime(rt); // asserts that nothing leaked
    }
    std::string eval(const char *code)
    {
        JSValue v = JS_Eval(ctx, code, std::strlen(code), "test.js", JS_EVAL_TYPE_GLOBAL);
        if (JS_IsException(v)) {
            JSValue exc = JS_GetException(ctx);
            std::string text = "threw " + json_of(ctx, JS_ToString(ctx, exc));
            JS_FreeValue(ctx, exc);
            return text;
        }
        return json_of(ctx, v);
    }
};

TEST(Debugger_Hook, Disarmed_NoStepEvents)
{
    Runtime r;
    EXPECT_EQ(r.eval("let s = 0; for (let i = 0; i < 1000; i++) s += i; s"), "499500");
    EXPECT_EQ(r.events.steps, 0);
}

TEST(Debugger_Hook, Armed_StepsEveryOpcode_ThenDisarmedAtTheNextPoll)
{
#if defined(__EMSCRIPTEN__)
    GTEST_SKIP() << "QuickJS dispatches opcodes with a switch under Emscripten (no computed goto): the step hook of "
                    "tools/patches/quickjs-debugger-hook.patch exists only with DIRECT_DISPATCH (docs/PLATFORMS.md)";
#endif
    Runtime r;
    JS_SetDebugArmed(r.rt, 1);
    EXPECT_EQ(r.eval("function f(a) { return a + 1; } let s = 0; for (let i = 0; i < 100; i++) s = f(s); s"), "100");
    int armed = r.events.steps;
    EXPECT_GT(armed, 500); // every opcode of 100 iterations and 100 calls
    JS_SetDebugArmed(r.rt, 0);
    r.events.steps = 0;
    EXPECT_EQ(r.eval("let t = 0; for (let i = 0; i < 100; i++) t += i; t"), "4950");
    EXPECT_EQ(r.events.steps, 0);
}

TEST(Debugger_Hook, ReleasedFrame_RunsUnchecked_UntilACallReturns)
{
#if defined(__EMSCRIPTEN__)
    GTEST_SKIP() << "QuickJS dispatches opcodes with a switch under Emscripten (no computed goto): the step hook of "
                    "tools/patches/quickjs-debugger-hook.patch exists only with DIRECT_DISPATCH (docs/PLATFORMS.md)";
#endif
    Runtime r;
    JS_SetDebugArmed(r.rt, 1);
    r.events.release_after = 1; // every frame is released at its first check
    EXPECT_EQ(r.eval("let s = 0; for (let i = 0; i < 1000; i++) s += i; s"), "499500");
    EXPECT_LT(r.events.steps, 5); // the loop ran unchecked
    r.events.steps = 0;
    EXPECT_EQ(r.eval("function g() { return 1; } let u = 0; for (let i = 0; i < 50; i++) u += g(); u"), "50");
    // Checked again after each call returns (and once in each callee), then released again.
    EXPECT_GE(r.events.steps, 100);
    EXPECT_LT(r.events.steps, 200);
}

TEST(Debugger_Hook, DebuggerStatement_ReportsLineLocalsAndClosure)
{
    Runtime r;
    EXPECT_EQ(r.eval("function outer() {\n"
                     "  const captured = 'c';\n"
                     "  return function inner(a) {\n"
                     "    let b = a * 2;\n"
                     "    debugger;\n"
                     "    return b + captured;\n"
                     "  };\n"
                     "}\n"
                     "outer()(21)"),
              "\"42c\"");
    ASSERT_EQ(r.events.statements, 1);
    EXPECT_EQ(r.events.statement_lines[0], 5);
    EXPECT_EQ(r.events.locals, "{\"a\":21,\"b\":42}");
    EXPECT_EQ(r.events.closure, "{\"captured\":\"c\"}");
    EXPECT_EQ(r.events.frames, 2); // inner and the script
}

TEST(Debugger_Hook, NoHook_DebuggerStatementIsANoOp)
{
    JSRuntime *rt = JS_NewRuntime();
    JSContext *ctx = JS_NewContext(rt);
    JSValue v = JS_Eval(ctx, "debugger; 7", 11, "t.js", JS_EVAL_TYPE_GLOBAL);
    EXPECT_EQ(JS_VALUE_GET_INT(v), 7);
    JS_FreeContext(ctx);
    JS_FreeRuntime(rt);
}

TEST(Debugger_Hook, Exception_ReportedOnceWhereThrown_CaughtOrNot)
{
    Runtime r;
    EXPECT_EQ(r.eval("function thrower() { throw new Error('x'); }\n"
                     "function middle() { return thrower(); }\n"
                     "let seen = '';\n"
                     "try { middle(); } catch (e) { seen = e.message; }\n"
                     "seen"),
              "\"x\"");
    ASSERT_EQ(r.events.exceptions, 1); // once, not in every frame it unwinds
    EXPECT_TRUE(r.events.caught[0]);
    EXPECT_EQ(r.eval("function t2() { throw 5; } t2()"), "threw \"5\"");
    ASSERT_EQ(r.events.exceptions, 2);
    EXPECT_FALSE(r.events.caught[1]); // no try on the stack
    // A rethrow is a new throw; a try statement's own rethrow after its finally block is not.
    EXPECT_EQ(r.eval("try { try { throw 1; } catch (e) { throw e; } } catch (e2) { 'ok' }"), "\"ok\"");
    EXPECT_EQ(r.events.exceptions, 4);
    EXPECT_EQ(r.eval("let f = 0; try { try { throw 2; } finally { f = 1; } } catch (e3) { f += e3; } f"), "3");
    EXPECT_EQ(r.events.exceptions, 5);
    EXPECT_TRUE(r.events.caught[4]); // by the outer catch
    // A finally alone does not catch.
    EXPECT_EQ(r.eval("function fin() { try { throw 3; } finally { } } fin()"), "threw \"3\"");
    ASSERT_EQ(r.events.exceptions, 6);
    EXPECT_FALSE(r.events.caught[5]);
}

void collect(void *opaque, uint32_t pc, int line, int col)
{
    static_cast<std::vector<int> *>(opaque)->push_back(line);
    (void)pc;
    (void)col;
}

int table_hook(JSContext *ctx, void *opaque, JSDebugEvent event, JSValueConst)
{
    if (event == JS_DEBUG_STATEMENT) {
        JSValue code = JS_GetDebugFrameCode(ctx, 0);
        EXPECT_EQ(JS_GetDebugLineTable(ctx, code, collect, opaque), 0);
        JSAtom file = JS_GetDebugCodeFilename(code);
        const char *name = JS_AtomToCString(ctx, file);
        EXPECT_STREQ(name, "lines.js");
        JS_FreeCString(ctx, name);
        JS_FreeValue(ctx, code);
    }
    return 0;
}

TEST(Debugger_Hook, LineTable_CoversTheFunctionsLines)
{
    JSRuntime *rt = JS_NewRuntime();
    JSContext *ctx = JS_NewContext(rt);
    std::vector<int> lines;
    JS_SetDebugHook(rt, table_hook, &lines);
    const char *code = "function f(x) {\n  let y = x + 1;\n  debugger;\n  return y * 2;\n}\nf(1);\n";
    JSValue v = JS_Eval(ctx, code, std::strlen(code), "lines.js", JS_EVAL_TYPE_GLOBAL);
    JS_FreeValue(ctx, v);
    ASSERT_FALSE(lines.empty());
    bool has2 = false, has3 = false, has4 = false;
    for (int l : lines) {
        has2 = has2 || l == 2;
        has3 = has3 || l == 3;
        has4 = has4 || l == 4;
        EXPECT_GE(l, 1);
        EXPECT_LE(l, 5);
    }
    EXPECT_TRUE(has2 && has3 && has4);
    JS_FreeContext(ctx);
    JS_FreeRuntime(rt);
}

} // namespace
