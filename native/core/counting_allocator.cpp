#include "counting_allocator.h"

#include <cstdlib>
#include <malloc.h>

namespace zts
{
namespace
{

AllocationCounter &counter(JSMallocState *s)
{
    return *static_cast<AllocationCounter *>(s->opaque);
}

void *counted_malloc(JSMallocState *s, size_t size)
{
    // QuickJS keeps its own malloc_limit bookkeeping in s; honour the limit like its default allocator.
    if (s->malloc_size + size > s->malloc_limit) {
        return nullptr;
    }
    void *p = std::malloc(size);
    if (p == nullptr) {
        return nullptr;
    }
    size_t usable = malloc_usable_size(p);
    s->malloc_count++;
    s->malloc_size += usable;
    counter(s).live_blocks++;
    counter(s).live_bytes += usable;
    return p;
}

void counted_free(JSMallocState *s, void *ptr)
{
    if (ptr == nullptr) {
        return;
    }
    size_t usable = malloc_usable_size(ptr);
    s->malloc_count--;
    s->malloc_size -= usable;
    counter(s).live_blocks--;
    counter(s).live_bytes -= usable;
    std::free(ptr);
}

void *counted_realloc(JSMallocState *s, void *ptr, size_t size)
{
    if (ptr == nullptr) {
        return size == 0 ? nullptr : counted_malloc(s, size);
    }
    if (size == 0) {
        counted_free(s, ptr);
        return nullptr;
    }
    size_t old_usable = malloc_usable_size(ptr);
    if (s->malloc_size + size - old_usable > s->malloc_limit) {
        return nullptr;
    }
    void *p = std::realloc(ptr, size);
    if (p == nullptr) {
        return nullptr;
    }
    size_t usable = malloc_usable_size(p);
    s->malloc_size += usable - old_usable;
    counter(s).live_bytes += usable - old_usable;
    return p;
}

size_t counted_usable_size(const void *ptr)
{
    return malloc_usable_size(const_cast<void *>(ptr));
}

const JSMallocFunctions k_functions = {counted_malloc, counted_free, counted_realloc, counted_usable_size};

} // namespace

const JSMallocFunctions &counting_malloc_functions()
{
    return k_functions;
}

} // namespace zts
