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

constexpr size_t k_chunk_bytes = 64 * 1024;
constexpr size_t k_chunk_align = 16; // the blocks' alignment (StructArena::k_align, zts_struct_ref.bytes)

std::atomic<RootHook> g_root_hook{nullptr};

// Chunks of domains that are gone: rooted, zeroed, reused (a root cannot be unregistered). Never destroyed, as the
// memory is never freed: the chunks stay reachable from here until the process ends.
std::mutex g_pool_lock;
std::vector<unsigned char *> &g_pool = *new std::vector<unsigned char *>();

unsigned char *pooled_chunk()
{
    {
        std::lock_guard<std::mutex> lock(g_pool_lock);
        if (!g_pool.empty()) {
            unsigned char *c = g_pool.back();
            g_pool.pop_back();
            return c;
        }
    }
    RootHook hook = g_root_hook.load(std::memory_order_acquire);
    if (hook == nullptr) {
        return nullptr;
    }
    // Aligned explicitly: calloc's 16-byte alignment holds for glibc and mingw-w64's msvcrt on 64-bit CPUs, not for
    // Emscripten's malloc (8 bytes on wasm32: Struct_Arena.ScannedCopy_LivesInARegisteredRoot). Chunks are never freed.
    auto *c = static_cast<unsigned char *>(::operator new(k_chunk_bytes, std::align_val_t(k_chunk_align), std::nothrow));
    if (c != nullptr) {
        std::memset(c, 0, k_chunk_bytes);
        hook(c, k_chunk_bytes);
    }
    return c;
}

} // namespace

void StructArena::set_root_hook(RootHook hook)
{
    g_root_hook.store(hook, std::memory_order_release);
}

bool StructArena::rooted()
{
    return g_root_hook.load(std::memory_order_acquire) != nullptr;
}

StructArena::~StructArena()
{
    if (chunks_.empty()) {
        return;
    }
    for (unsigned char *c : chunks_) {
        std::memset(c, 0, k_chunk_bytes);
    }
    std::lock_guard<std::mutex> lock(g_pool_lock);
    try {
        g_pool.insert(g_pool.end(), chunks_.begin(), chunks_.end());
    } catch (const std::bad_alloc &) {
        // The pool could not grow: these chunks stay rooted and unused (each one 64 KiB), nothing is freed under the GC.
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
            unsigned char *c = pooled_chunk();
            if (c == nullptr) {
                return nullptr;
            }
            chunks_.push_back(c);
            next_ = c;
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
