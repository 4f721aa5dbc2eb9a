// Every extern "C" export runs its body through abi_guard: no C++ exception
// crosses the C ABI (an allocation failure becomes ZTS_ERR_OUT_OF_MEMORY).
#pragma once

#include "zts/zts.h"

#include <new>

namespace zts
{

template <typename Body> int32_t abi_guard(Body &&body) noexcept
{
    try {
        return body();
    } catch (const std::bad_alloc &) {
        return ZTS_ERR_OUT_OF_MEMORY;
    } catch (...) {
        return ZTS_ERR_ARGUMENT;
    }
}

} // namespace zts
