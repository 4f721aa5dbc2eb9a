// Counting allocator for a QuickJS runtime: every allocation of the runtime
// goes through it, so what is still live after JS_FreeRuntime is a leak.
#pragma once

#include "quickjs.h"

#include <cstddef>

namespace zts
{

/// Live allocation totals of one runtime; outlives the runtime it counts.
struct AllocationCounter {
    size_t live_bytes = 0;  ///< bytes currently allocated (usable size)
    size_t live_blocks = 0; ///< blocks currently allocated
};

/// Malloc functions for JS_NewRuntime2; the JSMallocState opaque must be an AllocationCounter.
const JSMallocFunctions &counting_malloc_functions();

} // namespace zts
