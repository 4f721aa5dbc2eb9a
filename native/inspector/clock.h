// The inspector's clock: steady microseconds (CLOCK_MONOTONIC, which the core's script deadlines, limits.deadline_us,
// count on too), for the time a pause held (debugger.cpp moves the deadline by it) and the profile's samples (profiler.cpp).
#pragma once

#include <chrono>
#include <cstdint>

namespace zts::dbg
{

inline int64_t now_us()
{
    return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

} // namespace zts::dbg
