#include "clr/struct_arena.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>

namespace zts
{

namespace
{

// The rooted memory, set together under g_pool_lock; g_rooted tells the domain thread without the lock.
std::mutex g_pool_lock;
RootedAlloc g_alloc = nullptr;
RootedFree g_free = nullptr;
std::atomic<bool> g_rooted{false};

// Chunks of domains that are gone: zeroed, at most k_pooled_chunks, reused by the next domain. Never destroyed (a
// domain may end during static destruction); what it holds is freed when the memory is replaced.
struct PooledChunk {
    unsigned char *bytes;
    RootedFree release;
};
std::vector<PooledChunk> &g_pool = *new std::vector<PooledChunk>();

} // namespace

void StructArena::set_rooted_memory(RootedAlloc alloc, RootedFree release)
{
    std::vector<PooledChunk> old;
    {
        std::lock_guard<std::mutex> lock(g_pool_lock);
        old.swap(g_pool);
        g_alloc = alloc;
        g_free = release;
        g_rooted.store(alloc != nullptr, std::memory_order_release);
    }
    for (const PooledChunk &c : old) {
        c.release(c.bytes);
    }
}

bool StructArena::rooted()
{
    return g_rooted.load(std::memory_order_acquire);
}

StructArena::~StructArena()
{
    if (chunks_.empty()) {
        return;
    }
    // Kept: zeroed (what the next domain takes holds nothing), up to the bound; the rest goes back to the GC, which
    // stops scanning it. The pool's capacity is reserved before any chunk is kept, so nothing here allocates past it.
    {
        std::lock_guard<std::mutex> lock(g_pool_lock);
        try {
            g_pool.reserve(k_pooled_chunks);
        } catch (const std::bad_alloc &) {
        }
        for (Chunk &c : chunks_) {
            if (g_pool.size() < g_pool.capacity() && g_pool.size() < k_pooled_chunks && c.release == g_free) {
                std::memset(c.bytes, 0, k_chunk_bytes);
                g_pool.push_back(PooledChunk{c.bytes, c.release});
                c.bytes = nullptr;
            }
        }
    }
    for (const Chunk &c : chunks_) {
        if (c.bytes != nullptr) {
            c.release(c.bytes);
        }
    }
}

void *StructArena::take(size_t size)
{
    size_t rounded = (size + k_align - 1) & ~(k_align - 1);
    if (rounded == 0 || rounded > k_chunk_bytes) {
        return nullptr;
    }
    size_t cls = rounded / k_align;
    try {
        if (free_.size() <= cls) {
            free_.resize(cls + 1);
        }
        SizeClass &sc = free_[cls];
        std::vector<void *> &list = sc.blocks;
        if (!list.empty()) {
            void *block = list.back();
            list.pop_back();
            return block;
        }
        if (left_ < rounded) {
            chunks_.reserve(chunks_.size() + 1);
            Chunk c{nullptr, nullptr};
            RootedAlloc alloc = nullptr;
            {
                std::lock_guard<std::mutex> lock(g_pool_lock);
                if (!g_pool.empty()) {
                    c = Chunk{g_pool.back().bytes, g_pool.back().release};
                    g_pool.pop_back();
                } else {
                    alloc = g_alloc;
                    c.release = g_free;
                }
            }
            if (alloc != nullptr) {
                // The GC's fixed memory: zeroed, 16-byte aligned (zts_rooted_alloc_fn), scanned until freed. Not under
                // the lock: the allocation may collect.
                c.bytes = static_cast<unsigned char *>(alloc(k_chunk_bytes));
            }
            if (c.bytes == nullptr) {
                return nullptr;
            }
            chunks_.push_back(c);
            next_ = c.bytes;
            left_ = k_chunk_bytes;
        }
        // The free list can take every block of its class back without allocating (give runs in finalizers).
        list.reserve(sc.carved + 1);
        sc.carved++;
    } catch (const std::bad_alloc &) {
        return nullptr;
    }
    void *block = next_;
    next_ += rounded;
    left_ -= rounded;
    return block;
}

void StructArena::give(void *block, size_t size)
{
    size_t rounded = (size + k_align - 1) & ~(k_align - 1);
    std::memset(block, 0, rounded);
    free_[rounded / k_align].blocks.push_back(block); // capacity reserved by take
}

} // namespace zts
