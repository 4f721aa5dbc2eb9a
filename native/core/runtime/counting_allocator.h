// Counting allocator for a QuickJS runtime: every allocation of the runtime
// goes through it, so what is still live after JS_FreeRuntime is a leak.
// Small blocks a runtime frees are kept per size class and handed out again
// before the C allocator is asked: a script makes and drops exotics, closures
// and strings of a few sizes all the time.
#pragma once

#include "quickjs.h"

#include <cstddef>
#include <cstdint>

namespace zts
{

/// Live allocation totals of one runtime, and its cache of freed small blocks; outlives the runtime it counts.
struct AllocationCounter {
    /// Blocks up to this many bytes are cached per 16-byte size class.
    static constexpr size_t k_small_limit = 256;
    static constexpr size_t k_classes = k_small_limit / 16;

    size_t live_bytes = 0;  ///< bytes currently allocated (usable size)
    size_t live_blocks = 0; ///< blocks currently allocated
    /// Freed blocks kept per size class (0 caches nothing). AddressSanitizer builds default to 0, so that it sees
    /// every use after free.
    uint32_t cache_per_class = default_cache_per_class();
    void *cached[k_classes] = {};          ///< per class: singly linked freed blocks (the link is in the block)
    uint32_t cached_count[k_classes] = {}; ///< per class: length of cached

    /// Bytes the runtime's owner holds outside the runtime on its behalf (struct copies' payloads): they count against
    /// the runtime's memory limit with its own allocations, so a script cannot grow past TsSettings.HeapLimitBytes
    /// through them. limit mirrors JS_SetMemoryLimit's (SIZE_MAX: none).
    size_t external_bytes = 0;
    size_t limit = SIZE_MAX;

    /// Counts n more external bytes, or false (nothing counted) when they would pass the limit with what is live.
    bool charge(size_t n)
    {
        if (live_bytes + external_bytes + n > limit) {
            return false;
        }
        external_bytes += n;
        return true;
    }
    /// Stops counting n external bytes charged before.
    void refund(size_t n) { external_bytes -= n; }

    AllocationCounter() = default;
    AllocationCounter(const AllocationCounter &) = delete;
    AllocationCounter &operator=(const AllocationCounter &) = delete;
    /// Gives the cached blocks back to the C allocator.
    ~AllocationCounter();
    /// Gives the cached blocks back to the C allocator now (the runtime may still allocate afterwards).
    void release_cache();

    static uint32_t default_cache_per_class();
};

/// Malloc functions for JS_NewRuntime2; the JSMallocState opaque must be an AllocationCounter.
const JSMallocFunctions &counting_malloc_functions();

} // namespace zts
