// The JS stack limit follows the thread's real stack (runtime/thread_stack.cpp): glibc's pthread attributes on Linux,
// GetCurrentThreadStackLimits on Windows, whose main thread has far less stack (mingw-w64 links 2 MiB, MSVC 1 MiB)
// than Linux's 8 MiB. Runs on both targets (docs/C_ABI.md, "Windows x64").
#include "runtime/thread_stack.h"
#include "support/native_host.h"

using Thread_Stack = zts_test::NativeHost;

TEST(Thread_Stack_Room, KnownAndBelowTheThreadStack)
{
#if defined(__EMSCRIPTEN__)
    GTEST_SKIP() << "wasm32: no pthread stack attributes, and the bound of recursion is the wasm engine's own call "
                    "stack, not the linear-memory stack the core could read (docs/PLATFORMS.md, open)";
#endif
    size_t room = thread_stack_room();
    EXPECT_GT(room, 64u * 1024u); // the platform query answered (0 means unknown)
    EXPECT_LT(room, 1024u * 1024u * 1024u);
    size_t js = thread_max_js_stack();
    EXPECT_GT(js, 0u);
    EXPECT_LT(js, room); // leaves the host frames their reserve
}

TEST_F(Thread_Stack, DeepRecursion_IsRangeErrorNotACrash)
{
#if defined(__EMSCRIPTEN__)
    GTEST_SKIP() << "wasm32: without a JS stack limit the engine's own stack overflows first, and its RangeError "
                    "aborts the module (docs/PLATFORMS.md, open)";
#endif
    module("deep", "function f(n) { return n === 0 ? 0 : f(n + 1) + 1; }\n"
                   "export function run() { try { return String(f(1)); } catch (e) { return e.name + ': ' + e.message; } }");
    int32_t run = function("deep", "run");
    zts_value r;
    ASSERT_EQ(ZTS_OK, call(run, {}, &r)) << error_message();
    // V8's error over ZTS's patched QuickJS (tools/patches/quickjs-stack-overflow-rangeerror.patch); stock QuickJS
    // throws its own InternalError (docs/ARCHITECTURE.md "QuickJS and ZTS's patches").
    EXPECT_EQ(ZTS_QUICKJS_PATCHES ? "RangeError: Maximum call stack size exceeded" : "InternalError: stack overflow",
              take_string(r));
}
