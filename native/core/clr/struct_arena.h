// The rooted arena of struct copies that hold references (10-LIFETIME §3.2): on a runtime whose GC does not move
// objects (Il2Cpp, the Player's Boehm Mono), a struct with reference fields is a native copy too, and the GC must see
// the references in its bytes. The host gives the core its GC's fixed memory (zts_struct_set_rooted_memory: Il2Cpp's
// GarbageCollector::AllocateFixed/FreeFixed, Boehm's GC_malloc_uncollectable/GC_free): zeroed memory the GC scans
// until it is freed. The arena takes it in 64 KiB chunks, carves copies out of them and zeroes a copy's bytes when it
// is released, so a released copy keeps nothing alive.
//
// Why this is what Il2Cpp's RegisterPushRootCallback gives: that callback pushes the live copies' ranges at every
// mark phase, and the GC scans them conservatively; fixed memory is scanned at every mark phase too, also
// conservatively. A live copy's references are therefore marked while JS holds the copy, and a released copy's bytes
// are zero, so its referents are collected once nothing else holds them. The only difference is that the zeroed
// free space of a chunk is scanned as well (64 KiB a chunk: a few microseconds a collection).
//
// What a domain that is gone leaves: its chunks go back to a process-wide pool that keeps at most k_pooled_chunks
// (1 MiB) for the next domain and frees the rest. Before, chunks were registered as roots for the life of the
// process (a Boehm Mono root cannot be unregistered), so a Player kept its high-water mark after a Reset: after 3e6
// copies and a Reset, a full collection took 16 ms (0.4 ms before the copies) and RSS stayed at 76 MB (30 MB); with the
// bound, 0.6 ms and 31 MB (bench player_gc_after_reset_scanned_copies, player_rss_after_reset_scanned_copies).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace zts
{

/// Zeroed memory of size bytes that the GC scans until it is freed (zts_rooted_alloc_fn), and its free.
using RootedAlloc = void *(*)(size_t size);
using RootedFree = void (*)(void *block);

/// One domain's blocks of rooted memory. Chunks come from a process-wide pool of at most k_pooled_chunks (a chunk of a
/// domain that is gone is zeroed and reused by the next one, or freed past the bound); blocks are 16-byte aligned and
/// recycled per size class. Used by one thread at a time (the domain's), the pool behind a lock.
class StructArena
{
  public:
    /// Bytes of a chunk.
    static constexpr size_t k_chunk_bytes = 64 * 1024;
    /// Chunks the pool keeps for later domains; a domain's chunks past it are freed when it ends.
    static constexpr size_t k_pooled_chunks = 16;

    /// Sets the process's rooted memory (before the first domain that needs rooted copies); both null: none. The pooled
    /// chunks of the memory it replaces are freed with their own free function.
    static void set_rooted_memory(RootedAlloc alloc, RootedFree release);
    /// True when rooted memory is set: copies that hold references can be made.
    static bool rooted();

    StructArena() = default;
    StructArena(const StructArena &) = delete;
    StructArena &operator=(const StructArena &) = delete;
    /// Zeroes every chunk and hands it back to the pool, which frees what it does not keep.
    ~StructArena();

    /// A zeroed block of at least size bytes (<= the chunk size), or nullptr when out of memory or none is set.
    void *take(size_t size);
    /// Zeroes a block from take(size) and keeps it for the next take of its size class.
    void give(void *block, size_t size);

  private:
    static constexpr size_t k_align = 16;
    /// A chunk and the free function of the memory it came from.
    struct Chunk {
        unsigned char *bytes;
        RootedFree release;
    };
    std::vector<Chunk> chunks_;
    struct SizeClass {
        std::vector<void *> blocks; ///< free blocks
        size_t carved = 0;          ///< blocks ever carved from chunks (the capacity blocks keeps)
    };
    std::vector<SizeClass> free_; ///< per size class (size / k_align, rounded up)
    unsigned char *next_ = nullptr;         ///< the unused rest of the newest chunk
    size_t left_ = 0;
};

} // namespace zts
