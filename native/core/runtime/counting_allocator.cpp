#include "runtime/counting_allocator.h"

#include <cstddef>
#include <cstdlib>
#include <cstring>

namespace zts
{
namespace
{

/// Precedes every block: what the runtime may use of it and which size class (0: not cached) it belongs to. 16
/// bytes on every CPU, so the block keeps the C allocator's alignment: usable is 64-bit on 32-bit targets too (a
/// size_t there made the header 12 bytes, and every block 4 bytes off malloc's 16-byte alignment on i686, where
/// QuickJS keeps doubles and NaN-boxed values in its blocks: CountingAllocator_Blocks.LiveCountsReturnToZero).
struct BlockHeader {
    uint64_t usable;
    uint32_t size_class; ///< 1..k_classes, or 0 for a block above k_small_limit
    uint32_t unused;
};
static_assert(sizeof(BlockHeader) == 16 && sizeof(BlockHeader) % alignof(std::max_align_t) == 0,
              "the header keeps the C allocator's alignment");

AllocationCounter &counter(JSMallocState *s)
{
    return *static_cast<AllocationCounter *>(s->opaque);
}

BlockHeader *header_of(const void *ptr)
{
    return reinterpret_cast<BlockHeader *>(static_cast<char *>(const_cast<void *>(ptr)) - sizeof(BlockHeader));
}

uint32_t class_of(size_t size)
{
    return size == 0 ? 1u : static_cast<uint32_t>((size + 15) / 16);
}

void *counted_malloc(JSMallocState *s, size_t size)
{
    // QuickJS keeps its own malloc_limit bookkeeping in s; honour the limit like its default allocator, with the
    // owner's external bytes (struct copies) counted in.
    AllocationCounter &c = counter(s);
    if (s->malloc_size + c.external_bytes + size > s->malloc_limit) {
        return nullptr;
    }
    BlockHeader *h;
    size_t usable;
    uint32_t size_class = 0;
    if (size <= AllocationCounter::k_small_limit) {
        size_class = class_of(size);
        usable = size_t{size_class} * 16;
        void *&head = c.cached[size_class - 1];
        if (head != nullptr) {
            h = header_of(head);
            head = *static_cast<void **>(head);
            c.cached_count[size_class - 1]--;
        } else {
            h = static_cast<BlockHeader *>(std::malloc(sizeof(BlockHeader) + usable));
        }
    } else {
        usable = size;
        h = static_cast<BlockHeader *>(std::malloc(sizeof(BlockHeader) + usable));
    }
    if (h == nullptr) {
        return nullptr;
    }
    h->usable = usable;
    h->size_class = size_class;
    s->malloc_count++;
    s->malloc_size += usable;
    c.live_blocks++;
    c.live_bytes += usable;
    return h + 1;
}

void counted_free(JSMallocState *s, void *ptr)
{
    if (ptr == nullptr) {
        return;
    }
    AllocationCounter &c = counter(s);
    BlockHeader *h = header_of(ptr);
    s->malloc_count--;
    s->malloc_size -= h->usable;
    c.live_blocks--;
    c.live_bytes -= h->usable;
    uint32_t size_class = h->size_class;
    if (size_class != 0 && c.cached_count[size_class - 1] < c.cache_per_class) {
        *static_cast<void **>(ptr) = c.cached[size_class - 1];
        c.cached[size_class - 1] = ptr;
        c.cached_count[size_class - 1]++;
        return;
    }
    std::free(h);
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
    BlockHeader *h = header_of(ptr);
    size_t old_usable = static_cast<size_t>(h->usable);
    if (h->size_class != 0 && size <= AllocationCounter::k_small_limit && class_of(size) == h->size_class) {
        return ptr; // same class: the block already has the room
    }
    if (s->malloc_size + counter(s).external_bytes + size - old_usable > s->malloc_limit) {
        return nullptr;
    }
    if (h->size_class == 0 && size > AllocationCounter::k_small_limit) {
        auto *grown = static_cast<BlockHeader *>(std::realloc(h, sizeof(BlockHeader) + size));
        if (grown == nullptr) {
            return nullptr;
        }
        grown->usable = size;
        s->malloc_size += size - old_usable;
        counter(s).live_bytes += size - old_usable;
        return grown + 1;
    }
    void *moved = counted_malloc(s, size); // across the small limit or between classes
    if (moved == nullptr) {
        return nullptr;
    }
    std::memcpy(moved, ptr, old_usable < size ? old_usable : size);
    counted_free(s, ptr);
    return moved;
}

size_t counted_usable_size(const void *ptr)
{
    return ptr == nullptr ? 0 : static_cast<size_t>(header_of(ptr)->usable);
}

const JSMallocFunctions k_functions = {counted_malloc, counted_free, counted_realloc, counted_usable_size};

} // namespace

uint32_t AllocationCounter::default_cache_per_class()
{
#if defined(__SANITIZE_ADDRESS__)
    return 0;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    return 0;
#else
    return 1024;
#endif
#else
    return 1024;
#endif
}

void AllocationCounter::release_cache()
{
    for (size_t i = 0; i < k_classes; i++) {
        void *block = cached[i];
        while (block != nullptr) {
            void *next = *static_cast<void **>(block);
            std::free(header_of(block));
            block = next;
        }
        cached[i] = nullptr;
        cached_count[i] = 0;
    }
}

AllocationCounter::~AllocationCounter()
{
    release_cache();
}

const JSMallocFunctions &counting_malloc_functions()
{
    return k_functions;
}

} // namespace zts
