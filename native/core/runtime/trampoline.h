// The one noexcept entry every function the core hands to QuickJS goes through: no C++ exception unwinds
// through quickjs.c frames.
#pragma once

#include "quickjs.h"

#include <cstddef>
#include <exception>
#include <new>
#include <type_traits>

namespace zts
{
namespace trampoline_detail
{

// What a caught exception leaves for the throw into JS: its kind on the stack, a copy of what() in a buffer of the
// thread (the exception object is gone once the handler ends, and the cold path must not allocate). Not in the
// frame: a 128-byte buffer there grew member_call's frame from 0xa8 to 0x118 bytes, and under Mono's hybrid
// suspend policy the native stack is copied on every return from managed code (clr/member_dispatch.cpp).
struct Caught
{
    bool out_of_memory;
};

inline thread_local char t_what[128];

inline void keep_what(const char *what) noexcept
{
    size_t i = 0;
    for (; what != nullptr && what[i] != '\0' && i + 1 < sizeof t_what; i++) {
        t_what[i] = what[i];
    }
    t_what[i] = '\0';
}

// The failure value of a hook's return type, as QuickJS reads it: JS_EXCEPTION, -1 ("< 0 if exception" of the
// exotic methods, the module init and the interrupt handler, whose non-zero interrupts), NULL (the module
// normalizer and loader, and the backtrace hook, whose NULL keeps the text), nothing for void.
template <typename R> inline R failure_value() noexcept
{
    if constexpr (std::is_same<R, JSValue>::value) {
        return JS_EXCEPTION;
    } else if constexpr (std::is_pointer<R>::value) {
        return nullptr;
    } else if constexpr (std::is_same<R, void>::value) {
        return;
    } else {
        static_assert(std::is_integral<R>::value, "a QuickJS hook returns a JSValue, an int, a pointer or void");
        return static_cast<R>(-1);
    }
}

// The exception becomes a JS error only where the hook has a context to throw into (hooks on the JSRuntime -
// finalizers, the interrupt handler, the backtrace hook - only return their failure value). It is thrown after
// the handler ended: no C++ frame or destructor is live when JS_Throw runs (the Player backend's rule).
template <typename First> inline void throw_into_js(const Caught &c, First first) noexcept
{
    if constexpr (std::is_same<First, JSContext *>::value) {
        if (c.out_of_memory) {
            JS_ThrowOutOfMemory(first);
        } else {
            JS_ThrowInternalError(first, "zts: %s", t_what);
        }
    } else {
        (void)c;
        (void)first;
    }
}

template <auto F> struct Trampoline;

template <typename R, typename First, typename... Rest, bool NoThrow, R (*F)(First, Rest...) noexcept(NoThrow)>
struct Trampoline<F>
{
    // Zero cost when nothing throws (table-based unwinding: the try adds no instruction to the path), and F is
    // inlined here, so a hook costs what it cost unwrapped (tools/bench.sh js_to_csharp_* rows).
    static R call(First first, Rest... rest) noexcept
    {
        Caught c;
        try {
            return F(first, rest...);
        } catch (const std::bad_alloc &) {
            c.out_of_memory = true;
        } catch (const std::exception &e) {
            c.out_of_memory = false;
            keep_what(e.what());
        } catch (...) {
            c.out_of_memory = false;
            keep_what("a C++ exception in a QuickJS hook");
        }
        throw_into_js(c, first);
        return failure_value<R>();
    }

    // A hook declared noexcept cannot unwind: it is its own entry (a wrapper would cost it its tail calls, see
    // host_function_entry in host/gated_function.cpp).
    static constexpr R (*entry)(First, Rest...) = NoThrow ? F : &call;
};

} // namespace trampoline_detail

/// `hook<f>` is f as QuickJS may call it: JS functions (JSCFunction, JSCFunctionMagic, JSCFunctionData), class
/// finalizers, calls and exotic methods, the module normalizer, loader and init, the interrupt handler, the
/// promise-rejection tracker, jobs and the backtrace hook. A C++ exception becomes a JS error (out of memory:
/// JS_ThrowOutOfMemory; else an InternalError "zts: <what()>") and the hook's failure value. Every function the
/// core gives QuickJS is named through hook<>: the test QuickJSHooks_Registration_AllThroughTrampoline
/// (tests/native/runtime/guard_rules_test.cpp) parses the core's sources and fails on one that is not.
template <auto F> constexpr auto hook = trampoline_detail::Trampoline<F>::entry;

} // namespace zts
