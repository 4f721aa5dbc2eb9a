// The native stack the calling thread has left, and the JS stack size a domain made on it may use.
#pragma once

#include <cstddef>

/// Bytes between the caller's stack pointer and the low end of its thread's stack; 0 when the platform cannot say.
size_t thread_stack_room();

/// The largest JS stack size (JS_SetMaxStackSize, counted from the caller's depth) that leaves k_stack_reserve bytes
/// of the thread's stack to the host frames below the deepest JS check; 0 when the room is unknown.
size_t thread_max_js_stack();

/// Stack kept back for the frames QuickJS does not check: a host call from the deepest JS frame (Mono's managed
/// frames and its stack-overflow handling, a GC scan, a C# -> JS call back in) and the C frames of the core.
constexpr size_t k_stack_reserve = 256u * 1024u;

/// QuickJS's own default JS stack size.
constexpr size_t k_default_js_stack = 1u << 20;
