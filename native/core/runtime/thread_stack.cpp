#include "runtime/thread_stack.h"

#include <cstdint>

#if defined(__linux__)
#include <pthread.h>
#elif defined(_WIN32)
#include <windows.h>
#endif

size_t thread_stack_room()
{
#if defined(__linux__) || defined(_WIN32)
    char here;
    auto sp = reinterpret_cast<uintptr_t>(&here);
#endif
#if defined(__linux__)
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) {
        return 0;
    }
    void *low = nullptr;
    size_t size = 0;
    int rc = pthread_attr_getstack(&attr, &low, &size);
    pthread_attr_destroy(&attr);
    if (rc != 0 || low == nullptr) {
        return 0;
    }
    auto base = reinterpret_cast<uintptr_t>(low);
    return sp > base ? static_cast<size_t>(sp - base) : 0;
#elif defined(_WIN32)
    ULONG_PTR low = 0, high = 0;
    GetCurrentThreadStackLimits(&low, &high);
    return sp > low ? static_cast<size_t>(sp - low) : 0;
#else
    return 0;
#endif
}

size_t thread_max_js_stack()
{
    size_t room = thread_stack_room();
    if (room == 0) {
        return 0;
    }
    // A thread too small for the reserve still gets a JS stack (half of what is left), so deep recursion is a
    // RangeError there too rather than a native overflow.
    return room > 2 * k_stack_reserve ? room - k_stack_reserve : room / 2;
}
