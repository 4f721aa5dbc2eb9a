// hook<f> (native/core/runtime/trampoline.h): a C++ exception in a QuickJS hook becomes a JS error and the hook's
// failure value instead of unwinding through quickjs.c.
#include "runtime/trampoline.h"

#include <gtest/gtest.h>
#include <stdexcept>
#include <string>

namespace
{

JSValue throws_bad_alloc(JSContext *, JSValueConst, int, JSValueConst *)
{
    throw std::bad_alloc();
}

JSValue throws_runtime_error(JSContext *, JSValueConst, int, JSValueConst *)
{
    throw std::runtime_error("probe failed");
}

JSValue returns_seven(JSContext *, JSValueConst, int, JSValueConst *)
{
    return JS_NewInt32(nullptr, 7);
}

int exotic_throws(JSContext *, JSValueConst, JSAtom)
{
    throw 42; // not a std::exception
}

int finalized = 0;

void finalizer_throws(JSRuntime *, JSValue)
{
    finalized++;
    throw std::runtime_error("in a finalizer");
}

class Trampoline : public ::testing::Test
{
  protected:
    void SetUp() override
    {
        rt_ = JS_NewRuntime();
        ctx_ = JS_NewContext(rt_);
        JSValue global = JS_GetGlobalObject(ctx_);
        JS_SetPropertyStr(ctx_, global, "oom", JS_NewCFunction(ctx_, zts::hook<throws_bad_alloc>, "oom", 0));
        JS_SetPropertyStr(ctx_, global, "fails", JS_NewCFunction(ctx_, zts::hook<throws_runtime_error>, "fails", 0));
        JS_SetPropertyStr(ctx_, global, "seven", JS_NewCFunction(ctx_, zts::hook<returns_seven>, "seven", 0));
        JS_FreeValue(ctx_, global);
    }
    void TearDown() override
    {
        JS_FreeContext(ctx_);
        JS_FreeRuntime(rt_);
    }
    std::string eval(const char *code)
    {
        JSValue v = JS_Eval(ctx_, code, strlen(code), "<test>", JS_EVAL_TYPE_GLOBAL);
        if (JS_IsException(v)) {
            v = JS_GetException(ctx_);
        }
        const char *s = JS_ToCString(ctx_, v);
        std::string out = s != nullptr ? s : "(null)";
        JS_FreeCString(ctx_, s);
        JS_FreeValue(ctx_, v);
        return out;
    }
    JSRuntime *rt_ = nullptr;
    JSContext *ctx_ = nullptr;
};

TEST_F(Trampoline, BadAlloc_ThrowsOutOfMemory)
{
    EXPECT_EQ(eval("try { oom(); 'no error' } catch (e) { e.name + ': ' + e.message }"),
              "InternalError: out of memory");
}

TEST_F(Trampoline, StdException_ThrowsInternalErrorWithWhat)
{
    EXPECT_EQ(eval("try { fails(); 'no error' } catch (e) { e.name + ': ' + e.message }"),
              "InternalError: zts: probe failed");
}

TEST_F(Trampoline, NoException_ReturnsHookResult)
{
    EXPECT_EQ(eval("seven() + 1"), "8");
}

TEST_F(Trampoline, IntHook_ReturnsMinusOneWithErrorPending)
{
    EXPECT_EQ(zts::hook<exotic_throws>(ctx_, JS_UNDEFINED, JS_ATOM_NULL), -1);
    ASSERT_TRUE(JS_HasException(ctx_));
    JSValue e = JS_GetException(ctx_);
    const char *s = JS_ToCString(ctx_, e);
    EXPECT_STREQ(s, "InternalError: zts: a C++ exception in a QuickJS hook");
    JS_FreeCString(ctx_, s);
    JS_FreeValue(ctx_, e);
}

TEST_F(Trampoline, RuntimeHook_SwallowsException)
{
    finalized = 0;
    zts::hook<finalizer_throws>(rt_, JS_UNDEFINED); // no context to throw into: the failure is dropped
    EXPECT_EQ(finalized, 1);
    EXPECT_FALSE(JS_HasException(ctx_));
}

} // namespace
