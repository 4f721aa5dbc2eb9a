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
