// The counting allocator of a QuickJS runtime: exact live counts, its per-class cache of freed small blocks,
// and the moves realloc makes between classes. The cache is switched on explicitly, so these tests run
// it under AddressSanitizer too (where domains default to no cache).
#include "runtime/counting_allocator.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

namespace
{

// The C allocator's alignment, which the counted blocks keep (a 16-byte header): glibc's and msvcrt's 16 bytes on
// every target but wasm32, where Emscripten's malloc aligns to 8.
#if defined(__EMSCRIPTEN__)
constexpr uintptr_t k_malloc_align = 8;
#else
constexpr uintptr_t k_malloc_align = 16;
#endif

struct Allocator {
    zts::AllocationCounter counter;
    JSMallocState state{};
    const JSMallocFunctions &f = zts::counting_malloc_functions();

    explicit Allocator(uint32_t cache_per_class)
    {
        counter.cache_per_class = cache_per_class;
        state.opaque = &counter;
        state.malloc_limit = static_cast<size_t>(-1);
    }
    void *alloc(size_t n) { return f.js_malloc(&state, n); }
    void release(void *p) { f.js_free(&state, p); }
    void *grow(void *p, size_t n) { return f.js_realloc(&state, p, n); }
};

TEST(CountingAllocator_Blocks, LiveCountsReturnToZero)
{
    Allocator a(8);
    std::vector<void *> blocks;
    for (size_t n : {0, 1, 15, 16, 17, 100, 255, 256, 257, 4096}) {
        void *p = a.alloc(n);
        ASSERT_NE(p, nullptr);
        EXPECT_GE(a.f.js_malloc_usable_size(p), n);
        EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % k_malloc_align, 0u) << n;
        std::memset(p, 0xAB, n);
        blocks.push_back(p);
    }
    EXPECT_EQ(a.counter.live_blocks, blocks.size());
    EXPECT_EQ(a.state.malloc_size, a.counter.live_bytes);
    for (void *p : blocks) {
        a.release(p);
    }
    EXPECT_EQ(a.counter.live_blocks, 0u);
    EXPECT_EQ(a.counter.live_bytes, 0u);
    EXPECT_EQ(a.state.malloc_size, 0u);
}

TEST(CountingAllocator_Cache, FreedSmallBlockIsReused)
{
    Allocator a(8);
    void *p = a.alloc(72);
    a.release(p);
    void *again = a.alloc(80); // same 16-byte class
    EXPECT_EQ(again, p);
    a.release(again);
    size_t cached = 0;
    for (uint32_t n : a.counter.cached_count) {
        cached += n;
    }
    a.release(a.alloc(300)); // above the small limit: back to the C allocator
    size_t after = 0;
    for (uint32_t n : a.counter.cached_count) {
        after += n;
    }
    EXPECT_EQ(after, cached);
}

TEST(CountingAllocator_Cache, KeepsAtMostTheLimitPerClass)
{
    Allocator a(2);
    void *p[4];
    for (void *&q : p) {
        q = a.alloc(40);
    }
    for (void *q : p) {
        a.release(q);
    }
    EXPECT_EQ(a.counter.cached_count[2], 2u); // 40 bytes: class 3 (48)
    a.counter.release_cache();
    EXPECT_EQ(a.counter.cached_count[2], 0u);
    EXPECT_EQ(a.counter.cached[2], nullptr);
}

TEST(CountingAllocator_Cache, NoCacheFreesEveryBlock)
{
    Allocator a(0);
    a.release(a.alloc(40));
    EXPECT_EQ(a.counter.cached_count[2], 0u);
}

TEST(CountingAllocator_Realloc, KeepsContentAcrossClassesAndTheSmallLimit)
{
    Allocator a(8);
    auto *p = static_cast<unsigned char *>(a.alloc(10));
    for (int i = 0; i < 10; i++) {
        p[i] = static_cast<unsigned char>(i + 1);
    }
    EXPECT_EQ(a.grow(p, 12), p); // same class: in place
    p = static_cast<unsigned char *>(a.grow(p, 200));
    p = static_cast<unsigned char *>(a.grow(p, 5000));
    ASSERT_NE(p, nullptr);
    EXPECT_GE(a.f.js_malloc_usable_size(p), 5000u);
    p = static_cast<unsigned char *>(a.grow(p, 6)); // back below the limit
    for (int i = 0; i < 6; i++) {
        EXPECT_EQ(p[i], i + 1);
    }
    EXPECT_EQ(a.counter.live_blocks, 1u);
    EXPECT_EQ(a.grow(p, 0), nullptr);
    EXPECT_EQ(a.counter.live_blocks, 0u);
    EXPECT_EQ(a.state.malloc_size, 0u);
}

TEST(CountingAllocator_Limit, RefusesBeyondTheRuntimeLimit)
{
    Allocator a(8);
    a.state.malloc_limit = 1000;
    void *p = a.alloc(900);
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(a.alloc(200), nullptr);
    EXPECT_EQ(a.grow(p, 2000), nullptr);
    a.release(p);
    EXPECT_EQ(a.counter.live_blocks, 0u);
}

TEST(CountingAllocator_Runtime, ScriptChurnLeavesNothingLive)
{
    zts::AllocationCounter counter; // default cache (none under AddressSanitizer)
    {
        JSRuntime *rt = JS_NewRuntime2(&zts::counting_malloc_functions(), &counter);
        ASSERT_NE(rt, nullptr);
        JSContext *ctx = JS_NewContext(rt);
        const char *src = "let s = 0; for (let i = 0; i < 20000; i++) { const o = {a: i, b: [i, 'x' + i]}; s += o.b[0]; }"
                          "let big = []; for (let i = 0; i < 5000; i++) big.push({i}); big = null; s";
        JSValue v = JS_Eval(ctx, src, std::strlen(src), "<churn>", JS_EVAL_TYPE_GLOBAL);
        int32_t out = 0;
        ASSERT_EQ(JS_ToInt32(ctx, &out, v), 0);
        EXPECT_EQ(out, 199990000);
        JS_FreeValue(ctx, v);
        JS_FreeContext(ctx);
        JS_FreeRuntime(rt);
    }
    EXPECT_EQ(counter.live_blocks, 0u);
    EXPECT_EQ(counter.live_bytes, 0u);
}

} // namespace
